/**
 * The store's schema on both databases, as one append-only history written with Kysely's
 * schema builder (a type switched only where the databases name it differently), and the plan
 * that brings any database to its end: a new one from nothing, one of the old per-database
 * histories (`legacy/`) adopted in place, a current one by what it misses. Each store runs the
 * plan (`sqlite.ts` at open, `postgres.ts` under an advisory lock).
 */

import { REFUND_VOID_STATUSES } from '@crypto-pay/protocol/merchant-api';
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { postgresAmount, postgresEventCheckout } from './dialect.postgres.ts';
import { sqliteAmountKey, sqliteEventCheckout } from './dialect.sqlite.ts';
import { POSTGRES_HISTORY } from './legacy/postgres-history.ts';
import { SQLITE_HISTORY } from './legacy/sqlite-history.ts';
import { CHECKOUT_EVENTS } from './payments.ts';
import type { Tables } from './tables.ts';

type DialectName = 'sqlite' | 'postgres';

/** The old histories, each database's own, that this one continues (their last version +1). */
const LEGACY: Record<DialectName, readonly string[]> = {
  sqlite: SQLITE_HISTORY,
  postgres: POSTGRES_HISTORY,
};

interface Migration {
  version: number;
  /** The statements, built for `dialect` (never run by the builder: the plan's runner runs them). */
  up(db: Kysely<Tables>, dialect: DialectName): CompiledQuery[];
}

/** Column types where the databases name them differently. */
const types = (dialect: DialectName) =>
  dialect === 'postgres'
    ? ({ ms: 'bigint', json: 'jsonb', serial: 'bigserial' } as const)
    : ({ ms: 'integer', json: 'text', serial: 'integer' } as const);

/** The first version of this history: one past the old ones' last (SQLite's 8, PostgreSQL's 6). */
const FIRST = 9;

/** The schema a new database starts with: what both old histories ended with, made one. */
function baseline(db: Kysely<Tables>, dialect: DialectName): CompiledQuery[] {
  const t = types(dialect);
  const s = db.schema;
  // SQLite's AUTOINCREMENT never reuses a rowid; PostgreSQL's serial never goes back either.
  const serialKey = (name: string) => (table: ReturnType<typeof s.createTable>) =>
    table.addColumn(name, t.serial, (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    );
  const statuses = sql`status IN ('created', 'processing', 'paid', 'failed', 'expired')`;
  return [
    // Checkouts: what the widget follows. No sender data, no email: only prices and statuses.
    s
      .createTable('checkouts')
      .$call(serialKey('seq'))
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'text', (c) => c.notNull().check(statuses))
      .addColumn('payment_link', 'text', (c) => c.notNull())
      .addColumn('expires_at', t.ms, (c) => c.notNull())
      .addColumn('amount', 'text', (c) => c.notNull())
      .addColumn('currency_iso', 'text', (c) => c.notNull())
      .addColumn('currency_network', 'text')
      .addColumn('payment_currency_iso', 'text')
      .addColumn('payment_currency_network', 'text')
      .addColumn('success_url', 'text')
      .addColumn('failed_url', 'text')
      .addColumn('payment_request_id', 'text', (c) => c.notNull().unique())
      .addColumn('foreign_id', 'text', (c) => c.notNull().unique())
      .addColumn('pricing', 'text', (c) =>
        c.notNull().check(sql`pricing IN ('product', 'session', 'amount')`),
      )
      .addColumn('product', 'text')
      .addColumn('created_at', t.ms, (c) => c.notNull())
      .addColumn('updated_at', t.ms, (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('status_detail', 'text', (c) =>
        c.check(sql`status_detail IN ('underpaid', 'late', 'overpaid')`),
      )
      .addColumn('refund_instructions', 'text', (c) =>
        c.check(sql`refund_instructions IN ('email', 'merchant')`),
      )
      .compile(),
    s.createIndex('checkouts_status').on('checkouts').columns(['status', 'seq']).compile(),
    // Single-use sessions pinned by the merchant's back end; the token is stored hashed. A claim
    // is a lease (claimed_until), not a flag: a proxy that dies in a create cannot give it back.
    s
      .createTable('checkout_sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('amount', 'text', (c) => c.notNull())
      .addColumn('currency_iso', 'text', (c) => c.notNull())
      .addColumn('currency_network', 'text')
      .addColumn('foreign_id', 'text')
      .addColumn('end_user_reference', 'text')
      .addColumn('description', 'text')
      .addColumn('url_store', 'text')
      .addColumn('url_success', 'text')
      .addColumn('url_failed', 'text')
      .addColumn('expires_at', t.ms, (c) => c.notNull())
      .addColumn('created_at', t.ms, (c) => c.notNull())
      .addColumn('claimed_until', t.ms)
      .addColumn('checkout_id', 'text', (c) => c.references('checkouts.id'))
      .compile(),
    s
      .createIndex('checkout_sessions_foreign_id')
      .on('checkout_sessions')
      .column('foreign_id')
      .compile(),
    // Idempotency-Key of POST /api/checkouts: the key, a keyed hash of the body, the result.
    s
      .createTable('idempotency_keys')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('checkout_id', 'text', (c) => c.references('checkouts.id'))
      .addColumn('created_at', t.ms, (c) => c.notNull())
      .compile(),
    s.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').compile(),
    // Every verified callback, with personal fields removed, and what was done with it.
    s
      .createTable('callbacks')
      .$call(serialKey('id'))
      .addColumn('received_at', t.ms, (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('object_id', 'text')
      .addColumn('foreign_id', 'text')
      .addColumn('status', 'text')
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('body', t.json, (c) => c.notNull())
      .compile(),
    s.createIndex('callbacks_foreign_id').on('callbacks').column('foreign_id').compile(),
    s.createIndex('callbacks_type').on('callbacks').columns(['type', 'id']).compile(),
    s.createIndex('callbacks_received').on('callbacks').column('received_at').compile(),
    // One row /readyz rewrites: readiness means the store can still write, not only read.
    s
      .createTable('store_probe')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('checked_at', t.ms, (c) => c.notNull())
      .compile(),
    // The webhook outbox: an event is written in the transaction of the change that causes it,
    // its seq visible in commit order (`events.*.ts` says how each database keeps that).
    s
      .createTable('webhook_events')
      .$call((table) =>
        dialect === 'sqlite'
          ? table.addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('seq', 'bigint', (c) => c.primaryKey()),
      )
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('created_at', t.ms, (c) => c.notNull())
      .addColumn('data', t.json, (c) => c.notNull())
      .addColumn('dedupe_key', 'text', (c) => c.unique())
      .compile(),
    ...(dialect === 'postgres'
      ? [sql`CREATE SEQUENCE webhook_events_seq OWNED BY webhook_events.seq`.compile(db)]
      : []),
    s.createIndex('webhook_events_type').on('webhook_events').columns(['type', 'seq']).compile(),
    s.createIndex('webhook_events_created').on('webhook_events').column('created_at').compile(),
    // Where events go: 'env' is WEBHOOK_URL (its secret stays in the environment); the others
    // are managed through the merchant API and keep their secret here to sign with.
    s
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('secret', 'text')
      .addColumn('previous_secret', 'text')
      .addColumn('previous_secret_until', t.ms)
      .addColumn('event_types', t.json)
      .addColumn('created_at', t.ms, (c) => c.notNull())
      .addColumn('failing_since', t.ms)
      .addColumn('deleted_at', t.ms)
      .compile(),
    // One event to one endpoint, claimed by one worker at a time (a lease in claimed_until).
    s
      .createTable('webhook_deliveries')
      .$call(serialKey('id'))
      .addColumn('event_seq', t.ms, (c) => c.notNull().references('webhook_events.seq'))
      .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id'))
      .addColumn('state', 'text', (c) =>
        c.notNull().check(sql`state IN ('pending', 'delivered', 'failed', 'cancelled')`),
      )
      .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', t.ms, (c) => c.notNull())
      .addColumn('claimed_until', t.ms)
      .addColumn('created_at', t.ms, (c) => c.notNull())
      .compile(),
    s
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['state', 'next_attempt_at'])
      .compile(),
    // A claim reads each endpoint's earliest due rows and its claims in force by index.
    s
      .createIndex('webhook_deliveries_endpoint_due')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'next_attempt_at', 'id'])
      .where(sql.ref('state'), '=', 'pending')
      .compile(),
    s
      .createIndex('webhook_deliveries_claimed')
      .on('webhook_deliveries')
      .columns(['claimed_until', 'endpoint_id'])
      .where(sql.ref('state'), '=', 'pending')
      .compile(),
    s
      .createIndex('webhook_deliveries_event')
      .on('webhook_deliveries')
      .column('event_seq')
      .compile(),
    // Every attempt, for the merchant API's delivery log (a short excerpt of the answer only).
    s
      .createTable('webhook_attempts')
      .$call(serialKey('id'))
      .addColumn('delivery_id', t.ms, (c) => c.notNull().references('webhook_deliveries.id'))
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('attempted_at', t.ms, (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('response_excerpt', 'text')
      .compile(),
    s
      .createIndex('webhook_attempts_delivery')
      .on('webhook_attempts')
      .column('delivery_id')
      .compile(),
    // Every dedupe key an event was written with, never pruned: a captured relayed callback
    // stays valid for ever, and once its event is pruned only this row stops a replay.
    s
      .createTable('webhook_dedupe_keys')
      .addColumn('dedupe_key', 'text', (c) => c.primaryKey())
      .addColumn('created_at', t.ms, (c) => c.notNull())
      .$call((table) => (dialect === 'sqlite' ? table.modifyEnd(sql`WITHOUT ROWID`) : table))
      .compile(),
    // The rate limits' buckets, shared by every proxy: UNLOGGED, as a take waits for no WAL
    // flush and a crash only fills every bucket. SQLite's are in the process's memory (`rate-buckets.ts`).
    ...(dialect === 'postgres'
      ? [
          s
            .createTable('rate_buckets')
            .modifyFront(sql`UNLOGGED`)
            .addColumn('key', 'text', (c) => c.primaryKey())
            .addColumn('tokens', 'double precision', (c) => c.notNull())
            .addColumn('taken', 'boolean', (c) => c.notNull())
            .addColumn('updated_at', 'bigint', (c) => c.notNull())
            .compile(),
        ]
      : []),
  ];
}

/**
 * What an old history's last schema needs to be the baseline: SQLite's session claim was a flag
 * (`claimed`), now a lease as on PostgreSQL. No claim survives the change: the one process that
 * owned the file is gone, and `openSqliteStore` gives back what it held anyway.
 */
function adoption(db: Kysely<Tables>, dialect: DialectName): CompiledQuery[] {
  if (dialect === 'postgres') return [];
  return [
    db.schema.alterTable('checkout_sessions').addColumn('claimed_until', 'integer').compile(),
    db.schema.alterTable('checkout_sessions').dropColumn('claimed').compile(),
  ];
}

/** Migration 10's marking of the checkouts stale before it, at `now` (Unix ms). */
function historicStale(db: Kysely<Tables>, now: number): CompiledQuery {
  const deadline = Math.floor(now / 1000) - 3600;
  return db
    .updateTable('checkouts')
    .set({ stale_at: now })
    .where('status', 'in', ['created', 'processing'])
    .where('expires_at', '<=', deadline)
    .compile();
}

/** This history, after its baseline: appended to, never edited once shipped. */
const HISTORY: readonly Migration[] = [
  {
    // Stale checkouts (`stale.ts`): the mark, and two partial indexes that keep the sweep and
    // the count to the few rows they concern, however many checkouts are kept.
    version: FIRST + 1,
    up: (db, dialect) => [
      db.schema.alterTable('checkouts').addColumn('stale_at', types(dialect).ms).compile(),
      // The checkouts already stale under the default deadline (an hour past expiry) when this
      // runs count as announced, with no event: else the first sweep would send a webhook and
      // a warning for every checkout ever abandoned.
      historicStale(db, Date.now()),
      db.schema
        .createIndex('checkouts_unannounced_expiry')
        .on('checkouts')
        .column('expires_at')
        .where(sql<boolean>`stale_at IS NULL AND status IN ('created', 'processing')`)
        .compile(),
      db.schema
        .createIndex('checkouts_stale')
        .on('checkouts')
        .column('stale_at')
        .where(sql<boolean>`stale_at IS NOT NULL`)
        .compile(),
    ],
  },
  {
    // People of the dashboard (`accounts.ts`): accounts with a scrypt hash (its parameters and
    // salt in the one string), their sessions (the token's SHA-256 only) and the audit log; and
    // webhook endpoints it can disable.
    version: FIRST + 2,
    up: (db, dialect) => {
      const t = types(dialect);
      const s = db.schema;
      return [
        s
          .createTable('accounts')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('role', 'text', (c) =>
            c.notNull().check(sql`role IN ('viewer', 'operator', 'owner')`),
          )
          .addColumn('created_at', t.ms, (c) => c.notNull())
          .addColumn('disabled_at', t.ms)
          .compile(),
        s
          .createTable('dashboard_sessions')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          // No reference to accounts: the setup session of ADMIN_TOKEN has no account row.
          .addColumn('account', 'text', (c) => c.notNull())
          .addColumn('created_at', t.ms, (c) => c.notNull())
          .addColumn('last_seen_at', t.ms, (c) => c.notNull())
          .addColumn('expires_at', t.ms, (c) => c.notNull())
          .addColumn('ended_at', t.ms)
          .compile(),
        s
          .createIndex('dashboard_sessions_account')
          .on('dashboard_sessions')
          .column('account')
          .compile(),
        s
          .createIndex('dashboard_sessions_expires')
          .on('dashboard_sessions')
          .column('expires_at')
          .compile(),
        s
          .createTable('audit_log')
          .addColumn('id', t.serial, (c) =>
            dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
          )
          .addColumn('at', t.ms, (c) => c.notNull())
          .addColumn('actor', 'text', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('target', 'text')
          .addColumn('detail', t.json)
          .compile(),
        s.createIndex('audit_log_actor').on('audit_log').columns(['actor', 'id']).compile(),
        // A webhook endpoint the dashboard disabled (`endpoints.ts`): kept, sent nothing.
        s.alterTable('webhook_endpoints').addColumn('disabled_at', t.ms).compile(),
        s.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).compile(),
      ];
    },
  },
  {
    // The back office's payments (`payments.ts`, `timeline.ts`): each filter of the list walks
    // an index in the list's order (seq) or a range, never the whole table. Indexes only, no
    // column to fill: the amount and the event's checkout are expressions of what every release
    // writes, so the rows a previous release's proxy writes during a rolling update are in them
    // at once, and no UPDATE rewrites (and locks) a table. PostgreSQL's CREATE INDEX blocks
    // writes to its table, not reads, while it builds.
    version: FIRST + 3,
    up: (db, dialect) => {
      const s = db.schema;
      const postgres = dialect === 'postgres';
      const amount = postgres ? postgresAmount() : sqliteAmountKey();
      const eventCheckout = postgres ? postgresEventCheckout() : sqliteEventCheckout();
      return [
        // The amount as an exact number (PostgreSQL) or a text key that sorts as it does
        // (SQLite, in built-in functions: `dialect.sqlite.ts`).
        sql`CREATE INDEX checkouts_amount ON checkouts (${amount}, seq)`.compile(db),
        // With the status: the counts per day read the index alone, not a row per checkout.
        s
          .createIndex('checkouts_created')
          .on('checkouts')
          .columns(['created_at', 'status'])
          .compile(),
        s
          .createIndex('checkouts_currency')
          .on('checkouts')
          .columns(['currency_iso', 'seq'])
          .compile(),
        s
          .createIndex('checkouts_detail')
          .on('checkouts')
          .columns(['status_detail', 'seq'])
          .compile(),
        s.createIndex('checkouts_pricing').on('checkouts').columns(['pricing', 'seq']).compile(),
        // A prefix of an id is a range of ids in byte order: SQLite's unique index is in it;
        // PostgreSQL's follows the database's collation, so a byte-ordered one is added.
        ...(postgres
          ? [sql`CREATE INDEX checkouts_id_pattern ON checkouts (id text_pattern_ops)`.compile(db)]
          : []),
        // A payment request's callbacks by its id (the foreign_id has its index already).
        s.createIndex('callbacks_object').on('callbacks').column('object_id').compile(),
        // The checkout each `checkout.*` event is about, for its timeline: the id in its data.
        sql`CREATE INDEX webhook_events_checkout ON webhook_events (${eventCheckout}, seq)
          WHERE ${CHECKOUT_EVENTS}`.compile(db),
      ];
    },
  },
  {
    // The back office's searches: callbacks by status, newest first (the other filters have
    // their indexes), and the failed delivery attempts, newest first, a few among many. And
    // the URL each attempt went to, kept when its endpoint's URL changes (null before this).
    version: FIRST + 4,
    up: (db) => {
      const s = db.schema;
      return [
        s.alterTable('webhook_attempts').addColumn('url', 'text').compile(),
        s.createIndex('callbacks_status').on('callbacks').columns(['status', 'id']).compile(),
        s
          .createIndex('webhook_attempts_failed')
          .on('webhook_attempts')
          .column('id')
          .where(sql.ref('error'), 'is not', null)
          .compile(),
      ];
    },
  },
  {
    // The invoices and withdrawals made through the merchant API (`money-operations.ts`): the
    // back office lists them before any callback comes. No sender, receiver, email or address.
    // A refund's row is written before the service is asked, its object id not yet known.
    version: FIRST + 5,
    up: (db, dialect) => {
      const t = types(dialect);
      const s = db.schema;
      return [
        s
          .createTable('money_operations')
          .addColumn('id', t.serial, (c) =>
            dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
          )
          .addColumn('kind', 'text', (c) =>
            c.notNull().check(sql`kind IN ('invoice', 'withdrawal')`),
          )
          .addColumn('object_id', 'text')
          .addColumn('foreign_id', 'text', (c) => c.notNull())
          .addColumn('amount', 'text', (c) => c.notNull())
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('url', 'text')
          .addColumn('created_by', 'text', (c) => c.notNull())
          .addColumn('refund_of', 'text')
          .addColumn('created_at', t.ms, (c) => c.notNull())
          .addColumn('updated_at', t.ms, (c) => c.notNull())
          .compile(),
        // The service takes a foreign_id once per kind: a callback finds its row by it.
        s
          .createIndex('money_operations_foreign_id')
          .on('money_operations')
          .columns(['kind', 'foreign_id'])
          .unique()
          .compile(),
        s
          .createIndex('money_operations_kind')
          .on('money_operations')
          .columns(['kind', 'id'])
          .compile(),
        s
          .createIndex('money_operations_refund_of')
          .on('money_operations')
          .column('refund_of')
          .where(sql.ref('refund_of'), 'is not', null)
          .compile(),
        // A checkout is paid back once: of its refunds, one at most not void. Two proxies that
        // both claim it cannot both write their row, so only one asks the service.
        s
          .createIndex('money_operations_one_refund')
          .on('money_operations')
          .column('refund_of')
          .unique()
          .where(
            sql<boolean>`refund_of IS NOT NULL AND status NOT IN (${sql.join(
              REFUND_VOID_STATUSES.map((status) => sql.lit(status)),
            )})`,
          )
          .compile(),
      ];
    },
  },
];

/** The version a database is at once the plan has run. */
export const LATEST_VERSION = FIRST + HISTORY.length;

/** A database migrated by a newer release than this one: it is left untouched. */
export class SchemaTooNewError extends Error {
  override name = 'SchemaTooNewError';
}

/** One migration's statements, committed together with the row that records `version`. */
export interface PlannedStep {
  version: number;
  /** A multi-statement script of an old history (no parameters), or compiled statements. */
  script?: string;
  statements: CompiledQuery[];
}

/**
 * The steps that bring a database whose `schema_migrations` holds `applied` to `LATEST_VERSION`:
 * none when it is there; the baseline when it is new; an old history's rest and the adoption
 * when it is at one of that history's versions. Throws `SchemaTooNewError` past the latest.
 */
export function migrationPlan(
  db: Kysely<Tables>,
  dialect: DialectName,
  applied: readonly number[],
): PlannedStep[] {
  const current = Math.max(0, ...applied);
  if (current > LATEST_VERSION) {
    throw new SchemaTooNewError(
      `the database's schema is at version ${current}, newer than this release knows (version ${LATEST_VERSION}): a newer release migrated it; run that release, or restore a backup taken before the upgrade`,
    );
  }
  const steps: PlannedStep[] = [];
  if (current === 0) {
    steps.push({ version: FIRST, statements: baseline(db, dialect) });
  } else if (current < FIRST) {
    const legacy = LEGACY[dialect];
    legacy.forEach((script, index) => {
      if (!applied.includes(index + 1)) steps.push({ version: index + 1, script, statements: [] });
    });
    steps.push({ version: FIRST, statements: adoption(db, dialect) });
  }
  for (const migration of HISTORY) {
    if (migration.version > current) {
      steps.push({ version: migration.version, statements: migration.up(db, dialect) });
    }
  }
  return steps;
}

/** Where the versions are recorded, on both databases and in both histories. */
export const SCHEMA_MIGRATIONS_TABLE = (dialect: DialectName) =>
  `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at ${types(dialect).ms} NOT NULL)`;
