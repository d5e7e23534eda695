/**
 * The upgrade tests' look at the database itself, beside the proxies: how many rows each table
 * holds, and which schema version the migrations left, on a SQLite file or a PostgreSQL cluster;
 * and what "no row lost" means across an upgrade.
 */

import assert from 'node:assert/strict';
import type { PostgresCluster } from '@crypto-pay/test-kit/postgres';
import { readStore } from '@crypto-pay/test-kit/store-file';

/** The rows as each database counts them: table name to row count. */
export type RowCounts = Record<string, number>;

/** Tables the upgrade may rewrite or empty by design, left out of "no row lost". */
const NOT_CARRIED = new Set([
  // The migration history: upgraded in place, with nothing older to run after, the new proxy may
  // keep its own instead (a rolling upgrade needs it kept: upgrade-rolling.test.ts).
  'schema_migrations',
  // Rate buckets: a restart may refill every bucket (SQLite's are TEMP), and idle ones are swept.
  'rate_buckets',
]);
/** Tables whose rows only grow as the new proxy runs (attempts, readiness probes). */
const GROWING = new Set(['webhook_attempts', 'store_probe']);

/** Every table of the file (SQLite's own left out) and its rows; read-only, beside a proxy (WAL). */
export function sqliteRowCounts(file: string): RowCounts {
  return readStore(file, (db) => {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((table) => [table, db.prepare(`SELECT count(*) FROM "${table}"`).pluck().get()]),
    ) as RowCounts;
  });
}

/** The highest migration the previous release's history recorded in the file. */
export function sqliteSchemaVersion(file: string): unknown {
  return readStore(file, (db) =>
    db.prepare('SELECT max(version) FROM schema_migrations').pluck().get(),
  );
}

type Database = Pick<PostgresCluster, 'asSuperuser'>;

/** Every table of the public schema and its rows, as the superuser. */
export async function postgresRowCounts(database: Database): Promise<RowCounts> {
  const tables = await database.asSuperuser<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: RowCounts = {};
  for (const { table_name } of tables) {
    const [row] = await database.asSuperuser<{ count: number }>(
      `SELECT count(*)::int AS count FROM "${table_name}"`,
    );
    counts[table_name] = row!.count;
  }
  return counts;
}

/** The highest migration the previous release's history recorded in the database. */
export async function postgresSchemaVersion(database: Database): Promise<unknown> {
  const [row] = await database.asSuperuser<{ version: number }>(
    'SELECT max(version) AS version FROM schema_migrations',
  );
  return row?.version;
}

/**
 * Row counts before and after the new proxy started on the database: every table kept, none
 * with fewer rows; those the new proxy has no reason to write to yet, exactly as many.
 */
export function assertNoRowLost(before: RowCounts, after: RowCounts): void {
  for (const [table, count] of Object.entries(before)) {
    if (NOT_CARRIED.has(table)) continue;
    assert.ok(table in after, `table ${table} is still there after the upgrade`);
    if (GROWING.has(table))
      assert.ok(after[table]! >= count, `${table}: ${after[table]} >= ${count}`);
    else assert.equal(after[table], count, `rows of ${table} after the upgrade`);
  }
}

/** Tables the scenario must have put rows in before the upgrade (rate buckets: PostgreSQL's). */
export function assertEveryTableHasRows(counts: RowCounts, expected: readonly string[]): void {
  for (const table of expected)
    assert.ok((counts[table] ?? 0) > 0, `rows in ${table}: ${counts[table]}`);
}

export const SEEDED_TABLES = [
  'checkouts',
  'checkout_sessions',
  'idempotency_keys',
  'callbacks',
  'store_probe',
  'webhook_events',
  'webhook_endpoints',
  'webhook_deliveries',
  'webhook_attempts',
  'webhook_dedupe_keys',
];
