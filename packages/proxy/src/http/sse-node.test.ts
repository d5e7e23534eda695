/**
 * The hand-written stream writer on a socket something else has ended (the adapter's
 * `destroySoon` after an unread body, say) while its client is not reading: the next event
 * lets the stream go and closes the connection, without writing after the end.
 */

import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { rawConnection } from '@crypto-pay/test-kit/http';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import type { AppEnv } from './context.ts';
import { type EventSink, streamToNode } from './sse-node.ts';

/** What the one stream of a test was given, and whether it was let go. */
interface Opened {
  sink: EventSink;
  socket: Socket;
  stopped: boolean;
}

describe('a stream on a socket ended under it', () => {
  let server: Server;
  let url: string;
  const clientErrors: Error[] = [];
  let onOpen: (stream: Opened) => void;

  before(async () => {
    const app = new Hono<AppEnv>().get('/events', (c) => {
      const outgoing = c.env.outgoing!;
      return streamToNode(
        c,
        outgoing,
        () => (sink) => {
          const stream: Opened = { sink, socket: outgoing.socket!, stopped: false };
          onOpen(stream);
          return () => {
            stream.stopped = true;
          };
        },
        { 'Content-Type': 'text/event-stream' },
      );
    });
    server = createAdaptorServer({ fetch: app.fetch }) as Server;
    // Node's answer to an error on a client's socket, a write after its end among them.
    server.on('clientError', (error: Error, socket: Socket) => {
      clientErrors.push(error);
      socket.destroy();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('lets go and closes at the next write, not writing after the end', async () => {
    const stream = new Promise<Opened>((resolve) => {
      onOpen = resolve;
    });
    const client = rawConnection(url);
    client.socket.write('GET /events HTTP/1.1\r\nHost: proxy\r\n\r\n');
    await client.until((text) => text.includes('\r\n\r\n'));
    const opened = await stream;
    const { sink, socket } = opened;
    // The client reads no more: what follows stays queued on the server's side.
    client.socket.pause();
    const megabyte = new Uint8Array(1 << 20);
    while (socket.writableLength < 8 * megabyte.length) sink.write(megabyte);
    socket.destroySoon();
    assert.equal(socket.writableEnded && !socket.destroyed, true, 'ended, its queue unsent');
    assert.equal(opened.stopped, false);
    const closed = once(socket, 'close');
    sink.write(new TextEncoder().encode(': heartbeat\n\n'));
    await closed;
    assert.equal(opened.stopped, true, 'the stream let go with the connection');
    assert.deepEqual(clientErrors, [], 'no write after the end');
    client.socket.destroy();
  });
});
