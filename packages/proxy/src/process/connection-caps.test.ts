/**
 * Which connection the caps close, over real connections from several loopback addresses:
 * past a cap, the one idle the longest goes (a connection that never finished its headers, or
 * a keep-alive one between requests), never one with a request in flight while an idle one is
 * left; when all are busy, the new one is refused. A request whose body is still arriving
 * `STALLED_BODY_MS` after its headers (by the caps' clock, which the tests step), however often a
 * byte of it comes, goes as an idle one does.
 */

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { afterEach, describe, it } from 'node:test';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { rawConnection } from '@crypto-pay/test-kit/http';
import { useServedProxy } from '../testing.test-helpers.ts';
import { STALLED_BODY_MS } from './connection-caps.ts';

type Held = ReturnType<typeof rawConnection> & { name: string };
const held: Held[] = [];

/** A connection from `localAddress` that has written `text`, once it is established. */
async function connection(url: string, localAddress: string, name: string, text = '') {
  const raw = { ...rawConnection(url, { localAddress }), name };
  held.push(raw);
  if (text) raw.socket.write(text);
  if (raw.socket.connecting) await once(raw.socket, 'connect');
  return raw;
}

/** Headers that never end: the attack. */
const unfinished = (url: string, from: string, name: string) =>
  connection(url, from, name, 'GET /healthz HTTP/1.1\r\nHost: proxy\r\n');

/**
 * A request in flight: a create whose body the client holds back. Node's `100 Continue` says
 * the server has its headers, so the request is in flight from then on.
 */
async function inFlight(url: string, from: string, name: string) {
  const raw = await connection(
    url,
    from,
    name,
    'POST /api/checkouts HTTP/1.1\r\nHost: proxy\r\nContent-Type: application/json\r\nContent-Length: 20\r\nExpect: 100-continue\r\n\r\n',
  );
  await raw.until((text) => text.includes('100 Continue'));
  return raw;
}

/** A request whose body trickles: its head says `length` bytes follow, and one does. */
const trickling = (
  url: string,
  from: string,
  name: string,
  path = '/api/checkouts',
  length = 1000,
) =>
  connection(
    url,
    from,
    name,
    `POST ${path} HTTP/1.1\r\nHost: proxy\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{`,
  );

/** How often a trickling body sends a byte: within its time once, past it twice. */
const TRICKLE_MS = 4_000;
assert.ok(TRICKLE_MS < STALLED_BODY_MS && 2 * TRICKLE_MS >= STALLED_BODY_MS);

/**
 * Steps the caps' clock by `TRICKLE_MS`, then each of `bodies` sends one more byte, handed to
 * the kernel (so on loopback at the server) before this returns: before a later connection.
 */
async function nextTrickle(...bodies: Held[]) {
  clock.now += TRICKLE_MS;
  await Promise.all(
    bodies.map(
      (raw) =>
        new Promise<void>((resolve, reject) =>
          raw.socket.write(' ', (error) => (error ? reject(error) : resolve())),
        ),
    ),
  );
}

/** A whole `GET /healthz` answered on `raw`, which stays open (keep-alive). */
async function healthz(raw: Held) {
  const before = raw.received.text.length;
  raw.socket.write('GET /healthz HTTP/1.1\r\nHost: proxy\r\n\r\n');
  await raw.until((text) => text.slice(before).includes('{"status":"ok"'));
}

/** The name of the first of `connections` the server closes. */
function firstClosed(connections: Held[]): Promise<string> {
  return Promise.race(
    connections.map((raw) =>
      raw.socket.closed ? raw.name : once(raw.socket, 'close').then(() => raw.name),
    ),
  );
}

afterEach(() => {
  for (const raw of held.splice(0)) raw.socket.destroy();
});

// Long times: no connection here may close for being slow, only for a cap.
const slowClientMs = { headers: 60_000, request: 60_000 };
/** The caps' clock, stepped by the tests of stalled bodies. */
const clock = { now: 0 };
const connectionClock = () => clock.now;

/** Resolves once `proxy` has `inFlight` requests in flight and `idle` idle connections. */
const allInFlight = (
  proxy: { connections(): { open: number; idle: number } },
  inFlight: number,
  idle = 0,
) =>
  eventually(() => {
    const now = proxy.connections();
    return now.open === inFlight + idle && now.idle === idle;
  }, `${inFlight} requests in flight, ${idle} idle`);

describe('connections per client address', () => {
  const served = useServedProxy(
    { slowClientMs, log: () => {}, connectionClock },
    { connections: { total: 1000, perClient: 3 } },
  );

  it('sheds the address’s connection idle the longest, not one in flight, and refuses when all are busy', async () => {
    const url = served.proxy.url;
    const from = '127.0.0.2';
    const a = await unfinished(url, from, 'a');
    const b = await inFlight(url, from, 'b');
    const c = await unfinished(url, from, 'c');
    const d = await unfinished(url, from, 'd');
    assert.equal(await firstClosed([a, b, c, d]), 'a');
    const e = await unfinished(url, from, 'e');
    assert.equal(await firstClosed([b, c, d, e]), 'c', 'the idle c goes before b, in flight');
    const f = await inFlight(url, from, 'f');
    assert.equal(await firstClosed([b, d, e, f]), 'd');
    const g = await inFlight(url, from, 'g');
    assert.equal(await firstClosed([b, e, f, g]), 'e');
    // b, f and g all in flight: no room for another from this address.
    const h = await connection(url, from, 'h');
    assert.equal(await firstClosed([b, f, g, h]), 'h');
    // Another address is not held to this one's cap.
    await healthz(await connection(url, '127.0.0.3', 'other'));
    assert.equal(served.proxy.connections().refused, 1);
  });

  it('counts a keep-alive connection idle from its last answer, not from its start', async () => {
    const url = served.proxy.url;
    const from = '127.0.0.4';
    const x = await unfinished(url, from, 'x');
    const k = await connection(url, from, 'k');
    const y = await unfinished(url, from, 'y');
    await healthz(k);
    const z = await unfinished(url, from, 'z');
    assert.equal(await firstClosed([x, k, y, z]), 'x');
    const w = await unfinished(url, from, 'w');
    assert.equal(await firstClosed([k, y, z, w]), 'y', 'k answered after y connected');
    // Idle again since its answer, before z connected.
    const v = await unfinished(url, from, 'v');
    assert.equal(await firstClosed([k, z, w, v]), 'k');
  });

  it('sheds a trickling body past its time, before a connection idle since later, and a body sent in time only once idle', async () => {
    const url = served.proxy.url;
    const from = '127.0.0.6';
    const x = await trickling(url, from, 'x');
    // Its request began now, by the caps' clock, not after the step.
    await allInFlight(served.proxy, 1);
    clock.now += 1_000;
    const k = await connection(url, from, 'k');
    await healthz(k);
    clock.now += 1_000;
    // Its whole body (`{}`) in two parts, 2 s apart: in time, then answered (400).
    const y = await trickling(url, from, 'y', '/api/checkouts', 2);
    await allInFlight(served.proxy, 2, 1);
    await nextTrickle(x);
    y.socket.write('}');
    await y.until((text) => text.includes('\r\n\r\n{"error"'));
    await nextTrickle(x);
    // x began 10 s ago and still sends: it goes before k, idle for 9 s, though its last byte
    // came a moment ago.
    const first = await connection(url, from, 'first');
    assert.equal(await firstClosed([x, k, y, first]), 'x');
    const second = await connection(url, from, 'second');
    assert.equal(await firstClosed([k, y, first, second]), 'k');
    // y is idle since its answer, 4 s ago, as a keep-alive connection.
    const third = await connection(url, from, 'third');
    assert.equal(await firstClosed([y, first, second, third]), 'y');
    await healthz(third);
  });
});

describe('connections in all', () => {
  const served = useServedProxy(
    // The caps' clock stands still: b's request stays within its time on a slow machine too.
    { slowClientMs, log: () => {}, connectionClock },
    { connections: { total: 3, perClient: 0 } },
  );

  it('sheds the connection idle the longest of any address, never one in flight', async () => {
    const url = served.proxy.url;
    const a = await unfinished(url, '127.0.0.2', 'a');
    const b = await inFlight(url, '127.0.0.3', 'b');
    const c = await unfinished(url, '127.0.0.4', 'c');
    const d = await unfinished(url, '127.0.0.5', 'd');
    assert.equal(await firstClosed([a, b, c, d]), 'a');
    const e = await unfinished(url, '127.0.0.2', 'e');
    assert.equal(await firstClosed([b, c, d, e]), 'c');
    // Served, though the cap is reached: the attack's oldest connection makes room.
    const client = await connection(url, '127.0.0.1', 'client');
    assert.equal(await firstClosed([b, d, e, client]), 'd');
    await healthz(client);
    assert.deepEqual(served.proxy.connections(), { open: 3, idle: 2, shed: 3, refused: 0 });
  });
});

describe('connections in all, held by request bodies that trickle', () => {
  const served = useServedProxy(
    { slowClientMs, log: () => {}, connectionClock },
    { connections: { total: 4, perClient: 0 } },
  );

  it('sheds the request receiving its body the longest (a callback’s too) for a new client, never one within its time', async () => {
    const url = served.proxy.url;
    // Two addresses hold every connection, as 150 from each held MAX_CONNECTIONS=300, each
    // sending a byte every 4 s.
    const a = await trickling(url, '127.0.0.2', 'a', '/callbacks/processing');
    const b = await trickling(url, '127.0.0.3', 'b');
    const c = await trickling(url, '127.0.0.2', 'c');
    const d = await trickling(url, '127.0.0.3', 'd', '/callbacks/processing');
    await allInFlight(served.proxy, 4);
    await nextTrickle(a, b, c, d);
    const early = await connection(url, '127.0.0.4', 'early');
    assert.equal(await firstClosed([a, b, c, d, early]), 'early', 'none is past its time');
    await nextTrickle(a, b, c, d);
    const client = await connection(url, '127.0.0.4', 'client');
    assert.equal(await firstClosed([a, b, c, d, client]), 'a');
    await healthz(client);
    // The next in the order they began.
    const another = await connection(url, '127.0.0.5', 'another');
    assert.equal(await firstClosed([b, c, d, another]), 'b');
    await healthz(another);
    assert.deepEqual(served.proxy.connections(), { open: 4, idle: 2, shed: 2, refused: 1 });
  });
});
