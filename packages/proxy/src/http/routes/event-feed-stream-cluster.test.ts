/**
 * Two proxies serving on one PostgreSQL database: an events stream open on one sends the
 * events written through the other, both an event that queued a delivery (its outbox notice
 * wakes the reader) and one that queued none (no notice: the reader's fallback look finds it),
 * in commit order, each once.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { createLogger } from '../../process/logger.ts';
import { type RunningProxy, startProxy } from '../../process/server.ts';
import { usePostgres } from '../../store/stores.test-helpers.ts';
import { seen, serverConfig, useTestSandbox } from '../../testing.test-helpers.ts';
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

describe('GET /admin/events/stream with two proxies on one PostgreSQL database', () => {
  const removers: (() => void)[] = [];
  let a: RunningProxy;
  let b: RunningProxy;

  before(async () => {
    const databaseUrl = await cluster().createDatabase('events_stream_cluster');
    const log = createLogger((line) => seen.push(line));
    const start = () => {
      const server = serverConfig(shared.sandbox);
      removers.push(server.remove);
      return startProxy({ ...server.config, databaseUrl }, { log, heartbeatMs: 50 });
    };
    a = await start();
    b = await start();
  });
  after(async () => {
    await a?.close();
    await b?.close();
    for (const remove of removers) remove();
  });

  it('sends on one proxy the events written through the other, notice or none', async () => {
    const endpoint = await addQuietEndpoint(b.url);
    const earlier = await testEvent(b.url, endpoint);
    const stream = await openReady(a.url);
    try {
      // No endpoint takes a checkout's events: no delivery, so no notice.
      await createdCheckout(b.url);
      await messagesUntil(stream, 1);
      // A test event queues a delivery: its outbox notice wakes A's reader.
      await testEvent(b.url, endpoint);
      await createdCheckout(b.url);
      const messages = await messagesUntil(stream, 3);
      const listed = await listedAfter(a.url, earlier);
      assert.deepEqual(
        listed.map((event) => event.type),
        ['checkout.created', 'webhook.test', 'checkout.created'],
      );
      assertSameEvents(messages, listed);
      assert.equal(a.eventStreams(), 1);
    } finally {
      stream.close();
    }
  });
});
