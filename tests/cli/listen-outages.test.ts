/**
 * `crypto-pay listen` through outages, against the test kit's stack (the built proxy and sandbox
 * as processes) with a receiver that verifies every delivery: the network dropping while the
 * proxy restarts, the proxy's own graceful restart while listen is connected, and a restart
 * before the first event. In each, listen says it lost the stream, reconnects, resumes with
 * Last-Event-ID, and every event reaches the receiver once. Waits on listen's lines, never sleeps.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import type { ServerProcess } from '@crypto-pay/test-kit/process';
import { startTcpRelay } from '@crypto-pay/test-kit/tcp-relay';
import type { WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { adminEvents } from './bin.ts';
import { listenBench } from './listening.ts';

const LOST = /^Lost the proxy's event stream \(.*\); reconnecting…$/;
const RESUMED = /^Reconnected; resuming after (evt_\S+)\.$/;

/** The event listen resumed after, once it says it reconnected (and fails if it resumed "from now"). */
async function resumedAfter(listening: ServerProcess): Promise<string> {
  const reconnected = await listening.lineMatching(/^Reconnected; /);
  assert.match(reconnected.text, RESUMED);
  return RESUMED.exec(reconnected.text)![1]!;
}

/** No event twice at the receiver, and the outage said once. */
function onceEach(hooks: WebhookReceiver, listening: ServerProcess) {
  const ids = hooks.received.map((item) => item.event!.id);
  assert.equal(new Set(ids).size, ids.length, 'no event twice');
  assert.equal(
    listening.lines.filter((line) => LOST.test(line.text)).length,
    1,
    'said once per outage',
  );
}

describe('crypto-pay listen through outages', () => {
  const bench = listenBench();
  const { receiver, listen, arrived, played } = bench;

  it('misses no event and repeats none across a dropped network and a proxy restart', async () => {
    // listen reaches the proxy through a relay: closing it is the network dropping.
    const target = { host: '127.0.0.1', port: Number(new URL(bench.stack.proxy.url).port) };
    let relay = await startTcpRelay(target);
    const via = `http://127.0.0.1:${relay.port}`;
    try {
      const hooks = await receiver(via);
      const listening = await listen(['--forward-to', hooks.url], via);
      const first = await played('paid');
      const [last] = (await arrived(hooks, first, 'checkout.paid')).slice(-1);

      await relay.close();
      await listening.lineMatching(LOST);
      // While listen cannot reach it: the proxy restarts, and events are written after.
      await bench.stack.restartProxy();
      const failed = await played('failed');
      const expired = await played('expired');
      relay = await startTcpRelay(target, relay.port);

      await listening.lineMatching(new RegExp(`^Reconnected; resuming after ${last!.id}\\.$`));
      await arrived(hooks, failed, 'checkout.failed');
      await arrived(hooks, expired, 'checkout.expired');
      onceEach(hooks, listening);
      await listening.stop();
    } finally {
      await relay.close();
    }
  });

  it("misses no event and repeats none across the proxy's graceful restart while connected", async () => {
    // An event before listen starts: the stream's start has an id whatever ran before.
    await createdCheckout(bench.stack.proxy.url);
    const hooks = await receiver();
    const listening = await listen(['--forward-to', hooks.url]);
    // Written just before the restart (its callbacks applied, not left to the sandbox's retries
    // across it): forwarded or not yet when the proxy stops.
    const before = await played('paid');
    await eventually(
      async () => (await bench.eventsOf(before)).some((event) => event.type === 'checkout.paid'),
      `checkout.paid of ${before.id} written`,
    );
    await bench.stack.restartProxy();
    await listening.lineMatching(LOST);
    const afterwards = await played('failed');

    const resumed = await resumedAfter(listening);
    await arrived(hooks, before, 'checkout.paid');
    const [firstAfter] = await arrived(hooks, afterwards, 'checkout.failed');
    // Resumed at an event the proxy wrote, one from before the restart.
    assert.ok(
      (await adminEvents(bench.stack)).some((event) => event.id === resumed),
      resumed,
    );
    assert.ok(resumed < firstAfter!.id, `${resumed} comes before ${firstAfter!.id}`);
    onceEach(hooks, listening);
    await listening.stop();
  });

  it('misses no event written after a restart that came before the first event', async () => {
    // The proxy has written an event: the stream's start has an id (`id: <start>`, then ready).
    await createdCheckout(bench.stack.proxy.url);
    const start = (await adminEvents(bench.stack)).at(-1)!;
    const hooks = await receiver();
    const listening = await listen(['--forward-to', hooks.url]);
    await bench.stack.restartProxy();
    await listening.lineMatching(LOST);
    assert.equal(hooks.received.length, 0, 'no event came before the restart');
    // Written at once after the restart, likely before listen is back: a stream that restarted
    // "from now" would miss them.
    const checkout = await played('paid');

    const resumed = await resumedAfter(listening);
    // The start the proxy named (or a later event from before listen's start: retried callbacks).
    assert.ok(resumed >= start.id, `${resumed} is no earlier than ${start.id}`);
    await arrived(hooks, checkout, 'checkout.paid');
    onceEach(hooks, listening);
    await listening.stop();
  });
});
