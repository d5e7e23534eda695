/**
 * Two proxies serving on one PostgreSQL database, in this process: a stream opened on one ends
 * on `paid` when the callback goes to the other (LISTEN/NOTIFY), still when the listening
 * connection was killed while the change happened (read again once it listens again; its status
 * reads meanwhile from the database, counted in its metrics), and a
 * webhook event written by another proxy is sent at once by the others' workers, woken by the
 * notice rather than by their own look at the outbox every 30 s.
 */

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  createdCheckout,
  paymentRequestCallback,
  paymentRequestOf,
} from '@crypto-pay/test-kit/checkouts';
import { messagesOf, openEventStream } from '@crypto-pay/test-kit/event-streams';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { send, sendSigned } from '@crypto-pay/test-kit/http';
import { sampleValue, scrapeMetrics } from '@crypto-pay/test-kit/prometheus';
import { startWebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { openPostgresStore } from '../store/postgres.ts';
import { LISTEN_APPLICATION_NAME } from '../store/postgres-changes.ts';
import type { CallbackEntry } from '../store/store.ts';
import { usePostgres } from '../store/stores.test-helpers.ts';
import {
  API_KEY,
  driverOf,
  SIGNING_SECRET,
  seen,
  serverConfig,
  useTestSandbox,
} from '../testing.test-helpers.ts';
import { relayedEvent } from '../webhooks/events.ts';
import { createLogger } from './logger.ts';
import { type RunningProxy, startProxy } from './server.ts';

const shared = useTestSandbox();
const cluster = usePostgres();

/** What a stream's messages said, in order: `<version> <status>`. */
const statusesOf = (text: string) => messagesOf(text).map(({ id, data }) => `${id} ${data.status}`);

describe('two proxies on one PostgreSQL database', () => {
  const removers: (() => void)[] = [];
  let url: string;
  let a: RunningProxy;
  let b: RunningProxy;
  /** Proxy A's relisten: tells that A lost its connection, and waits while `held` is set. */
  let lostByA: () => void = () => {};
  let held: Promise<void> | undefined;

  before(async () => {
    url = await cluster().createDatabase('cluster');
    const log = createLogger((line) => seen.push(line));
    const start = async (beforeRelisten?: () => Promise<void>) => {
      const server = serverConfig(shared.sandbox);
      removers.push(server.remove);
      return startProxy(
        // Metrics on a free port: how A's status reads were answered while it was deaf.
        { ...server.config, databaseUrl: url, ...(beforeRelisten ? { metricsPort: 0 } : {}) },
        { log, ...(beforeRelisten ? { beforeRelisten } : {}) },
      );
    };
    a = await start(async () => {
      lostByA();
      await held;
    });
    b = await start();
  });
  after(async () => {
    await a?.close();
    await b?.close();
    for (const remove of removers) remove();
  });

  /** A checkout created on A, its stream open on A, and the callback that pays it, for B. */
  async function followedOnA() {
    const checkout = await createdCheckout(a.url);
    const stream = await openEventStream(`${a.url}/api/checkouts/${checkout.id}/events`);
    const request = await paymentRequestOf(driverOf(shared.sandbox), checkout);
    const payOnB = () =>
      sendSigned(
        `${b.url}/callbacks/processing`,
        { apiKey: API_KEY, signingSecret: SIGNING_SECRET },
        paymentRequestCallback(request, 'paid'),
      );
    return { checkout, stream, payOnB };
  }

  it('ends a stream opened on one proxy on paid when the callback goes to the other', async () => {
    const { stream, payOnB } = await followedOnA();
    assert.equal((await payOnB()).status, 200);
    assert.deepEqual(statusesOf(await stream.rest()), ['1 created', '2 paid']);
  });

  /** A's status reads the copy did not answer, the listening connection being lost (metrics). */
  const bypassedOnA = async () =>
    sampleValue(await scrapeMetrics(a.metricsUrl!), 'crypto_pay_status_copy_reads_total', {
      result: 'bypassed',
    });

  it('reads the followed checkouts again once it listens again after its connection was killed', async () => {
    const { checkout, stream, payOnB } = await followedOnA();
    const statusOnA = `${a.url}/api/checkouts/${checkout.id}`;
    // Read from A's copy once it listens: it is dropped once the connection is killed.
    await eventually(async () => {
      const before = await scrapeMetrics(a.metricsUrl!);
      await send(statusOnA);
      const after = await scrapeMetrics(a.metricsUrl!);
      const hits = (samples: typeof after) =>
        sampleValue(samples, 'crypto_pay_status_copy_reads_total', { result: 'hit' });
      return hits(after) > hits(before);
    }, 'a status read from the copy on A');
    let release = () => {};
    held = new Promise((resolve) => {
      release = resolve;
    });
    const lost = new Promise<void>((resolve) => {
      lostByA = resolve;
    });
    // A's and B's.
    assert.equal(await cluster().terminateConnections(LISTEN_APPLICATION_NAME), 2);
    // A knows it is deaf; B listens again at once. The change commits meanwhile.
    await lost;
    assert.equal((await payOnB()).status, 200);
    assert.deepEqual(statusesOf(stream.text), ['1 created'], 'A cannot have heard of it');
    // Deaf, A reads the status from the database, and counts it so.
    const bypassed = await bypassedOnA();
    const read = await send(statusOnA);
    assert.equal(JSON.parse(read.text).status, 'paid');
    assert.equal(await bypassedOnA(), bypassed + 1);
    release();
    assert.deepEqual(statusesOf(await stream.rest()), ['1 created', '2 paid']);
    held = undefined;
  });

  it('answers a status read on one proxy with the change made on the other, ETag and 304 kept', async () => {
    const checkout = await createdCheckout(a.url);
    const path = `${a.url}/api/checkouts/${checkout.id}`;
    const request = await paymentRequestOf(driverOf(shared.sandbox), checkout);
    const first = await send(path);
    assert.equal(first.headers.etag, '"v1"');
    // Read again (from A's copy once it holds it): still not modified.
    for (let i = 0; i < 3; i++) {
      assert.equal((await send(path, { headers: { 'If-None-Match': '"v1"' } })).status, 304);
    }
    const paid = await sendSigned(
      `${b.url}/callbacks/processing`,
      { apiKey: API_KEY, signingSecret: SIGNING_SECRET },
      paymentRequestCallback(request, 'paid'),
    );
    assert.equal(paid.status, 200);
    // A notice's latency behind at most: then the new version, and its own 304.
    const changed = await eventually(async () => {
      const read = await send(path, { headers: { 'If-None-Match': '"v1"' } });
      return read.status === 200 && read;
    }, 'the change read on the other proxy');
    assert.equal(changed.headers.etag, '"v2"');
    assert.equal(JSON.parse(changed.text).status, 'paid');
    assert.equal((await send(path, { headers: { 'If-None-Match': '"v2"' } })).status, 304);
  });

  it('reads a stream’s first event through the status copy: a status read after it is never older', async () => {
    const checkout = await createdCheckout(a.url);
    const reads = async () =>
      sampleValue(await scrapeMetrics(a.metricsUrl!), 'crypto_pay_status_copy_reads_total');
    const before = await reads();
    const stream = await openEventStream(`${a.url}/api/checkouts/${checkout.id}/events`);
    try {
      // Read as a status read is (hit, miss or bypassed), not from the database beside the copy.
      assert.ok((await reads()) > before);
      const [first] = messagesOf(stream.first);
      const status = await send(`${a.url}/api/checkouts/${checkout.id}`);
      assert.ok(Number(/\d+/.exec(String(status.headers.etag))?.[0]) >= Number(first?.id));
    } finally {
      stream.close();
    }
  });

  it('sends at once a webhook event another proxy wrote: its notice wakes the worker', async () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const receiver = await startWebhookReceiver(secret);
    // Another proxy without a worker of its own: only A's or B's can send what it writes.
    const other = await openPostgresStore(url, { poolSize: 1 });
    try {
      await other.createEndpoint(
        { id: 'we_cluster', url: receiver.url, createdAt: Date.now() },
        secret,
      );
      const invoice: CallbackEntry = {
        receivedAt: Date.now(),
        type: 'invoice',
        objectId: 'inv-cluster',
        status: 'confirmed',
        outcome: 'recorded',
        body: { type: 'invoice', id: 'inv-cluster', status: 'confirmed' },
      };
      await other.recordCallback(invoice, relayedEvent(invoice));
      // Well before a worker would look again by itself (every 30 s).
      const delivered = await eventually(
        () =>
          [...receiver.delivered().values()].find((event) => event.type === 'invoice.confirmed'),
        'the invoice.confirmed webhook',
        10_000,
      );
      assert.equal(delivered.data.id, 'inv-cluster');
    } finally {
      await other.close();
      await receiver.close();
    }
  });
});
