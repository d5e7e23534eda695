/**
 * The store's tables as both databases hold them, for Kysely's typed queries: one description,
 * from which every query's columns are checked. Times are Unix milliseconds (BIGINT on
 * PostgreSQL, read back as numbers), JSON columns are text on SQLite and jsonb on PostgreSQL:
 * written as text on both, read back by `rows.ts`.
 */

import type { MoneyOperationKind } from '@crypto-pay/protocol/merchant-api';
import type { CheckoutStatus } from '@crypto-pay/protocol/proxy-api';
import type { ColumnType, Generated } from 'kysely';
import type { CheckoutRecord } from './store.ts';

/** A JSON column: written as its text, read as text (SQLite) or parsed (PostgreSQL). */
export type Json<T> = ColumnType<T | string, string, string>;

export interface CheckoutsTable {
  seq: Generated<number>;
  id: string;
  status: CheckoutStatus;
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
  status_detail: NonNullable<CheckoutRecord['statusDetail']> | null;
  refund_instructions: NonNullable<CheckoutRecord['refundInstructions']> | null;
  created_at: number;
  updated_at: number;
  version: number;
  /** When a sweep found it stale and announced it (`stale.ts`); NULL until then, and once final. */
  stale_at: number | null;
}

export interface CheckoutSessionsTable {
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
  /** Held by a create until then (a lease); NULL when free. */
  claimed_until: number | null;
  checkout_id: string | null;
}

export interface IdempotencyKeysTable {
  key: string;
  request_hash: string;
  checkout_id: string | null;
  created_at: number;
}

export interface CallbacksTable {
  id: Generated<number>;
  received_at: number;
  type: string;
  object_id: string | null;
  foreign_id: string | null;
  status: string | null;
  outcome: string;
  body: Json<Record<string, unknown>>;
}

export interface StoreProbeTable {
  id: number;
  checked_at: number;
}

export interface WebhookEventsTable {
  /** SQLite numbers it; PostgreSQL's store takes it from a sequence (`dialect.postgres.ts`). */
  seq: Generated<number>;
  id: string;
  type: string;
  created_at: number;
  data: Json<Record<string, unknown>>;
  dedupe_key: string | null;
}

export interface WebhookDedupeKeysTable {
  dedupe_key: string;
  created_at: number;
}

export interface WebhookEndpointsTable {
  id: string;
  url: string;
  secret: string | null;
  previous_secret: string | null;
  previous_secret_until: number | null;
  event_types: Json<string[]> | null;
  created_at: number;
  failing_since: number | null;
  deleted_at: number | null;
  /** Disabled through the merchant API: no event is queued for it until it is enabled again. */
  disabled_at: number | null;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  event_seq: number;
  endpoint_id: string;
  state: 'pending' | 'delivered' | 'failed' | 'cancelled';
  attempt: Generated<number>;
  next_attempt_at: number;
  claimed_until: number | null;
  created_at: number;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  attempted_at: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_excerpt: string | null;
  /** Where it was sent; null on rows logged before version 13 (the endpoint's URL stands in). */
  url: string | null;
}

export interface RateBucketsTable {
  key: string;
  tokens: number;
  taken: ColumnType<boolean | number, never, never>;
  updated_at: number;
}

export interface AccountsTable {
  name: string;
  /** `scrypt$N$r$p$salt$hash` (base64url): the parameters travel with the hash. */
  password_hash: string;
  role: 'viewer' | 'operator' | 'owner';
  created_at: number;
  disabled_at: number | null;
}

export interface DashboardSessionsTable {
  /** SHA-256 of the cookie's token (the token itself is never stored). */
  token_hash: string;
  /** The account's name, or `admin-token` for the setup session of a fresh install. */
  account: string;
  created_at: number;
  last_seen_at: number;
  /** The absolute end (12 hours after sign-in). */
  expires_at: number;
  ended_at: number | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actor: string;
  action: string;
  target: string | null;
  detail: Json<Record<string, unknown>> | null;
}

/** The invoices and withdrawals made through the merchant API (`money-operations.ts`). */
export interface MoneyOperationsTable {
  id: Generated<number>;
  kind: MoneyOperationKind;
  /** Null while a refund is requested and the service's answer is not known. */
  object_id: string | null;
  foreign_id: string;
  amount: string;
  currency: string;
  status: string;
  url: string | null;
  created_by: string;
  /** The checkout a withdrawal sends money back for. */
  refund_of: string | null;
  created_at: number;
  updated_at: number;
}

export interface SchemaMigrationsTable {
  version: number;
  applied_at: number;
}

export interface Tables {
  checkouts: CheckoutsTable;
  checkout_sessions: CheckoutSessionsTable;
  idempotency_keys: IdempotencyKeysTable;
  callbacks: CallbacksTable;
  store_probe: StoreProbeTable;
  webhook_events: WebhookEventsTable;
  webhook_dedupe_keys: WebhookDedupeKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  rate_buckets: RateBucketsTable;
  accounts: AccountsTable;
  dashboard_sessions: DashboardSessionsTable;
  audit_log: AuditLogTable;
  money_operations: MoneyOperationsTable;
  schema_migrations: SchemaMigrationsTable;
}
