/**
 * A stored checkout as others see it: the public API's object (widget, event streams) and the
 * merchant's, which adds its references (merchant API, webhooks).
 */

import type { Checkout, MerchantCheckout } from '@crypto-pay/protocol/proxy-api';
import { type CheckoutRecord, PUBLIC_FIELDS, type StreamedCheckout } from '../store/store.ts';

/** Unix milliseconds (the store's times) as the unix seconds every answer gives. */
export const seconds = (ms: number): number => Math.floor(ms / 1000);

/** Each public field and the record's it comes from, as the contract orders them. */
const PUBLIC_ENTRIES = Object.entries(PUBLIC_FIELDS) as [string, keyof StreamedCheckout][];

/** The checkout object of the public API (the contract's): statuses and prices, no personal data. */
export function publicCheckout(checkout: StreamedCheckout): Checkout {
  const view: Record<string, unknown> = {};
  for (const [name, field] of PUBLIC_ENTRIES) {
    if (checkout[field] !== undefined) view[name] = checkout[field];
  }
  // Every field of the contract has its record's field, whose value fits (`PUBLIC_FIELDS`).
  return view as Checkout;
}

/** The merchant's view: the public object plus its references and version. */
export function merchantCheckout(checkout: CheckoutRecord): MerchantCheckout {
  return {
    ...publicCheckout(checkout),
    foreign_id: checkout.foreignId,
    payment_request_id: checkout.paymentRequestId,
    pricing: checkout.pricing,
    ...(checkout.product === undefined ? {} : { product: checkout.product }),
    created_at: seconds(checkout.createdAt),
    updated_at: seconds(checkout.updatedAt),
    version: checkout.version,
    ...(checkout.staleAt === undefined ? {} : { stale_since: seconds(checkout.staleAt) }),
  };
}
