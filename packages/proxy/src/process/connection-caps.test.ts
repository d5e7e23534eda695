/**
 * Which connection the caps close, over real connections from several loopback addresses:
 * past a cap, the one idle the longest goes (a connection that never finished its headers, or
 * a keep-alive one between requests), never one with a request in flight while an idle one is
 * left; when all are busy, the new one is refused. A request whose body has stalled for
 * `STALLED_BODY_MS` (by the caps' clock, which the tests step) goes as an idle one does.
 */

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { afterEach, describe, it } from 'node:test';
import { eventually } from '../../../../tests/support/eventually.ts';
import { rawConnection } from '../../../../tests/support/http.ts';
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

/** A request whose body stalls: its head says 1000 bytes follow, and one does. */
const stalledBody = (url: string, from: string, name: string, path = '/api/checkouts') =>
  connection(
    url,
    from,
    name,
    `POST ${path} HTTP/1.1\r\nHost: proxy\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
  );

/** A whole `GET /healthz` answered on `raw`, which stays open (keep-alive). */
async function healthz(raw: Held) {
  const before = raw.received.text.length;
  raw.socket.write('GET /healthz HTTP/1.1\r\nHost: proxy\r\n\r\n');
  await raw.until((text) => text.slice(before).includes('{"status":"ok"}'));
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

/** Resolves once `proxy` has `inFlight` requests in flight and no idle connection. */
const allInFlight = (proxy: { connections(): { open: number; idle: number } }, inFlight: number) =>
  eventually(() => {
    const { open, idle } = proxy.connections();
    return open === inFlight && idle === 0;
  }, `${inFlight} requests in flight`);

describe('connections per client address', { timeout: 30_000 }, () => {
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

  it('sheds the address’s request whose body stalled the longest, once it has stalled long enough', async () => {
    const url = served.proxy.url;
    const from = '127.0.0.6';
    const x = await stalledBody(url, from, 'x');
    const y = await stalledBody(url, from, 'y', '/callbacks/processing');
    const z = await stalledBody(url, from, 'z');
    await allInFlight(served.proxy, 3);
    const early = await connection(url, from, 'early');
    assert.equal(await firstClosed([x, y, z, early]), 'early', 'none has stalled long enough');
    clock.now += STALLED_BODY_MS;
    const late = await connection(url, from, 'late');
    assert.equal(await firstClosed([x, y, z, late]), 'x');
    await healthz(late);
  });
});

describe('connections in all', { timeout: 30_000 }, () => {
  const served = useServedProxy(
    { slowClientMs, log: () => {} },
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

describe('connections in all, held by request bodies that stall', { timeout: 30_000 }, () => {
  const served = useServedProxy(
    { slowClientMs, log: () => {}, connectionClock },
    { connections: { total: 4, perClient: 0 } },
  );

  it('sheds the request stalled the longest (a callback’s too) for a new client, never one that has not stalled long enough', async () => {
    const url = served.proxy.url;
    // Two addresses hold every connection, as 150 from each held MAX_CONNECTIONS=300.
    const a = await stalledBody(url, '127.0.0.2', 'a', '/callbacks/processing');
    const b = await stalledBody(url, '127.0.0.3', 'b');
    const c = await stalledBody(url, '127.0.0.2', 'c');
    const d = await stalledBody(url, '127.0.0.3', 'd', '/callbacks/processing');
    await allInFlight(served.proxy, 4);
    const early = await connection(url, '127.0.0.4', 'early');
    assert.equal(await firstClosed([a, b, c, d, early]), 'early', 'none has stalled long enough');
    clock.now += STALLED_BODY_MS;
    const client = await connection(url, '127.0.0.4', 'client');
    assert.equal(await firstClosed([a, b, c, d, client]), 'a');
    await healthz(client);
    // The next in the order they stalled.
    const another = await connection(url, '127.0.0.5', 'another');
    assert.equal(await firstClosed([b, c, d, another]), 'b');
    await healthz(another);
    assert.deepEqual(served.proxy.connections(), { open: 4, idle: 2, shed: 2, refused: 1 });
  });
});
