/**
 * A stored checkout as others see it: the public API's object (widget, event streams) and the
 * merchant's, which adds its references (merchant API, webhooks).
 */

import type { Checkout, MerchantCheckout } from '@crypto-pay/protocol/proxy-api';
import type { CheckoutRecord, StreamedCheckout } from '../store/store.ts';

/** The checkout object of the public API (the contract's): statuses and prices, no personal data. */
export function publicCheckout(checkout: StreamedCheckout): Checkout {
  const view: Checkout = {
    id: checkout.id,
    status: checkout.status,
    payment_link: checkout.paymentLink,
    expires_at: checkout.expiresAt,
    amount: checkout.amount,
    currency: checkout.currency,
  };
  if (checkout.paymentCurrency) view.payment_currency = checkout.paymentCurrency;
  if (checkout.successUrl !== undefined) view.success_url = checkout.successUrl;
  if (checkout.failedUrl !== undefined) view.failed_url = checkout.failedUrl;
  if (checkout.statusDetail !== undefined) view.status_detail = checkout.statusDetail;
  if (checkout.refundInstructions !== undefined) {
    view.refund_instructions = checkout.refundInstructions;
  }
  return view;
}

/** The merchant's view: the public object plus its references and version. */
export function merchantCheckout(checkout: CheckoutRecord): MerchantCheckout {
  return {
    ...publicCheckout(checkout),
    foreign_id: checkout.foreignId,
    payment_request_id: checkout.paymentRequestId,
    pricing: checkout.pricing,
    ...(checkout.product === undefined ? {} : { product: checkout.product }),
    created_at: Math.floor(checkout.createdAt / 1000),
    updated_at: Math.floor(checkout.updatedAt / 1000),
    version: checkout.version,
  };
}
