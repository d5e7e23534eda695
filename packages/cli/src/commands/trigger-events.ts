/**
 * The events `crypto-pay trigger` makes happen, and how: which object it creates through the
 * proxy (a checkout, an invoice, a withdrawal), which outcome it then plays in the sandbox, and
 * how the events of that object are told from the others on the proxy's stream.
 */

import type { WebhookEvent } from '@crypto-pay/protocol/proxy-api';
import { CommandFailed, UsageError } from '../failures.ts';

/** The sandbox's payment-request outcomes (`POST /_sandbox/payment-requests/{id}/simulate`). */
export type PaymentOutcome = 'paid' | 'underpaid' | 'overpaid' | 'failed' | 'expired';

export type Play =
  /** A checkout, then its payment request's outcome (none: the checkout is only created). */
  | { object: 'checkout'; outcome?: PaymentOutcome }
  | { object: 'invoice'; outcome: 'pending' | 'processing' | 'confirmed' | 'failed' }
  | { object: 'withdrawal'; outcome: 'confirmed' | 'cancelled' };

/** `--detail`: what a checkout's `status_detail` says beside paid or failed. */
export const DETAILS = ['underpaid', 'late', 'overpaid'] as const;
export type Detail = (typeof DETAILS)[number];

/** A failed checkout is late unless `--detail underpaid`: the sandbox's plain `failed` outcome. */
export const DEFAULT_FAILURE: Detail = 'late';

interface Known {
  /** What the event is, in `trigger --help`. */
  says: string;
  play: Play;
  /** The `--detail` values it takes, and the outcome each plays. */
  details?: Partial<Record<Detail, PaymentOutcome>>;
}

const KNOWN: Readonly<Record<string, Known>> = {
  'checkout.created': {
    says: 'a checkout is created (nothing is paid)',
    play: { object: 'checkout' },
  },
  'checkout.paid': {
    says: 'the customer pays the amount due (--detail overpaid: more than due)',
    play: { object: 'checkout', outcome: 'paid' },
    details: { overpaid: 'overpaid' },
  },
  'checkout.failed': {
    says: `the payment fails: --detail late (the default: sent in full, not confirmed in time) or underpaid (less than due)`,
    play: { object: 'checkout', outcome: 'failed' },
    details: { late: 'failed', underpaid: 'underpaid' },
  },
  'checkout.expired': {
    says: 'nothing is sent within the lifespan',
    play: { object: 'checkout', outcome: 'expired' },
  },
  'invoice.pending': {
    says: "an invoice's payment is seen",
    play: { object: 'invoice', outcome: 'pending' },
  },
  'invoice.processing': {
    says: "an invoice's payment is confirming",
    play: { object: 'invoice', outcome: 'processing' },
  },
  'invoice.confirmed': {
    says: 'an invoice is paid and confirmed',
    play: { object: 'invoice', outcome: 'confirmed' },
  },
  'invoice.failed': { says: 'an invoice fails', play: { object: 'invoice', outcome: 'failed' } },
  'withdrawal.confirmed': {
    says: 'a withdrawal is sent',
    play: { object: 'withdrawal', outcome: 'confirmed' },
  },
  'withdrawal.cancelled': {
    says: 'a withdrawal is cancelled (the amount goes back)',
    play: { object: 'withdrawal', outcome: 'cancelled' },
  },
};

/**
 * Why `checkout.stale` cannot be made on demand: said by `trigger --help` and when it is asked
 * for. The proxy judges staleness by its own clock; nothing the sandbox does moves that.
 */
export const STALE_NOT_ON_DEMAND =
  "checkout.stale cannot be made on demand: the proxy calls a checkout stale by its own clock, STALE_AFTER_SECONDS after the expiry the processing service gave its payment request, and that expiry is at least 300 s after creation (PAYMENT_LIFETIME_SECONDS, the service's shortest lifespan). Moving the sandbox's clock moves only the sandbox's: it expires the payment request there and sends the callback that makes the checkout expired, never stale. To see one, run a proxy with STALE_AFTER_SECONDS=0 and PAYMENT_LIFETIME_SECONDS=300, create a checkout, turn the sandbox's callbacks off (POST /_sandbox/faults {\"drop_callbacks\": true}) and wait: the sweep (STALE_SWEEP_INTERVAL_MS) announces it about five minutes later (crypto-pay listen shows it); then POST /_sandbox/faults {} turns the callbacks on again.";

/** The names `trigger` takes, in `--help`'s order. */
export const TRIGGER_EVENTS = Object.keys(KNOWN);

/** `text` in lines of at most `width` characters, broken between words. */
function wrapped(text: string, width = 100): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line].join('\n');
}

/** The list of `trigger --help`: one line per event, and why checkout.stale is not in it. */
export function eventsHelp(): string {
  const width = Math.max(...TRIGGER_EVENTS.map((name) => name.length));
  const lines = TRIGGER_EVENTS.map((name) => `  ${name.padEnd(width)}  ${KNOWN[name]!.says}`);
  return `Events:\n${lines.join('\n')}\n\n${wrapped(STALE_NOT_ON_DEMAND)}`;
}

export interface Trigger {
  event: string;
  play: Play;
  detail?: Detail;
}

/** What to play for `event` (and `--detail`); an unknown one is a usage error naming the known. */
export function triggerOf(event: string, detail: Detail | undefined): Trigger {
  // Known, but refused: no action of the sandbox makes it (exit 1, with how to see one).
  if (event === 'checkout.stale') throw new CommandFailed(STALE_NOT_ON_DEMAND);
  const known = KNOWN[event];
  if (!known) {
    throw new UsageError(
      `trigger does not know the event "${event}". Known events: ${TRIGGER_EVENTS.join(', ')}.`,
    );
  }
  if (known.play.object !== 'checkout' || !known.details) {
    if (detail !== undefined) {
      throw new UsageError(
        `--detail goes with checkout.paid (overpaid) and checkout.failed (underpaid, late) only.`,
      );
    }
    return { event, play: known.play };
  }
  const chosen = detail ?? (event === 'checkout.failed' ? DEFAULT_FAILURE : undefined);
  if (chosen === undefined) return { event, play: known.play };
  const outcome = known.details[chosen];
  if (!outcome) {
    throw new UsageError(
      `${event} takes --detail ${Object.keys(known.details).join(' or ')}; got "${chosen}".`,
    );
  }
  return { event, play: { object: 'checkout', outcome }, detail: chosen };
}

/** The object whose events a trigger waits for. */
export type Target =
  | { object: 'checkout'; id: string }
  | { object: 'invoice'; foreignId: string }
  | { object: 'withdrawal'; id: number };

/** Whether `event` is about `target`: its checkout id, or its invoice's or withdrawal's own. */
export function isAbout(event: WebhookEvent, target: Target): boolean {
  const data = event.data as Record<string, unknown>;
  switch (target.object) {
    case 'checkout':
      return event.type.startsWith('checkout.') && data.id === target.id;
    case 'invoice':
      return event.type.startsWith('invoice.') && data.foreign_id === target.foreignId;
    case 'withdrawal':
      return event.type.startsWith('withdrawal.') && String(data.id) === String(target.id);
  }
}

/** How the object reads in a line: `checkout 3kTm…`, `invoice trigger-…`, `withdrawal 12`. */
export function objectOf(target: Target): string {
  return target.object === 'invoice'
    ? `invoice ${target.foreignId}`
    : `${target.object} ${target.id}`;
}

/** Whether `event` is the one asked for: its type, and the detail when one was asked. */
export function isAskedFor(event: WebhookEvent, trigger: Trigger): boolean {
  if (event.type !== trigger.event) return false;
  if (trigger.detail === undefined || trigger.play.object !== 'checkout') return true;
  return (event.data as { status_detail?: unknown }).status_detail === trigger.detail;
}
