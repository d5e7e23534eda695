/**
 * Rows of the store's tables, as both databases' stores hand them over, and their mapping to the
 * store's records (null ↔ absent). JSON columns arrive parsed: SQLite keeps them as text, so its
 * store parses them at the query; PostgreSQL's jsonb arrives parsed.
 */

import type { DeliveryAttempt, EndpointSecrets, StoredEvent, WebhookEndpoint } from './outbox.ts';
import type { CheckoutRecord, CheckoutSession, CurrencyRef, StoredCallback } from './store.ts';

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
  status_detail: CheckoutRecord['statusDetail'] | null;
  refund_instructions: CheckoutRecord['refundInstructions'] | null;
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
  put(checkout, 'statusDetail', row.status_detail);
  put(checkout, 'refundInstructions', row.refund_instructions);
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

export interface EventRow {
  id: string;
  type: string;
  created_at: number;
  data: Record<string, unknown>;
}

export interface EndpointRow {
  id: string;
  url: string;
  secret: string | null;
  previous_secret: string | null;
  previous_secret_until: number | null;
  event_types: string[] | null;
  created_at: number;
  failing_since: number | null;
}

/** A `webhook_attempts` row joined with its delivery's event id and type and endpoint id. */
export interface AttemptRow {
  id: number;
  delivery_id: number;
  attempt: number;
  attempted_at: number;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  response_excerpt: string | null;
  event_id: string;
  event_type: string;
  endpoint_id: string;
}

export interface CallbackRow {
  id: number;
  received_at: number;
  type: string;
  object_id: string | null;
  foreign_id: string | null;
  status: string | null;
  outcome: string;
  body: Record<string, unknown>;
}

export const eventOf = (row: EventRow): StoredEvent => ({
  id: row.id,
  type: row.type,
  createdAt: row.created_at,
  data: row.data,
});

export function endpointOf(row: EndpointRow): WebhookEndpoint {
  const endpoint: WebhookEndpoint = { id: row.id, url: row.url, createdAt: row.created_at };
  put(endpoint, 'eventTypes', row.event_types);
  put(endpoint, 'failingSince', row.failing_since);
  put(endpoint, 'previousSecretUntil', row.previous_secret_until);
  return endpoint;
}

/** An endpoint as a worker sends to it: with what signs for it (never listed). */
export function endpointWithSecretsOf(row: EndpointRow): WebhookEndpoint & EndpointSecrets {
  const endpoint: WebhookEndpoint & EndpointSecrets = endpointOf(row);
  put(endpoint, 'secret', row.secret);
  put(endpoint, 'previousSecret', row.previous_secret);
  return endpoint;
}

export function attemptOf(row: AttemptRow): DeliveryAttempt {
  const attempt: DeliveryAttempt = {
    id: row.id,
    deliveryId: row.delivery_id,
    eventId: row.event_id,
    eventType: row.event_type,
    endpointId: row.endpoint_id,
    attempt: row.attempt,
    attemptedAt: row.attempted_at,
    durationMs: row.duration_ms,
  };
  put(attempt, 'statusCode', row.status_code);
  put(attempt, 'error', row.error);
  put(attempt, 'responseExcerpt', row.response_excerpt);
  return attempt;
}

export function callbackOf(row: CallbackRow): StoredCallback {
  const entry: StoredCallback = {
    id: row.id,
    receivedAt: row.received_at,
    type: row.type,
    outcome: row.outcome,
    body: row.body,
  };
  put(entry, 'objectId', row.object_id);
  put(entry, 'foreignId', row.foreign_id);
  put(entry, 'status', row.status);
  return entry;
}
