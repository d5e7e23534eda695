/**
 * Amounts compare exactly on both databases: SQLite's key expression (`sqliteAmountKey`, what
 * `checkouts_amount` is built on) orders as `amountKey` does, which orders as the protocol's
 * `compareDecimal` does; PostgreSQL's numeric as well. Fixed edge cases and generated amounts.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareDecimal } from '@crypto-pay/protocol/money';
import { queryOnce } from '@crypto-pay/test-kit/postgres';
import Database from 'better-sqlite3';
import fc from 'fast-check';
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
import { postgresAmount } from './dialect.postgres.ts';
import { sqliteAmountKey } from './dialect.sqlite.ts';
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

/** Non-negative decimals as the edge lets them in: up to 30 digits each side, zeros padded. */
const amount = fc
  .record({
    whole: fc.stringMatching(/^\d{1,30}$/),
    fraction: fc.option(fc.stringMatching(/^\d{1,30}$/), { nil: undefined }),
  })
  .map(({ whole, fraction }) => (fraction === undefined ? whole : `${whole}.${fraction}`));

/** The edge cases and a sample of generated amounts, some equal in value but not in text. */
const SAMPLE = [
  ...AMOUNTS,
  ...fc.sample(amount, { numRuns: 150, seed: 31 }),
  ...fc.sample(amount, { numRuns: 50, seed: 7 }).map((text) => `0${text}0`),
];

const sign = (value: number) => (value < 0 ? -1 : value > 0 ? 1 : 0);

/** Every pair of `ranked` (each amount with its dense rank in a database's order) agrees with compareDecimal. */
function assertOrderedAsDecimals(ranked: { amount: string; rank: number | string }[]) {
  assert.equal(ranked.length, SAMPLE.length);
  for (const a of ranked) {
    for (const b of ranked) {
      assert.equal(
        sign(Number(a.rank) - Number(b.rank)),
        compareDecimal(a.amount, b.amount),
        `${a.amount} vs ${b.amount}`,
      );
    }
  }
}

describe('amount comparison', () => {
  it('keys order as the protocol compares decimals, for any amounts', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const keys = amountKey(a) < amountKey(b) ? -1 : amountKey(a) > amountKey(b) ? 1 : 0;
        assert.equal(keys, compareDecimal(a, b), `${a} vs ${b}`);
      }),
      { numRuns: 2000 },
    );
    for (const a of AMOUNTS) {
      for (const b of AMOUNTS) {
        const keys = amountKey(a) < amountKey(b) ? -1 : amountKey(a) > amountKey(b) ? 1 : 0;
        assert.equal(keys, compareDecimal(a, b), `${a} vs ${b}`);
      }
    }
    assert.throws(() => amountKey('-1'), TypeError);
    assert.throws(() => amountKey('1e5'), TypeError);
  });

  it('is the same key in SQLite, which orders as the decimals do', () => {
    const compiled = sql<{ amount: string; key: string; rank: number }>`WITH checkouts (amount) AS
      (SELECT value FROM json_each(${JSON.stringify(SAMPLE)}))
      SELECT amount, ${sqliteAmountKey()} AS key,
        dense_rank() OVER (ORDER BY ${sqliteAmountKey()}) AS rank FROM checkouts`.compile(
      compilerOf('sqlite'),
    );
    const raw = new Database(':memory:');
    const rows = raw.prepare(compiled.sql).all(...compiled.parameters) as {
      amount: string;
      key: string;
      rank: number;
    }[];
    raw.close();
    for (const row of rows) assert.equal(row.key, amountKey(row.amount), row.amount);
    assertOrderedAsDecimals(rows);
  });

  describe('on PostgreSQL', () => {
    const cluster = usePostgres();
    it('orders as the decimals do, as numeric', async () => {
      const compiled = sql`WITH checkouts (amount) AS (SELECT unnest(${SAMPLE}::text[]))
        SELECT amount, dense_rank() OVER (ORDER BY ${postgresAmount()}) AS rank
        FROM checkouts`.compile(compilerOf('postgres'));
      const { rows } = await queryOnce<{ amount: string; rank: string }>(
        cluster().url,
        compiled.sql,
        [...compiled.parameters],
      );
      assertOrderedAsDecimals(rows);
    });
  });
});
