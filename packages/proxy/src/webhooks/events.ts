/**
 * What a change becomes as a webhook event: a checkout's status as `checkout.<status>` carrying
 * the checkout as the merchant API shows it, and the service's other callbacks relayed as
 * `<type>.<status>` without personal fields. A relayed callback's dedupe key makes a repeat of it
 * add nothing.
 */

import { merchantCheckout } from '../checkout/views.ts';
import type { NewEvent } from '../store/outbox.ts';
import type { CallbackEntry, CheckoutRecord } from '../store/store.ts';

/**
 * The event of a checkout as it is now (created, or just moved on): one per version. It needs
 * no dedupe key: it is written in the transaction that inserts the checkout or moves it on under
 * its row lock, so a repeated callback finds the status already there and writes nothing. (A key
 * would cost a statement per change and a row kept for ever.)
 */
export function checkoutEvent(checkout: CheckoutRecord): NewEvent {
  return {
    type: `checkout.${checkout.status}`,
    createdAt: checkout.updatedAt,
    data: merchantCheckout(checkout) as unknown as Record<string, unknown>,
  };
}

/**
 * `checkout.stale`: the checkout, found still not final long after it expired, as the merchant
 * API shows it then (`stale_since` set). Written once, with the mark (`markStaleCheckouts`).
 * Being found stale is no change, so `version` is the last status event's: receivers order it
 * by the event's time (`createdAt`, the mark's), and must not drop it for an equal version.
 */
export function staleEvent(checkout: CheckoutRecord): NewEvent {
  return {
    type: 'checkout.stale',
    createdAt: checkout.staleAt ?? checkout.updatedAt,
    data: merchantCheckout(checkout) as unknown as Record<string, unknown>,
  };
}

/** An event type's status part: at most this many characters. */
const STATUS_CHARS = 64;

/**
 * A callback's status as the status part of an event type: lower-case, `_` for anything but
 * letters, digits and `_`, capped. Deposit and withdrawal statuses are free strings, so two may
 * read the same here (`In-Progress`, `in progress`); the dedupe key keeps them apart.
 */
export function statusName(status: string): string {
  const name = status
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, STATUS_CHARS);
  return name === '' ? 'received' : name;
}

/**
 * An invoice, withdrawal, deposit or exchange callback as an event (`entry.body` is already
 * without personal fields). One per object and status as the service sent it: the service
 * repeats callbacks, and a status that reads the same in the type is still a change.
 */
export function relayedEvent(entry: CallbackEntry): NewEvent {
  const status = entry.status === undefined ? 'received' : statusName(entry.status);
  const type = `${entry.type}.${status}`;
  const event: NewEvent = { type, createdAt: entry.receivedAt, data: entry.body };
  if (entry.objectId !== undefined) {
    // The raw status: the same key as before for the statuses that were already names.
    event.dedupeKey = `${entry.type}:${entry.objectId}:${entry.status ?? 'received'}`;
  }
  return event;
}
