/**
 * What a payment-request callback says beyond its status, read from the amounts it reports:
 * why a failed payment failed, that a paid one was overpaid, and where the customer gets money
 * back. Nothing is guessed: a callback without both amounts in one currency says no detail.
 */

import { compareDecimal, type PaymentRequestCallback } from '@crypto-pay/protocol';
import type { RefundInstructions, StatusDetail } from '@crypto-pay/protocol/proxy-api';

type Amount = NonNullable<PaymentRequestCallback['currency_sent']>;

const sameCurrency = (a: Amount, b: Amount) =>
  a.currency.iso === b.currency.iso &&
  (a.currency.network_name ?? null) === (b.currency.network_name ?? null);

/**
 * `underpaid` or `late` for a failed payment (the service's two reasons: less than due, or sent
 * but not confirmed in time), `overpaid` for a paid one that sent more than due.
 */
export function statusDetailOf(callback: PaymentRequestCallback): StatusDetail | undefined {
  const sent = callback.currency_sent;
  const due = callback.payment_request_amount;
  if (!sent || !due || !sameCurrency(sent, due)) return undefined;
  const comparison = compareDecimal(sent.amount, due.amount);
  if (callback.status === 'failed') return comparison < 0 ? 'underpaid' : 'late';
  if (callback.status === 'paid' && comparison > 0) return 'overpaid';
  return undefined;
}

/**
 * Where refund instructions come from when the amount sent differs from the amount due: the
 * service emails them to the address given (the spec's `end_user_email`), else the customer
 * asks the merchant. Undefined when no refund is due, or the callback names no email field.
 */
export function refundInstructionsOf(
  callback: PaymentRequestCallback,
  detail: StatusDetail | undefined,
): RefundInstructions | undefined {
  if (detail !== 'underpaid' && detail !== 'overpaid') return undefined;
  if (callback.end_user_email === undefined) return undefined;
  return callback.end_user_email ? 'email' : 'merchant';
}
