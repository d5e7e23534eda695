/**
 * The back office's log searches on each store: the callback log by object, status and a
 * cursor; the delivery attempts with the URL each went to, the failures still standing (one per
 * event and endpoint) and a cursor; the deliveries dropped before any attempt; the backlog per
 * endpoint.
 */

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { checkoutEvent } from '../webhooks/events.ts';
import type { AttemptResult } from './outbox.ts';
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

  it('a redelivery replaces a delivery waiting for its retry: one send, nothing left waiting', async () => {
    const store = await open();
    await store.createEndpoint(
      { id: 'whe_r', url: 'http://127.0.0.1:9/r', createdAt: 0 },
      'whsec_r',
    );
    const created = checkout({ createdAt: 1000, updatedAt: 1000 });
    await store.insertCheckout(created, {}, checkoutEvent(created));
    const [first] = await store.claimDeliveries(1000, 60_000, 10);
    await store.finishAttempt(first!, {
      attemptedAt: 1000,
      durationMs: 5,
      delivered: false,
      statusCode: 500,
      error: 'answered 500',
      retryAt: 3_600_000,
    });
    assert.equal((await store.pendingDeliveries()).count, 1);
    assert.equal(await store.redeliverEvent(first!.event.id, 2000), 1);
    // Only the redelivery is waiting; delivered, nothing is left for the hour's retry.
    assert.equal((await store.pendingDeliveries()).count, 1);
    const [again] = await store.claimDeliveries(2000, 60_000, 10);
    assert.equal(again?.event.id, first!.event.id);
    await store.finishAttempt(again!, {
      attemptedAt: 2000,
      durationMs: 5,
      delivered: true,
      statusCode: 204,
    });
    assert.equal((await store.pendingDeliveries()).count, 0);
    assert.deepEqual(await store.claimDeliveries(3_600_000, 60_000, 10), []);
    await store.close();
  });

  it('list every attempt with the URL it went to, and the failures still standing', async () => {
    const store = await open();
    const old = 'http://127.0.0.1:9/old';
    await store.createEndpoint({ id: 'whe_a', url: old, createdAt: 0 }, 'whsec_x');
    /** Claims the one due delivery at `now` and logs its attempt. */
    const attempt = async (now: number, result: Partial<AttemptResult>) => {
      const claimed = await store.claimDeliveries(now, 60_000, 10);
      assert.equal(claimed.length, 1, `one due at ${now}`);
      await store.finishAttempt(claimed[0]!, failure(now, result));
      return claimed[0]!;
    };
    /** An attempt at `now`: answered 500 unless `result` says otherwise. */
    const failure = (now: number, result: Partial<AttemptResult>): AttemptResult => ({
      attemptedAt: now,
      durationMs: 5,
      delivered: false,
      ...(result.error === undefined && !result.delivered
        ? { statusCode: 500, error: 'answered 500' }
        : {}),
      ...result,
    });
    const delivered = { statusCode: 204, delivered: true };
    const event = async (now: number) => {
      const created = checkout({ createdAt: now, updatedAt: now });
      await store.insertCheckout(created, {}, checkoutEvent(created));
    };
    // A: failed twice, a retry still ahead.
    await event(1000);
    await attempt(1000, { retryAt: 1500 });
    await attempt(1500, { error: 'timed out', retryAt: 1e9 });
    // B: failed, then delivered on its retry.
    await event(2000);
    await attempt(2000, { retryAt: 2500 });
    await attempt(2500, delivered);
    // C: given up, then redelivered by hand (a new delivery), which got through.
    await event(3000);
    const c = await attempt(3000, {});
    assert.equal(await store.redeliverEvent(c.event.id, 3100), 1);
    await attempt(3100, delivered);
    // D: given up at the old URL; the endpoint moved; redelivered there, failed again.
    await event(4000);
    const d = await attempt(4000, {});
    const moved = 'http://127.0.0.1:9/new';
    await store.changeEndpoint('whe_a', { url: moved }, 4100);
    await store.redeliverEvent(d.event.id, 4200);
    await attempt(4200, { statusCode: 404, error: 'answered 404' });
    // E: a lease ran out; the second claim delivered it; the first one's failure came after.
    await event(5000);
    const slow = (await store.claimDeliveries(5000, 100, 10))[0]!;
    await attempt(5200, delivered);
    await store.finishAttempt(slow, failure(5300, { error: 'timed out', retryAt: 9000 }));

    const all = await store.listAttempts({ limit: 20 });
    assert.equal(all.length, 10);
    const sentTo = (at: number) => all.find((row) => row.attemptedAt === at)?.endpointUrl;
    assert.deepEqual([sentTo(1000), sentTo(4000), sentTo(4200)], [old, old, moved]);

    const failed = await store.listAttempts({ failed: true, limit: 1 });
    assert.deepEqual(
      failed.map((row) => [row.eventId, row.attemptedAt, row.statusCode, row.endpointUrl]),
      [[d.event.id, 4200, 404, moved]],
    );
    const older = await store.listAttempts({ failed: true, before: failed[0]!.id, limit: 10 });
    assert.deepEqual(
      older.map((row) => [row.attemptedAt, row.error]),
      [[1500, 'timed out']],
    );
    assert.deepEqual(await store.listAttempts({ failed: true, endpointId: 'env', limit: 10 }), []);
    await store.close();
  });

  it('list the deliveries dropped before any attempt, until one is queued again', async () => {
    const store = await open();
    for (const id of ['whe_off', 'whe_gone']) {
      await store.createEndpoint({ id, url: `http://127.0.0.1:9/${id}`, createdAt: 0 }, 'whsec_x');
    }
    for (const createdAt of [1000, 2000]) {
      const created = checkout({ createdAt, updatedAt: createdAt });
      await store.insertCheckout(created, {}, checkoutEvent(created));
    }
    const [first, second] = await store.listEvents({ limit: 10 });
    assert.deepEqual(await store.listDroppedDeliveries({ limit: 10 }), []);

    // Disabled while both waited: dropped, never sent. A deleted endpoint's are no one's to send.
    await store.changeEndpoint('whe_off', { disabled: true }, 3000);
    await store.deleteEndpoint('whe_gone', 3000);
    const dropped = await store.listDroppedDeliveries({ limit: 10 });
    assert.deepEqual(
      dropped.map(({ id: _id, ...delivery }) => delivery),
      [
        {
          eventId: second!.id,
          eventType: 'checkout.created',
          endpointId: 'whe_off',
          endpointUrl: 'http://127.0.0.1:9/whe_off',
          queuedAt: 2000,
        },
        {
          eventId: first!.id,
          eventType: 'checkout.created',
          endpointId: 'whe_off',
          endpointUrl: 'http://127.0.0.1:9/whe_off',
          queuedAt: 1000,
        },
      ],
    );
    const [newest] = await store.listDroppedDeliveries({ limit: 1 });
    assert.deepEqual(
      (await store.listDroppedDeliveries({ limit: 10, before: newest!.id })).map((d) => d.eventId),
      [first!.id],
    );

    // Sent again, it is that delivery's story; tried and then dropped, it is a failure instead.
    await store.changeEndpoint('whe_off', { disabled: false }, 4000);
    assert.equal(await store.redeliverToEndpoint(first!.id, 'whe_off', 4000), 'queued');
    const [again] = await store.claimDeliveries(4000, 60_000, 10);
    await store.finishAttempt(again!, {
      attemptedAt: 4000,
      durationMs: 5,
      delivered: false,
      statusCode: 500,
      error: 'answered 500',
      retryAt: 9000,
    });
    await store.changeEndpoint('whe_off', { disabled: true }, 5000);
    assert.deepEqual(
      (await store.listDroppedDeliveries({ limit: 10 })).map((d) => d.eventId),
      [second!.id],
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
