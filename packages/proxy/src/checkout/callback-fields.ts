/**
 * What of a service callback the proxy keeps (the callback log) and relays (webhooks, the
 * merchant's events): the one allow list, per callback type, of the operational fields the
 * contract names (ids, type, status, amounts, currencies, times, addresses and hashes on the
 * chain), at every depth. Every other field goes, whatever its name: personal data comes under
 * many (`end_user_email`, `sender_name`, `beneficiary.name`, …) and a deny list misses the next.
 */

import type { Callback } from '@crypto-pay/protocol';

/** A field kept: `true` for a string, number, boolean or null; else what of an object, or of each in a list, is kept. */
type Fields = { readonly [name: string]: true | Fields };

/** A currency as a payment request's callback names it. */
const CURRENCY_REF: Fields = { iso: true, network_name: true };
const AMOUNT_IN: Fields = { currency: CURRENCY_REF, amount: true };

/** The public documentation's payment-request callback (DESIGN.md, Facts); `end_user_email` left out. */
const PAYMENT_REQUEST: Fields = {
  type: true,
  payment_request_id: true,
  foreign_id: true,
  status: true,
  // The service's address the customer pays to, not the customer's.
  payment_request_address: { address: true, tag: true, currency: CURRENCY_REF },
  payment_request_amount: AMOUNT_IN,
  currency_sent: AMOUNT_IN,
  fixed_at: true,
  expires_at: true,
  valid_until: true,
};

/** The spec's invoice without `title`, `description` and `end_user_reference`. */
const INVOICE: Fields = {
  type: true,
  id: true,
  foreign_id: true,
  status: true,
  currency: true,
  amount: true,
  sender_currency: true,
  sender_amount: true,
  address: true,
  fixed_at: true,
  release_at: true,
  seconds_left: true,
};

/**
 * Deposits, withdrawals and exchanges report a transaction: the spec's transaction (its
 * entries, fees, addresses and amounts) and the withdrawal's amounts, without
 * `end_user_reference` and `additional_details` (no shape given: anything could be in it).
 */
const TRANSACTION: Fields = {
  type: true,
  id: true,
  foreign_id: true,
  status: true,
  error: true,
  currency: true,
  amount: true,
  sender_currency: true,
  sender_amount: true,
  receiver_currency: true,
  receiver_amount: true,
  address: true,
  tag: true,
  crypto_address: { id: true, currency: true, address: true, foreign_id: true, tag: true },
  currency_sent: { currency: true, amount: true },
  currency_received: { currency: true, amount: true, amount_minus_fee: true },
  transactions: {
    id: true,
    transaction_type: true,
    type: true,
    currency: true,
    address: true,
    tag: true,
    amount: true,
    txid: true,
    riskscore: true,
    confirmations: true,
    currency_to: true,
    amount_to: true,
  },
  fees: { type: true, currency: true, amount: true },
};

const BY_TYPE: Readonly<Record<string, Fields>> = {
  payment_request: PAYMENT_REQUEST,
  invoice: INVOICE,
};

const isScalar = (value: unknown) => value === null || typeof value !== 'object';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function kept(value: unknown, fields: true | Fields): unknown {
  if (fields === true) return isScalar(value) ? value : undefined;
  if (Array.isArray(value)) return value.filter(isRecord).map((item) => only(item, fields));
  return isRecord(value) ? only(value, fields) : undefined;
}

function only(record: Record<string, unknown>, fields: Fields): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) {
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (field === undefined) continue;
    const copy = kept(value, field);
    if (copy !== undefined) result[name] = copy;
  }
  return result;
}

/** The callback as the proxy keeps and relays it: the allow list of its type, nothing else. */
export function relayedFields(callback: Callback): Record<string, unknown> {
  // Deposits, withdrawals, exchange and `*_exchange` all report a transaction.
  const fields = Object.hasOwn(BY_TYPE, callback.type) ? BY_TYPE[callback.type]! : TRANSACTION;
  // As JSON first: a fractional number is read as a JsonNumber, kept as its digits.
  return only(JSON.parse(JSON.stringify(callback)) as Record<string, unknown>, fields);
}
