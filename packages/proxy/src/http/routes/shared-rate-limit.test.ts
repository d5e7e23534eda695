/**
 * The create rate limit with two proxies on one PostgreSQL database: a client gets its minute's
 * creates in all, not per proxy; and a database that does not answer the take in time (a lock
 * held past `statement_timeout`) is a 503 `store_unavailable`, never a bare 500 or a hang.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import pg from 'pg';
import { openPostgresStore } from '../../store/postgres.ts';
import { usePostgres } from '../../store/stores.test-helpers.ts';
import { json, testProxy, useTestSandbox } from '../../testing.test-helpers.ts';

const shared = useTestSandbox();
const cluster = usePostgres();
let databases = 0;

describe('rate limit of several proxies on one PostgreSQL database', () => {
  it('counts a client’s creates on every proxy together', async () => {
    const url = await cluster().createDatabase(`rate_${++databases}`);
    // One clock for both, as the database's is in production.
    const clock = { now: 1_000_000 };
    const proxyOn = async () =>
      testProxy(
        shared.sandbox,
        { RATE_LIMIT_CHECKOUTS_PER_MINUTE: '2' },
        { store: await openPostgresStore(url, { poolSize: 2 }), monotonicNow: () => clock.now },
      );
    const [a, b] = [await proxyOn(), await proxyOn()];
    assert.equal((await a.createCheckout(checkoutBody())).status, 201);
    assert.equal((await b.createCheckout(checkoutBody())).status, 201);
    for (const proxy of [a, b]) {
      const limited = await proxy.createCheckout(checkoutBody());
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get('Retry-After'), '30');
      assert.deepEqual(await json(limited), {
        error: 'Too many checkouts from this address. Try again later.',
        code: 'rate_limited',
      });
    }
    clock.now += 30_000;
    assert.equal((await b.createCheckout(checkoutBody())).status, 201);
    assert.equal((await a.createCheckout(checkoutBody())).status, 429);
    await a.store.close();
    await b.store.close();
  });

  it('answers 503 store_unavailable when the database holds the take past the statement timeout', async () => {
    const url = await cluster().createDatabase(`rate_${++databases}`);
    const store = await openPostgresStore(url, {
      poolSize: 2,
      timeouts: { connectMs: 5000, statementMs: 200 },
    });
    const proxy = testProxy(shared.sandbox, {}, { store });
    const admin = new pg.Client({
      connectionString: cluster().adminUrl.replace(/\/\w+$/, `/rate_${databases}`),
    });
    await admin.connect();
    try {
      // A transaction somewhere holds the table: every take waits on it.
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE rate_buckets IN ACCESS EXCLUSIVE MODE');
      const response = await proxy.createCheckout(checkoutBody());
      assert.equal(response.status, 503);
      assert.deepEqual(await json(response), {
        error: 'The proxy could not save this. Try again later.',
        code: 'store_unavailable',
      });
      await admin.query('ROLLBACK');
      assert.equal((await proxy.createCheckout(checkoutBody())).status, 201);
    } finally {
      await admin.end();
      await store.close();
    }
  });
});
