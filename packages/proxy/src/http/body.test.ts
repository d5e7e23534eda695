import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { rawConnection } from '@crypto-pay/test-kit/http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { ApiError } from '../api-error.ts';
import { bodyLimit, readBody, readText } from './body.ts';
import type { AppEnv } from './context.ts';
import { handleError } from './errors.ts';

const LIMIT = 64;
const TOO_LARGE = `{"error":"The request body is larger than ${LIMIT} bytes.","code":"body_too_large"}`;
/** What reading failed with, for requests whose answer the client never sees. */
const failures: unknown[] = [];
/** What the error handler logged (it logs only what it did not expect). */
const logged: string[] = [];

const app = new Hono<AppEnv>()
  .use(async (c, next) => {
    c.set('log', (level, message) => logged.push(`${level} ${message}`));
    await next();
  })
  .use(bodyLimit(LIMIT))
  .post('/text', async (c) => c.text(JSON.stringify(await readText(c))))
  .post('/bytes', async (c) => c.text(Buffer.from(await readBody(c)).toString('hex')))
  .post('/ignores-body', (c) => c.text('ignored'))
  // A middleware that asked for the web body first: the adapter then reads Node's stream
  // into the web one, here to its end before the route reads.
  .post('/web-first', async (c, next) => {
    if (!c.req.raw.body) throw new Error('no body');
    const incoming = c.env?.incoming;
    if (incoming && !incoming.readableEnded) await once(incoming, 'end');
    await next();
  })
  .post('/web-first', async (c) => c.text(JSON.stringify(await readText(c))));
app.onError((error, c) => {
  failures.push(error);
  return handleError(error, c);
});

let server: Server;
let port: number;
before(async () => {
  server = createServer(getRequestListener(app.fetch));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * Writes a raw HTTP/1.1 request (node:http would frame the body itself); resolves with the
 * status line's code and the body.
 */
async function rawRequest(
  path: string,
  headers: Record<string, string>,
  chunks: (string | Buffer)[],
): Promise<{ status: number; body: string }> {
  const { socket, ended } = rawConnection(`http://127.0.0.1:${port}`);
  const lines = Object.entries({ Host: 'localhost', Connection: 'close', ...headers });
  socket.write(`POST ${path} HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`);
  for (const chunk of chunks) socket.write(chunk);
  const [head = '', body = ''] = (await ended()).split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body };
}

/** `parts` as a chunked body. */
function chunked(parts: (string | Buffer)[]): Buffer[] {
  return [
    ...parts.map((part) =>
      Buffer.concat([
        Buffer.from(`${Buffer.byteLength(part).toString(16)}\r\n`),
        Buffer.from(part),
        Buffer.from('\r\n'),
      ]),
    ),
    Buffer.from('0\r\n\r\n'),
  ];
}

describe('request bodies over a socket (Node request stream)', () => {
  it('reads the same text with a Content-Length or chunked', async () => {
    const text = '{"name":"Zoë"}';
    const sized = await rawRequest('/text', { 'Content-Length': String(Buffer.byteLength(text)) }, [
      text,
    ]);
    assert.deepEqual(sized, { status: 200, body: JSON.stringify(text) });
    const inParts = await rawRequest(
      '/text',
      { 'Transfer-Encoding': 'chunked' },
      chunked(['{"na', 'me":"Zoë"}']),
    );
    assert.deepEqual(inParts, sized);
  });

  it('reads the whole body when the web Request was asked for it first', async () => {
    const answer = await rawRequest('/web-first', { 'Content-Length': '7' }, ['{"a":1}']);
    assert.deepEqual(answer, { status: 200, body: JSON.stringify('{"a":1}') });
  });

  it('decodes as Request.text() does: byte order mark dropped, invalid bytes replaced', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from([0x61, 0xc3, 0x28])]);
    const answer = await rawRequest('/text', { 'Content-Length': String(bytes.length) }, [bytes]);
    assert.equal(JSON.parse(answer.body), await new Response(bytes).text());
    assert.equal(JSON.parse(answer.body), 'a\uFFFD(');
  });

  it('gives the exact bytes, whatever encoding is claimed', async () => {
    const bytes = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe]);
    const answer = await rawRequest(
      '/bytes',
      { 'Content-Length': String(bytes.length), 'Content-Encoding': 'gzip' },
      [bytes],
    );
    assert.deepEqual(answer, { status: 200, body: bytes.toString('hex') });
  });

  it('refuses a declared length over the limit at once, body sent or not', async () => {
    const unsent = await rawRequest('/text', { 'Content-Length': String(LIMIT + 1) }, []);
    assert.deepEqual(unsent, { status: 413, body: TOO_LARGE });
    const ignored = await rawRequest('/ignores-body', { 'Content-Length': '100000' }, []);
    assert.equal(ignored.status, 413);
  });

  it('leaves a body refused by its length to Node, which reads it off the connection to its end', async () => {
    const requested = once(server, 'request');
    const { socket } = rawConnection(`http://127.0.0.1:${port}`);
    const body = 'x'.repeat(1_000_000);
    socket.write(
      `POST /ignores-body HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    const [incoming] = (await requested) as [IncomingMessage];
    // Held unread, it never ends: the adapter gives up on it and ends the connection instead.
    const how = await new Promise((settle) => {
      incoming.once('end', () => settle('read to its end'));
      socket.once('end', () => settle('connection ended'));
    });
    socket.destroy();
    assert.equal(how, 'read to its end');
  });

  it('counts a chunked body and refuses it once it passes the limit', async () => {
    const exact = await rawRequest(
      '/bytes',
      { 'Transfer-Encoding': 'chunked' },
      chunked(['a'.repeat(LIMIT)]),
    );
    assert.equal(exact.status, 200);
    const over = await rawRequest(
      '/bytes',
      { 'Transfer-Encoding': 'chunked' },
      chunked(['a'.repeat(LIMIT), 'b', 'c'.repeat(10_000)]),
    );
    assert.deepEqual(over, { status: 413, body: TOO_LARGE });
  });

  for (const [how, leave] of [
    ['closes', (socket: Socket) => socket.destroy()],
    ['ends its side', (socket: Socket) => socket.end()],
  ] as const) {
    it(`refuses a body the client ${how} before its end with 400 body_incomplete`, async () => {
      const before = failures.length;
      const requested = once(server, 'request');
      const { socket } = rawConnection(`http://127.0.0.1:${port}`);
      socket.write('POST /text HTTP/1.1\r\nHost: localhost\r\nContent-Length: 50\r\n\r\n{"half":');
      // Leave once the server has taken the request in, as a client gone mid-upload.
      await requested;
      leave(socket);
      await eventually(() => failures.length > before, 'the cut-off body to fail');
      const failure = failures.at(-1);
      assert.ok(failure instanceof ApiError, String(failure));
      assert.deepEqual(
        [failure.status, failure.body()],
        [400, { error: 'The request body was cut off before it ended.', code: 'body_incomplete' }],
      );
      // The client's doing, not the proxy's: no "unhandled error" for the operator.
      assert.deepEqual(logged, []);
      const next = await rawRequest('/text', { 'Content-Length': '2' }, ['{}']);
      assert.deepEqual(next, { status: 200, body: '"{}"' });
    });
  }
});

describe('request bodies in process (app.request)', () => {
  it('reads text and bytes through the web Request', async () => {
    const text = await app.request('/text', { method: 'POST', body: '\uFEFF{"a":1}' });
    assert.equal(await text.text(), '"{\\"a\\":1}"');
    const bytes = await app.request('/bytes', { method: 'POST', body: new Uint8Array([0, 255]) });
    assert.equal(await bytes.text(), '00ff');
    const empty = await app.request('/text', { method: 'POST' });
    assert.equal(await empty.text(), '""');
  });

  it('refuses a body over the limit', async () => {
    const response = await app.request('/text', { method: 'POST', body: 'x'.repeat(LIMIT + 1) });
    assert.equal(response.status, 413);
    assert.equal(await response.text(), TOO_LARGE);
  });
});
