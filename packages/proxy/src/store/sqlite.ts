/**
 * The store on SQLite (better-sqlite3): one file, WAL journal, migrations applied at open. Its
 * queries are the ones both databases share, through Kysely's SQLite dialect on this one
 * connection (Kysely queues them, so a transaction never interleaves with another statement);
 * here the file is opened, locked, configured, migrated, probed and closed.
 */

import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { LRUCache } from 'lru-cache';
import { tracing } from '../tracing/hooks.ts';
import { assembleStore } from './assemble.ts';
import { DEFAULT_CLAIM_LEASE_MS } from './create-claims.ts';
import { sqliteDialect } from './dialect.sqlite.ts';
import { type FileLock, lockDatabase } from './lock.ts';
import { DatabaseFileError, NativeAddonError, openFailure } from './open-failure.ts';
import { privateDirectory, privateFile } from './private-files.ts';
import { migrationPlan, SCHEMA_MIGRATIONS_TABLE } from './schema.ts';
import type { Store } from './store.ts';
import type { Tables } from './tables.ts';

/**
 * The schema brought to this release's (`schema.ts`), each step in its own transaction with the
 * row that records it. Synchronous, so a store is open (or has failed) once `openSqliteStore`
 * returns.
 */
function migrate(db: Database.Database, builder: Kysely<Tables>): void {
  db.exec(SCHEMA_MIGRATIONS_TABLE('sqlite'));
  const applied = (
    db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]
  ).map((row) => row.version);
  for (const step of migrationPlan(builder, 'sqlite', applied)) {
    db.transaction(() => {
      if (step.script !== undefined) db.exec(step.script);
      for (const statement of step.statements) {
        db.prepare(statement.sql).run(...statement.parameters);
      }
      db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(
        step.version,
        Date.now(),
      );
    })();
  }
}

/** What a rollback runs once SQLite has ended the transaction itself. */
const NO_TRANSACTION = {
  reader: false,
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  all: () => [],
  iterate: () => [][Symbol.iterator](),
};

/**
 * `statement` run inside a span per query (no instrumentation covers better-sqlite3): named by
 * the statement's verb, with the parameterised SQL, never the values bound to it.
 */
function tracedStatement(statement: Database.Statement, sql: string): Database.Statement {
  const verb = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY';
  const attributes = {
    'db.system.name': 'sqlite',
    'db.operation.name': verb,
    'db.query.text': sql,
  };
  const span = <R>(run: () => R): R => tracing().span(`${verb} sqlite`, attributes, run);
  // What Kysely's SQLite driver uses of a statement, as NO_TRANSACTION: `reader` to choose
  // between `all` (rows) and `run`, `iterate` to stream (its span ends as the rows start).
  const traced = {
    reader: statement.reader,
    all: (...args: unknown[]) => span(() => statement.all(...args)),
    run: (...args: unknown[]) => span(() => statement.run(...args)),
    iterate: (...args: unknown[]) => span(() => statement.iterate(...args)),
  };
  return traced as unknown as Database.Statement;
}

/**
 * Kysely's SQLite dialect on `db`, each statement prepared once: a status read or a create
 * reuses the statements prepared for the ones before.
 */
function kyselyOf(db: Database.Database): Kysely<Tables> {
  // Bounded: a list of ids (pruning, claims) makes a statement per length.
  const prepared = new LRUCache<string, Database.Statement>({ max: 500 });
  const traced = tracing().active;
  return new Kysely<Tables>({
    dialect: new SqliteDialect({
      database: {
        close: () => db.close(),
        prepare(sql: string) {
          // SQLite ends a transaction itself on some errors (a full disk): Kysely's rollback
          // would then fail, and its error would hide the one that ended it.
          if (sql === 'rollback' && !db.inTransaction) return NO_TRANSACTION;
          let statement = prepared.get(sql);
          if (!statement) {
            statement = db.prepare(sql);
            if (traced) statement = tracedStatement(statement, sql);
            prepared.set(sql, statement);
          }
          return statement;
        },
      },
    }),
  });
}

/**
 * One process owns the file (`lockDatabase`), so at open no create is in flight. A create now
 * holds its session and Idempotency-Key in memory (`create-claims.ts`), but a release before
 * issue 32 wrote them while held: one such claim left by a crash or a shutdown that cut it off
 * would refuse the customer's retry (409, or an unusable session) until it expired. Give them
 * back, as a failed create does.
 */
function releaseAbandoned(db: Database.Database): void {
  db.prepare('DELETE FROM idempotency_keys WHERE checkout_id IS NULL').run();
  db.prepare(
    'UPDATE checkout_sessions SET claimed_until = NULL WHERE claimed_until IS NOT NULL AND checkout_id IS NULL',
  ).run();
  // A webhook a dead process was sending is due again now, not when its lease runs out.
  db.prepare(
    "UPDATE webhook_deliveries SET claimed_until = NULL WHERE state = 'pending' AND claimed_until IS NOT NULL",
  ).run();
}

/**
 * Opens, locks, configures and migrates the database; every failure becomes `openFailure`'s
 * error, or `lockDatabase`'s when another process has the file.
 */
function openDatabase(file: string): {
  db: Database.Database;
  kysely: Kysely<Tables>;
  lock: FileLock | undefined;
} {
  let db: Database.Database | undefined;
  let lock: FileLock | undefined;
  try {
    if (file !== ':memory:') {
      privateDirectory(dirname(file));
      privateFile(file);
    }
    db = new Database(file);
    // A read first: a path that is no database is refused before a lock file is made next to it.
    db.pragma('schema_version');
    if (file !== ':memory:') lock = lockDatabase(file);
    db.pragma('journal_mode = WAL');
    // Every commit reaches the disk before it is acknowledged: an answered create or a callback
    // answered 200 must survive a power cut, not only a crash of this process (NORMAL would).
    // What it costs a create is measured in BENCHMARKS.md (create overhead).
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    // Sorts and index builds stay in memory: spilled, they
    // would go to /var/tmp or /tmp, which a container with a read-only root has no room in.
    db.pragma('temp_store = MEMORY');
    const kysely = kyselyOf(db);
    migrate(db, kysely);
    releaseAbandoned(db);
    return { db, kysely, lock };
  } catch (error) {
    if (db?.open) db.close();
    lock?.release();
    if (error instanceof DatabaseFileError || error instanceof NativeAddonError) throw error;
    throw openFailure(error, file);
  }
}

/**
 * Opens (creating if needed) the database at `file` (`:memory:` for tests) and migrates it.
 * Throws `DatabaseFileError` or `NativeAddonError`.
 */
export function openSqliteStore(
  file: string,
  options: {
    /** Runs on the connection once it is open and migrated (tests: make writes fail). */
    onOpen?: (db: Database.Database) => void;
    /** How long a create may hold a session or an Idempotency-Key (default 5 minutes). */
    claimLeaseMs?: number;
  } = {},
): Store {
  const { db, kysely, lock } = openDatabase(file);
  options.onOpen?.(db);
  return {
    ...assembleStore(kysely, sqliteDialect, options.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS),
    // One process owns the file: every change is its own, published where it is made.
    subscribeChanges: () => () => {},
    async close() {
      if (db.open) db.close();
      lock?.release();
    },
  };
}
