/**
 * The review's connection exhaustion, on the proxy run as a process: connections that never
 * finish their headers, from four loopback addresses, more of them than the proxy has file
 * descriptors (`ulimit -n 256` here, 20,000 in the review). Uncapped, they took every
 * descriptor and everyone else was reset; capped below the limit the proxy reads at start
 * (and at MAX_CONNECTIONS_PER_CLIENT per address), another address creates, reads and follows
 * a checkout throughout, and its event stream outlives a second wave.
 */

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import type { RunningSandbox } from '@crypto-pay/sandbox';
import { createdCheckout, paymentRequestOf, readCheckout } from '@crypto-pay/test-kit/checkouts';
import { openEventStream } from '@crypto-pay/test-kit/event-streams';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { rawConnection, send } from '@crypto-pay/test-kit/http';
import type { ServerProcess } from '@crypto-pay/test-kit/process';
import { proxyData, startProxyProcess } from '@crypto-pay/test-kit/servers';
import { driverOf, sandboxControl, startTestSandbox, testEnv } from '../testing.test-helpers.ts';
import { descriptorLimit, reservedDescriptors } from './descriptor-limit.ts';

const OPEN_FILES = 256;
const PER_CLIENT = 40;
const ATTACKERS = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
/** Connections each attacking address opens in a wave: 240 in all, past the 256 descriptors. */
const PER_ADDRESS = 60;
/** What the limit leaves for clients (DATABASE_POOL_SIZE at its default, 10). */
const ROOM = OPEN_FILES - reservedDescriptors(OPEN_FILES, 10);

type Held = ReturnType<typeof rawConnection> & { from: string };

const data = proxyData({ prefix: 'crypto-pay-exhaustion-' });
const attack: Held[] = [];
let sandbox: RunningSandbox;
let proxy: ServerProcess;

/** One wave: PER_ADDRESS connections from each attacker, once each is established (or shed). */
async function wave(url: string): Promise<void> {
  const opened = ATTACKERS.flatMap((from) =>
    Array.from({ length: PER_ADDRESS }, () => {
      const held = { ...rawConnection(url, { localAddress: from }), from };
      held.socket.write('GET /healthz HTTP/1.1\r\nHost: proxy\r\n');
      return held;
    }),
  );
  attack.push(...opened);
  await Promise.all(
    opened.map(({ socket }) =>
      socket.connecting
        ? Promise.race([once(socket, 'connect'), once(socket, 'close')])
        : undefined,
    ),
  );
}

const stillOpen = (from?: string) =>
  attack.filter((held) => !held.socket.closed && (from === undefined || held.from === from));

/** Resolves once the proxy has closed all but `most` of the attack's connections (from `from`). */
async function closedDownTo(most: number, from?: string): Promise<void> {
  while (stillOpen(from).length > most) {
    await Promise.race(stillOpen(from).map(({ socket }) => once(socket, 'close')));
  }
}

before(async () => {
  // This process holds every attacking connection itself.
  const own = descriptorLimit();
  assert.ok(
    own === undefined || own > 3 * ATTACKERS.length * PER_ADDRESS,
    `the test needs ulimit -n above ${3 * ATTACKERS.length * PER_ADDRESS}, not ${own}`,
  );
  sandbox = await startTestSandbox();
  proxy = await startProxyProcess({
    built: false,
    openFiles: OPEN_FILES,
    env: testEnv(sandbox, { ...data.env, MAX_CONNECTIONS_PER_CLIENT: String(PER_CLIENT) }),
    callbacksFrom: sandbox,
  });
});

after(async () => {
  for (const { socket } of attack) socket.destroy();
  await proxy?.kill();
  await sandbox?.close();
  data.remove();
});

describe('connection exhaustion', () => {
  it('serves another address while four open more connections than the proxy has descriptors', async () => {
    const said = () => proxy.lines.map((line) => line.text).join('\n');
    // The limit as the proxy read it at start, and the caps it took from it.
    await eventually(
      () =>
        said().includes(
          `"message":"connection caps","descriptor_limit":${OPEN_FILES},"max_connections":${ROOM},"max_connections_per_client":${PER_CLIENT}`,
        ),
      'the proxy to log its connection caps',
    );

    await wave(proxy.url);
    // Each of these comes after the whole wave: the proxy takes connections in order.
    const checkout = await createdCheckout(proxy.url);
    assert.equal((await readCheckout(proxy.url, checkout.id)).status, 200);
    assert.equal((await send(`${proxy.url}/healthz`)).status, 200);
    for (const from of ATTACKERS) await closedDownTo(PER_CLIENT, from);
    await closedDownTo(ROOM);
    assert.match(said(), /"level":"warn","message":"connections shed"/);

    // A second wave while a customer follows the checkout: the stream is never the one shed.
    const stream = await openEventStream(`${proxy.url}/api/checkouts/${checkout.id}/events`, {
      timeoutMs: 60_000,
    });
    await wave(proxy.url);
    assert.equal((await send(`${proxy.url}/healthz`)).status, 200);
    await closedDownTo(ROOM - 1);
    const paymentRequest = await paymentRequestOf(driverOf(sandbox), checkout);
    const paid = await sandboxControl(sandbox, `/payment-requests/${paymentRequest.id}/simulate`, {
      outcome: 'paid',
    });
    assert.equal(paid.status, 200);
    await stream.until((text) => text.includes('"status":"paid"'));
    await stream.ended;
  });
});
