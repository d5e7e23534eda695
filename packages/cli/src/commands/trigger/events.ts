/**
 * The events `crypto-pay trigger` makes happen, and how: which object it creates through the
 * proxy (a checkout, an invoice, a withdrawal), which outcome it then plays in the sandbox, and
 * how the events of that object are told from the others on the proxy's stream.
 */

import { nearestOf } from '@crypto-pay/protocol/event-types';
import {
  STATUS_DETAILS,
  type StatusDetail,
  type WebhookEvent,
} from '@crypto-pay/protocol/proxy-api';
import { UsageError } from '../../failures.ts';

/** The sandbox's payment-request outcomes (`POST /_sandbox/payment-requests/{id}/simulate`). */
export type PaymentOutcome = 'paid' | 'underpaid' | 'overpaid' | 'failed' | 'expired';

export type Play =
  /**
   * A checkout, then its payment request's outcome (none: the checkout is only created); with
   * `unheard`, the sandbox's callbacks are dropped until the event comes (checkout.stale).
   */
  | { object: 'checkout'; outcome?: PaymentOutcome; unheard?: true }
  | { object: 'invoice'; outcome: 'pending' | 'processing' | 'confirmed' | 'failed' }
  | { object: 'withdrawal'; outcome: 'confirmed' | 'cancelled' };

/** `--detail`: what a checkout's `status_detail` says beside paid or failed. */
export const DETAILS = STATUS_DETAILS;
export type Detail = StatusDetail;

/** A failed checkout is late unless `--detail underpaid`: the sandbox's plain `failed` outcome. */
export const DEFAULT_FAILURE: Detail = 'late';

/**
 * The stack on which `checkout.stale` comes at once, as tests/reliability/stale-payments.test.ts
 * runs it: the sandbox's clock behind the proxy's by more than a lifetime and STALE_AFTER_SECONDS,
 * so a payment request has expired by the proxy's clock the moment it is made.
 */
const STALE_STACK =
  'the sandbox with SANDBOX_CLOCK_SKEW_SECONDS=-700 and the proxy with PAYMENT_LIFETIME_SECONDS=300 STALE_AFTER_SECONDS=1 STALE_SWEEP_INTERVAL_MS=200';

/** Why `checkout.stale` did not come in time, and the stack on which it comes at once. */
export const STALE_NOT_ARRIVED = `the proxy calls a checkout stale STALE_AFTER_SECONDS after its payment request's expiry by the proxy's own clock; for one on demand, run ${STALE_STACK}`;

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
  'checkout.stale': {
    says: `no callback reaches the proxy (the sandbox's are dropped until it comes, then its faults put back); at once only when you run ${STALE_STACK}`,
    play: { object: 'checkout', unheard: true },
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

/** The names `trigger` takes, in `--help`'s order. */
export const TRIGGER_EVENTS = Object.keys(KNOWN);

/** The list of `trigger --help`: one line per event. */
export function eventsHelp(): string {
  const rows = TRIGGER_EVENTS.map((name): [string, string] => [name, KNOWN[name]!.says]);
  const width = Math.max(...rows.map(([name]) => name.length));
  return `Events:\n${rows.map(([name, says]) => `  ${name.padEnd(width)}  ${says}`).join('\n')}`;
}

export interface Trigger {
  event: string;
  play: Play;
  detail?: Detail;
}

/** What to play for `event` (and `--detail`); an unknown one is a usage error naming the known. */
export function triggerOf(event: string, detail: Detail | undefined): Trigger {
  const known = Object.hasOwn(KNOWN, event) ? KNOWN[event] : undefined;
  if (!known) {
    const nearest = nearestOf(event, TRIGGER_EVENTS);
    throw new UsageError(
      `trigger does not know the event "${event}"${nearest ? `; did you mean ${nearest}?` : '.'} Known events: ${TRIGGER_EVENTS.join(', ')}.`,
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
export type Subject =
  | { object: 'checkout'; id: string }
  | { object: 'invoice'; foreignId: string }
  | { object: 'withdrawal'; foreignId: string };

/** Whether `event` is about `subject`: its checkout id, or its invoice's or withdrawal's foreign_id. */
export function isAbout(event: WebhookEvent, subject: Subject): boolean {
  const data = event.data as Record<string, unknown>;
  switch (subject.object) {
    case 'checkout':
      return event.type.startsWith('checkout.') && data.id === subject.id;
    case 'invoice':
      return event.type.startsWith('invoice.') && data.foreign_id === subject.foreignId;
    case 'withdrawal':
      return event.type.startsWith('withdrawal.') && data.foreign_id === subject.foreignId;
  }
}

/** How the object reads in a line: `checkout 3kTm…`, `invoice trigger-…`, `withdrawal trigger-…`. */
export function objectOf(subject: Subject): string {
  return `${subject.object} ${subject.object === 'checkout' ? subject.id : subject.foreignId}`;
}

/** Whether `event` is the one asked for: its type, and the detail when one was asked. */
export function isAskedFor(event: WebhookEvent, trigger: Trigger): boolean {
  if (event.type !== trigger.event) return false;
  if (trigger.detail === undefined || trigger.play.object !== 'checkout') return true;
  return (event.data as { status_detail?: unknown }).status_detail === trigger.detail;
}
