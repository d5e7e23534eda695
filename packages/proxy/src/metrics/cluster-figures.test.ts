/**
 * The cluster figures' poller on a real SQLite store: it serves its last round from memory,
 * reads each query once a round, and on a failed round keeps the figures but not their time.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Registry } from 'prom-client';
import type { Log } from '../process/logger.ts';
import { openSqliteStore } from '../store/sqlite.ts';
import type { CallbackEntry, Store } from '../store/store.ts';
import { checkout } from '../store/stores.test-helpers.ts';
import { checkoutEvent } from '../webhooks/events.ts';
import { READ_AT, startClusterPoller } from './cluster-figures.ts';

const deposit = (receivedAt: number): CallbackEntry => ({
  receivedAt,
  type: 'deposit',
  outcome: 'recorded',
  body: { id: receivedAt },
});

/** A poller that runs only when the test says (`poll()`), on a clock the test moves. */
async function pollerOnStore() {
  const opened = openSqliteStore(':memory:');
  const registry = new Registry();
  const warnings: string[] = [];
  const log: Log = (level, message) => {
    if (level === 'warn') warnings.push(message);
  };
  const clock = { now: 0 };
  /** The store's reads of pending deliveries, and whether the next rounds fail. */
  const counted = { pendingReads: 0, failing: false };
  const store: Store = {
    ...opened,
    pendingDeliveries() {
      counted.pendingReads++;
      if (counted.failing) return Promise.reject(new Error('the database is away'));
      return opened.pendingDeliveries();
    },
  };
  const poller = startClusterPoller({
    store,
    registry,
    log,
    now: () => clock.now,
    pollMs: 24 * 3_600_000,
  });
  const value = async (name: string) => {
    const metric = (await registry.getMetricsAsJSON()).find((entry) => entry.name === name);
    return metric?.values[0]?.value;
  };
  const close = async () => {
    await poller.close();
    await opened.close();
  };
  return { store, poller, value, warnings, clock, counted, close };
}

describe('The cluster figures poller', () => {
  it('serves what its last poll read, not a new read per scrape', async () => {
    const { store, poller, value, clock, close } = await pollerOnStore();
    await poller.poll();
    assert.equal(await value('crypto_pay_webhook_pending'), 0);
    assert.equal(await value('crypto_pay_last_callback_timestamp_seconds'), 0);
    await store.setEnvEndpoint('http://127.0.0.1:9/hooks', 0);
    const created = checkout({ createdAt: 10_000, updatedAt: 10_000 });
    await store.insertCheckout(created, {}, checkoutEvent(created));
    await store.recordCallback(deposit(12_000));
    assert.equal(await value('crypto_pay_webhook_pending'), 0, 'a scrape reads no database');
    clock.now = 70_000;
    await poller.poll();
    assert.equal(await value('crypto_pay_webhook_pending'), 1);
    assert.equal(await value('crypto_pay_webhook_oldest_pending_seconds'), 60);
    assert.equal(await value('crypto_pay_last_callback_timestamp_seconds'), 12);
    await close();
  });

  it('reads the pending deliveries once a round for both their figures', async () => {
    const { poller, counted, close } = await pollerOnStore();
    await poller.poll();
    const before = counted.pendingReads;
    await poller.poll();
    assert.equal(counted.pendingReads - before, 1);
    await close();
  });

  it('keeps its last figures through a failed round, but not their time, and says it once', async () => {
    const { poller, value, warnings, clock, counted, close } = await pollerOnStore();
    clock.now = 50_000;
    await poller.poll();
    assert.equal(await value(READ_AT), 50);
    counted.failing = true;
    clock.now = 80_000;
    await poller.poll();
    await poller.poll();
    assert.equal(await value(READ_AT), 50, 'the time of the last good read');
    assert.equal(await value('crypto_pay_webhook_pending'), 0);
    assert.deepEqual(warnings, ['metrics: the cluster figures could not be read']);
    counted.failing = false;
    await poller.poll();
    assert.equal(await value(READ_AT), 80);
    await close();
  });
});
