/**
 * The balancer the rolling-restart tests stand on, in front of two tiny HTTP servers that play
 * proxies: it spreads requests over both, takes one out while its `/readyz` answers 503 (three
 * checks in a row, not one or two) and back once it answers 200, sends a request refused by a stopped server to the other, keeps an event
 * stream open through silences longer than its request timeouts and through a reload, and
 * leaves nothing behind when the test process is killed.
 */

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { after, before, test } from 'node:test';
import { type Balancer, startBalancer } from './balancer.ts';
import { openEventStream } from './event-streams.ts';
import { eventually } from './eventually.ts';
import { connectionErrorCode, send } from './http.ts';
import { ROOT, spawnAnnouncing } from './process.ts';

/** How long the balancer lets an ordinary response stay silent, in these tests. */
const REQUEST_TIMEOUT_MS = 500;
/** An event stream's silence in the tests: several times the request timeout. */
const STREAM_SILENCE_MS = 3 * REQUEST_TIMEOUT_MS;

/** A stand-in for a proxy: answers its name, a `/readyz` it is told, and a silent stream. */
interface FakeProxy {
  name: string;
  port: number;
  ready: boolean;
  /** Checks answered 503 before `ready` counts again. */
  failChecks: number;
  /** Called after each check it answered. */
  onCheck?: (() => void) | undefined;
  server: Server;
}

async function startFakeProxy(name: string): Promise<FakeProxy> {
  const proxy: FakeProxy = { name, port: 0, ready: true, failChecks: 0, server: createServer() };
  proxy.server.on('request', (request, response) => {
    if (request.url === '/readyz') {
      const failing = proxy.failChecks > 0 || !proxy.ready;
      proxy.failChecks = Math.max(0, proxy.failChecks - 1);
      response.writeHead(failing ? 503 : 200).end();
      proxy.onCheck?.();
    } else if (request.url?.endsWith('/events')) {
      // One message at once, then silence, then the last message: a stream between heartbeats.
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${name} first\n\n`);
      setTimeout(() => response.end(`data: ${name} last\n\n`), STREAM_SILENCE_MS);
    } else if (request.url === '/slow') {
      setTimeout(() => response.end(name), STREAM_SILENCE_MS);
    } else {
      response.end(name);
    }
  });
  proxy.server.listen(0, '127.0.0.1');
  await once(proxy.server, 'listening');
  proxy.port = (proxy.server.address() as { port: number }).port;
  return proxy;
}

let a: FakeProxy;
let b: FakeProxy;
let balancer: Balancer;
before(async () => {
  [a, b] = await Promise.all([startFakeProxy('a'), startFakeProxy('b')]);
  balancer = await startBalancer({
    servers: [a, b].map(({ name, port }) => ({ name, port })),
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
  });
});
after(async () => {
  await balancer?.stop();
  for (const proxy of [a, b]) proxy?.server.close();
});

/**
 * Which fake proxy answered each of `count` requests sent one after another, each on its own
 * connection (as many clients send them; a reused one could race HAProxy closing it).
 */
async function answerers(count: number, url = balancer.url): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const answer = await send(`${url}/api/config`);
    assert.equal(answer.status, 200);
    names.push(answer.text);
  }
  return names;
}

const tally = (names: string[]) =>
  Object.fromEntries(['a', 'b'].map((name) => [name, names.filter((n) => n === name).length]));

test('spreads requests over both servers', async () => {
  await balancer.untilServer('a', 'UP');
  await balancer.untilServer('b', 'UP');
  assert.deepEqual(tally(await answerers(10)), { a: 5, b: 5 });
  const states = await balancer.servers();
  // `UP`, or `UP 1/3` until the first check passed (every server starts so).
  assert.deepEqual(
    states.map(({ name, status }) => ({ name, up: /^UP\b/.test(status) })),
    [
      { name: 'a', up: true },
      { name: 'b', up: true },
    ],
  );
  assert.ok(states.every((state) => state.requests >= 5));
});

test('takes a server out while its /readyz answers 503, and back once it answers 200', async () => {
  a.ready = false;
  await balancer.untilServer('a', 'DOWN');
  assert.deepEqual(tally(await answerers(6)), { a: 0, b: 6 });
  a.ready = true;
  await balancer.untilServer('a', 'UP');
  assert.deepEqual(tally(await answerers(6)), { a: 3, b: 3 });
});

/** Resolves once `proxy` has answered `count` more checks. */
function checks(proxy: FakeProxy, count: number): Promise<void> {
  let left = count;
  return new Promise((resolve) => {
    proxy.onCheck = () => {
      if (--left > 0) return;
      proxy.onCheck = undefined;
      resolve();
    };
  });
}

test('keeps a server through one or two failed checks: a busy proxy’s slow answer', async () => {
  await balancer.untilServer('a', 'UP');
  const downs = () => balancer.lines.filter((line) => /Server proxies\/a is DOWN/.test(line));
  const before = downs().length;
  const answered = checks(a, 4);
  a.failChecks = 2;
  await answered;
  // Two failures, then two passes: never three in a row, so never out (`UP`, or `UP 2/3` while
  // HAProxy is still counting the last answer).
  const status = (await balancer.servers()).find((server) => server.name === 'a')?.status;
  assert.match(status ?? '', /^UP/);
  assert.equal(downs().length, before);
});

test('an ordinary response silent past the request timeout is cut (504)', async () => {
  assert.equal((await send(`${balancer.url}/slow`)).status, 504);
});

/** Opens an event stream through the balancer; resolves with everything it carried. */
async function readStream(
  path: string,
  whileOpen?: () => Promise<void>,
  url = balancer.url,
): Promise<string> {
  const stream = await openEventStream(`${url}${path}`, {
    headers: { accept: 'text/event-stream' },
  });
  await whileOpen?.();
  return stream.rest();
}

test('an event stream stays open through a silence longer than the request timeouts', async () => {
  const text = await readStream('/api/checkouts/c1/events');
  assert.match(text, /^data: (a|b) first\n\ndata: \1 last\n\n$/);
});

test('a reload keeps open streams and serves on', async () => {
  const text = await readStream('/api/checkouts/c2/events', async () => {
    await balancer.reload();
    // Both workers answer for a moment (the old one on connections opened before), so the
    // round robin may restart: every request answered is the point.
    assert.equal((await answerers(4)).length, 4);
  });
  assert.match(text, /^data: (a|b) first\n\ndata: \1 last\n\n$/);
});

test('a request refused by a stopped server, before the checks notice, goes to the other', async () => {
  const c = await startFakeProxy('a');
  const d = await startFakeProxy('b');
  const unchecked = await startBalancer({
    servers: [c, d].map(({ name, port }) => ({ name, port })),
  });
  try {
    await unchecked.untilServer('a', 'UP');
    // No more checks of a: it stays in rotation after it stops, as between two checks (its
    // status reads `no check`).
    assert.equal((await unchecked.command('disable health proxies/a')).trim(), '');
    c.server.closeAllConnections();
    c.server.close();
    await once(c.server, 'close');
    assert.deepEqual(tally(await answerers(6, unchecked.url)), { a: 0, b: 6 });
    const a = (await unchecked.servers()).find((server) => server.name === 'a');
    assert.equal(a?.status, 'no check');
  } finally {
    await unchecked.stop();
    d.server.close();
  }
});

test('a soft stop lets an open stream end and takes no new request', async () => {
  const stopping = await startBalancer({
    servers: [{ name: 'a', port: a.port }],
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
  });
  let stopped: Promise<void> | undefined;
  const text = await readStream(
    '/api/checkouts/c3/events',
    async () => {
      stopped = stopping.stop(10_000);
      await eventually(
        () =>
          send(`${stopping.url}/x`).then(
            () => false,
            () => true,
          ),
        'new requests to be refused',
      );
    },
    stopping.url,
  );
  assert.equal(text, 'data: a first\n\ndata: a last\n\n');
  await stopped;
});

test('a killed test process leaves no balancer behind', async () => {
  const program = `
    import { startBalancer } from ${JSON.stringify(`${ROOT}/packages/test-kit/src/balancer.ts`)};
    const balancer = await startBalancer({ servers: [{ name: 'a', port: ${a.port} }] });
    console.log(JSON.stringify({ url: balancer.url, directory: balancer.directory }));
    setInterval(() => {}, 1000);
  `;
  const {
    child,
    announced: { url, directory },
  } = await spawnAnnouncing<{ url: string; directory: string }>(program);
  assert.equal((await send(`${url}/x`)).text, 'a');
  child.kill('SIGKILL');
  // The guard kills HAProxy, then removes its directory.
  await eventually(() => !existsSync(directory), 'the directory to be removed');
  // The signal is sent before the directory goes, but the kernel closes a dying process's
  // sockets on its own time: a connection may be reset first.
  await eventually(
    () =>
      send(`${url}/x`, { timeoutMs: 2000 }).then(
        () => false,
        (error: unknown) => connectionErrorCode(error) === 'ECONNREFUSED',
      ),
    'connections to be refused',
  );
});
