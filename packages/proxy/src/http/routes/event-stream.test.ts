import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createdCheckout, paymentRequestOf } from '@crypto-pay/test-kit/checkouts';
import { messagesOf, openEventStream } from '@crypto-pay/test-kit/event-streams';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { rawConnection } from '@crypto-pay/test-kit/http';
import { createLogger } from '../../process/logger.ts';
import {
  driverOf,
  SHOP,
  sandboxControl,
  seen,
  useServedProxy,
} from '../../testing.test-helpers.ts';

/** An event stream whose every piece of text goes to the leak scan. */
const open = (url: string, headers: Record<string, string> = {}) =>
  openEventStream(url, { headers, onText: (text) => seen.push(text) });

/** What a stream's messages said, in order. */
const dataOf = (text: string) => messagesOf(text).map((message) => message.data);

// Both writers of a stream under Node: the route's own (the default) and `streamSSE`.
for (const writer of ['socket', 'hono'] as const)
  describe(`GET /api/checkouts/{id}/events over HTTP (EVENT_STREAM_WRITER=${writer})`, () => {
    const served = useServedProxy(
      { log: createLogger((line) => seen.push(line)), heartbeatMs: 30 },
      { eventStreams: { total: 100, perClient: 5 }, eventStreamWriter: writer },
    );

    before(async () => {
      const wired = await sandboxControl(served.sandbox, '/merchant', {
        callback_url: `${served.proxy.url}/callbacks/processing`,
      });
      assert.equal(wired.status, 200);
    });

    const newCheckout = () => createdCheckout(served.proxy.url);

    /** A new checkout's stream address, and the client's whole cap of streams open on it, each past its first event. */
    const fillTheCap = async () => {
      const checkout = await newCheckout();
      await eventually(
        () => served.proxy.eventStreams() === 0,
        'no stream is left from earlier tests',
      );
      const url = `${served.proxy.url}/api/checkouts/${checkout.id}/events`;
      const streams = await Promise.all(Array.from({ length: 5 }, () => open(url)));
      await Promise.all(streams.map((stream) => stream.until((text) => text.includes('data: '))));
      return { checkout, url, streams };
    };

    it('answers with the stream, CORS and security headers, the checkout at once, then heartbeats', async () => {
      const checkout = await newCheckout();
      const stream = await open(`${served.proxy.url}/api/checkouts/${checkout.id}/events`, {
        Origin: SHOP,
        'X-Request-Id': 'events-test-0001',
      });
      try {
        const { headers, status } = stream;
        assert.equal(status, 200);
        assert.equal(headers['content-type'], 'text/event-stream');
        assert.equal(headers['cache-control'], 'no-cache');
        // The body runs until the connection closes, without chunk framing.
        assert.equal(headers.connection, 'close');
        assert.equal(headers['transfer-encoding'], undefined);
        assert.equal(headers['access-control-allow-origin'], SHOP);
        assert.equal(headers['x-request-id'], 'events-test-0001');
        assert.equal(headers['x-content-type-options'], 'nosniff');
        assert.equal(
          headers['content-security-policy'],
          "default-src 'none'; frame-ancestors 'none'",
        );
        const text = await stream.until((so) => so.includes(': heartbeat'));
        assert.deepEqual(dataOf(text), [checkout]);
        assert.match(text, /^id: 1\n/);
        assert.equal(served.proxy.eventStreams(), 1);
      } finally {
        stream.close();
      }
      await eventually(() => served.proxy.eventStreams() === 0, 'the closed stream is let go');
    });

    it('pushes each change of a payment to every stream of the checkout once, then ends each', async () => {
      const checkout = await newCheckout();
      const url = `${served.proxy.url}/api/checkouts/${checkout.id}/events`;
      const streams = await Promise.all([open(url), open(url), open(url)]);
      await Promise.all(streams.map((stream) => stream.until((text) => text.includes('data: '))));
      const paymentRequest = await paymentRequestOf(driverOf(served.sandbox), checkout);
      const paid = await sandboxControl(
        served.sandbox,
        `/payment-requests/${paymentRequest.id}/simulate`,
        { outcome: 'paid' },
      );
      assert.equal(paid.status, 200);
      await Promise.all(streams.map((stream) => stream.ended));
      for (const stream of streams) {
        assert.deepEqual(
          dataOf(stream.text).map((message) => message.status),
          ['created', 'processing', 'paid'],
        );
      }
      assert.equal(served.proxy.eventStreams(), 0);
    });

    it('answers a HEAD with the head only and opens no stream', async () => {
      const checkout = await newCheckout();
      const answer = await fetch(`${served.proxy.url}/api/checkouts/${checkout.id}/events`, {
        method: 'HEAD',
      });
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('content-type'), 'text/event-stream');
      assert.equal(await answer.text(), '');
      assert.equal(served.proxy.eventStreams(), 0);
    });

    it('streams to a request pipelined behind another on the same connection', async () => {
      const checkout = await newCheckout();
      const { socket, received, until } = rawConnection(served.proxy.url);
      socket.write(
        'GET /healthz HTTP/1.1\r\nHost: proxy\r\n\r\n' +
          `GET /api/checkouts/${checkout.id}/events HTTP/1.1\r\nHost: proxy\r\n\r\n`,
      );
      try {
        // The pipelined stream sent its first event.
        await until((text) => text.includes('data: '));
        const [health, stream] = received.text.split(/(?=HTTP\/1\.1 200)/g).filter(Boolean);
        assert.match(health!, /\r\n\r\n\{"status":"ok","version":"[^"]+"\}$/);
        assert.match(stream!, /^HTTP\/1\.1 200 OK\r\n[\s\S]*content-type: text\/event-stream\r\n/);
        assert.deepEqual(dataOf(stream!), [checkout]);
      } finally {
        socket.destroy();
      }
      await eventually(() => served.proxy.eventStreams() === 0, 'the closed stream is let go');
    });

    it('holds nothing for streams queued behind another on one connection', async () => {
      const checkout = await newCheckout();
      const { socket, until } = rawConnection(served.proxy.url);
      const stream = `GET /api/checkouts/${checkout.id}/events HTTP/1.1\r\nHost: proxy\r\n\r\n`;
      // The rest wait for the first, which lasts until the checkout ends: none gets its turn.
      socket.write(stream.repeat(500));
      // The first stream sent its first event.
      await until((text) => text.includes('data: '));
      await new Promise((done) => setTimeout(done, 100));
      assert.equal(served.proxy.eventStreams(), 1, 'only the first stream follows the checkout');
      socket.destroy();
      await eventually(() => served.proxy.eventStreams() === 0, 'the stream is let go');
    });

    it('gives a pipelined stream, and its refusal, the same headers as any answer', async () => {
      const { checkout, streams: fill } = await fillTheCap();
      // The service answers /readyz slowly, so the stream requests behind it wait for their turn.
      const faults = (body: object) => sandboxControl(served.sandbox, '/faults', body);
      fill.pop()!.close();
      await eventually(() => served.proxy.eventStreams() === 4, 'one place is free');
      await faults({ latency_ms: 300 });
      try {
        const { socket, received, until } = rawConnection(served.proxy.url);
        const stream = (id: string) =>
          `GET /api/checkouts/${checkout.id}/events HTTP/1.1\r\nHost: proxy\r\nOrigin: ${SHOP}\r\nX-Request-Id: ${id}\r\n\r\n`;
        // The first stream takes the free place; the second, pipelined on another connection, is refused.
        socket.write(`GET /readyz HTTP/1.1\r\nHost: proxy\r\n\r\n${stream('pipelined-stream-1')}`);
        const other = rawConnection(served.proxy.url);
        // The pipelined stream opened.
        await until((text) => text.includes('data: '));
        other.socket.write(
          `GET /readyz HTTP/1.1\r\nHost: proxy\r\n\r\n${stream('pipelined-stream-2')}`,
        );
        // The second was refused.
        await other.until((text) => text.includes('too_many_streams'));
        const streamHead = received.text.slice(received.text.indexOf('HTTP/1.1 200', 10));
        const refusalHead = other.received.text.slice(other.received.text.indexOf('HTTP/1.1 429'));
        for (const [head, id] of [
          [streamHead, 'pipelined-stream-1'],
          [refusalHead, 'pipelined-stream-2'],
        ] as const) {
          assert.match(head, new RegExp(`access-control-allow-origin: ${SHOP}`, 'i'));
          assert.match(head, new RegExp(`x-request-id: ${id}`, 'i'));
          assert.match(head, /x-content-type-options: nosniff/i);
          assert.doesNotMatch(head, /x-hono-already-sent/i);
        }
        assert.match(refusalHead, /content-type: application\/json/i);
        socket.destroy();
        other.socket.destroy();
      } finally {
        await faults({});
        for (const stream of fill) stream.close();
      }
      await eventually(() => served.proxy.eventStreams() === 0, 'every stream is let go');
    });

    it('refuses a client more streams than its cap with 429, and takes one again once a stream ends', async () => {
      const { url, streams } = await fillTheCap();
      const refused = await fetch(url, { headers: { Origin: SHOP } });
      assert.equal(refused.status, 429);
      assert.equal(refused.headers.get('Retry-After'), '30');
      // The browser must be able to read the refusal to fall back to polling.
      assert.equal(refused.headers.get('Access-Control-Allow-Origin'), SHOP);
      assert.deepEqual(await refused.json(), {
        error: 'Too many open event streams. Poll the checkout instead.',
        code: 'too_many_streams',
      });
      streams[0]!.close();
      await eventually(() => served.proxy.eventStreams() === 4, 'the closed stream is let go');
      const again = await open(url);
      assert.equal(again.status, 200);
      for (const stream of [again, ...streams]) stream.close();
      await eventually(() => served.proxy.eventStreams() === 0, 'every stream is let go');
    });

    it('answers 404 with the error shape for an unknown checkout', async () => {
      const answer = await fetch(`${served.proxy.url}/api/checkouts/AAAAAAAAAAAAAAAAAAAAAA/events`);
      assert.equal(answer.status, 404);
      assert.equal((await answer.json()).code, 'checkout_not_found');
    });
  });
