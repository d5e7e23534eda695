/**
 * Example values of the processing API, valid by its rules: a natural and a legal sender, the
 * creates (payment request, invoice, withdrawal) and the invoice a create answers. For
 * documentation and tests; the test kit (`@crypto-pay/test-kit`) hands the same values to every
 * suite, and this package's own tests use them here. The sender values appear in no other text,
 * so a search for them in logs, bodies and files finds only leaks.
 */

import { jsonNumber, stringifyJson } from './json.ts';

/** A natural sender. The date of birth is a leap day of 1984: no clock or id of a run spells it. */
export const SENDER = {
  sender_type: 'natural',
  sender_data: {
    first_name: 'Zebulonia',
    last_name: 'Quixotewright',
    date_of_birth: '1984-02-29',
  },
} as const;

/** A legal sender. */
export const LEGAL_SENDER = {
  sender_type: 'legal',
  sender_data: { legal_name: 'Xylocarp Umbrage Holdings', country_of_registration: 'NLD' },
} as const;

/** The customer's email address. */
export const SENDER_EMAIL = 'zebulonia.quixotewright@example.org';

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
