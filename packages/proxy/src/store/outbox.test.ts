import assert from 'node:assert/strict';
import { it } from 'node:test';
import { checkoutEvent, relayedEvent } from '../webhooks/events.ts';
import type { CallbackEntry, CheckoutRecord } from './store.ts';
import { callback, describeStores, type OpenStore } from './stores.test-helpers.ts';

function checkout(id: string): CheckoutRecord {
  return {
    id,
    status: 'created',
    paymentLink: `https://pay.example/${id}`,
    expiresAt: 1_900_000_000,
    amount: '25.00',
    currency: { iso: 'EUR' },
    paymentRequestId: `pr-${id}`,
    foreignId: `cp_${id}`,
    pricing: 'product',
    product: 'kettle',
    createdAt: 1000,
    updatedAt: 1000,
    version: 1,
  };
}

async function storeWithEndpoint(open: OpenStore) {
  const store = await open();
  await store.setEnvEndpoint('http://127.0.0.1:9/hooks', 0);
  return store;
}

describeStores('Outbox', (open) => {
  it('queues a create’s event for exactly the active endpoints taking its type', async () => {
    // One rule, two homes: `fanOut` in JS on SQLite, a create's one statement on PostgreSQL.
    const store = await open();
    const endpoints: [string, string[] | undefined][] = [
      ['whe_all', undefined],
      ['whe_created', ['checkout.created']],
      ['whe_paid', ['checkout.paid']],
      ['whe_none', []],
      ['whe_disabled', undefined],
      ['whe_deleted', undefined],
    ];
    for (const [id, eventTypes] of endpoints) {
      const url = `http://127.0.0.1:9/${id}`;
      await store.createEndpoint(
        eventTypes ? { id, url, eventTypes, createdAt: 1 } : { id, url, createdAt: 1 },
        'x',
      );
    }
    await store.changeEndpoint('whe_disabled', { disabled: true }, 2);
    assert.ok(await store.deleteEndpoint('whe_deleted', 2));
    const made = checkout('c-fan');
    assert.equal(await store.insertCheckout(made, {}, checkoutEvent(made)), true);
    const queued = await store.pendingDeliveriesByEndpoint();
    assert.deepEqual(queued.map((endpoint) => endpoint.endpointId).sort(), [
      'whe_all',
      'whe_created',
    ]);
    await store.close();
  });

  it('disables an endpoint gone at its address only while it still sends there, once', async () => {
    const store = await open();
    await store.createEndpoint({ id: 'whe_a', url: 'http://127.0.0.1:9/old', createdAt: 1 }, 'x');
    const made = checkout('c-gone');
    assert.equal(await store.insertCheckout(made, {}, checkoutEvent(made)), true);
    // Moved meanwhile: the old address's 410 leaves it as it is, its delivery waiting.
    await store.changeEndpoint('whe_a', { url: 'http://127.0.0.1:9/new' }, 2);
    assert.equal(await store.disableGoneEndpoint('whe_a', 'http://127.0.0.1:9/old', 3), false);
    assert.equal((await store.pendingDeliveriesByEndpoint()).length, 1);
    // Gone where it sends: disabled, its delivery ended, the audit log told; only once.
    assert.equal(await store.disableGoneEndpoint('whe_a', 'http://127.0.0.1:9/new', 4), true);
    assert.equal(await store.disableGoneEndpoint('whe_a', 'http://127.0.0.1:9/new', 5), false);
    const [endpoint] = await store.listEndpoints();
    assert.equal(endpoint?.disabledAt, 4);
    assert.deepEqual(await store.pendingDeliveriesByEndpoint(), []);
    const audit = await store.listAudit({ action: 'endpoint_changed', limit: 5 });
    assert.deepEqual(
      audit.map(({ actor, target, detail }) => ({ actor, target, detail })),
      [
        {
          actor: 'webhook-sender',
          target: 'whe_a',
          detail: { disabled: true, reason: 'answered 410 Gone' },
        },
      ],
    );
    await store.close();
  });

  it('says whether a write queued a delivery: not without an endpoint, nor for a repeat', async () => {
    const store = await open();
    const deposit: CallbackEntry = { ...callback, type: 'deposit', objectId: 'd1', status: 'done' };
    assert.equal(await store.recordCallback(deposit, relayedEvent(deposit)), false);
    await store.setEnvEndpoint('http://127.0.0.1:9/hooks', 0);
    const paid = { ...deposit, status: 'paid' };
    assert.equal(await store.recordCallback(paid, relayedEvent(paid)), true);
    assert.equal(await store.recordCallback(paid, relayedEvent(paid)), false);
    assert.equal(await store.recordCallback(paid), false);
    assert.equal((await store.listEvents({ limit: 10 })).length, 2);
    assert.equal((await store.claimDeliveries(6000, 30_000, 10)).length, 1);
    await store.close();
  });

  it('writes checkout.created with the checkout and one event per applied change, none for repeats', async () => {
    const store = await storeWithEndpoint(open);
    const created = checkout('outbox-checkout-000000001');
    // A delivery queued: the caller wakes the worker.
    assert.equal(await store.insertCheckout(created, {}, checkoutEvent(created)), true);
    for (const status of ['paid', 'processing', 'paid', 'expired'] as const) {
      await store.advanceCheckout(created.id, { status, at: 2000 }, callback, checkoutEvent);
    }
    const events = await store.listEvents({ limit: 10 });
    assert.deepEqual(
      events.map((event) => [event.type, event.data.version]),
      [
        ['checkout.created', 1],
        ['checkout.paid', 2],
      ],
    );
    assert.equal(events[1]!.data.foreign_id, created.foreignId);
    assert.match(events[0]!.id, /^evt_000000000001[\w-]{8}$/);
    assert.ok(events[0]!.id < events[1]!.id);
    const claimed = await store.claimDeliveries(3000, 30_000, 10);
    assert.equal(claimed.length, 2);
    await store.close();
  });

  it('relays a deposit’s free-text statuses each once, under a normalised type', async () => {
    const store = await storeWithEndpoint(open);
    const deposit = (status: string): CallbackEntry => ({
      receivedAt: 10,
      type: 'deposit',
      objectId: 'dep-7',
      status,
      outcome: 'recorded',
      body: { type: 'deposit', id: 'dep-7', status },
    });
    for (const status of ['In-Progress', 'Completed', 'In-Progress', 'in_progress']) {
      await store.recordCallback(deposit(status), relayedEvent(deposit(status)));
    }
    const events = await store.listEvents({ limit: 10 });
    assert.deepEqual(
      events.map((event) => [event.type, event.data.status]),
      [
        ['deposit.in_progress', 'In-Progress'],
        ['deposit.completed', 'Completed'],
        ['deposit.in_progress', 'in_progress'],
      ],
    );
    assert.equal(relayedEvent(deposit(`Ü ${'x'.repeat(100)}`)).type, `deposit.__${'x'.repeat(62)}`);
    await store.close();
  });

  it('relays another callback once per object and status', async () => {
    const store = await storeWithEndpoint(open);
    const invoice: CallbackEntry = {
      receivedAt: 10,
      type: 'invoice',
      objectId: '42',
      status: 'confirmed',
      outcome: 'recorded',
      body: { type: 'invoice', id: 42, status: 'confirmed' },
    };
    await store.recordCallback(invoice, relayedEvent(invoice));
    await store.recordCallback(invoice, relayedEvent(invoice));
    const events = await store.listEvents({ limit: 10 });
    assert.deepEqual(
      events.map((event) => event.type),
      ['invoice.confirmed'],
    );
    assert.equal((await store.listCallbacks({ limit: 10 })).length, 2);
    await store.close();
  });

  it('leases a delivery to one worker; a lease that ran out is claimed again', async () => {
    const store = await storeWithEndpoint(open);
    const created = checkout('outbox-checkout-000000002');
    await store.insertCheckout(created, {}, checkoutEvent(created));
    const [first] = await store.claimDeliveries(1000, 500, 10);
    assert.equal(first?.attempt, 1);
    assert.deepEqual(await store.claimDeliveries(1200, 500, 10), []);
    assert.equal(await store.nextDeliveryAt(1200), 1500);
    const [again] = await store.claimDeliveries(1500, 500, 10);
    assert.equal(again?.attempt, 2);
    // The first worker's late result is logged but does not settle what the second holds.
    await store.finishAttempt(first!, { attemptedAt: 1600, durationMs: 5, delivered: true });
    assert.equal(await store.nextDeliveryAt(1600), 2000);
    const failed = {
      attemptedAt: 1700,
      durationMs: 5,
      statusCode: 500,
      delivered: false,
      retryAt: 9000,
    };
    await store.finishAttempt(again!, failed);
    // Recorded again (the worker's retry after a COMMIT whose answer was lost): logged once.
    await store.finishAttempt(again!, failed);
    assert.equal(await store.nextDeliveryAt(1700), 9000);
    assert.ok((await store.listEndpoints())[0]?.failingSince === 1700);
    const attempts = await store.listAttempts({ limit: 10 });
    assert.deepEqual(
      attempts.map((attempt) => [attempt.attempt, attempt.statusCode]),
      [
        [2, 500],
        [1, undefined],
      ],
    );
    await store.close();
  });

  it('claims at most two deliveries per endpoint at once, so a slow one leaves room for the rest', async () => {
    const store = await storeWithEndpoint(open);
    await store.createEndpoint(
      { id: 'whe_other', url: 'http://127.0.0.1:9/other', createdAt: 1 },
      'whsec_x',
    );
    for (let i = 1; i <= 5; i++) {
      const created = checkout(`outbox-checkout-00000001${i}`);
      await store.insertCheckout(created, {}, checkoutEvent(created));
    }
    const endpointsOf = (claimed: { endpoint: { id: string } }[]) =>
      claimed.map((delivery) => delivery.endpoint.id).sort();
    const first = await store.claimDeliveries(2000, 60_000, 10);
    assert.deepEqual(endpointsOf(first), ['env', 'env', 'whe_other', 'whe_other']);
    // Both endpoints at their cap: nothing more until a claim ends (or its lease runs out).
    assert.deepEqual(await store.claimDeliveries(2000, 60_000, 10), []);
    assert.equal(await store.nextDeliveryAt(2000), 62_000);
    const other = first.find((delivery) => delivery.endpoint.id === 'whe_other')!;
    await store.finishAttempt(other, { attemptedAt: 2100, durationMs: 5, delivered: true });
    assert.equal(await store.nextDeliveryAt(2100), 1000);
    const next = await store.claimDeliveries(2100, 60_000, 10);
    assert.deepEqual(endpointsOf(next), ['whe_other']);
    // The earliest due of the endpoint comes first.
    assert.ok(
      next[0]!.event.id > first.filter((d) => d.endpoint.id === 'whe_other').at(-1)!.event.id,
    );
    await store.close();
  });

  it('claims past an endpoint at its cap for the others, however few it may take', async () => {
    const store = await storeWithEndpoint(open);
    for (let i = 1; i <= 3; i++) {
      const created = checkout(`outbox-checkout-00000003${i}`);
      await store.insertCheckout(created, {}, checkoutEvent(created));
    }
    assert.equal((await store.claimDeliveries(2000, 60_000, 2)).length, 2);
    await store.createEndpoint(
      { id: 'whe_other', url: 'http://127.0.0.1:9/other', createdAt: 1 },
      'whsec_x',
    );
    const created = checkout('outbox-checkout-000000034');
    await store.insertCheckout(created, {}, checkoutEvent(created));
    // The environment's endpoint, at its cap, has an earlier due delivery: it takes no place.
    const [other] = await store.claimDeliveries(2000, 60_000, 1);
    assert.equal(other?.endpoint.id, 'whe_other');
    await store.close();
  });

  it('gives back a claim cut off by the shutdown: logged, uncounted, due at once, the endpoint not failing', async () => {
    const store = await storeWithEndpoint(open);
    const created = checkout('outbox-checkout-000000021');
    await store.insertCheckout(created, {}, checkoutEvent(created));
    const [cut] = await store.claimDeliveries(1000, 60_000, 10);
    const result = {
      attemptedAt: 1100,
      durationMs: 30,
      delivered: false,
      error: 'cut off: the proxy stopped',
    };
    await store.releaseClaim(cut!, result);
    assert.equal(await store.nextDeliveryAt(1200), 1000);
    assert.equal((await store.listEndpoints())[0]?.failingSince, undefined);
    const [again] = await store.claimDeliveries(1200, 60_000, 10);
    assert.equal(again?.attempt, 1);
    // A claim taken over after its lease ran out gives back nothing: the newer one holds it.
    const [takenOver] = await store.claimDeliveries(61_200, 60_000, 10);
    assert.equal(takenOver?.attempt, 2);
    await store.releaseClaim(again!, { ...result, attemptedAt: 1300 });
    assert.deepEqual(await store.claimDeliveries(61_300, 60_000, 10), []);
    const attempts = await store.listAttempts({ limit: 10 });
    assert.deepEqual(
      attempts.map((attempt) => [attempt.attempt, attempt.error]),
      [
        [1, 'cut off: the proxy stopped'],
        [1, 'cut off: the proxy stopped'],
      ],
    );
    await store.close();
  });

  it('sends events only to endpoints that take their type, and again on redelivery', async () => {
    const store = await open();
    await store.createEndpoint(
      {
        id: 'whe_paid',
        url: 'https://shop.example/paid',
        eventTypes: ['checkout.paid'],
        createdAt: 1,
      },
      'whsec_secret',
    );
    const created = checkout('outbox-checkout-000000003');
    // No endpoint takes checkout.created: the event is kept, no delivery queued, nobody woken.
    assert.equal(await store.insertCheckout(created, {}, checkoutEvent(created)), false);
    assert.deepEqual(
      (await store.listEvents({ limit: 10 })).map((event) => event.type),
      ['checkout.created'],
    );
    assert.deepEqual(await store.claimDeliveries(2000, 500, 10), []);
    await store.advanceCheckout(created.id, { status: 'paid', at: 2000 }, callback, checkoutEvent);
    const [delivery] = await store.claimDeliveries(2000, 60_000, 10);
    assert.equal(delivery?.event.type, 'checkout.paid');
    assert.equal(delivery?.endpoint.secret, 'whsec_secret');
    assert.equal(await store.redeliverEvent(delivery!.event.id, 3000), 1);
    assert.equal(await store.redeliverEvent('evt_nope', 3000), undefined);
    assert.equal((await store.claimDeliveries(3000, 500, 10)).length, 1);
    assert.equal(await store.deleteEndpoint('whe_paid', 4000), true);
    assert.equal(await store.nextDeliveryAt(4000), undefined);
    await store.close();
  });
});
