/**
 * The back office's filters, lookups and log searches walk an index on both databases, never the whole table:
 * each query, built by the store's own builders (`filtered`, `idStartsWith`), is explained and
 * its plan must name the index meant for it. PostgreSQL is asked with sequential scans priced
 * out (`enable_seqscan = off`): a plan that still scans the table has no index to use. The
 * indexes are on expressions of built-in functions only: a bare SQLite connection keeps them;
 * and the prefix range holds on a PostgreSQL database whose collation is not byte order.
 */

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { APPLICATION_ROLE, queryOnce } from '@crypto-pay/test-kit/postgres';
import Database from 'better-sqlite3';
import { type Compilable, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { checkoutEvent } from '../webhooks/events.ts';
import { postgresDialect } from './dialect.postgres.ts';
import { sqliteDialect } from './dialect.sqlite.ts';
import type { Db, StoreDialect } from './dialect.ts';
import { pendingByEndpoint } from './figures.ts';
import { attemptSearch, callbackSearch } from './log-search.ts';
import { type CheckoutFilter, dailyQuery, eventsAbout, filtered } from './payments.ts';
import { openPostgresStore } from './postgres.ts';
import { checkoutRowOf } from './rows.ts';
import { openSqliteStore } from './sqlite.ts';
import { checkout, usePostgres } from './stores.test-helpers.ts';
import type { Tables } from './tables.ts';

/** Each query, and the index (SQLite's name, PostgreSQL's) its plan must use. */
function cases(db: Db, dialect: StoreDialect): [string, Compilable, RegExp][] {
  /** A list page narrowed by `filter`, as `listCheckouts` builds it. */
  const listQuery = (filter: CheckoutFilter) =>
    filtered(db.selectFrom('checkouts').selectAll(), filter, dialect)
      .orderBy('seq', 'desc')
      .limit(50);
  return [
    ['amount range', listQuery({ amountMin: '10', amountMax: '20' }), /checkouts_amount/],
    ['currency', listQuery({ currency: 'USD' }), /checkouts_currency/],
    ['detail', listQuery({ statusDetail: 'underpaid' }), /checkouts_detail/],
    ['pricing', listQuery({ pricing: 'session' }), /checkouts_pricing/],
    ['created range', listQuery({ createdFrom: 5_000, createdTo: 6_000 }), /checkouts_created/],
    [
      'id prefix',
      db.selectFrom('checkouts').select('id').where(dialect.idStartsWith('abcd')).limit(2),
      /checkouts_id_pattern|sqlite_autoindex_checkouts_1/,
    ],
    ['daily', dailyQuery(db, 86_400_000, 2 * 86_400_000), /checkouts_created/],
    [
      'timeline callbacks',
      db
        .selectFrom('callbacks')
        .selectAll()
        .where('type', '=', 'payment_request')
        .where((eb) => eb.or([eb('object_id', '=', 'pr-1'), eb('foreign_id', '=', 'cp_1')])),
      /callbacks_object[\s\S]*callbacks_foreign_id|callbacks_foreign_id[\s\S]*callbacks_object/,
    ],
    [
      'callbacks by status',
      callbackSearch(db, { status: 'expired', limit: 50 }),
      /callbacks_status/,
    ],
    [
      'callbacks by object, a page on',
      callbackSearch(db, { objectId: 'pr-1', before: 100, limit: 50 }),
      /callbacks_object/,
    ],
    [
      'failed delivery attempts, a page on',
      attemptSearch(db, { failed: true, before: 100, limit: 50 }),
      /webhook_attempts_failed/,
    ],
    ['backlog per endpoint', pendingByEndpoint(db), /webhook_deliveries_(endpoint_)?due/],
    [
      'timeline events',
      eventsAbout(db, dialect, 'x').selectAll().orderBy('seq', 'desc').limit(1000),
      /webhook_events_checkout/,
    ],
  ];
}

/** Rows enough for a planner with statistics to prefer an index anyway. */
async function fill(store: Awaited<ReturnType<typeof openSqliteStore>>) {
  await store.createEndpoint({ id: 'whe_plans', url: 'http://127.0.0.1:9/', createdAt: 0 }, 'x');
  for (let index = 0; index < 300; index++) {
    const saved = checkout({ amount: String(index) });
    await store.insertCheckout(saved, {}, checkoutEvent(saved));
    await store.recordCallback({
      receivedAt: index,
      type: 'payment_request',
      objectId: saved.paymentRequestId,
      foreignId: saved.foreignId,
      // Mostly paid: a rarer status is where an index counts.
      status: index % 10 === 0 ? 'expired' : 'paid',
      outcome: 'applied',
      body: {},
    });
  }
  // One delivery per checkout: most delivered at the first attempt, 1 in 10 failed (its
  // error kept), the last few still waiting; as a store in service holds them.
  const now = 10_000_000;
  for (let sent = 0; sent < 280; ) {
    for (const claim of await store.claimDeliveries(now, 60_000, 2)) {
      const failed = sent++ % 10 === 0;
      await store.finishAttempt(claim, {
        attemptedAt: now,
        durationMs: 5,
        ...(failed ? { statusCode: 500, error: 'answered 500' } : { statusCode: 204 }),
        delivered: !failed,
      });
    }
  }
}

const dir = mkdtempSync(join(tmpdir(), 'crypto-pay-plans-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('payment queries on SQLite', () => {
  it('each walk their index', async () => {
    const file = join(dir, 'plans.db');
    const store = openSqliteStore(file);
    await fill(store);
    await store.close();
    const raw = new Database(file);
    raw.exec('ANALYZE');
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: raw }) });
    try {
      for (const [name, query, index] of cases(db, sqliteDialect)) {
        const compiled = query.compile();
        const plan = (
          raw.prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`).all(...compiled.parameters) as {
            detail: string;
          }[]
        )
          .map((row) => row.detail)
          .join('\n');
        assert.match(plan, index, `${name}:\n${plan}`);
        assert.doesNotMatch(
          plan,
          /^SCAN (checkouts|callbacks|webhook_events|webhook_deliveries|webhook_attempts|[adbs])$/m,
          `${name}:\n${plan}`,
        );
      }
    } finally {
      await db.destroy();
    }
  });
});

describe('payment indexes on SQLite', () => {
  it('are kept by a writer with no function of the proxy’s (a previous release, sqlite3)', async () => {
    const file = join(dir, 'plain.db');
    await openSqliteStore(file).close();
    // A bare connection, as a previous release's proxy or the sqlite3 shell opens the file.
    const raw = new Database(file);
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: raw }) });
    try {
      const written = checkout({ amount: '12345.50' });
      await db.insertInto('checkouts').values(checkoutRowOf(written)).execute();
      await db
        .insertInto('webhook_events')
        .values({
          id: 'evt_000000000001abcdefgh',
          type: 'checkout.created',
          created_at: 1,
          data: JSON.stringify({ id: written.id }),
        } as never)
        .execute();
      const found = await filtered(
        db.selectFrom('checkouts').select('id'),
        { amountMin: '12345.5', amountMax: '12345.500' },
        sqliteDialect,
      ).execute();
      assert.deepEqual(
        found.map((row) => row.id),
        [written.id],
      );
      const events = await eventsAbout(db, sqliteDialect, written.id).select('id').execute();
      assert.deepEqual(
        events.map((row) => row.id),
        ['evt_000000000001abcdefgh'],
      );
      assert.deepEqual(raw.pragma('integrity_check'), [{ integrity_check: 'ok' }]);
    } finally {
      await db.destroy();
    }
  });
});

describe('payment queries on PostgreSQL', () => {
  const cluster = usePostgres();
  it('each walk their index', async () => {
    const url = await cluster().createDatabase('plans');
    const store = await openPostgresStore(url);
    await fill(store);
    await store.close();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    try {
      await sql`ANALYZE`.execute(db);
      await db.connection().execute(async (connection) => {
        await sql`SET enable_seqscan = off`.execute(connection);
        for (const [name, query, index] of cases(connection, postgresDialect('plans'))) {
          const compiled = query.compile();
          const { rows } = await connection.executeQuery<{ 'QUERY PLAN': string }>({
            ...compiled,
            sql: `EXPLAIN ${compiled.sql}`,
          } as never);
          const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
          assert.match(plan, index, `${name}:\n${plan}`);
          assert.doesNotMatch(plan, /Seq Scan/, `${name}:\n${plan}`);
        }
      });
    } finally {
      await db.destroy();
    }
  });

  it('find an id by its prefix under a collation that is not byte order', async () => {
    // The test cluster is --locale=C; a merchant's database is often en_US or ICU, where `~`
    // sorts before letters and case is a later level: a range in the collation's order would
    // miss ids. The prefix range uses text_pattern_ops' byte-order operators (~>=~, ~<~).
    const url = cluster().url.replace(/\/[^/]+$/, '/plans_icu');
    await cluster().asSuperuser(
      `CREATE DATABASE plans_icu OWNER ${APPLICATION_ROLE} TEMPLATE template0
        LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.utf8'`,
    );
    const store = await openPostgresStore(url);
    try {
      const rows = ['abcdZ', 'abcd-', 'abcD0', 'abce0', 'abc~0'].map((start) =>
        checkout({ id: `${start}${'x'.repeat(17)}` }),
      );
      for (const row of rows) await store.insertCheckout(row, {});
      const collated = await queryOnce<{ id: string }>(
        url,
        `SELECT id FROM checkouts WHERE id >= 'abcd' AND id < 'abcd~' ORDER BY id`,
      );
      // The collation's own order misses abcdZ…: this database is the case in point.
      assert.deepEqual(
        collated.rows.map((row) => row.id),
        [rows[1]!.id],
      );
      const several = await store.matchCheckouts('abcd');
      assert.equal(several.ambiguous, true);
      assert.deepEqual(several.ids.sort(), [rows[0]!.id, rows[1]!.id].sort());
      assert.deepEqual((await store.matchCheckouts('abcD')).ids, [rows[2]!.id]);
      assert.deepEqual((await store.matchCheckouts('abcdZ')).ids, [rows[0]!.id]);
    } finally {
      await store.close();
    }
  });
});
