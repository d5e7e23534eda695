/**
 * `crypto-pay listen --forward-to URL`: follows the proxy's events as they are written and
 * posts each to a local webhook handler, signed with a local secret that stays the same across
 * runs; one line per delivery attempt. `--print-secret` prints that secret alone, for CI.
 */

import { webhookEventSchema } from '@crypto-pay/protocol/proxy-api';
import type { Command } from 'commander';
import { followEvents } from '../../event-stream.ts';
import { UsageError } from '../../failures.ts';
import { eventTypeListArgument, httpAddress } from '../../flags.ts';
import { type Io, painter, timeOf } from '../../io.ts';
import type { CommandContext } from '../../program.ts';
import {
  createForwarder,
  type DeliveryReport,
  type Forwarder,
  RETRY_DELAYS_MS,
  type StreamedEvent,
} from './forward.ts';
import { listenSecretFor } from './secret.ts';

/** After Ctrl-C, attempts under way get this long to be answered. */
const STOP_GRACE_MS = 5_000;

interface ListenOptions {
  forwardTo?: URL;
  events?: string[];
  printSecret?: boolean;
  json?: boolean;
}

/** One attempt as a line: time, type, id, the answer (or the failure), duration, what next. */
function printReport(io: Io, json: boolean, report: DeliveryReport): void {
  if (json) {
    io.stdout.write(
      `${JSON.stringify({
        time: report.at.toISOString(),
        type: report.event.type,
        event_id: report.event.id,
        outcome: report.outcome,
        status: report.status ?? null,
        ...(report.error === undefined ? {} : { error: report.error }),
        duration_ms: report.durationMs,
        attempt: report.attempt,
        attempts: report.attempts,
        ...(report.retryInMs === undefined ? {} : { retry_in_ms: report.retryInMs }),
      })}\n`,
    );
    return;
  }
  const paint = painter(io.stdout, io.env);
  const answer =
    report.outcome === 'delivered'
      ? paint('green', String(report.status))
      : paint(report.outcome === 'failed' ? 'red' : 'yellow', report.error ?? '');
  const next =
    report.outcome === 'retrying'
      ? `, attempt ${report.attempt} of ${report.attempts}, again in ${report.retryInMs! / 1000} s`
      : report.outcome === 'failed'
        ? `, failed after ${report.attempt} attempt${report.attempt === 1 ? '' : 's'}`
        : '';
  io.stdout.write(
    `${timeOf(Math.floor(report.at.getTime() / 1000))}  ${report.event.type}  ${report.event.id}  → ${answer} (${report.durationMs} ms${next})\n`,
  );
}

/** The most undelivered events listed one per line when listen stops. */
const LISTED_UNDELIVERED = 20;

/** The events not delivered, one per line, the rest counted. */
function undeliveredLines(events: readonly StreamedEvent[]): string {
  const lines = events.slice(0, LISTED_UNDELIVERED).map((event) => `  ${event.id} ${event.type}`);
  if (events.length > LISTED_UNDELIVERED) {
    lines.push(`  and ${events.length - LISTED_UNDELIVERED} more`);
  }
  return lines.join('\n');
}

/** The type of an event of the contract in `data`, or undefined when it holds none. */
function typeOf(data: string): string | undefined {
  try {
    const event = webhookEventSchema.safeParse(JSON.parse(data));
    return event.success ? event.data.type : undefined;
  } catch {
    return undefined;
  }
}

export function listenCommand(program: Command, context: CommandContext): void {
  program
    .command('listen')
    .summary("Forward the proxy's events to your local webhook handler, signed.")
    .description(
      `Follow the proxy's events as they are written and post each to your local webhook handler as a Standard Webhook, signed with a local secret (whsec_…) kept per proxy in your config directory, so it stays the same across runs. One line per delivery; a handler that is down or answers non-2xx is tried ${RETRY_DELAYS_MS.length + 1} times over about ${RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0) / 1000} s, without holding up the events after it. After a proxy restart or a network drop it resumes where it stopped (Last-Event-ID). Ctrl-C stops.`,
    )
    .option(
      '--forward-to <url>',
      'your webhook handler, e.g. http://localhost:3000/webhooks',
      httpAddress('http://localhost:3000/webhooks'),
    )
    .option(
      '--events <types>',
      'only these event types, comma-separated, e.g. checkout.paid,checkout.failed',
      eventTypeListArgument,
    )
    .option('--print-secret', 'print the signing secret alone and exit (for CI)')
    .option('--json', 'one JSON object per delivery attempt instead of a line')
    .action(async (options: ListenOptions, command: Command) => {
      const { io } = context;
      const types = options.events;
      if (!options.printSecret && options.forwardTo === undefined) {
        throw new UsageError(
          'listen needs --forward-to, your webhook handler, e.g. --forward-to http://localhost:3000/webhooks.',
        );
      }
      const forwardTo = options.forwardTo?.href;
      const api = context.api(command);
      const proxy = api.target.proxyUrl;
      if (options.printSecret) {
        io.stdout.write(`${(await listenSecretFor(proxy, io.env)).secret}\n`);
        return;
      }
      const paint = painter(io.stderr, io.env);
      const say = (text: string) => io.stderr.write(`${text}\n`);
      /** Made once the stream is open: an address that is no proxy, or refuses, keeps no secret. */
      let forwarder: Forwarder | undefined;
      try {
        await followEvents(api, {
          ...(types ? { types } : {}),
          signal: io.signal,
          handlers: {
            async ready(resumedAfter, reconnected) {
              if (!reconnected) {
                const kept = await listenSecretFor(proxy, io.env);
                forwarder = createForwarder({
                  url: forwardTo!,
                  secret: kept.secret,
                  report: (report) => printReport(io, options.json === true, report),
                });
                say(
                  `Your webhook signing secret is ${paint('bold', kept.secret)} (kept for ${proxy} in ${kept.file}).`,
                );
                say(
                  `Listening to ${proxy}'s events (${types ? types.join(', ') : 'all types'}), forwarding to ${forwardTo}.`,
                );
                say(
                  paint('green', 'Ready: events written from now on are forwarded. Ctrl-C stops.'),
                );
              } else if (resumedAfter === '0') {
                // The proxy's start before every event: its store had none when listen began.
                say('Reconnected; resuming from the first event.');
              } else if (resumedAfter) {
                say(`Reconnected; resuming after ${resumedAfter}.`);
              } else {
                say('Reconnected; no event had come before, so the stream starts again from now.');
              }
            },
            lost(reason) {
              say(paint('yellow', `Lost the proxy's event stream (${reason}); reconnecting…`));
            },
            async message({ id, data }) {
              const type = typeOf(data);
              if (type === undefined) {
                say(paint('yellow', `Skipped ${id}: its data is not an event's JSON.`));
                return;
              }
              // Queued: the stream is read on while the handler takes its time.
              void forwarder!.deliver({ id, type, body: data });
            },
          },
        });
      } finally {
        // Also after a refusal (a token changed meanwhile): no timer or request outlives listen.
        // A start that failed listened to nothing: its refusal alone is said.
        if (forwarder) {
          const undelivered = await forwarder.close(STOP_GRACE_MS);
          say(
            undelivered.length === 0
              ? 'Stopped.'
              : `Stopped; not delivered (GET /admin/events lists them):\n${undeliveredLines(undelivered)}`,
          );
        }
      }
    });
}
