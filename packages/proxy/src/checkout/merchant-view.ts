/** A checkout as the merchant sees it (merchant API, webhooks): the public object plus its references. */

import type { MerchantCheckout } from '../openapi/answers.ts';
import type { CheckoutRecord } from '../store/store.ts';
import { publicCheckout } from './create.ts';

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
