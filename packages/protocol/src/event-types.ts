/**
 * The event types the proxy writes: what a webhook endpoint's `event_types` may name (the proxy
 * refuses others, 422), and what the CLI's flags take (`listen --events`, `webhook-endpoints add
 * --events`, `events list --type`) and `trigger`'s argument. A typo is refused at once, with the
 * type it probably meant, instead of filtering out every event in silence. Checkout types as the contract lists them; relayed callbacks as
 * `<kind>.<status>` (proxy `webhooks/events.ts`): invoices with the spec's statuses; deposits,
 * withdrawals and exchanges with any status, since the service sends those as free strings;
 * `<kind>.received` for a callback without a status; `webhook.test` (proxy `store/outbox.ts`).
 */

import { INVOICE_STATUSES } from './invoice.ts';
import { CHECKOUT_EVENT_TYPES } from './proxy-api.ts';
import { TRANSACTION_STATUSES } from './transaction.ts';

/** The test event `webhook-endpoints` sends to one endpoint. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** The types of an object's family: what `trigger` follows (the stream's `?types=`). */
export const FAMILY_TYPES = {
  checkout: [...CHECKOUT_EVENT_TYPES],
  invoice: [...INVOICE_STATUSES.map((status) => `invoice.${status}`), 'invoice.received'],
  withdrawal: [
    ...TRANSACTION_STATUSES.map((status) => `withdrawal.${status}`),
    'withdrawal.received',
  ],
} as const satisfies Record<string, readonly string[]>;

/** Every event type with a fixed name. */
export const KNOWN_EVENT_TYPES: readonly string[] = [
  ...FAMILY_TYPES.checkout,
  ...FAMILY_TYPES.invoice,
  ...FAMILY_TYPES.withdrawal,
  ...TRANSACTION_STATUSES.map((status) => `deposit.${status}`),
  'deposit.received',
  TEST_EVENT_TYPE,
];

/**
 * Types whose status part is the service's free string, as the proxy names it (lower case,
 * `_` for anything else, at most 64 characters): deposits, withdrawals, exchanges.
 */
const FREE_STATUS_TYPE =
  /^(deposit|withdrawal|exchange|[a-z][a-z0-9_]*_exchange)\.[a-z0-9_]{1,64}$/;

/** Letters to change, add or remove to turn `a` into `b`. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(
        row[j]! + 1,
        next[j - 1]! + 1,
        row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    row = next;
  }
  return row[b.length]!;
}

/**
 * The name among `names` that `type` was probably meant to be, if one is at most `most` letters
 * away (short names need a smaller `most`: `unpaid` is two letters from `paid`).
 */
export function nearestOf(type: string, names: readonly string[], most = 3): string | undefined {
  const nearest = [...names].sort((a, b) => distance(type, a) - distance(type, b))[0];
  return nearest !== undefined && distance(type, nearest) <= most ? nearest : undefined;
}

/** Whether the proxy writes events of `type`. */
export const isEventType = (type: string) =>
  KNOWN_EVENT_TYPES.includes(type) || FREE_STATUS_TYPE.test(type);

/**
 * Why `type` is no event type the proxy writes, naming the one probably meant (or the kinds
 * there are); undefined when it is one.
 */
export function eventTypeProblem(type: string): string | undefined {
  if (isEventType(type)) return undefined;
  const nearest = nearestOf(type, KNOWN_EVENT_TYPES);
  const hint = nearest
    ? `did you mean ${nearest}?`
    : `the checkout types are ${CHECKOUT_EVENT_TYPES.join(', ')}; the invoice types are ${FAMILY_TYPES.invoice.join(', ')}; others are withdrawal.<status>, deposit.<status>, exchange.<status> (or <kind>.received), ${TEST_EVENT_TYPE}`;
  return `"${type}" is no event type the proxy writes; ${hint}`;
}
