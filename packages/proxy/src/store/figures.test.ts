/**
 * The store's figures for the metrics, on each store: the pending webhook deliveries (how many,
 * the oldest's time) and the last callback's time.
 */

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { checkoutEvent, relayedEvent } from '../webhooks/events.ts';
import type { CallbackEntry } from './store.ts';
import { checkout, describeStores } from './stores.test-helpers.ts';

const deposit = (receivedAt: number): CallbackEntry => ({
  receivedAt,
  type: 'deposit',
  outcome: 'recorded',
  body: { id: receivedAt },
});

describeStores('Metrics figures', (open) => {
  it('counts the pending webhook deliveries and dates the oldest; settled ones leave', async () => {
    const store = await open();
    assert.deepEqual(await store.pendingDeliveries(), { count: 0, oldestCreatedAt: undefined });
    await store.setEnvEndpoint('http://127.0.0.1:9/hooks', 0);
    const first = checkout({ createdAt: 2000, updatedAt: 2000 });
    const second = checkout({ createdAt: 3000, updatedAt: 3000 });
    await store.insertCheckout(first, {}, checkoutEvent(first));
    await store.insertCheckout(second, {}, checkoutEvent(second));
    assert.deepEqual(await store.pendingDeliveries(), { count: 2, oldestCreatedAt: 2000 });
    const [claimed] = await store.claimDeliveries(4000, 60_000, 1);
    await store.finishAttempt(claimed!, { attemptedAt: 4000, durationMs: 5, delivered: true });
    assert.deepEqual(await store.pendingDeliveries(), { count: 1, oldestCreatedAt: 3000 });
    await store.close();
  });

  it('tells when the last callback came, whatever its kind', async () => {
    const store = await open();
    assert.equal(await store.lastCallbackAt(), undefined);
    await store.recordCallback(deposit(7000), relayedEvent(deposit(7000)));
    await store.recordCallback(deposit(5000));
    assert.equal(await store.lastCallbackAt(), 7000);
    await store.close();
  });
});
