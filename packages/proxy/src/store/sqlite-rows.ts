/** Rows of the SQLite tables and their mapping to the store's records (null ↔ absent). */

import type { CheckoutRecord, CheckoutSession, CurrencyRef } from './store.ts';

export interface CheckoutRow {
  id: string;
  status: CheckoutRecord['status'];
  payment_link: string;
  expires_at: number;
  amount: string;
  currency_iso: string;
  currency_network: string | null;
  payment_currency_iso: string | null;
  payment_currency_network: string | null;
  success_url: string | null;
  failed_url: string | null;
  payment_request_id: string;
  foreign_id: string;
  pricing: CheckoutRecord['pricing'];
  product: string | null;
  created_at: number;
  updated_at: number;
  version: number;
  seq: number;
}

export interface SessionRow {
  token_hash: string;
  amount: string;
  currency_iso: string;
  currency_network: string | null;
  foreign_id: string | null;
  end_user_reference: string | null;
  description: string | null;
  url_store: string | null;
  url_success: string | null;
  url_failed: string | null;
  expires_at: number;
  created_at: number;
}

export const currency = (iso: string, network: string | null): CurrencyRef =>
  network === null ? { iso } : { iso, network_name: network };

/** Copies `value` into `target[key]` unless it is null: optional fields stay absent. */
export function put<T, K extends keyof T>(target: T, key: K, value: T[K] | null): void {
  if (value !== null) target[key] = value;
}

export function checkoutOf(row: CheckoutRow): CheckoutRecord {
  const checkout: CheckoutRecord = {
    id: row.id,
    status: row.status,
    paymentLink: row.payment_link,
    expiresAt: row.expires_at,
    amount: row.amount,
    currency: currency(row.currency_iso, row.currency_network),
    paymentRequestId: row.payment_request_id,
    foreignId: row.foreign_id,
    pricing: row.pricing,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
  if (row.payment_currency_iso !== null) {
    checkout.paymentCurrency = currency(row.payment_currency_iso, row.payment_currency_network);
  }
  put(checkout, 'successUrl', row.success_url);
  put(checkout, 'failedUrl', row.failed_url);
  put(checkout, 'product', row.product);
  return checkout;
}

export function sessionOf(row: SessionRow): CheckoutSession {
  const session: CheckoutSession = {
    tokenHash: row.token_hash,
    amount: row.amount,
    currency: currency(row.currency_iso, row.currency_network),
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
  put(session, 'foreignId', row.foreign_id);
  put(session, 'endUserReference', row.end_user_reference);
  put(session, 'description', row.description);
  put(session, 'urlStore', row.url_store);
  put(session, 'urlSuccess', row.url_success);
  put(session, 'urlFailed', row.url_failed);
  return session;
}
