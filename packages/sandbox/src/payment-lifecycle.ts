/**
 * What happens to a payment request after creation: the customer picks a currency
 * (`processing`), then pays, pays too little or too much, fails, or lets it expire by the
 * sandbox clock. Every status change sends a payment_request callback.
 */

import {
  addDecimal,
  FINAL_PAYMENT_REQUEST_STATUSES,
  multiplyDecimal,
  type PaymentRequestStatus,
  scaleDecimal,
  subtractDecimal,
} from '@crypto-pay/protocol';
import { type SandboxCore, sandboxAddress } from './core.ts';
import { type Currency, convert, currencyRef } from './currencies.ts';
import type { PaymentRequestRecord } from './store.ts';
import { feeOf, recordDeposit } from './transactions.ts';

export const PAYMENT_OUTCOMES = ['paid', 'underpaid', 'overpaid', 'failed', 'expired'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** How long a chosen currency's rate stays fixed. */
const RATE_FIX_SECONDS = 15 * 60;

export class LifecycleConflict extends Error {}

/** The statuses a payment request never leaves. */
export type FinalPaymentStatus = Exclude<PaymentRequestStatus, 'created' | 'processing'>;

export function isFinal(
  record: PaymentRequestRecord,
): record is PaymentRequestRecord & { status: FinalPaymentStatus } {
  return FINAL_PAYMENT_REQUEST_STATUSES.includes(record.status);
}

/** The payment_request callback for the record's current state. */
export function paymentRequestCallback(record: PaymentRequestRecord) {
  const payment = record.payment;
  return {
    payment_request_id: record.id,
    foreign_id: record.foreignId ?? null,
    type: 'payment_request',
    status: record.status,
    end_user_email: record.endUserEmail ?? null,
    payment_request_address: payment
      ? { address: payment.address, tag: null, currency: currencyRef(payment.currency) }
      : null,
    payment_request_amount: payment
      ? { currency: currencyRef(payment.currency), amount: payment.amount }
      : null,
    currency_sent:
      payment && payment.sent !== null
        ? { currency: currencyRef(payment.currency), amount: payment.sent }
        : null,
    fixed_at: payment?.fixedAt ?? null,
    expires_at: record.lifeTime,
    valid_until: payment?.validUntil ?? null,
  };
}

function announce(core: SandboxCore, record: PaymentRequestRecord): void {
  core.callbacks.send(paymentRequestCallback(record));
}

/** The amount the customer is asked for in `currency`: the deposit fee on top when they pay it. */
export function amountToPay(record: PaymentRequestRecord, currency: Currency): string {
  const converted = convert(record.amount, record.currency, currency);
  if (record.userFeePercent === 0) return converted;
  return addDecimal(converted, feeOf(converted, currency.depositFeePercent, currency));
}

/** The customer picks what to pay with: an address and amount are fixed, status `processing`. */
export function choosePaymentCurrency(
  core: SandboxCore,
  record: PaymentRequestRecord,
  currency: Currency,
): void {
  if (record.status !== 'created') {
    throw new LifecycleConflict(`The payment request is already ${record.status}.`);
  }
  if (!record.payWithOptions.includes(currency)) {
    throw new LifecycleConflict(
      `This payment request cannot be paid in ${currency.network ? `${currency.iso} on ${currency.network}` : currency.iso}.`,
    );
  }
  const now = core.clock.now();
  record.payment = {
    currency,
    amount: amountToPay(record, currency),
    address: sandboxAddress(currency),
    fixedAt: now,
    validUntil: Math.min(now + RATE_FIX_SECONDS, record.lifeTime),
    sent: null,
  };
  record.status = 'processing';
  announce(core, record);
}

/**
 * Plays an outcome. A request still `created` first gets a currency (the given one, else the
 * first it may be paid in), so the merchant sees `processing` before the final status.
 */
export function settlePaymentRequest(
  core: SandboxCore,
  record: PaymentRequestRecord,
  outcome: PaymentOutcome,
  currency?: Currency,
): void {
  if (isFinal(record))
    throw new LifecycleConflict(`The payment request is already ${record.status}.`);
  if (outcome === 'expired') {
    expire(core, record);
    return;
  }
  if (record.status === 'created') {
    choosePaymentCurrency(core, record, currency ?? record.payWithOptions[0]!);
  } else if (currency && currency !== record.payment?.currency) {
    throw new LifecycleConflict('The payment currency is already chosen.');
  }
  const payment = record.payment!;
  const paid = payment.currency;
  // What the customer sends: a failed payment is sent in full but never confirms in time.
  const factor = { paid: '1', underpaid: '0.5', overpaid: '1.1', failed: '1' }[outcome];
  payment.sent = scaleDecimal(multiplyDecimal(payment.amount, factor), paid.precision, 'down');
  record.status = outcome === 'paid' || outcome === 'overpaid' ? 'paid' : 'failed';
  // The merchant keeps what was asked (overpayment goes back to the customer); a fee the
  // customer did not pay comes off the merchant's share.
  const converted = convert(record.amount, record.currency, paid);
  const fee = feeOf(converted, paid.depositFeePercent, paid);
  const credited = record.userFeePercent === 100 ? converted : subtractDecimal(converted, fee);
  const failure = {
    underpaid: { status: 'rejected', error: 'The amount sent is less than the amount requested.' },
    failed: { status: 'error', error: 'The payment was not confirmed in time.' },
  }[outcome as 'underpaid' | 'failed'];
  record.transactionId = recordDeposit(core, {
    status: failure?.status ?? 'confirmed',
    foreignId: record.foreignId,
    endUserReference: record.endUserReference,
    paid,
    address: payment.address,
    sent: payment.sent,
    fee,
    ...(failure ? { error: failure.error } : {}),
  });
  if (record.status === 'paid') {
    const balance = core.store.balances.get(paid.code) ?? '0';
    core.store.balances.set(paid.code, addDecimal(balance, credited));
  }
  announce(core, record);
}

function expire(core: SandboxCore, record: PaymentRequestRecord): void {
  record.status = 'expired';
  announce(core, record);
}

/** Expires every open payment request whose lifespan has ended by the sandbox clock. */
export function expireDuePaymentRequests(core: SandboxCore): void {
  const now = core.clock.now();
  for (const record of core.store.paymentRequests.values()) {
    if (!isFinal(record) && record.lifeTime <= now) expire(core, record);
  }
}
