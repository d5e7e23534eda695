/**
 * The store on SQLite (better-sqlite3): one file, WAL journal, migrations applied at open.
 * Calls are synchronous underneath; the interface is asynchronous for other databases. Here the
 * store is opened, put together from its parts (checkouts and the callback log, what a create
 * claims, the webhook outbox, the rate limit, pruning), probed and closed.
 */

import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { type FileLock, lockDatabase } from './lock.ts';
import { DatabaseFileError, NativeAddonError, openFailure } from './open-failure.ts';
import { privateDirectory, privateFile } from './private-files.ts';
import { sqliteCheckouts } from './sqlite-checkouts.ts';
import { sqliteCreateClaims } from './sqlite-create-claims.ts';
import { migrate } from './sqlite-migrations.ts';
import { sqliteOutbox } from './sqlite-outbox.ts';
import { sqliteRateLimit } from './sqlite-rate-limit.ts';
import { sqlitePruner } from './sqlite-retention.ts';
import type { Store } from './store.ts';

/**
 * One process owns the file (`lockDatabase`), so at open no create is in flight: an idempotency key or a session
 * still held by one was left by a crash or a shutdown that cut it off, and would refuse the
 * customer's retry (409, or an unusable session) until it expired. Give them back, as a failed
 * create does.
 */
function releaseAbandoned(db: Database.Database): void {
  db.prepare('DELETE FROM idempotency_keys WHERE checkout_id IS NULL').run();
  db.prepare(
    'UPDATE checkout_sessions SET claimed = 0 WHERE claimed = 1 AND checkout_id IS NULL',
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
function openDatabase(file: string): { db: Database.Database; lock: FileLock | undefined } {
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
    // Temporary tables (the rate buckets), sorts and index builds stay in memory: spilled, they
    // would go to /var/tmp or /tmp, which a container with a read-only root has no room in.
    db.pragma('temp_store = MEMORY');
    migrate(db);
    releaseAbandoned(db);
    return { db, lock };
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
  } = {},
): Store {
  const { db, lock } = openDatabase(file);
  // Its TEMP table is made first: what `onOpen` does to the connection holds for it too.
  const rateLimit = sqliteRateLimit(db);
  options.onOpen?.(db);
  const outbox = sqliteOutbox(db);
  const prune = sqlitePruner(db);
  // Readiness's write: one row rewritten (the store can still write, not only read).
  const probe = db.prepare(`INSERT INTO store_probe (id, checked_at) VALUES (1, ?)
    ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`);

  return {
    ...outbox.store,
    ...sqliteCheckouts(db, outbox.writeEvent),
    ...sqliteCreateClaims(db),
    async pruneBefore(before, limit) {
      return prune(before, limit);
    },
    ...rateLimit,
    // One process owns the file: every change is its own, published where it is made.
    subscribeChanges: () => () => {},
    async ping() {
      probe.run(Date.now());
    },
    async close() {
      if (db.open) db.close();
      lock?.release();
    },
  };
}
