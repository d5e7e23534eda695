/**
 * The upgrade tests' look at the database itself, beside the proxies: how many rows each table
 * holds, and which schema version the migrations left, on a SQLite file or a PostgreSQL cluster.
 */

import type { PostgresCluster } from '../support/postgres.ts';
import { readStore } from '../support/store-file.ts';
import type { RowCounts } from './upgrade-scenario.ts';

/** Every table of the file (SQLite's own left out) and its rows; read-only, WAL lets it run beside a proxy. */
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
