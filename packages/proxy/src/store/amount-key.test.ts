/**
 * The amount key sorts as the amounts do, and each database's SQL for the rows a migration
 * finds (`amountKeyOfColumn`) computes the very key an insert writes.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareDecimal } from '@crypto-pay/protocol/money';
import { queryOnce } from '@crypto-pay/test-kit/postgres';
import Database from 'better-sqlite3';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { amountKey } from './amount-key.ts';
import { postgresAmountKeyOfColumn } from './dialect.postgres.ts';
import { sqliteAmountKeyOfColumn } from './dialect.sqlite.ts';
import { usePostgres } from './stores.test-helpers.ts';

const AMOUNTS = [
  '0',
  '0.0',
  '00.000',
  '0.1',
  '0.10',
  '0.01',
  '0.09',
  '0.000000000000000001',
  '1',
  '1.000',
  '9',
  '9.5',
  '10',
  '010',
  '99.999',
  '100',
  '25.00',
  '123456789012345678901234567890.123456789012345678901',
];

/** A Kysely that only compiles, for the statements of one database. */
function compilerOf(dialect: 'sqlite' | 'postgres') {
  const [Adapter, Introspector, Compiler] =
    dialect === 'sqlite'
      ? [SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler]
      : [PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler];
  return new Kysely<object>({
    dialect: {
      createAdapter: () => new Adapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new Introspector(db),
      createQueryCompiler: () => new Compiler(),
    },
  });
}

describe('amount keys', () => {
  it('order as the amounts do, equal amounts with one key', () => {
    for (const a of AMOUNTS) {
      for (const b of AMOUNTS) {
        const keys = amountKey(a) < amountKey(b) ? -1 : amountKey(a) > amountKey(b) ? 1 : 0;
        assert.equal(keys, compareDecimal(a, b), `${a} vs ${b}`);
      }
    }
    assert.throws(() => amountKey('-1'), TypeError);
    assert.throws(() => amountKey('1e5'), TypeError);
  });

  it('are computed alike by SQLite for the rows there', () => {
    const compiled = sql<{ amount: string; key: string }>`WITH checkouts (amount) AS
      (SELECT value FROM json_each(${JSON.stringify(AMOUNTS)}))
      SELECT amount, ${sqliteAmountKeyOfColumn()} AS key FROM checkouts`.compile(
      compilerOf('sqlite'),
    );
    const raw = new Database(':memory:');
    const rows = raw.prepare(compiled.sql).all(...compiled.parameters) as {
      amount: string;
      key: string;
    }[];
    raw.close();
    assert.equal(rows.length, AMOUNTS.length);
    for (const row of rows) assert.equal(row.key, amountKey(row.amount), row.amount);
  });

  describe('on PostgreSQL', () => {
    const cluster = usePostgres();
    it('are computed alike by PostgreSQL for the rows there', async () => {
      const compiled = sql`WITH checkouts (amount) AS (SELECT unnest(${AMOUNTS}::text[]))
        SELECT amount, ${postgresAmountKeyOfColumn()} AS key FROM checkouts`.compile(
        compilerOf('postgres'),
      );
      const { rows } = await queryOnce<{ amount: string; key: string }>(
        cluster().url,
        compiled.sql,
        [...compiled.parameters],
      );
      assert.equal(rows.length, AMOUNTS.length);
      for (const row of rows) assert.equal(row.key, amountKey(row.amount), row.amount);
    });
  });
});
