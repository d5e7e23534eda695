/**
 * What a change becomes as a webhook event: a checkout's status as `checkout.<status>` carrying
 * the checkout as the merchant API shows it, and the service's other callbacks relayed as
 * `<type>.<status>` without personal fields. The dedupe keys make a repeated cause add nothing.
 */

import { merchantCheckout } from '../checkout/views.ts';
import type { NewEvent } from '../store/outbox.ts';
import type { CallbackEntry, CheckoutRecord } from '../store/store.ts';

export const CHECKOUT_EVENT_TYPES = [
  'checkout.created',
  'checkout.processing',
  'checkout.paid',
  'checkout.failed',
  'checkout.expired',
] as const;

/** The event of a checkout as it is now (created, or just moved on): one per version. */
export function checkoutEvent(checkout: CheckoutRecord): NewEvent {
  return {
    type: `checkout.${checkout.status}`,
    createdAt: checkout.updatedAt,
    data: merchantCheckout(checkout) as unknown as Record<string, unknown>,
    dedupeKey: `checkout:${checkout.id}:${checkout.version}`,
  };
}

const NAME = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * An invoice, withdrawal, deposit or exchange callback as an event (`entry.body` is already
 * without personal fields). One per object and status: the service repeats callbacks.
 */
export function relayedEvent(entry: CallbackEntry): NewEvent {
  const status = entry.status !== undefined && NAME.test(entry.status) ? entry.status : 'received';
  const type = `${entry.type}.${status}`;
  const event: NewEvent = { type, createdAt: entry.receivedAt, data: entry.body };
  if (entry.objectId !== undefined) event.dedupeKey = `${entry.type}:${entry.objectId}:${status}`;
  return event;
}
