/**
 * The back office's log searches on each store: the callback log by object, status and a
 * cursor; the delivery attempts, the failed ones only, with their endpoint's URL and a cursor;
 * the backlog per endpoint.
 */

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { checkoutEvent } from '../webhooks/events.ts';
import type { CallbackEntry } from './store.ts';
import { checkout, describeStores } from './stores.test-helpers.ts';

const invoice = (receivedAt: number, objectId: string, status: string): CallbackEntry => ({
  receivedAt,
  type: 'invoice',
  objectId,
  foreignId: `inv_${objectId}`,
  status,
  outcome: 'recorded',
  body: {},
});

describeStores('Log searches', (open) => {
  it('find callbacks by object and status, exactly, newest first, a page at a time', async () => {
    const store = await open();
    await store.recordCallback(invoice(1, '7', 'pending'));
    await store.recordCallback(invoice(2, '7', 'confirmed'));
    await store.recordCallback(invoice(3, '8', 'confirmed'));
    await store.recordCallback(invoice(4, '77', 'confirmed'));
    await store.recordCallback(invoice(5, '7', 'confirmed'));
    const times = async (query: Parameters<typeof store.listCallbacks>[0]) =>
      (await store.listCallbacks(query)).map((entry) => entry.receivedAt);
    assert.deepEqual(await times({ objectId: '7', limit: 10 }), [5, 2, 1]);
    assert.deepEqual(await times({ status: 'confirmed', limit: 10 }), [5, 4, 3, 2]);
    assert.deepEqual(await times({ status: 'Confirmed', limit: 10 }), []);
    assert.deepEqual(await times({ objectId: '7', status: 'confirmed', limit: 10 }), [5, 2]);
    const [newest, second] = await store.listCallbacks({ status: 'confirmed', limit: 2 });
    assert.deepEqual([newest?.receivedAt, second?.receivedAt], [5, 4]);
    assert.deepEqual(await times({ status: 'confirmed', before: second!.id, limit: 2 }), [3, 2]);
    assert.deepEqual(await times({ objectId: '7', before: newest!.id, limit: 10 }), [2, 1]);
    await store.close();
  });

  it('list the failed delivery attempts with their endpoint’s URL, a page at a time', async () => {
    const store = await open();
    await store.setEnvEndpoint('http://127.0.0.1:9/hooks', 0);
    for (let i = 0; i < 3; i++) {
      const created = checkout();
      await store.insertCheckout(created, {}, checkoutEvent(created));
    }
    const claimed = await store.claimDeliveries(2000, 60_000, 10);
    assert.equal(claimed.length, 2);
    await store.finishAttempt(claimed[0]!, {
      attemptedAt: 2100,
      durationMs: 5,
      statusCode: 500,
      error: 'answered 500',
      delivered: false,
      retryAt: 9000,
    });
    await store.finishAttempt(claimed[1]!, {
      attemptedAt: 2200,
      durationMs: 5,
      statusCode: 204,
      delivered: true,
    });
    const [third] = await store.claimDeliveries(2300, 60_000, 10);
    await store.finishAttempt(third!, {
      attemptedAt: 2400,
      durationMs: 30_000,
      error: 'timed out',
      delivered: false,
      retryAt: 9000,
    });
    const all = await store.listAttempts({ limit: 10 });
    assert.deepEqual(
      all.map((attempt) => [attempt.attemptedAt, attempt.endpointUrl]),
      [
        [2400, 'http://127.0.0.1:9/hooks'],
        [2200, 'http://127.0.0.1:9/hooks'],
        [2100, 'http://127.0.0.1:9/hooks'],
      ],
    );
    const failed = await store.listAttempts({ failed: true, limit: 1 });
    assert.deepEqual(
      failed.map((attempt) => attempt.error),
      ['timed out'],
    );
    const older = await store.listAttempts({ failed: true, before: failed[0]!.id, limit: 10 });
    assert.deepEqual(
      older.map((attempt) => [attempt.attemptedAt, attempt.statusCode]),
      [[2100, 500]],
    );
    await store.close();
  });

  it('count the backlog per endpoint in one read, the oldest waiting of each', async () => {
    const store = await open();
    assert.deepEqual(await store.pendingDeliveriesByEndpoint(), []);
    await store.setEnvEndpoint('http://127.0.0.1:9/hooks', 0);
    const first = checkout({ createdAt: 3000, updatedAt: 3000 });
    await store.insertCheckout(first, {}, checkoutEvent(first));
    await store.createEndpoint(
      { id: 'whe_other', url: 'http://127.0.0.1:9/other', createdAt: 1 },
      'whsec_x',
    );
    const second = checkout({ createdAt: 4000, updatedAt: 4000 });
    await store.insertCheckout(second, {}, checkoutEvent(second));
    assert.deepEqual(await store.pendingDeliveriesByEndpoint(), [
      { endpointId: 'env', count: 2, oldestCreatedAt: 3000 },
      { endpointId: 'whe_other', count: 1, oldestCreatedAt: 4000 },
    ]);
    const claimed = await store.claimDeliveries(5000, 60_000, 10);
    const other = claimed.find((delivery) => delivery.endpoint.id === 'whe_other')!;
    await store.finishAttempt(other, { attemptedAt: 5100, durationMs: 5, delivered: true });
    assert.deepEqual(await store.pendingDeliveriesByEndpoint(), [
      { endpointId: 'env', count: 2, oldestCreatedAt: 3000 },
    ]);
    await store.close();
  });
});
