/**
 * A store that cannot write (a full disk, a read-only volume): the caller gets 503
 * `store_unavailable` with a sentence, the log the SQLite code, and /readyz says `failing`.
 * The failure is injected into a real SQLite connection (`PRAGMA query_only`), not a full disk.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import { openSqliteStore } from '../../store/sqlite.ts';
import { json, seen, testProxy, useTestSandbox } from '../../testing.test-helpers.ts';

const shared = useTestSandbox();

/** A proxy whose store reads but refuses every write, as SQLite does on a read-only file. */
function readOnlyProxy() {
  const store = openSqliteStore(':memory:', { onOpen: (db) => db.pragma('query_only = 1') });
  return testProxy(shared.sandbox, {}, { store });
}

/** The log lines written since `from` with `message`. */
function logged(from: number, message: string) {
  return seen
    .slice(from)
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.message === message);
}

describe('a store that cannot write', () => {
  it('answers a create 503 store_unavailable and logs the reason at error', async () => {
    const proxy = readOnlyProxy();
    const from = seen.length;
    const response = await proxy.request('/api/checkouts', {
      method: 'POST',
      json: checkoutBody(),
    });
    assert.equal(response.status, 503);
    assert.deepEqual(await json(response), {
      error: 'The proxy could not save this. Try again later.',
      code: 'store_unavailable',
    });
    const [entry] = logged(from, 'store unavailable');
    assert.equal(entry.level, 'error');
    assert.equal(entry.reason, 'SQLITE_READONLY');
    assert.equal(entry.error_message, 'attempt to write a readonly database');
    assert.equal(logged(from, 'unhandled error').length, 0);
  });

  it('makes /readyz answer 503 with store failing, while reads still work', async () => {
    const proxy = readOnlyProxy();
    const from = seen.length;
    const ready = await proxy.request('/readyz');
    assert.equal(ready.status, 503);
    assert.deepEqual(await json(ready), {
      error: 'The proxy is not ready.',
      code: 'not_ready',
      store: 'failing',
      upstream: 'ok',
    });
    const [entry] = logged(from, 'store check failed');
    assert.equal(entry.level, 'error');
    assert.equal(entry.reason, 'SQLITE_READONLY');
    // The store still answers reads: an unknown checkout is a plain 404.
    const unknown = await proxy.request(`/api/checkouts/${'A'.repeat(22)}`);
    assert.equal(unknown.status, 404);
  });

  it('writes for /readyz once for many probes, and again only after a few seconds', async () => {
    const proxy = testProxy(shared.sandbox);
    let writes = 0;
    const ping = proxy.store.ping;
    proxy.store.ping = () => {
      writes += 1;
      return ping();
    };
    const ready = () => proxy.request('/readyz').then((response) => response.status);
    assert.deepEqual(await Promise.all([ready(), ready(), ready()]), [200, 200, 200]);
    assert.equal(await ready(), 200);
    assert.equal(writes, 1);
    proxy.clock.now += 5000;
    assert.equal(await ready(), 200);
    assert.equal(writes, 2);
  });

  it('gives a key back once it can write again, so the retry is a new create, not 409 for good', async () => {
    const store = openSqliteStore(':memory:');
    let full = true;
    const diskFull = () =>
      Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    const { insertCheckout, releaseIdempotencyKey } = store;
    store.insertCheckout = (...args) =>
      full ? Promise.reject(diskFull()) : insertCheckout(...args);
    let givenBack = () => {};
    const keyGivenBack = new Promise<void>((resolve) => {
      givenBack = resolve;
    });
    store.releaseIdempotencyKey = (...args) =>
      full ? Promise.reject(diskFull()) : releaseIdempotencyKey(...args).then(givenBack);
    const proxy = testProxy(shared.sandbox, {}, { store, giveBackRetryMs: 30 });
    const create = () =>
      proxy.request('/api/checkouts', {
        method: 'POST',
        json: checkoutBody(),
        headers: { 'Idempotency-Key': 'full-disk-1' },
      });
    const from = seen.length;
    assert.equal((await create()).status, 503);
    // The service holds a payment request no checkout names: the operator is told which.
    const [orphan] = logged(from, 'a created payment request could not be saved');
    assert.equal(orphan.level, 'error');
    assert.match(orphan.payment_request_id, /\S/);
    assert.equal((await create()).status, 409);

    full = false;
    // The retry, 30 ms on, writes the give-back now that the store can.
    await keyGivenBack;
    assert.equal((await create()).status, 201);
  });
});
