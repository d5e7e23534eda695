/**
 * The events stream's caps and cleanup over real HTTP, under both writers: it counts its own
 * streams (a client at its cap is refused 429 `too_many_streams` with what to do instead, and
 * may still follow a checkout), and a client that goes away leaves nothing: the proxy's
 * streams and the reader's listeners go back to 0, and its place under the cap is free again.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { openEventStream } from '@crypto-pay/test-kit/event-streams';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { send } from '@crypto-pay/test-kit/http';
import { createLogger } from '../../process/logger.ts';
import { adminHeaders, seen, useServedProxy } from '../../testing.test-helpers.ts';
import { openReady } from './event-feed-stream.test-helpers.ts';

const PER_CLIENT = 2;

for (const writer of ['socket', 'hono'] as const)
  describe(`GET /admin/events/stream's caps and cleanup (EVENT_STREAM_WRITER=${writer})`, () => {
    const served = useServedProxy(
      { log: createLogger((line) => seen.push(line)) },
      { eventStreams: { total: 100, perClient: PER_CLIENT }, eventStreamWriter: writer },
    );
    const url = () => served.proxy.url;

    it('refuses a stream past its own cap with 429, while a checkout may still be followed', async () => {
      const streams = [await openReady(url()), await openReady(url())];
      try {
        assert.equal(served.proxy.eventStreams(), PER_CLIENT);
        const refused = await send(`${url()}/admin/events/stream`, { headers: adminHeaders });
        assert.equal(refused.status, 429, refused.text);
        assert.equal(refused.headers['retry-after'], '30');
        assert.deepEqual(refused.json, {
          error: 'Too many open event streams. Close one, or page GET /admin/events instead.',
          code: 'too_many_streams',
        });
        // The checkouts' streams are counted apart.
        const checkout = await createdCheckout(url());
        const followed = await openEventStream(`${url()}/api/checkouts/${checkout.id}/events`);
        assert.equal(served.proxy.eventStreams(), PER_CLIENT + 1);
        followed.close();
      } finally {
        for (const stream of streams) stream.close();
      }
      await eventually(() => served.proxy.eventStreams() === 0, 'every stream let go');
    });

    it('leaves nothing once its client goes away, and frees its place under the cap', async () => {
      const streams = [await openReady(url()), await openReady(url())];
      assert.equal(served.proxy.eventStreams(), PER_CLIENT);
      streams[0]!.close();
      await eventually(() => served.proxy.eventStreams() === 1, 'the closed stream let go');
      // Its place is free: a new one opens, at the cap again.
      streams.push(await openReady(url()));
      const refused = await send(`${url()}/admin/events/stream`, { headers: adminHeaders });
      assert.equal(refused.status, 429, refused.text);
      for (const stream of streams) stream.close();
      await eventually(() => served.proxy.eventStreams() === 0, 'every stream let go');
    });
  });
