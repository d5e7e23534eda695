/**
 * The old PostgreSQL history, frozen: entry N made schema version N+1, up to version 6, the last
 * before one history served both databases (`schema.ts`). Never edited: a database at any of
 * these versions is brought to 6 by the rest of this list, then adopted; upgrade tests build it.
 */

export const POSTGRES_HISTORY: readonly string[] = [
  `
  -- Checkouts: what the widget follows. No sender data, no email: only prices and statuses.
  -- Times are Unix milliseconds (BIGINT), read back as numbers (postgres-connection.ts).
  CREATE TABLE checkouts (
    seq BIGSERIAL PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL CHECK (status IN ('created', 'processing', 'paid', 'failed', 'expired')),
    payment_link TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    amount TEXT NOT NULL,
    currency_iso TEXT NOT NULL,
    currency_network TEXT,
    payment_currency_iso TEXT,
    payment_currency_network TEXT,
    success_url TEXT,
    failed_url TEXT,
    payment_request_id TEXT NOT NULL UNIQUE,
    foreign_id TEXT NOT NULL UNIQUE,
    pricing TEXT NOT NULL CHECK (pricing IN ('product', 'session', 'amount')),
    product TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    version INTEGER NOT NULL
  );
  CREATE INDEX checkouts_status ON checkouts (status, seq);

  -- Single-use sessions pinned by the merchant's back end; the token is stored hashed.
  CREATE TABLE checkout_sessions (
    token_hash TEXT PRIMARY KEY,
    amount TEXT NOT NULL,
    currency_iso TEXT NOT NULL,
    currency_network TEXT,
    foreign_id TEXT,
    end_user_reference TEXT,
    description TEXT,
    url_store TEXT,
    url_success TEXT,
    url_failed TEXT,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    -- Held by a create until then (Unix ms); NULL when free. A lease, not a flag: a proxy that
    -- dies in a create cannot give it back, and the others cannot tell a dead one from a slow one.
    claimed_until BIGINT,
    checkout_id TEXT REFERENCES checkouts (id)
  );
  CREATE INDEX checkout_sessions_foreign_id ON checkout_sessions (foreign_id);

  -- Idempotency-Key of POST /api/checkouts: the key, a keyed hash of the body, the result. A
  -- key without a checkout older than the claim lease was left by a dead proxy
  -- (postgres-create-claims.ts).
  CREATE TABLE idempotency_keys (
    key TEXT PRIMARY KEY,
    request_hash TEXT NOT NULL,
    checkout_id TEXT REFERENCES checkouts (id),
    created_at BIGINT NOT NULL
  );
  CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

  -- Every verified callback, with personal fields removed, and what was done with it.
  CREATE TABLE callbacks (
    id BIGSERIAL PRIMARY KEY,
    received_at BIGINT NOT NULL,
    type TEXT NOT NULL,
    object_id TEXT,
    foreign_id TEXT,
    status TEXT,
    outcome TEXT NOT NULL,
    body JSONB NOT NULL
  );
  CREATE INDEX callbacks_foreign_id ON callbacks (foreign_id);
  CREATE INDEX callbacks_type ON callbacks (type, id);

  -- One row /readyz rewrites: readiness means the store can still write, not only read.
  CREATE TABLE store_probe (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    checked_at BIGINT NOT NULL
  );

  -- The webhook outbox. An event is written in the transaction of the change that causes it.
  -- seq is taken from its sequence only while the transaction holds an advisory lock it keeps
  -- until it commits (postgres-outbox.ts), so seqs become visible in their order and a reader
  -- paging by seq never sees a later one before an earlier one.
  CREATE TABLE webhook_events (
    seq BIGINT PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    data JSONB NOT NULL,
    dedupe_key TEXT UNIQUE
  );
  CREATE SEQUENCE webhook_events_seq OWNED BY webhook_events.seq;
  CREATE INDEX webhook_events_type ON webhook_events (type, seq);

  -- Where events go: 'env' is WEBHOOK_URL (its secret stays in the environment); the others are
  -- managed through the merchant API and keep their secret here to sign with.
  CREATE TABLE webhook_endpoints (
    id TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    secret TEXT,
    previous_secret TEXT,
    previous_secret_until BIGINT,
    event_types JSONB,
    created_at BIGINT NOT NULL,
    failing_since BIGINT,
    deleted_at BIGINT
  );

  -- One event to one endpoint, claimed by one worker at a time (FOR UPDATE SKIP LOCKED, then a
  -- lease in claimed_until that a dead worker's claim runs out of).
  CREATE TABLE webhook_deliveries (
    id BIGSERIAL PRIMARY KEY,
    event_seq BIGINT NOT NULL REFERENCES webhook_events (seq),
    endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints (id),
    state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed', 'cancelled')),
    attempt INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    claimed_until BIGINT,
    created_at BIGINT NOT NULL
  );
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);

  -- Every attempt, for the merchant API's delivery log (a short excerpt of the answer only).
  CREATE TABLE webhook_attempts (
    id BIGSERIAL PRIMARY KEY,
    delivery_id BIGINT NOT NULL REFERENCES webhook_deliveries (id),
    attempt INTEGER NOT NULL,
    attempted_at BIGINT NOT NULL,
    status_code INTEGER,
    duration_ms INTEGER NOT NULL,
    error TEXT,
    response_excerpt TEXT
  );
  CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id);
  `,
  `
  -- A claim takes at most a few deliveries per endpoint (a slow one must not hold every send):
  -- each endpoint's earliest due rows, and its claims in force, read without a scan of the backlog.
  CREATE INDEX webhook_deliveries_endpoint_due ON webhook_deliveries (endpoint_id, next_attempt_at, id)
    WHERE state = 'pending';
  CREATE INDEX webhook_deliveries_claimed ON webhook_deliveries (claimed_until, endpoint_id)
    WHERE state = 'pending';
  `,
  `
  -- Pruning by age (RETENTION_DAYS) finds the old rows by index, not by a scan of the whole log,
  -- and deleting an event looks its deliveries up by index too (the foreign key's check).
  CREATE INDEX callbacks_received ON callbacks (received_at);
  CREATE INDEX webhook_events_created ON webhook_events (created_at);
  CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_seq);
  `,
  `
  -- The create rate limit's token buckets, one per client, shared by every proxy
  -- (postgres-rate-limit.ts). UNLOGGED: a take is a write on every create, refused ones too,
  -- and waits for no WAL flush; a crash empties the table, which only fills every bucket.
  -- Idle ones are deleted by a scan once a minute: the table holds about two minutes' clients,
  -- and an index on updated_at would be rewritten by every take.
  CREATE UNLOGGED TABLE rate_buckets (
    key TEXT PRIMARY KEY,
    tokens DOUBLE PRECISION NOT NULL,
    taken BOOLEAN NOT NULL,
    updated_at BIGINT NOT NULL
  );
  `,
  `
  -- Every dedupe key an event was written with, never pruned: a relayed callback is signed over
  -- its body alone, so a captured one stays valid for ever, and once its event is pruned only
  -- this row stops a replay from making a new event (and a new webhook id) of it. The keys of
  -- the events still kept are copied in; events pruned before this migration left none.
  CREATE TABLE webhook_dedupe_keys (
    dedupe_key TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL
  );
  INSERT INTO webhook_dedupe_keys (dedupe_key, created_at)
    SELECT dedupe_key, created_at FROM webhook_events WHERE dedupe_key IS NOT NULL;
  `,
  `
  -- What the service's callback says beyond the status (underpaid, late, overpaid), and where
  -- refund instructions come from (the service's email or the merchant; no address is kept).
  ALTER TABLE checkouts ADD COLUMN status_detail TEXT
    CHECK (status_detail IN ('underpaid', 'late', 'overpaid'));
  ALTER TABLE checkouts ADD COLUMN refund_instructions TEXT
    CHECK (refund_instructions IN ('email', 'merchant'));
  `,
];
