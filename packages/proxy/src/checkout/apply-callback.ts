/**
 * Acting on a verified callback: a payment request's status moves its checkout forward (never
 * out of `paid`, `failed` or `expired`, never backwards), with what the callback says beyond the
 * status (`status-detail.ts`), committed before the answer and then pushed to every open event
 * stream. Other kinds are recorded for the merchant API. Either way
 * the webhook event is written in the same transaction (`webhooks/events.ts`).
 */

import type { Callback, PaymentRequestCallback } from '@crypto-pay/protocol';
import { isFinalStatus } from '@crypto-pay/protocol/checkout-status';
import { ApiError } from '../api-error.ts';
import type { CallbackOutcome, Metrics } from '../metrics/metrics.ts';
import type {
  CallbackEntry,
  CheckoutChange,
  CheckoutRecord,
  CurrencyRef,
  Store,
} from '../store/store.ts';
import { checkoutEvent, relayedEvent } from '../webhooks/events.ts';
import { relayedFields } from './callback-fields.ts';
import type { CheckoutHub } from './hub.ts';
import { refundInstructionsOf, statusDetailOf } from './status-detail.ts';

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

function entryOf(callback: Callback, now: number): Omit<CallbackEntry, 'outcome'> {
  const record = callback as Record<string, unknown>;
  const entry: Omit<CallbackEntry, 'outcome'> = {
    receivedAt: now,
    type: callback.type,
    body: relayedFields(callback),
  };
  const objectId = text(record.payment_request_id) ?? text(record.id);
  const foreignId = text(record.foreign_id);
  const status = text(record.status);
  if (objectId !== undefined) entry.objectId = objectId;
  if (foreignId !== undefined) entry.foreignId = foreignId;
  if (status !== undefined) entry.status = status;
  return entry;
}

/** The currency the customer pays in, when the callback names a crypto one. */
function paymentCurrencyOf(callback: PaymentRequestCallback): CurrencyRef | undefined {
  const currency = callback.currency_sent?.currency ?? callback.payment_request_amount?.currency;
  if (!currency?.network_name) return undefined;
  return { iso: currency.iso, network_name: currency.network_name };
}

export interface CallbackDeps {
  store: Store;
  hub: CheckoutHub;
  now: () => number;
  /** Counts the checkouts a callback finishes (`crypto_pay_checkouts_finished_total`). */
  metrics?: Pick<Metrics, 'checkoutFinished'>;
}

/** What a verified callback did, as the metrics tell it. */
export interface AppliedCallback {
  /** The checkout when it changed. */
  changed: CheckoutRecord | undefined;
  /**
   * `applied` (moved its checkout on), `duplicate` (the status it already had), `late` (a
   * status behind the one it has, a final one among them), `recorded` (not a payment request's).
   */
  outcome: Extract<CallbackOutcome, 'applied' | 'duplicate' | 'late' | 'recorded'>;
}

/** The code of the 404 a callback for a payment request no checkout has gets. */
export const UNKNOWN_PAYMENT_REQUEST = 'unknown_payment_request';

const unknownPaymentRequest = () =>
  new ApiError(404, UNKNOWN_PAYMENT_REQUEST, 'No checkout has this payment request.');

/**
 * Applies one verified callback: the checkout when it changed, and what the callback did. A
 * payment request the proxy does not know answers 404 so the service tries again (its create
 * may still be saving).
 */
export async function applyCallback(
  deps: CallbackDeps,
  callback: Callback,
): Promise<AppliedCallback> {
  const now = deps.now();
  if (callback.type !== 'payment_request') {
    const entry: CallbackEntry = { ...entryOf(callback, now), outcome: 'recorded' };
    await deps.store.recordCallback(entry, relayedEvent(entry));
    return { changed: undefined, outcome: 'recorded' };
  }
  const paymentRequest = callback as PaymentRequestCallback;
  const checkout = await deps.store.findCheckoutByPaymentRequest(
    paymentRequest.payment_request_id,
    paymentRequest.foreign_id ?? undefined,
  );
  if (!checkout) {
    await deps.store.recordCallback({ ...entryOf(callback, now), outcome: 'unknown' });
    throw unknownPaymentRequest();
  }
  const change: CheckoutChange = { status: paymentRequest.status, at: now };
  const paymentCurrency = paymentCurrencyOf(paymentRequest);
  if (paymentCurrency) change.paymentCurrency = paymentCurrency;
  // Carried as the callback says them; the email address itself is never kept.
  const statusDetail = statusDetailOf(paymentRequest);
  if (statusDetail) change.statusDetail = statusDetail;
  const refundInstructions = refundInstructionsOf(paymentRequest, statusDetail);
  if (refundInstructions) change.refundInstructions = refundInstructions;
  const { checkout: changed, outcome } = await deps.store.advanceCheckout(
    checkout.id,
    change,
    // The store decides the outcome it logs this with, under the checkout's lock.
    entryOf(callback, now),
    checkoutEvent,
  );
  // Gone since it was found (only in theory: checkouts are never deleted): the same 404.
  if (outcome === 'unknown') throw unknownPaymentRequest();
  if (!changed) return { changed, outcome };
  deps.hub.publish(changed);
  if (isFinalStatus(changed.status)) {
    deps.metrics?.checkoutFinished(changed.status, changed.statusDetail ?? 'none');
  }
  return { changed, outcome };
}
