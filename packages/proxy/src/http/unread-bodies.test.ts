/**
 * Bodies the proxy does not read. A chunked body is counted only where a route reads it: a
 * request refused before (no admin token, no route) gets that answer at once, while its client
 * is still sending, or never ends. And a connection whose request body was left unread, by a
 * refusal of any status, is closed after the answer: nothing more is served on it, so an event
 * stream opened next by a keep-alive client gets a connection of its own and hears every event.
 */

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { Agent } from 'node:http';
import type { Socket } from 'node:net';
import { before, describe, it } from 'node:test';
import { createdCheckout, paymentRequestOf } from '@crypto-pay/test-kit/checkouts';
import { messagesOf, openEventStream } from '@crypto-pay/test-kit/event-streams';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { rawConnection, send, sendJson } from '@crypto-pay/test-kit/http';
import { driverOf, SHOP, sandboxControl, useServedProxy } from '../testing.test-helpers.ts';

/** Sends a chunked POST whose body breaks off mid-chunk; resolves with the answer's first line. */
async function cutOffChunked(url: string, path: string): Promise<string> {
  const { socket, received } = rawConnection(url);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: proxy\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n40\r\n{"half":`,
  );
  const head = await eventually(
    () => received.text.includes('\r\n') && received.text.split('\r\n')[0],
    `an answer to the cut-off POST ${path}`,
  );
  socket.destroy();
  return head;
}

describe('a chunked body its route never reads', () => {
  const served = useServedProxy({}, { adminToken: 'a'.repeat(32) });

  it('answers 401 to an admin request without a token', { timeout: 5000 }, async () => {
    assert.match(
      await cutOffChunked(served.proxy.url, '/admin/checkout-sessions'),
      /^HTTP\/1\.1 401 /,
    );
  });

  it('answers 404 on an unknown path', { timeout: 5000 }, async () => {
    assert.match(await cutOffChunked(served.proxy.url, '/no-such-path'), /^HTTP\/1\.1 404 /);
  });
});

/** A request whose head says `length` bytes of body follow, and the first `sent` of them. */
const heldBody = (path: string, contentType: string, length: number, sent: number) =>
  `POST ${path} HTTP/1.1\r\nHost: proxy\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n${'x'.repeat(sent)}`;

/** What one request written on a fresh connection was answered, and whether it is closed after. */
async function answerOn(url: string, request: string) {
  const { socket, until } = rawConnection(url);
  socket.write(request);
  const text = await until((so) => /\r\n\r\n\{[^}]*\}/.test(so));
  const head = text.slice(0, text.indexOf('\r\n\r\n'));
  return { head, socket };
}

/** Resolves once the server has closed `socket` (its FIN, or a reset for the unsent rest). */
async function closedByServer(socket: Socket): Promise<void> {
  socket.on('error', () => {});
  if (!socket.closed) await once(socket, 'close');
}

describe('a connection whose request body was left unread', () => {
  const served = useServedProxy(
    { heartbeatMs: 60_000 },
    { adminToken: 'a'.repeat(32), allowedOrigins: [SHOP] },
  );

  before(async () => {
    const wired = await sandboxControl(served.sandbox, '/merchant', {
      callback_url: `${served.proxy.url}/callbacks/processing`,
    });
    assert.equal(wired.status, 200);
  });

  const json = 'application/json';
  const refusals = [
    ['413 by its length', 413, heldBody('/api/checkouts', json, 200_000, 1000)],
    [
      '413 once counted past the limit',
      413,
      `POST /api/checkouts HTTP/1.1\r\nHost: proxy\r\nContent-Type: ${json}\r\nTransfer-Encoding: chunked\r\n\r\n10000\r\n${'x'.repeat(40_000)}`,
    ],
    ['415', 415, heldBody('/api/checkouts', 'text/plain', 1000, 10)],
    ['401', 401, heldBody('/admin/checkout-sessions', json, 1000, 10)],
    ['404', 404, heldBody('/no-such-path', json, 1000, 10)],
  ] as const;
  for (const [name, status, request] of refusals) {
    it(`is closed after a ${name}, which says Connection: close`, async () => {
      const { head, socket } = await answerOn(served.proxy.url, request);
      assert.match(head, new RegExp(`^HTTP/1\\.1 ${status} `));
      assert.match(head, /\r\nconnection: close\r\n/i);
      await closedByServer(socket);
    });
  }

  it('lets a client that sends the whole of a body too large read its 413 after it', async () => {
    // As a client that reads only once it has written its request: the answer waits in the
    // connection while the rest of the body is sent, which a reset would throw away.
    const { socket, until } = rawConnection(served.proxy.url);
    socket.pause();
    const body = 'x'.repeat(16 * 1024 * 1024);
    const written = new Promise<void>((resolve, reject) =>
      socket.write(
        `POST /api/checkouts HTTP/1.1\r\nHost: proxy\r\nContent-Type: ${json}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    await written;
    socket.resume();
    const text = await until((so) => /\r\n\r\n\{[^}]*\}/.test(so));
    assert.match(text, /^HTTP\/1\.1 413 /);
    socket.destroy();
  });

  it('stays open after an answer to a body read to its end, even a refusal', async () => {
    const { head, socket } = await answerOn(
      served.proxy.url,
      `POST /api/checkouts HTTP/1.1\r\nHost: proxy\r\nContent-Type: ${json}\r\nContent-Length: 2\r\n\r\n{}`,
    );
    assert.match(head, /^HTTP\/1\.1 422 /);
    assert.match(head, /\r\nconnection: keep-alive\r\n/i);
    socket.destroy();
  });

  it('gives a keep-alive client’s next request, an event stream, a connection that hears every event', async () => {
    const checkout = await createdCheckout(served.proxy.url);
    // Counts the connections the client makes, as a browser reuses them when it may.
    const agent = new (class extends Agent {
      made = 0;
      override createConnection(...args: Parameters<Agent['createConnection']>) {
        this.made++;
        return super.createConnection(...args);
      }
    })({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(`${served.proxy.url}/api/checkouts`, {
        method: 'POST',
        headers: { 'Content-Type': json },
        body: 'x'.repeat(200_000),
        agent,
      });
      assert.equal(refused.status, 413);
      assert.equal((refused.json as { code: string }).code, 'body_too_large');
      const stream = await openEventStream(
        `${served.proxy.url}/api/checkouts/${checkout.id}/events`,
        { agent },
      );
      // Reused, the refused request's connection was ended under the stream by the adapter
      // half a second later, when it gave up waiting for the unread body: one event heard.
      assert.equal(agent.made, 2, 'the stream has a connection of its own');
      const paymentRequest = await paymentRequestOf(driverOf(served.sandbox), checkout);
      const failed = await sandboxControl(
        served.sandbox,
        `/payment-requests/${paymentRequest.id}/simulate`,
        { outcome: 'failed' },
      );
      assert.equal(failed.status, 200);
      const text = await stream.rest();
      assert.deepEqual(
        messagesOf(text).map((message) => [message.id, message.data.status]),
        [
          ['1', 'created'],
          ['2', 'processing'],
          ['3', 'failed'],
        ],
      );
    } finally {
      agent.destroy();
    }
  });
});

describe('a create refused by the rate limit before its body was read', () => {
  const served = useServedProxy({}, { rateLimitPerMinute: 1 });

  it('closes the connection after the 429', async () => {
    // The minute's one create, refused for its body.
    assert.equal((await sendJson(`${served.proxy.url}/api/checkouts`, {})).status, 422);
    const { head, socket } = await answerOn(
      served.proxy.url,
      heldBody('/api/checkouts', 'application/json', 1000, 10),
    );
    assert.match(head, /^HTTP\/1\.1 429 /);
    assert.match(head, /\r\nconnection: close\r\n/i);
    await closedByServer(socket);
  });
});
