import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { Webhook } from 'standardwebhooks';
import { createLogger } from '../process/logger.ts';
import { openSqliteStore } from '../store/sqlite.ts';
import type { CallbackEntry, Store } from '../store/store.ts';
import { recordDeposit } from '../store/stores.test-helpers.ts';
import { newWebhookSecret } from './endpoint-url.ts';
import { RETRY_SCHEDULE_MS, retryAt, startWebhookWorker, type WebhookWorker } from './worker.ts';

const SECRET = newWebhookSecret();
const lines: string[] = [];

/** Records invoice number `count`'s callback and its event, as the callbacks route does. */
async function writeInvoice(store: Store, count: number) {
  const entry: CallbackEntry = {
    receivedAt: Date.now(),
    type: 'invoice',
    objectId: String(count),
    status: 'confirmed',
    outcome: 'recorded',
    body: { type: 'invoice', id: count, status: 'confirmed' },
  };
  await store.recordCallback(entry, {
    type: 'invoice.confirmed',
    createdAt: entry.receivedAt,
    data: entry.body,
    dedupeKey: `invoice:${count}:confirmed`,
  });
}

/** A store with the environment's endpoint on `url`, a worker on it, and one event per call. */
async function outbox(url: string, options: { timeoutMs?: number; schedule?: number[] } = {}) {
  const store: Store = openSqliteStore(':memory:');
  await store.setEnvEndpoint(url, Date.now());
  const worker: WebhookWorker = startWebhookWorker({
    store,
    log: createLogger((line) => lines.push(line)),
    envSecret: SECRET,
    schedule: options.schedule ?? [20, 40, 80],
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  let count = 0;
  const write = async () => {
    await writeInvoice(store, ++count);
    worker.wake();
  };
  return {
    store,
    write,
    wake: () => worker.wake(),
    async close() {
      await worker.close();
      await store.close();
    },
  };
}

describe('webhook delivery worker', () => {
  let receiver: WebhookReceiver;
  before(async () => {
    receiver = await startWebhookReceiver(SECRET);
  });
  after(async () => {
    await receiver.close();
    assert.ok(
      lines.every((line) => !line.includes(SECRET)),
      'the secret is never logged',
    );
  });

  it('retries within seconds, then over about three days, with jitter', () => {
    assert.ok(RETRY_SCHEDULE_MS[0]! <= 10_000);
    const total = RETRY_SCHEDULE_MS.reduce((sum, delay) => sum + delay, 0);
    assert.ok(total > 2.5 * 86_400_000 && total < 3.5 * 86_400_000, `${total} ms`);
    assert.equal(
      retryAt(RETRY_SCHEDULE_MS, 1, 0, () => 0),
      4000,
    );
    assert.equal(
      retryAt(RETRY_SCHEDULE_MS, 1, 0, () => 1),
      6000,
    );
    assert.equal(retryAt(RETRY_SCHEDULE_MS, RETRY_SCHEDULE_MS.length + 1, 0), undefined);
  });

  for (const mode of ['error', 'redirect', 'reset', 'hang'] as const) {
    it(`retries a receiver that ${mode === 'hang' ? 'never answers' : `answers with ${mode}`} until it answers, with the same webhook-id`, async () => {
      receiver.received.length = 0;
      receiver.mode = mode;
      // Short only where the receiver never answers: elsewhere a slow machine must not turn
      // an answer into a time-out and fail the test at random.
      const sending = await outbox(receiver.url, { timeoutMs: mode === 'hang' ? 300 : 30_000 });
      await sending.write();
      await eventually(() => receiver.received.length >= 2, 'two failed attempts');
      receiver.mode = 'ok';
      const delivered = await eventually(
        () => receiver.delivered().size === 1 && receiver.delivered(),
        'the delivery after the receiver recovered',
      );
      const [id] = [...delivered.keys()];
      assert.ok(receiver.received.every((request) => request.headers['webhook-id'] === id));
      // The attempt log says what each failure was, and keeps only an excerpt of an answer.
      const attempts = await eventually(async () => {
        const logged = await sending.store.listAttempts({ limit: 50 });
        return logged[0]?.statusCode === 204 && logged;
      }, 'the successful attempt in the log');
      const failed = attempts.filter(
        (attempt) => attempt.statusCode === undefined || attempt.statusCode >= 300,
      );
      assert.ok(failed.length >= 2);
      const expected = {
        error: /answered 500/,
        redirect: /redirect not followed/,
        reset: /connection failed|other side closed|fetch failed/i,
        hang: /timed out/,
      }[mode];
      assert.match(failed[0]!.error ?? '', expected);
      if (mode === 'error') assert.ok(failed[0]!.responseExcerpt!.length <= 256);
      await sending.close();
    });
  }

  it('waits as long as a busy receiver’s Retry-After asks before trying again', async () => {
    receiver.received.length = 0;
    receiver.mode = 'busy';
    const sending = await outbox(receiver.url);
    try {
      await sending.write();
      await eventually(() => receiver.received.length >= 1, 'the first attempt');
      receiver.mode = 'ok';
      await eventually(() => receiver.delivered().size === 1, 'the delivery after the wait');
      const [first, second] = receiver.received;
      const waited = second!.arrivedAt - first!.arrivedAt;
      assert.ok(waited >= 900, `tried again after ${Math.round(waited)} ms, not 1 s`);
    } finally {
      await sending.close();
    }
  });

  it('gives up after the schedule, and a redelivery sends the event again', async () => {
    receiver.received.length = 0;
    receiver.mode = 'error';
    const sending = await outbox(receiver.url, { schedule: [10] });
    await sending.write();
    await eventually(
      async () => (await sending.store.listAttempts({ limit: 5 })).length === 2,
      'two attempts',
    );
    assert.equal(await sending.store.nextDeliveryAt(Date.now()), undefined);
    receiver.mode = 'ok';
    const [event] = await sending.store.listEvents({ limit: 1 });
    assert.equal(await sending.store.redeliverEvent(event!.id, Date.now()), 1);
    sending.wake();
    await eventually(() => receiver.delivered().has(event!.id), 'the redelivery');
    await sending.close();
  });

  it('signs with both secrets during a rotation’s grace period, with the new one after it', async () => {
    const store: Store = openSqliteStore(':memory:');
    const old = newWebhookSecret();
    const oldReceiver = await startWebhookReceiver(old);
    await store.createEndpoint({ id: 'whe_rotated', url: oldReceiver.url, createdAt: 1 }, old);
    const worker = startWebhookWorker({ store, log: createLogger(() => {}), envSecret: undefined });
    const fresh = newWebhookSecret();
    await store.rotateEndpointSecret('whe_rotated', fresh, Date.now() + 60_000);
    await recordDeposit(store);
    worker.wake();
    const [request] = await eventually(
      () => oldReceiver.delivered().size === 1 && oldReceiver.received,
      'the event',
    );
    const signatures = String(request!.headers['webhook-signature']).split(' ');
    assert.equal(signatures.length, 2);
    assert.ok(signatures.every((signature) => signature.startsWith('v1,')));
    // The receiver that already has the new secret verifies the same request.
    assert.doesNotThrow(() =>
      new Webhook(fresh).verify(request!.body, request!.headers as Record<string, string>),
    );
    await worker.close();
    await oldReceiver.close();
    await store.close();
  });

  it('disables an endpoint that answers 410 Gone, sends it nothing more, and says so', async () => {
    const store: Store = openSqliteStore(':memory:');
    const gone = await startWebhookReceiver(SECRET);
    gone.mode = 'gone';
    await store.createEndpoint({ id: 'whe_gone', url: gone.url, createdAt: 1 }, SECRET);
    const warnings: string[] = [];
    const worker = startWebhookWorker({
      store,
      log: createLogger((line) => warnings.push(line)),
      envSecret: undefined,
      schedule: [20, 40, 80],
    });
    try {
      await writeInvoice(store, 1);
      worker.wake();
      const [endpoint] = await eventually(async () => {
        const endpoints = await store.listEndpoints();
        return endpoints[0]?.disabledAt !== undefined && endpoints;
      }, 'the endpoint disabled');
      assert.equal(endpoint!.id, 'whe_gone');
      assert.ok(
        warnings.some((line) => line.includes('webhook endpoint disabled: it answered 410 Gone')),
      );
      // Staff read who disabled it, and why.
      const [entry] = await store.listAudit({ action: 'endpoint_changed', limit: 5 });
      assert.deepEqual(
        { actor: entry?.actor, target: entry?.target, detail: entry?.detail },
        {
          actor: 'webhook-sender',
          target: 'whe_gone',
          detail: { disabled: true, reason: 'answered 410 Gone' },
        },
      );
      // Not tried again: one request, and nothing is due any more.
      assert.equal(gone.received.length, 1);
      assert.equal(await store.nextDeliveryAt(Date.now()), undefined);
    } finally {
      await worker.close();
      await gone.close();
      await store.close();
    }
  });

  it('keeps an endpoint moved while a send to its old address was answered 410', async () => {
    const store: Store = openSqliteStore(':memory:');
    const moved = await startWebhookReceiver(SECRET);
    const old = await startWebhookReceiver(SECRET);
    // The merchant's move, as Standard Webhooks suggests it: the old address answers 410 and the
    // URL is changed while a send to it is on its way.
    old.mode = 'gone';
    old.onRequest = () => store.changeEndpoint('whe_moved', { url: moved.url }, Date.now());
    await store.createEndpoint({ id: 'whe_moved', url: old.url, createdAt: 1 }, SECRET);
    const worker = startWebhookWorker({
      store,
      log: createLogger(() => {}),
      envSecret: undefined,
      schedule: [20, 40, 80],
    });
    try {
      await writeInvoice(store, 1);
      worker.wake();
      // Its retry goes to the new address: the endpoint was not disabled.
      await eventually(() => moved.received.length === 1, 'the retry at the new address');
      const [endpoint] = await store.listEndpoints();
      assert.equal(endpoint?.disabledAt, undefined);
      assert.equal(endpoint?.url, moved.url);
      assert.equal(old.received.length, 1);
      assert.deepEqual(await store.listAudit({ action: 'endpoint_changed', limit: 5 }), []);
    } finally {
      await worker.close();
      await old.close();
      await moved.close();
      await store.close();
    }
  });

  it('says in a warn line when an endpoint has failed for a day, and keeps trying', async () => {
    receiver.received.length = 0;
    receiver.mode = 'error';
    const store: Store = openSqliteStore(':memory:');
    await store.setEnvEndpoint(receiver.url, 0);
    const day = 24 * 60 * 60 * 1000;
    const clock = { now: Date.now() };
    const warnings: string[] = [];
    const worker = startWebhookWorker({
      store,
      log: createLogger((line) => warnings.push(line)),
      envSecret: SECRET,
      schedule: [10, 10, 10, 10],
      now: () => clock.now,
    });
    await recordDeposit(store, clock.now, 2);
    worker.wake();
    // The failure logged, and its retry timed by the clock, before the clock moves a day on.
    await eventually(
      async () => (await store.listAttempts({ limit: 1 })).length === 1,
      'a failed attempt in the log',
    );
    clock.now += day + 1000;
    await eventually(
      () => warnings.find((line) => line.includes('failing for over a day')),
      'the warn line',
    );
    assert.ok(warnings.some((line) => line.includes('"level":"warn"') && line.includes('failing')));
    assert.ok(
      (await store.nextDeliveryAt(clock.now)) !== undefined || receiver.received.length >= 5,
    );
    await worker.close();
    await store.close();
    receiver.mode = 'ok';
  });

  it('sends each event once with two workers claiming from one outbox', async () => {
    receiver.received.length = 0;
    receiver.mode = 'ok';
    const sending = await outbox(receiver.url);
    const other = startWebhookWorker({
      store: sending.store,
      log: createLogger((line) => lines.push(line)),
      envSecret: SECRET,
      concurrency: 3,
    });
    for (let i = 0; i < 60; i++) {
      await sending.write();
      other.wake();
    }
    await eventually(() => receiver.delivered().size === 60, 'all 60 events');
    const ids = receiver.received.map((request) => request.headers['webhook-id']);
    assert.equal(new Set(ids).size, ids.length, 'no event sent twice');
    await other.close();
    await sending.close();
  });

  it('keeps delivering to a healthy endpoint while another one hangs, two sends held at most', async () => {
    const store: Store = openSqliteStore(':memory:');
    const hanging = await startWebhookReceiver(SECRET);
    hanging.mode = 'hang';
    await store.setEnvEndpoint(hanging.url, Date.now());
    const secret = newWebhookSecret();
    const healthy = await startWebhookReceiver(secret);
    await store.createEndpoint({ id: 'whe_healthy', url: healthy.url, createdAt: 1 }, secret);
    // The hanging receiver's sends stay in flight for the whole test.
    const worker = startWebhookWorker({
      store,
      log: createLogger((line) => lines.push(line)),
      envSecret: SECRET,
      timeoutMs: 60_000,
    });
    for (let count = 1; count <= 40; count++) {
      await writeInvoice(store, count);
      worker.wake();
    }
    await eventually(() => healthy.delivered().size === 40, 'every event at the healthy endpoint');
    assert.ok(hanging.received.length <= 2, `${hanging.received.length} sends to the hanging one`);
    await worker.close();
    await hanging.close();
    await healthy.close();
    await store.close();
  });

  it('gives a send cut off by the shutdown back uncounted, the endpoint not failing', async () => {
    const store: Store = openSqliteStore(':memory:');
    const hanging = await startWebhookReceiver(SECRET);
    hanging.mode = 'hang';
    await store.setEnvEndpoint(hanging.url, Date.now());
    const worker = startWebhookWorker({
      store,
      log: createLogger((line) => lines.push(line)),
      envSecret: SECRET,
      timeoutMs: 60_000,
    });
    await writeInvoice(store, 1);
    worker.wake();
    await eventually(() => hanging.received.length === 1, 'the send in flight');
    await worker.close();
    assert.equal((await store.listEndpoints())[0]?.failingSince, undefined);
    const [attempt] = await store.listAttempts({ limit: 5 });
    assert.match(attempt?.error ?? '', /cut off/);
    const now = Date.now();
    assert.ok((await store.nextDeliveryAt(now))! <= now, 'due again at once');
    const [again] = await store.claimDeliveries(now, 60_000, 1);
    assert.equal(again?.attempt, 1, 'the cut-off send did not count');
    await hanging.close();
    await store.close();
  });

  it('resumes at start what a stopped worker left pending', async () => {
    receiver.received.length = 0;
    receiver.mode = 'ok';
    // Written while no worker ran, as a proxy that stopped before its send leaves it.
    const store: Store = openSqliteStore(':memory:');
    await store.setEnvEndpoint(receiver.url, Date.now());
    await writeInvoice(store, 1);
    const [event] = await store.listEvents({ limit: 1 });
    const worker = startWebhookWorker({
      store,
      log: createLogger((line) => lines.push(line)),
      envSecret: SECRET,
    });
    await eventually(() => receiver.delivered().has(event!.id), 'the pending event');
    assert.equal(receiver.received.length, 1, 'sent once');
    await worker.close();
    await store.close();
  });
});
