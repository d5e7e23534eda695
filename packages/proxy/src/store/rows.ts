/**
 * Rows of the store's tables (`tables.ts`) and their mapping to and from the store's records, in
 * one place for both databases (null ↔ absent). JSON columns are read here: text on SQLite,
 * parsed already from PostgreSQL's jsonb.
 */

import type { CallbackOutcome } from '@crypto-pay/protocol/merchant-api';
import type { Insertable, Selectable } from 'kysely';
import type {
  AttemptClaim,
  AttemptResult,
  DeliveryAttempt,
  EndpointSecrets,
  StoredEvent,
  WebhookEndpoint,
} from './outbox.ts';
import type {
  CallbackEntry,
  CheckoutRecord,
  CheckoutSession,
  CurrencyRef,
  StoredCallback,
} from './store.ts';
import type {
  CallbacksTable,
  CheckoutSessionsTable,
  CheckoutsTable,
  WebhookAttemptsTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from './tables.ts';

/** A JSON column's value, whichever database read it. */
export const json = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

export type CheckoutRow = Selectable<CheckoutsTable>;
export type SessionRow = Selectable<CheckoutSessionsTable>;

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
  put(checkout, 'staleAt', row.stale_at);
  return checkout;
}

/** The row a new checkout is saved as. */
/** The columns a new checkout's row gives, every one (`checkoutRowOf`). */
export const CHECKOUT_COLUMNS = [
  'id',
  'status',
  'payment_link',
  'expires_at',
  'amount',
  'currency_iso',
  'currency_network',
  'payment_currency_iso',
  'payment_currency_network',
  'success_url',
  'failed_url',
  'payment_request_id',
  'foreign_id',
  'pricing',
  'product',
  'status_detail',
  'refund_instructions',
  'created_at',
  'updated_at',
  'version',
] as const satisfies readonly (keyof Insertable<CheckoutsTable>)[];

export function checkoutRowOf(checkout: CheckoutRecord): Insertable<CheckoutsTable> {
  return {
    id: checkout.id,
    status: checkout.status,
    payment_link: checkout.paymentLink,
    expires_at: checkout.expiresAt,
    amount: checkout.amount,
    currency_iso: checkout.currency.iso,
    currency_network: checkout.currency.network_name ?? null,
    payment_currency_iso: checkout.paymentCurrency?.iso ?? null,
    payment_currency_network: checkout.paymentCurrency?.network_name ?? null,
    success_url: checkout.successUrl ?? null,
    failed_url: checkout.failedUrl ?? null,
    payment_request_id: checkout.paymentRequestId,
    foreign_id: checkout.foreignId,
    pricing: checkout.pricing,
    product: checkout.product ?? null,
    status_detail: checkout.statusDetail ?? null,
    refund_instructions: checkout.refundInstructions ?? null,
    created_at: checkout.createdAt,
    updated_at: checkout.updatedAt,
    version: checkout.version,
  };
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

/** The row a new session is saved as (unclaimed). */
export function sessionRowOf(session: CheckoutSession): Insertable<CheckoutSessionsTable> {
  return {
    token_hash: session.tokenHash,
    amount: session.amount,
    currency_iso: session.currency.iso,
    currency_network: session.currency.network_name ?? null,
    foreign_id: session.foreignId ?? null,
    end_user_reference: session.endUserReference ?? null,
    description: session.description ?? null,
    url_store: session.urlStore ?? null,
    url_success: session.urlSuccess ?? null,
    url_failed: session.urlFailed ?? null,
    expires_at: session.expiresAt,
    created_at: session.createdAt,
  };
}

export type EventRow = Pick<Selectable<WebhookEventsTable>, 'id' | 'type' | 'created_at' | 'data'>;
export type EndpointRow = Omit<Selectable<WebhookEndpointsTable>, 'deleted_at' | 'disabled_at'> & {
  disabled_at?: number | null;
};
/** A `webhook_attempts` row joined with its delivery's event id and type and endpoint. */
export type AttemptRow = Selectable<WebhookAttemptsTable> & {
  event_id: string;
  event_type: string;
  endpoint_id: string;
  endpoint_url: string;
  next_attempt_at: number | null;
};
export type CallbackRow = Selectable<CallbacksTable>;

export const eventOf = (row: EventRow): StoredEvent => ({
  id: row.id,
  type: row.type,
  createdAt: row.created_at,
  data: json(row.data),
});

export function endpointOf(row: EndpointRow): WebhookEndpoint {
  const endpoint: WebhookEndpoint = { id: row.id, url: row.url, createdAt: row.created_at };
  put(endpoint, 'eventTypes', row.event_types === null ? null : json(row.event_types));
  put(endpoint, 'failingSince', row.failing_since);
  put(endpoint, 'previousSecretUntil', row.previous_secret_until);
  put(endpoint, 'disabledAt', row.disabled_at ?? null);
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
    endpointUrl: row.endpoint_url,
    attempt: row.attempt,
    attemptedAt: row.attempted_at,
    durationMs: row.duration_ms,
  };
  put(attempt, 'statusCode', row.status_code);
  put(attempt, 'error', row.error);
  put(attempt, 'responseExcerpt', row.response_excerpt);
  put(attempt, 'nextAttemptAt', row.next_attempt_at);
  return attempt;
}

/** An attempt of `delivery` as its row in the attempts log. */
export const attemptRow = (
  delivery: AttemptClaim,
  result: Omit<AttemptResult, 'retryAt'>,
): Insertable<WebhookAttemptsTable> => ({
  delivery_id: delivery.id,
  attempt: delivery.attempt,
  attempted_at: result.attemptedAt,
  duration_ms: result.durationMs,
  status_code: result.statusCode ?? null,
  error: result.error ?? null,
  response_excerpt: result.responseExcerpt ?? null,
  url: delivery.endpoint.url,
});

/** A callback log entry as its row. */
export const callbackRow = (entry: CallbackEntry): Insertable<CallbacksTable> => ({
  received_at: entry.receivedAt,
  type: entry.type,
  object_id: entry.objectId ?? null,
  foreign_id: entry.foreignId ?? null,
  status: entry.status ?? null,
  outcome: entry.outcome,
  body: JSON.stringify(entry.body),
});

export function callbackOf(row: CallbackRow): StoredCallback {
  const entry: StoredCallback = {
    id: row.id,
    receivedAt: row.received_at,
    type: row.type,
    // Written by the proxy only, from the contract's outcomes.
    outcome: row.outcome as CallbackOutcome,
    body: json(row.body),
  };
  put(entry, 'objectId', row.object_id);
  put(entry, 'foreignId', row.foreign_id);
  put(entry, 'status', row.status);
  return entry;
}
