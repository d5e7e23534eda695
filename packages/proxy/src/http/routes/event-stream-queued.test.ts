/**
 * Under `EVENT_STREAM_WRITER=hono`, stream requests pipelined behind a stream wait for their
 * turn; when the client leaves first, the wait ends with it and nothing is left pending.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { rawConnection } from '@crypto-pay/test-kit/http';
import { createLogger } from '../../process/logger.ts';
import { seen, useServedProxy } from '../../testing.test-helpers.ts';

describe('stream requests queued on a connection its client closes (hono writer)', () => {
  const served = useServedProxy(
    { log: createLogger((line) => seen.push(line)) },
    { eventStreamWriter: 'hono' },
  );

  it('end with the connection, each logged once', { timeout: 15_000 }, async () => {
    const { id } = await createdCheckout(served.proxy.url);
    const streamLogs = () => seen.filter((line) => line.includes(`/${id}/events`)).length;
    const { socket, until } = rawConnection(served.proxy.url);
    // The first stream lasts until the checkout ends: the two behind it never get their turn.
    socket.write(`GET /api/checkouts/${id}/events HTTP/1.1\r\nHost: proxy\r\n\r\n`.repeat(3));
    await until((text) => text.includes('data: '));
    assert.equal(streamLogs(), 1, 'only the first stream has answered');
    socket.destroy();
    // The request log writes a line once a handler returns: the queued ones return now.
    await eventually(() => streamLogs() >= 3, 'the queued streams to be logged');
    assert.equal(streamLogs(), 3, 'the queued streams ended with the connection');
    assert.equal(served.proxy.eventStreams(), 0);
  });
});
