/**
 * `--events` of `crypto-pay listen`: the event types the proxy writes, so a typo stops the
 * command at once (exit 2, with the type it probably meant) instead of filtering out every event
 * in silence. Checkout types as the contract lists them; relayed callbacks as
 * `<type>.<status>` with the spec's statuses; exchange callbacks with any status, since the
 * proxy records them without interpreting them.
 */

import { INVOICE_STATUSES, TRANSACTION_STATUSES } from '@crypto-pay/protocol';
import { CHECKOUT_EVENT_TYPES } from '@crypto-pay/protocol/proxy-api';
import { UsageError } from '../failures.ts';

/** Every event type with a fixed name. */
export const KNOWN_EVENT_TYPES: readonly string[] = [
  ...CHECKOUT_EVENT_TYPES,
  ...INVOICE_STATUSES.map((status) => `invoice.${status}`),
  ...TRANSACTION_STATUSES.map((status) => `withdrawal.${status}`),
  ...TRANSACTION_STATUSES.map((status) => `deposit.${status}`),
];

/** `exchange.<status>` and `<kind>_exchange.<status>`, as the proxy names those callbacks. */
const EXCHANGE_TYPE = /^(exchange|[a-z][a-z0-9_]*_exchange)\.[a-z0-9_]{1,64}$/;

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

/** The types of `--events a,b`, each checked; undefined when the flag is not given. */
export function eventTypesOf(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const types = [...new Set(value.split(',').map((type) => type.trim()))].filter(Boolean);
  if (types.length === 0) {
    throw new UsageError('--events must name at least one event type, e.g. checkout.paid.');
  }
  for (const type of types) {
    if (KNOWN_EVENT_TYPES.includes(type) || EXCHANGE_TYPE.test(type)) continue;
    const nearest = [...KNOWN_EVENT_TYPES].sort(
      (a, b) => distance(type, a) - distance(type, b),
    )[0]!;
    const hint =
      distance(type, nearest) <= 3
        ? `did you mean ${nearest}?`
        : `the checkout types are ${CHECKOUT_EVENT_TYPES.join(', ')}; others are invoice.<status>, withdrawal.<status>, deposit.<status>`;
    throw new UsageError(`--events: "${type}" is no event type the proxy writes; ${hint}`);
  }
  return types;
}
