/**
 * `crypto-pay trigger <event>`: makes one webhook event happen against a proxy and its sandbox,
 * as `stripe trigger` does. It proves the processing service is a sandbox, opens the proxy's
 * event stream for the object's family of events, creates the object through the proxy as a shop
 * would (a checkout, an invoice, a withdrawal), plays the outcome in the sandbox (checkout.stale:
 * drops the sandbox's callbacks meanwhile, its faults put back after), and prints that object's
 * events as they come, until the one asked for arrives (exit 0) or `--timeout` passes (exit 1).
 */

import { setTimeout } from 'node:timers/promises';
import { FAMILY_TYPES } from '@crypto-pay/protocol/event-types';
import { type WebhookEvent, webhookEventSchema } from '@crypto-pay/protocol/proxy-api';
import { type Command, Option } from 'commander';
import { followEvents } from '../../event-stream.ts';
import { CommandFailed, Stopped } from '../../failures.ts';
import { amountArgument, httpAddress, positiveInt } from '../../flags.ts';
import { type Io, painter, printJson, rowPrinter } from '../../io.ts';
import type { CommandContext } from '../../program.ts';
import { EVENT_COLUMNS } from '../events.ts';
import {
  DETAILS,
  type Detail,
  eventsHelp,
  isAbout,
  isAskedFor,
  objectOf,
  STALE_NOT_ARRIVED,
  type Subject,
  type Trigger,
  triggerOf,
} from './events.ts';
import {
  checkFlags,
  createCheckout,
  createInvoice,
  createWithdrawal,
  DEFAULT_AMOUNT,
  DEFAULT_CURRENCY,
  DEFAULT_WITHDRAWAL,
  type ObjectFlags,
} from './objects.ts';
import { findSandbox, type Sandbox } from './sandbox.ts';

interface TriggerOptions extends ObjectFlags {
  detail?: Detail;
  sandbox?: URL;
  timeout: number;
  json?: boolean;
}

/** The table's columns are at least this wide: the time, a type, an event id. */
const WIDTHS = [20, 20, 28];

export function triggerCommand(program: Command, context: CommandContext): void {
  program
    .command('trigger')
    .summary('Make a webhook event happen in the sandbox behind the proxy.')
    .description(
      "Make an event happen: create a checkout, invoice or withdrawal through the proxy, play its outcome in the proxy's sandbox, and print the events the proxy writes for it. Refuses a processing service that is not a sandbox.",
    )
    .argument('<event>', 'the event to make happen (Events, below)')
    .addOption(
      new Option(
        '--detail <detail>',
        `checkout.paid: overpaid; checkout.failed: underpaid or late (the default)`,
      ).choices(DETAILS),
    )
    .option(
      '--amount <amount>',
      `the price (default ${DEFAULT_AMOUNT}; a withdrawal ${DEFAULT_WITHDRAWAL.amount}); a checkout's is an open amount unless --session`,
      amountArgument,
    )
    .option(
      '--currency <code>',
      `its currency (default ${DEFAULT_CURRENCY}; a withdrawal ${DEFAULT_WITHDRAWAL.currency})`,
    )
    .option('--product <sku>', "a checkout for this product of the proxy's catalogue")
    .option(
      '--session',
      'a checkout through a checkout session that pins --amount and --currency (the default when no price is given)',
    )
    .option(
      '--foreign-id <id>',
      "the object's foreign_id; a checkout takes one only through a session (implied), else the proxy sets cp_…",
    )
    .option('--payment-currency <code>', 'what the customer pays a checkout with (default BTC)')
    .option(
      '--payment-network <network>',
      "the payment currency's network, where it is offered on several (USDT on tron or ethereum); else the first offered",
    )
    .option(
      '--sandbox <url>',
      "where to play the outcomes, when the sandbox is reached there rather than at the proxy's processing address (which must still answer as a sandbox from here)",
      httpAddress('http://127.0.0.1:8790'),
    )
    .addOption(
      new Option('--timeout <seconds>', 'how long to wait for the event (1 to 3600)')
        .argParser(positiveInt(3600))
        .default(30),
    )
    .option(
      '--json',
      'print the events as a JSON array once it ends (a table prints each as it comes)',
    )
    .addHelpText('after', `\n${eventsHelp()}\n`)
    .action(async (name: string, options: TriggerOptions, command: Command) => {
      const trigger = triggerOf(name, options.detail);
      const flags = flagsOf(options);
      checkFlags(trigger.play.object, flags);
      const api = context.api(command);
      const sandbox = await findSandbox(api, options.sandbox, context.io.signal);
      const playing = () => play(context.io, { api, sandbox, trigger, flags, options });
      // checkout.stale: no callback may settle the checkout first; the faults are put back after.
      if (trigger.play.object === 'checkout' && trigger.play.unheard) {
        await sandbox.droppingCallbacks(playing);
      } else await playing();
    });
}

function flagsOf(options: TriggerOptions): ObjectFlags {
  const flags: ObjectFlags = {};
  if (options.amount !== undefined) flags.amount = options.amount;
  if (options.currency !== undefined) flags.currency = options.currency;
  if (options.product !== undefined) flags.product = options.product;
  if (options.session) flags.session = true;
  if (options.foreignId !== undefined) flags.foreignId = options.foreignId;
  if (options.paymentCurrency !== undefined) flags.paymentCurrency = options.paymentCurrency;
  if (options.paymentNetwork !== undefined) flags.paymentNetwork = options.paymentNetwork;
  return flags;
}

interface Playing {
  api: ReturnType<CommandContext['api']>;
  sandbox: Sandbox;
  trigger: Trigger;
  flags: ObjectFlags;
  options: TriggerOptions;
}

/** How long the proxy may take to answer the stream's head and fix its start (`: ready`). */
const READY_TIMEOUT_MS = 15_000;

/** Opens the stream, creates and plays, waits, prints; fails when the event did not come. */
async function play(io: Io, { api, sandbox, trigger, flags, options }: Playing): Promise<void> {
  const say = (text: string) => io.stderr.write(`${painter(io.stderr, io.env)('dim', text)}\n`);
  const seen: WebhookEvent[] = [];
  let wake = () => {};
  let ready = () => {};
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const stop = new AbortController();
  // Until stopped: a stream lost meanwhile resumes where it stopped, so no event is missed. Only
  // the object's family comes, so what is kept in memory is what may be about it.
  const following = followEvents(api, {
    types: [...FAMILY_TYPES[trigger.play.object]],
    signal: AbortSignal.any([io.signal, stop.signal]),
    handlers: {
      ready,
      lost: (reason) => say(`Lost the proxy's event stream (${reason}); reconnecting…`),
      async message({ data }) {
        let json: unknown;
        try {
          json = JSON.parse(data);
        } catch {
          return;
        }
        const parsed = webhookEventSchema.safeParse(json);
        // A message that is not an event of the contract is not ours to guess at.
        if (!parsed.success) return;
        seen.push(parsed.data);
        wake();
      },
    },
  });
  const ended = following.then(() => 'ended' as const);
  // Awaited in the races below; a refusal meanwhile must not count as unhandled.
  ended.catch(() => {});
  const readyTimer = new AbortController();
  try {
    const opened = await Promise.race([
      isReady.then(() => 'ready' as const),
      ended,
      setTimeout(READY_TIMEOUT_MS, 'late' as const, {
        signal: AbortSignal.any([io.signal, readyTimer.signal]),
      }).catch(() => 'ended' as const),
    ]);
    readyTimer.abort();
    if (io.signal.aborted) throw new Stopped(`Stopped before ${trigger.event} was made.`);
    if (opened === 'late') {
      throw new CommandFailed(
        `The proxy at ${api.target.proxyUrl} did not open its event stream within ${READY_TIMEOUT_MS / 1000} s: check its log.`,
      );
    }
    if (opened === 'ended') throw new CommandFailed(`The proxy ended its event stream at once.`);
    const subject = await createAndPlay(api, sandbox, trigger, flags, say);
    const ours = () => seen.filter((event) => isAbout(event, subject));
    const arrived = () => ours().some((event) => isAskedFor(event, trigger));
    const printRow = rowPrinter(io, EVENT_COLUMNS, WIDTHS);
    let printed = 0;
    const printNew = () => {
      if (options.json) return;
      const events = ours();
      for (const event of events.slice(printed)) printRow(event);
      printed = events.length;
    };

    const deadline = AbortSignal.any([AbortSignal.timeout(options.timeout * 1000), io.signal]);
    const stopped = new Promise<'stopped'>((resolve) => {
      if (deadline.aborted) resolve('stopped');
      deadline.addEventListener('abort', () => resolve('stopped'), { once: true });
    });
    let end: 'stopped' | 'ended' | undefined;
    printNew();
    while (!arrived() && end === undefined) {
      const next = new Promise<void>((resolve) => {
        wake = resolve;
      });
      end = (await Promise.race([next, stopped, ended])) || undefined;
      printNew();
    }

    const events = ours();
    if (options.json) printJson(io, events);
    else if (events.length === 0) io.stdout.write(`No event of ${objectOf(subject)} arrived.\n`);
    if (arrived()) return;
    const which = events.length === 0 ? 'none' : events.map((event) => event.type).join(', ');
    if (io.signal.aborted) {
      throw new Stopped(`Stopped before ${trigger.event} arrived (arrived: ${which}).`);
    }
    // checkout.created is the proxy's own doing; every later event comes from a callback.
    const heardBack = events.some((event) => event.type !== 'checkout.created');
    const hint =
      trigger.event === 'checkout.stale'
        ? `: ${STALE_NOT_ARRIVED}.`
        : heardBack
          ? '.'
          : `. ${callbacksNotArriving(api.target.proxyUrl, sandbox.origin)}`;
    throw new CommandFailed(
      end === 'ended'
        ? `The proxy ended its event stream before ${trigger.event} arrived (arrived: ${which}). Is it shutting down?`
        : `${trigger.event}${trigger.detail ? ` (${trigger.detail})` : ''} did not arrive within ${options.timeout} s (arrived: ${which})${hint}`,
    );
  } finally {
    readyTimer.abort();
    stop.abort();
    // A refusal of the stream (a wrong token) is the command's failure, said once.
    await following.catch((error) => {
      if (!(error instanceof CommandFailed)) throw error;
    });
  }
}

/**
 * The usual cause when no event from a callback arrives, and what to check: where the sandbox
 * sends its callbacks, what it was answered, and the credentials the proxy verifies them with.
 */
function callbacksNotArriving(proxyUrl: string, sandboxOrigin: string): string {
  return `No callback of the sandbox reached the proxy, it seems: the sandbox sends them to its callback address (SANDBOX_CALLBACK_URL, or POST ${sandboxOrigin}/_sandbox/merchant {"callback_url"}), which must be ${proxyUrl}/callbacks/processing as the sandbox reaches it. ${sandboxOrigin}/_sandbox/callbacks lists each attempt with the proxy's answer: none means a wrong or missing address, a connection error an address the sandbox cannot reach, a 403 a proxy whose PROCESSING_API_KEY or PROCESSING_SIGNING_SECRET is not the sandbox's.`;
}

/** Creates the object through the proxy, plays its outcome in the sandbox, and names it. */
async function createAndPlay(
  api: Playing['api'],
  sandbox: Sandbox,
  trigger: Trigger,
  flags: ObjectFlags,
  say: (text: string) => void,
): Promise<Subject> {
  const { play } = trigger;
  const played = (outcome: string) =>
    say(`Played ${outcome} in the sandbox at ${sandbox.origin}; waiting for ${trigger.event}.`);
  switch (play.object) {
    case 'checkout': {
      const checkout = await createCheckout(api, flags);
      say(
        `Created checkout ${checkout.id} (${checkout.pricing}${checkout.product ? ` ${checkout.product}` : ''}, ${checkout.amount} ${checkout.currency.iso}, foreign_id ${checkout.foreign_id}).`,
      );
      if (play.unheard) {
        say(
          `The sandbox at ${sandbox.origin} drops its callbacks until ${trigger.event} arrives; its faults are put back after.`,
        );
      }
      if (play.outcome) {
        await sandbox.control(
          `/payment-requests/${encodeURIComponent(checkout.payment_request_id)}/simulate`,
          { outcome: play.outcome },
        );
        played(play.outcome);
      }
      return { object: 'checkout', id: checkout.id };
    }
    case 'invoice': {
      const invoice = await createInvoice(api, flags);
      say(`Created invoice ${invoice.foreign_id} (${invoice.amount} ${invoice.currency}).`);
      await sandbox.control(`/invoices/${encodeURIComponent(invoice.foreign_id)}/simulate`, {
        outcome: play.outcome,
      });
      played(play.outcome);
      return { object: 'invoice', foreignId: invoice.foreign_id };
    }
    case 'withdrawal': {
      const withdrawal = await createWithdrawal(api, flags);
      say(
        `Created withdrawal ${withdrawal.id} (${withdrawal.amount} ${withdrawal.sender_currency}, foreign_id ${withdrawal.foreign_id}).`,
      );
      await sandbox.control(`/withdrawals/${withdrawal.id}/simulate`, { outcome: play.outcome });
      played(play.outcome);
      return { object: 'withdrawal', foreignId: withdrawal.foreign_id };
    }
  }
}
