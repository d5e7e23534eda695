/**
 * Two proxies serving on one PostgreSQL database: an events stream open on one sends the
 * events written through the other, in commit order, each once. On A the reader's fallback
 * look is longer than the test: what reaches A's stream was announced by a notice (an event
 * that queued a delivery, a checkout's change). On B it looks every second: a checkout's
 * creation that queued no delivery sends no notice, and B's own look finds it.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createdCheckout, paymentRequestOf } from '@crypto-pay/test-kit/checkouts';
import { messagesOf } from '@crypto-pay/test-kit/event-streams';
import { createLogger } from '../../process/logger.ts';
import { type RunningProxy, startProxy } from '../../process/server.ts';
import { usePostgres } from '../../store/stores.test-helpers.ts';
import {
  driverOf,
  sandboxControl,
  seen,
  serverConfig,
  useTestSandbox,
} from '../../testing.test-helpers.ts';
import {
  addQuietEndpoint,
  assertSameEvents,
  listedAfter,
  messagesUntil,
  openReady,
  testEvent,
} from './event-feed-stream.test-helpers.ts';

const shared = useTestSandbox();
const cluster = usePostgres();
/** Longer than the test runner lets a test run (`scripts/node-test.mjs`: 15 minutes). */
const LONGER_THAN_A_TEST_MS = 20 * 60_000;

describe('GET /admin/events/stream with two proxies on one PostgreSQL database', () => {
  const removers: (() => void)[] = [];
  let a: RunningProxy;
  let b: RunningProxy;

  before(async () => {
    const databaseUrl = await cluster().createDatabase('events_stream_cluster');
    const log = createLogger((line) => seen.push(line));
    const start = (eventFeedFallbackMs?: number) => {
      const server = serverConfig(shared.sandbox);
      removers.push(server.remove);
      return startProxy(
        { ...server.config, databaseUrl },
        {
          log,
          heartbeatMs: 50,
          ...(eventFeedFallbackMs === undefined ? {} : { eventFeedFallbackMs }),
        },
      );
    };
    a = await start(LONGER_THAN_A_TEST_MS);
    b = await start();
  });
  after(async () => {
    await a?.close();
    await b?.close();
    for (const remove of removers) remove();
  });

  it('sends on one proxy the events the other announced, by their notices alone', async () => {
    const endpoint = await addQuietEndpoint(b.url);
    const earlier = await testEvent(b.url, endpoint);
    const stream = await openReady(a.url);
    try {
      // A test event queues a delivery: its outbox notice wakes A's reader.
      await testEvent(b.url, endpoint);
      await messagesUntil(stream, 1);
      await testEvent(b.url, endpoint);
      const messages = await messagesUntil(stream, 2);
      const listed = await listedAfter(a.url, earlier);
      assert.deepEqual(
        listed.map((event) => event.type),
        ['webhook.test', 'webhook.test'],
      );
      assertSameEvents(messages, listed);
      assert.equal(a.eventStreams(), 1);
    } finally {
      stream.close();
    }
  });

  it('sends on one proxy a checkout’s change on the other, by its checkout notice alone', async () => {
    const wired = await sandboxControl(shared.sandbox, '/merchant', {
      callback_url: `${b.url}/callbacks/processing`,
    });
    assert.equal(wired.status, 200, wired.text);
    const checkout = await createdCheckout(b.url);
    const stream = await openReady(a.url);
    try {
      const paymentRequest = await paymentRequestOf(driverOf(shared.sandbox), checkout);
      const paid = await sandboxControl(
        shared.sandbox,
        `/payment-requests/${paymentRequest.id}/simulate`,
        { outcome: 'paid' },
      );
      assert.equal(paid.status, 200, paid.text);
      // No endpoint takes checkout events: B's only notice is the checkout's own.
      const text = await stream.until((so) =>
        messagesOf(so).some((message) => message.data.type === 'checkout.paid'),
      );
      const messages = messagesOf(text);
      assert.ok(messages.every((message) => message.data.data.id === checkout.id));
      assert.deepEqual(
        messages.map((message) => message.data.type),
        ['checkout.processing', 'checkout.paid'],
      );
    } finally {
      stream.close();
    }
  });

  it('sends on one proxy an event the other wrote with no notice, at its own look', async () => {
    const endpoint = await addQuietEndpoint(a.url);
    const earlier = await testEvent(a.url, endpoint);
    const stream = await openReady(b.url);
    try {
      // No endpoint takes a checkout's events: no delivery, so no notice.
      await createdCheckout(a.url);
      await messagesUntil(stream, 1);
      await testEvent(a.url, endpoint);
      const messages = await messagesUntil(stream, 2);
      const listed = await listedAfter(b.url, earlier);
      assert.deepEqual(
        listed.map((event) => event.type),
        ['checkout.created', 'webhook.test'],
      );
      assertSameEvents(messages, listed);
    } finally {
      stream.close();
    }
  });
});
