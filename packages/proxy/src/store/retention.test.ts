/**
 * Pruning by age on both stores: the callback log, settled deliveries with their attempts and
 * the events nothing refers to any more go; checkouts, pending deliveries and their events, and
 * every event's dedupe key stay.
 */

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { checkoutEvent, relayedEvent } from '../webhooks/events.ts';
import type { CallbackEntry, Store } from './store.ts';
import { checkout, describeStores } from './stores.test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

const logged = (receivedAt: number, objectId: string): CallbackEntry => ({
  receivedAt,
  type: 'invoice',
  objectId,
  status: 'confirmed',
  outcome: 'recorded',
  body: { type: 'invoice', id: objectId, status: 'confirmed' },
});

/** A checkout with its checkout.created event made at `at`, sent to the environment's endpoint. */
async function checkoutAt(store: Store, at: number) {
  const made = checkout({ createdAt: at, updatedAt: at });
  await store.insertCheckout(made, {}, checkoutEvent(made));
  return made;
}

describeStores('Pruning by age', (open) => {
  it('deletes callback log entries received before the cut-off, at most `limit` a pass', async () => {
    const store = await open();
    for (let day = 1; day <= 5; day++) await store.recordCallback(logged(day * DAY, `old-${day}`));
    await store.recordCallback(logged(100 * DAY, 'new'));
    const passes = [];
    for (;;) {
      const pruned = await store.pruneBefore(10 * DAY, 2);
      passes.push(pruned.callbacks);
      if (pruned.callbacks === 0) break;
    }
    assert.deepEqual(passes, [2, 2, 1, 0]);
    const left = await store.listCallbacks({ limit: 10 });
    assert.deepEqual(
      left.map((entry) => entry.objectId),
      ['new'],
    );
    await store.close();
  });

  it('keeps checkouts, and pending deliveries with their events and attempts', async () => {
    const store = await open();
    await store.setEnvEndpoint('http://127.0.0.1:9/hooks', 0);
    const [delivered, failed, pending, fresh] = [
      await checkoutAt(store, 1 * DAY),
      await checkoutAt(store, 1 * DAY + 1),
      await checkoutAt(store, 1 * DAY + 2),
      await checkoutAt(store, 50 * DAY),
    ];
    const claims = await store.claimDeliveries(2 * DAY, 60_000, 3);
    assert.equal(claims.length, 2, 'two claims per endpoint at once');
    const [first, second] = claims;
    await store.finishAttempt(first!, { attemptedAt: 2 * DAY, durationMs: 5, delivered: true });
    // Given up: the schedule is spent.
    await store.finishAttempt(second!, { attemptedAt: 2 * DAY, durationMs: 5, delivered: false });
    // Still within its retry window (an endpoint down for long): due again on day 80.
    const [third] = await store.claimDeliveries(2 * DAY, 60_000, 1);
    await store.finishAttempt(third!, {
      attemptedAt: 2 * DAY,
      durationMs: 5,
      statusCode: 503,
      delivered: false,
      retryAt: 80 * DAY,
    });

    const pruned = await store.pruneBefore(10 * DAY, 100);
    assert.deepEqual(pruned, {
      callbacks: 0,
      deliveries: 2,
      attempts: 2,
      events: 2,
      failedSignIns: 0,
    });
    // Nothing more to do until the cut-off moves.
    assert.deepEqual(await store.pruneBefore(10 * DAY, 100), {
      callbacks: 0,
      deliveries: 0,
      attempts: 0,
      events: 0,
      failedSignIns: 0,
    });

    for (const made of [delivered, failed, pending, fresh]) {
      assert.deepEqual(await store.getCheckout(made.id), made, 'checkouts are kept');
    }
    const events = await store.listEvents({ limit: 10 });
    assert.deepEqual(
      events.map((event) => event.data.id),
      [pending.id, fresh.id],
    );
    const attempts = await store.listAttempts({ limit: 10 });
    assert.deepEqual(
      attempts.map((attempt) => [attempt.eventId, attempt.statusCode]),
      [[events[0]!.id, 503]],
    );
    // The pending one is still sent when due, and the fresh one's delivery is untouched.
    const due = await store.claimDeliveries(80 * DAY, 60_000, 10);
    assert.deepEqual(
      due.map((delivery) => delivery.event.data.id).sort(),
      [pending.id, fresh.id].sort(),
    );
    await store.close();
  });

  it('deletes an old event once its last delivery is pruned, and one that had none', async () => {
    const store = await open();
    // No endpoint yet: the first event has no delivery at all.
    const alone = await checkoutAt(store, 1 * DAY);
    await store.setEnvEndpoint('http://127.0.0.1:9/hooks', 0);
    await checkoutAt(store, 1 * DAY);
    const [claim] = await store.claimDeliveries(1 * DAY, 60_000, 1);
    // Delivered on day 20: the delivery, and so its event, stay until day 20 is past the cut-off.
    await store.finishAttempt(claim!, { attemptedAt: 20 * DAY, durationMs: 5, delivered: true });
    assert.equal(claim!.event.data.id !== alone.id, true);

    assert.equal((await store.pruneBefore(10 * DAY, 100)).events, 1);
    assert.deepEqual(
      (await store.listEvents({ limit: 10 })).map((event) => event.id),
      [claim!.event.id],
    );
    assert.deepEqual(await store.pruneBefore(30 * DAY, 100), {
      callbacks: 0,
      deliveries: 1,
      attempts: 1,
      events: 1,
      failedSignIns: 0,
    });
    assert.deepEqual(await store.listEvents({ limit: 10 }), []);
    // A redelivery of a pruned event finds nothing; new events still page after the old ids.
    assert.equal(await store.redeliverEvent(claim!.event.id, 31 * DAY), undefined);
    await checkoutAt(store, 31 * DAY);
    const [newest] = await store.listEvents({ after: claim!.event.id, limit: 10 });
    assert.ok(newest && newest.id > claim!.event.id);
    await store.close();
  });

  it('makes no new event of a relayed callback replayed after its event was pruned', async () => {
    const store = await open();
    await store.setEnvEndpoint('http://127.0.0.1:9/hooks', 0);
    const deposit = (receivedAt: number): CallbackEntry => ({
      receivedAt,
      type: 'deposit',
      objectId: 'dep-1',
      status: 'Completed',
      outcome: 'recorded',
      body: { type: 'deposit', id: 'dep-1', status: 'Completed', amount: '10.00' },
    });
    const first = deposit(1 * DAY);
    await store.recordCallback(first, relayedEvent(first));
    const [claim] = await store.claimDeliveries(1 * DAY, 60_000, 1);
    await store.finishAttempt(claim!, { attemptedAt: 1 * DAY, durationMs: 5, delivered: true });
    assert.deepEqual(await store.pruneBefore(10 * DAY, 100), {
      callbacks: 1,
      deliveries: 1,
      attempts: 1,
      events: 1,
      failedSignIns: 0,
    });

    // The same signed callback, captured and sent again a year on.
    const replay = deposit(365 * DAY);
    await store.recordCallback(replay, relayedEvent(replay));
    assert.deepEqual(await store.listEvents({ limit: 10 }), []);
    assert.deepEqual(await store.claimDeliveries(365 * DAY, 60_000, 10), []);
    // The callback is still logged; a new status of the same deposit is still an event.
    assert.equal((await store.listCallbacks({ limit: 10 })).length, 1);
    const refunded = { ...deposit(366 * DAY), status: 'Refunded' };
    await store.recordCallback(refunded, relayedEvent(refunded));
    assert.deepEqual(
      (await store.listEvents({ limit: 10 })).map((event) => event.type),
      ['deposit.refunded'],
    );
    await store.close();
  });

  it('makes no new event of a checkout’s status replayed after its events were pruned', async () => {
    const store = await open();
    const made = await checkoutAt(store, 1 * DAY);
    const { checkout: paid } = await store.advanceCheckout(
      made.id,
      { status: 'paid', at: 1 * DAY },
      logged(1 * DAY, made.paymentRequestId),
      checkoutEvent,
    );
    assert.equal(paid?.version, 2);
    assert.equal((await store.pruneBefore(10 * DAY, 100)).events, 2);
    // The checkout is kept, and a status moves only forward: the replay changes nothing.
    for (const status of ['created', 'processing', 'paid'] as const) {
      const again = await store.advanceCheckout(
        made.id,
        { status, at: 365 * DAY },
        logged(365 * DAY, made.paymentRequestId),
        checkoutEvent,
      );
      assert.equal(again.checkout, undefined);
    }
    assert.deepEqual(await store.listEvents({ limit: 10 }), []);
    assert.deepEqual(await store.getCheckout(made.id), paid);
    await store.close();
  });

  it('deletes old failed sign-ins from the audit log, and keeps every other entry', async () => {
    const store = await open();
    const write = (at: number, action: 'sign_in_failed' | 'sign_in' | 'account_created') =>
      store.writeAudit({ at, actor: 'anonymous', action });
    await write(1 * DAY, 'sign_in_failed');
    await write(2 * DAY, 'sign_in_failed');
    await write(2 * DAY, 'sign_in');
    await write(2 * DAY, 'account_created');
    await write(20 * DAY, 'sign_in_failed');
    const pruned = await store.pruneBefore(10 * DAY, 1);
    assert.equal(pruned.failedSignIns, 1, 'at most `limit` a pass');
    assert.equal((await store.pruneBefore(10 * DAY, 100)).failedSignIns, 1);
    const left = await store.listAudit({ limit: 10 });
    assert.deepEqual(
      left.map((entry) => [entry.action, entry.at / DAY]),
      [
        ['sign_in_failed', 20],
        ['account_created', 2],
        ['sign_in', 2],
      ],
    );
    await store.close();
  });
});
