/**
 * What a widget and the processing service send to the proxy, for tests and benchmarks: the
 * catalogue, checkout creates with recognisable sender data, signed payment-request callbacks,
 * and a lookup from a checkout to the payment request the sandbox holds for it.
 */

import { type Checkout, checkoutSchema } from '@crypto-pay/protocol/proxy-api';
import type { Answer } from './http.ts';
import { send, sendJson, sendSigned } from './http.ts';
import { invoice } from './processing-requests.ts';
import { SENDER, SENDER_EMAIL } from './senders.ts';
import type { Stack } from './stack.ts';

/** The proxy's product catalogue in every test that starts one (its `CATALOG_FILE`). */
export const CATALOG = {
  kettle: { amount: '25.00', currency: 'EUR', description: 'Pour-over kettle' },
  grinder: { amount: '129.00', currency: 'USD' },
};

/**
 * The body of `POST /api/checkouts` paid in BTC by the natural sender: `pricing` picks the mode
 * (a catalogue product by default, `{ session }`, or `{ amount, currency }`); `overrides` change
 * or (as `undefined`) remove any other field.
 */
export function checkoutBody(
  pricing: Record<string, unknown> = { product: 'kettle' },
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...pricing,
    payment_currency: { iso: 'BTC', network_name: 'bitcoin' },
    ...SENDER,
    end_user_email: SENDER_EMAIL,
    ...overrides,
  };
}

/**
 * A valid invoice create with the sender data, as a merchant sends it to the proxy's
 * `POST /admin/invoices` and the proxy to the service's `invoices/create`.
 */
export function invoiceBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return invoice({
    end_user_reference: 'customer-7',
    title: 'Order 7',
    foreign_id: 'invoice-7',
    amount: 12.5,
    url_success: 'https://shop.example/ok',
    url_failed: 'https://shop.example/ko',
    email_user: SENDER_EMAIL,
    ...overrides,
  });
}

export function createCheckout(
  proxyUrl: string,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Answer> {
  return sendJson(`${proxyUrl}/api/checkouts`, checkoutBody(undefined, overrides), { headers });
}

/** Creates a checkout and fails loudly unless the proxy answered 201 with the contract's checkout. */
export async function createdCheckout(
  proxyUrl: string,
  overrides: Record<string, unknown> = {},
): Promise<Checkout> {
  const answer = await createCheckout(proxyUrl, overrides);
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${answer.text}`);
  return checkoutSchema.parse(answer.json);
}

export async function readCheckout(proxyUrl: string, id: string): Promise<Answer> {
  return send(`${proxyUrl}/api/checkouts/${id}`);
}

export interface PaymentRequestRef {
  id: string;
  foreign_id: string;
  payment_link: string;
  status: string;
  /** The amount asked for, a decimal string in the request's currency. */
  amount: string;
}

/** The path of a payment link: its origin depends on the address the request was sent to. */
export const linkPath = (link: string) => new URL(link).pathname;

/** The sandbox's payment requests, newest first. */
export async function paymentRequests(stack: Pick<Stack, 'control'>): Promise<PaymentRequestRef[]> {
  const answer = await stack.control('/payment-requests');
  if (answer.status !== 200) throw new Error(`control API answered ${answer.status}`);
  return answer.json as PaymentRequestRef[];
}

/** The sandbox's payment requests, by the path of their payment link (a checkout shows it). */
export async function paymentRequestsByLink(
  stack: Pick<Stack, 'control'>,
): Promise<Map<string, PaymentRequestRef>> {
  return new Map(
    (await paymentRequests(stack)).map((entry) => [linkPath(entry.payment_link), entry]),
  );
}

/** The sandbox's payment request behind one checkout. */
export async function paymentRequestOf(
  stack: Pick<Stack, 'control'>,
  checkout: { payment_link: string },
): Promise<PaymentRequestRef> {
  const found = (await paymentRequestsByLink(stack)).get(linkPath(checkout.payment_link));
  if (!found) throw new Error(`The sandbox has no payment request for ${checkout.payment_link}`);
  return found;
}

/** The BTC amounts of a payment-request callback, as the service writes them. */
export interface CallbackAmounts {
  /** `payment_request_amount`: what is due. */
  amount?: string;
  /** `currency_sent`: what arrived, `null` as the service says nothing was; left out if absent. */
  sent?: string | null;
}

const BTC = { iso: 'BTC', network_name: 'bitcoin' };

/**
 * A payment-request callback as the service sends it, as an object; `extra` adds or replaces
 * fields (the sender's email, the request's times).
 */
export function paymentRequestCallbackBody(
  request: { id: string; foreign_id: string },
  status: string,
  extra: Record<string, unknown> = {},
  { amount = '0.00041', sent }: CallbackAmounts = {},
): Record<string, unknown> {
  return {
    payment_request_id: request.id,
    foreign_id: request.foreign_id,
    type: 'payment_request',
    status,
    payment_request_amount: { currency: BTC, amount },
    ...(sent === undefined
      ? {}
      : { currency_sent: sent === null ? null : { currency: BTC, amount: sent } }),
    ...extra,
  };
}

/** A payment-request callback as the service sends it: the bytes to sign. */
export function paymentRequestCallback(
  request: { id: string; foreign_id: string },
  status: string,
  extra: Record<string, unknown> = {},
  amounts: CallbackAmounts = {},
): string {
  return JSON.stringify(paymentRequestCallbackBody(request, status, extra, amounts));
}

/** Posts a callback to the proxy, signed with the merchant's credentials. */
export function sendCallback(stack: Stack, body: string): Promise<Answer> {
  return sendSigned(`${stack.proxy.url}/callbacks/processing`, stack.credentials, body);
}

/** Posts the signed callback of `request` moving to `status` (`extra` as `paymentRequestCallback`). */
export function sendPaymentRequestCallback(
  stack: Stack,
  request: { id: string; foreign_id: string },
  status: string,
  extra: Record<string, unknown> = {},
): Promise<Answer> {
  return sendCallback(stack, paymentRequestCallback(request, status, extra));
}
