/**
 * Under `EVENT_STREAM_WRITER=hono`, stream requests pipelined behind a stream wait for their
 * turn; when the client leaves first, the wait ends with it and nothing is left pending.
 */

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { checkoutBody } from '../../../../../tests/support/checkouts.ts';
import { createLogger } from '../../process/logger.ts';
import { seen, useServedProxy } from '../../testing.test-helpers.ts';

describe('stream requests queued on a connection its client closes (hono writer)', () => {
  const served = useServedProxy(
    { log: createLogger((line) => seen.push(line)) },
    { eventStreamWriter: 'hono' },
  );

  it('end with the connection, each logged once', { timeout: 15_000 }, async () => {
    const created = await fetch(`${served.proxy.url}/api/checkouts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(checkoutBody()),
    });
    const { id } = await created.json();
    const streamLogs = () => seen.filter((line) => line.includes(`/${id}/events`)).length;
    const socket = connect(Number(new URL(served.proxy.url).port), '127.0.0.1');
    socket.setEncoding('utf8');
    let received = '';
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    // The first stream lasts until the checkout ends: the two behind it never get their turn.
    socket.write(`GET /api/checkouts/${id}/events HTTP/1.1\r\nHost: proxy\r\n\r\n`.repeat(3));
    while (!received.includes('data: ')) await once(socket, 'data');
    assert.equal(streamLogs(), 1, 'only the first stream has answered');
    socket.destroy();
    // The request log writes a line once a handler returns: the queued ones return now.
    for (let i = 0; i < 1000 && streamLogs() < 3; i++) {
      await new Promise((done) => setTimeout(done, 10));
    }
    assert.equal(streamLogs(), 3, 'the queued streams ended with the connection');
    assert.equal(served.proxy.eventStreams(), 0);
  });
});
