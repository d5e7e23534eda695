/**
 * The request that creates a checkout, made of the element's price, the shop's result addresses
 * and the customer's details, and its sending with an idempotency key (the checkout made kept
 * for a reload, and the page told). It comes with the form's rules (`sender-rules.ts`, a chunk),
 * which the form has loaded before it can submit: out of the first paint, and never waited for
 * on Continue.
 */
import {
  answer,
  type CallOptions,
  type Checkout,
  type CheckoutRequest,
  call,
  checkedCheckout,
  url,
} from '../../api/proxy-api.ts';
import { CryptoPayCreatedEvent } from '../../events/created.ts';
import { saveCheckoutId } from '../../utilities/checkout-storage.ts';
import type { DetailsSubmit } from '../sender-form/form-fields.ts';
import { type PriceHost, storageKeyOf } from './checkout-price.ts';

/** What the request reads from the element: its price and the shop's result addresses. */
export type CheckoutRequestHost = PriceHost & {
  successUrl: string | undefined;
  failedUrl: string | undefined;
};

/** The price as a create states it (here, with the rules' chunk: no first form needs it). */
function requestPrice(
  host: PriceHost,
): Pick<CheckoutRequest, 'product' | 'session' | 'amount' | 'currency'> {
  const { session, product, amount, currency = '', network } = host;
  if (session) return { session };
  if (product) return { product };
  return {
    ...(amount ? { amount } : {}),
    currency: network ? { iso: currency, network_name: network } : currency,
  };
}

/** The request the element's price and the customer's `details` make. */
function checkoutRequest(host: CheckoutRequestHost, details: DetailsSubmit): CheckoutRequest {
  const { successUrl, failedUrl } = host;
  return {
    ...requestPrice(host),
    ...(details.amount ? { amount: details.amount } : {}),
    ...(details.paymentCurrency ? { payment_currency: details.paymentCurrency } : {}),
    sender_type: details.senderType,
    sender_data: details.senderData,
    ...(details.email ? { end_user_email: details.email } : {}),
    ...(successUrl ? { success_url: successUrl } : {}),
    ...(failedUrl ? { failed_url: failedUrl } : {}),
  };
}

/** A request as it is sent (its JSON), with its idempotency key. */
export type KeyedRequest = { body: string; key: string };

/**
 * The request `details` make, keyed: the same request as `last` keeps its key, so the proxy
 * answers a retry with the same checkout.
 */
export function keyedRequest(
  host: CheckoutRequestHost,
  details: DetailsSubmit,
  last: KeyedRequest | undefined,
): KeyedRequest {
  const body = JSON.stringify(checkoutRequest(host, details));
  return last?.body === body ? last : { body, key: newIdempotencyKey() };
}

/**
 * Sends the create. The checkout made is kept for a reload of the page (sessionStorage) and the
 * page told (`crypto-pay-created`) before anything follows it.
 */
export async function createCheckout(
  host: PriceHost & HTMLElement,
  proxy: string,
  { body, key }: KeyedRequest,
  options: CallOptions,
): Promise<Checkout> {
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body,
    ...options,
  };
  const checkout = checkedCheckout(await call(url(proxy, '/api/checkouts'), init, answer));
  saveCheckoutId(storageKeyOf(host), checkout.id);
  const { id, payment_link } = checkout;
  host.dispatchEvent(new CryptoPayCreatedEvent({ id, payment_link }));
  return checkout;
}

/** A fresh idempotency key: random, unguessable, and fine outside secure contexts too. */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
