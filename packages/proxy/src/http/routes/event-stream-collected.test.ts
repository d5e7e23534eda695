/**
 * A closed event stream leaves nothing behind: once its client went away (or its checkout
 * ended), the server's response and socket of each stream are collected by V8, under both
 * writers. What a stream holds while open is Node's; nothing of ours may keep it after.
 * (Memory that rises round after round is V8 not collecting at all: the image's NODE_OPTIONS,
 * packages/proxy/README.md, "Memory".)
 */

import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createdCheckout, paymentRequestOf } from '@crypto-pay/test-kit/checkouts';
import { openEventStream } from '@crypto-pay/test-kit/event-streams';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { createLogger } from '../../process/logger.ts';
import { driverOf, sandboxControl, seen, useServedProxy } from '../../testing.test-helpers.ts';

// V8's collector, for this process only: the test runner starts Node without --expose-gc.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const STREAMS = 20;

for (const writer of ['socket', 'hono'] as const)
  describe(`a closed event stream (EVENT_STREAM_WRITER=${writer})`, () => {
    const served = useServedProxy(
      { log: createLogger((line) => seen.push(line)) },
      { eventStreams: { total: 100, perClient: 100 }, eventStreamWriter: writer },
    );
    // Each stream's server-side objects, as Node's HTTP server announces its requests.
    let collected = 0;
    const registry = new FinalizationRegistry(() => collected++);
    const watch = (message: unknown) => {
      const { request, response } = message as {
        request: IncomingMessage;
        response: ServerResponse;
      };
      if (!request.url?.endsWith('/events')) return;
      registry.register(response, 'response');
      registry.register(request.socket, 'socket');
    };
    before(async () => {
      subscribe('http.server.request.start', watch);
      const wired = await sandboxControl(served.sandbox, '/merchant', {
        callback_url: `${served.proxy.url}/callbacks/processing`,
      });
      assert.equal(wired.status, 200);
    });
    after(() => unsubscribe('http.server.request.start', watch));

    /** Collects until every watched object of `count` streams is gone (or the wait fails). */
    const allCollected = (count: number) =>
      eventually(() => {
        gc();
        return collected >= count * 2;
      }, `the response and socket of ${count} closed streams to be collected`);

    it('is collected once its client went away', async () => {
      collected = 0;
      const checkout = await createdCheckout(served.proxy.url);
      const url = `${served.proxy.url}/api/checkouts/${checkout.id}/events`;
      const streams = await Promise.all(
        Array.from({ length: STREAMS }, () => openEventStream(url)),
      );
      assert.equal(served.proxy.eventStreams(), STREAMS);
      for (const stream of streams) stream.close();
      await eventually(() => served.proxy.eventStreams() === 0, 'the streams to be let go');
      await allCollected(STREAMS);
    });

    it('is collected once its checkout ended', async () => {
      collected = 0;
      const checkout = await createdCheckout(served.proxy.url);
      const url = `${served.proxy.url}/api/checkouts/${checkout.id}/events`;
      const streams = await Promise.all(
        Array.from({ length: STREAMS }, () => openEventStream(url)),
      );
      const paymentRequest = await paymentRequestOf(driverOf(served.sandbox), checkout);
      const paid = await sandboxControl(
        served.sandbox,
        `/payment-requests/${paymentRequest.id}/simulate`,
        { outcome: 'paid' },
      );
      assert.equal(paid.status, 200);
      await Promise.all(streams.map((stream) => stream.ended));
      await eventually(() => served.proxy.eventStreams() === 0, 'the streams to be let go');
      await allCollected(STREAMS);
    });
  });
