/**
 * Valid bodies of the processing API's creates (payment request, invoice, withdrawal) with the
 * suite's sender, for the sandbox's, the client's and the conformance suite's tests alike; each takes
 * overrides (undefined removes a field) to break one rule at a time. Also the invoice the
 * service answers a create with, for the client's and the protocol's tests.
 */

import { jsonNumber, stringifyJson } from '@crypto-pay/protocol';
import { SENDER } from './senders.ts';

/** A valid create payment request; override fields (undefined removes one). */
export function paymentRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    amount: '25.00',
    currency: { iso: 'EUR' },
    life_time_duration: 3600,
    end_user_reference: 'customer-1',
    ...SENDER,
    ...overrides,
  };
}

/** JSON text with `amount` (and `amount_to`) written as JSON numbers with exactly these digits. */
export function withNumbers(
  body: Record<string, unknown>,
  numbers: Record<string, string>,
): string {
  let json = JSON.stringify({
    ...body,
    ...Object.fromEntries(Object.keys(numbers).map((key) => [key, `@@${key}@@`])),
  });
  for (const [key, digits] of Object.entries(numbers)) json = json.replace(`"@@${key}@@"`, digits);
  return json;
}

/** A valid invoice create, its amount a decimal string; override fields (undefined removes one). */
export function invoice(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    end_user_reference: 'customer-1',
    timer: false,
    title: 'Order 42',
    foreign_id: 'invoice-1',
    currency: 'EUR',
    amount: '12.5',
    url_success: 'https://shop.example.com/ok',
    url_failed: 'https://shop.example.com/ko',
    email_user: 'ada@example.com',
    ...SENDER,
    ...overrides,
  };
}

/** An invoice create as JSON text, its `amount` a JSON number with exactly these digits. */
export function invoiceRequest(overrides: Record<string, unknown> = {}, amount = '12.5'): string {
  return withNumbers(invoice(overrides), { amount });
}

/** A valid crypto withdrawal, its amount a decimal string; override fields as `invoice`'s. */
export function withdrawal(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    currency: 'BTC',
    amount: '0.1',
    address: 'tb1qdestination',
    foreign_id: 'payout-1',
    end_user_reference: 'customer-1',
    ...SENDER,
    receiver_type: 'self',
    ...overrides,
  };
}

/**
 * A crypto withdrawal as JSON text, its `amount` a JSON number with exactly these digits;
 * overrides may give amounts as `jsonNumber`s too.
 */
export function withdrawalRequest(overrides: Record<string, unknown> = {}, amount = '0.1'): string {
  return stringifyJson(withdrawal({ amount: jsonNumber(amount), ...overrides }));
}

/** The invoice fields a create answers empty (null): nothing is fixed before the customer pays. */
export const INVOICE_FIELDS_EMPTY_AT_CREATE = [
  'address',
  'sender_currency',
  'sender_amount',
  'fixed_at',
  'release_at',
  'seconds_left',
] as const;

/** The spec's invoice object as a create answers it: nothing fixed yet, so the nulls. */
export const createdInvoice = {
  id: 7,
  url: 'https://pay.example/invoices/7',
  foreign_id: 'invoice-1',
  end_user_reference: 'customer-1',
  address: null,
  title: 'Order 1',
  status: 'created',
  currency: 'BTC',
  amount: '0.00000001',
  sender_currency: null,
  sender_amount: null,
  fixed_at: null,
  release_at: null,
  seconds_left: null,
} as const;
