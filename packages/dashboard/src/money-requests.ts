/**
 * The bodies of the Money page's requests: an invoice and a withdrawal typed by the protocol's
 * own request schemas (the ones the proxy validates them with), with `amount` a JSON number
 * written with the typed decimal digits exactly (`jsonNumber`: `0.00000001`, never `1e-8`),
 * and the identities the service requires.
 */
import type { createInvoiceSchema, createWithdrawalSchema } from '@crypto-pay/protocol';
import { isDecimal, type JsonNumber, jsonNumber, stringifyJson } from '@crypto-pay/protocol';
import type { LegalEntityData, NaturalPersonData } from '@crypto-pay/protocol/sender';
import { strings } from './strings.ts';

// What is sent: the schemas' input (zod's `z.input`, read without importing zod here), amounts
// as JSON numbers.
export type InvoiceRequestBody = (typeof createInvoiceSchema)['_zod']['input'];
export type WithdrawalRequestBody = (typeof createWithdrawalSchema)['_zod']['input'];

/** A person's or a company's identity: the protocol's sender data with its type. */
export type Identity =
  | ({ type: 'natural' } & NaturalPersonData)
  | ({ type: 'legal' } & LegalEntityData);

/** Who gets a withdrawal: the merchant's own wallet, or another person or company. */
export type Receiver = { type: 'self' } | Identity;

/** The form's values of an identity whose fields start with `prefix` (`sender_`, `receiver_`). */
export function identityFrom(values: Record<string, string>, prefix: string): Receiver {
  const field = (name: string) => values[`${prefix}${name}`] ?? '';
  const type = field('type');
  if (type === 'self') return { type };
  if (type === 'legal') {
    return {
      type,
      legal_name: field('legal_name'),
      country_of_registration: field('country_of_registration').toUpperCase(),
    };
  }
  return {
    type: 'natural',
    first_name: field('first_name'),
    last_name: field('last_name'),
    date_of_birth: field('date_of_birth'),
  };
}

const dataOf = (identity: Identity) => {
  const { type: _type, ...data } = identity;
  return data;
};

/** An id the merchant can find again: `prefix` and 16 random base64url characters. */
export function newForeignId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const base64 = btoa(String.fromCharCode(...bytes));
  return `${prefix}${base64.replaceAll('+', '-').replaceAll('/', '_')}`;
}

/**
 * The typed amount as a JSON number with its digits, or an error with the catalogue's sentence
 * (a sign, an exponent, a comma: the proxy would refuse it in the spec's words anyway).
 */
export function amountNumber(amount: string): JsonNumber {
  const digits = amount.trim();
  if (!isDecimal(digits) || digits.startsWith('-')) throw new Error(strings.money.amountDigits);
  return jsonNumber(digits);
}

export interface InvoiceForm {
  title: string;
  amount: string;
  currency: string;
  reference: string;
  email: string;
  returnUrl: string;
  payer: Identity;
}

/** `POST /admin/invoices`: the customer pays on the service's invoice page (no website needed). */
export function invoiceBody(form: InvoiceForm): string {
  const body: InvoiceRequestBody = {
    amount: amountNumber(form.amount),
    title: form.title,
    currency: form.currency.toUpperCase(),
    foreign_id: form.reference,
    end_user_reference: form.reference,
    timer: false,
    url_success: form.returnUrl,
    url_failed: form.returnUrl,
    email_user: form.email,
    sender_type: form.payer.type,
    sender_data: dataOf(form.payer),
  };
  return stringifyJson(body);
}

export interface WithdrawalForm {
  /** The checkout whose money it sends back (the proxy keeps it; the service never sees it). */
  refundOf?: string;
  amount: string;
  currency: string;
  address: string;
  tag?: string;
  reference: string;
  /** The merchant's company, which sends. */
  sender: Extract<Identity, { type: 'legal' }>;
  receiver: Receiver;
}

/** `POST /admin/withdrawals`, with the proxy's own `refund_of`. */
export function withdrawalBody(form: WithdrawalForm): string {
  const body: WithdrawalRequestBody & { refund_of?: string } = {
    amount: amountNumber(form.amount),
    currency: form.currency.toUpperCase(),
    address: form.address,
    ...(form.tag ? { tag: form.tag } : {}),
    foreign_id: form.reference,
    end_user_reference: form.reference,
    sender_type: 'legal',
    sender_data: dataOf(form.sender),
    receiver_type: form.receiver.type,
    ...(form.receiver.type === 'self' ? {} : { receiver_data: dataOf(form.receiver) }),
    ...(form.refundOf === undefined ? {} : { refund_of: form.refundOf }),
  };
  return stringifyJson(body);
}
