import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Registry } from 'prom-client';
import type { Log } from '../process/logger.ts';
import { openSqliteStore } from '../store/sqlite.ts';
import type { CallbackEntry } from '../store/store.ts';
import { checkout } from '../store/stores.test-helpers.ts';
import { checkoutEvent } from '../webhooks/events.ts';
import { startClusterPoller } from './cluster-figures.ts';

const HOUR = 3_600_000;
const deposit = (receivedAt: number): CallbackEntry => ({
  receivedAt,
  type: 'deposit',
  outcome: 'recorded',
  body: { id: receivedAt },
});

/** A poller that runs only when the test says (`poll()`), on a clock the test moves. */
async function pollerOnStore() {
  const store = openSqliteStore(':memory:');
  const registry = new Registry();
  const warnings: { message: string; fields?: Record<string, unknown> }[] = [];
  const log: Log = (level, message, fields) => {
    if (level === 'warn') warnings.push({ message, ...(fields ? { fields } : {}) });
  };
  const clock = { now: 0 };
  const poller = startClusterPoller({
    store,
    registry,
    log,
    now: () => clock.now,
    pollMs: 24 * HOUR,
  });
  const value = async (name: string) => {
    const metric = (await registry.getMetricsAsJSON()).find((entry) => entry.name === name);
    return metric?.values[0]?.value;
  };
  const close = async () => {
    await poller.close();
    await store.close();
  };
  return { store, poller, value, warnings, clock, close };
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
});
