/**
 * The memory given back after a burst of event streams: when a burst counts as ended (once, not
 * below its floor, again after a new burst), and, on the proxy run as a process, V8's committed
 * heap falling once a burst of checkout streams has closed, with the line that says so.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { type EventStream, openEventStream } from '@crypto-pay/test-kit/event-streams';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { sampleValue, scrapeMetrics } from '@crypto-pay/test-kit/prometheus';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { BURST_FLOOR, type Burst, burstEnds } from './memory-reducer.ts';

/**
 * Feeds `counts` to a fresh watcher, one after the other; returns the bursts it ended. The
 * figures below are the proxy's: a burst of at least 1,000 streams, ended at a quarter.
 */
function endsOf(...counts: number[]): Burst[] {
  const ended: Burst[] = [];
  const seen = burstEnds((burst) => ended.push(burst));
  for (const count of counts) seen(count);
  return ended;
}

/** Every count from `from` to `to`, one stream at a time, as the counter reports them. */
const steps = (from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) }, (_, i) => (to > from ? from + i + 1 : from - i - 1));

describe('burstEnds', () => {
  it('ends a burst once, when it has fallen to a quarter of its peak', () => {
    assert.deepEqual(endsOf(...steps(0, 5000), ...steps(5000, 0)), [{ peak: 5000, open: 1250 }]);
  });

  it('ends nothing below its floor', () => {
    assert.deepEqual(endsOf(...steps(0, 999), ...steps(999, 0)), []);
  });

  it('ends nothing while the streams stay above a quarter of the peak', () => {
    assert.deepEqual(endsOf(...steps(0, 5000), ...steps(5000, 1251), ...steps(1251, 4000)), []);
  });

  it('ends the next burst again, counted from the fewest streams open since', () => {
    const ended = endsOf(
      ...steps(0, 1000),
      ...steps(1000, 250),
      ...steps(250, 100),
      // 999 more than the fewest since: not a burst yet.
      ...steps(100, 1099),
      ...steps(1099, 100),
      ...steps(100, 1200),
      ...steps(1200, 0),
    );
    assert.deepEqual(ended, [
      { peak: 1000, open: 250 },
      { peak: 1200, open: 300 },
    ]);
  });
});

/** A burst over the floor, as few as will do: each stream is a connection of the test's. */
const STREAMS = BURST_FLOOR + 200;

describe('a proxy process after a burst of event streams', () => {
  let stack: Stack;
  let metricsUrl: string;
  const figure = async (name: string) => sampleValue(await scrapeMetrics(metricsUrl), name);

  before(async () => {
    const caps = String(STREAMS + 100);
    stack = await startStack({
      built: false,
      metrics: true,
      // Every stream comes from this one address.
      proxyEnv: {
        MAX_EVENT_STREAMS: caps,
        MAX_EVENT_STREAMS_PER_CLIENT: caps,
        MAX_CONNECTIONS_PER_CLIENT: caps,
      },
    });
    metricsUrl = stack.metricsUrls[0] ?? assert.fail('the stack started no metrics');
  });
  after(() => stack?.stop());

  /** Opens a burst of streams on one checkout, then closes them all; V8's heap open and closed. */
  async function burst(): Promise<{ heapOpen: number; heapClosed: number }> {
    const checkout = await createdCheckout(stack.proxy.url);
    const url = `${stack.proxy.url}/api/checkouts/${checkout.id}/events`;
    const streams: EventStream[] = [];
    // In batches, as browsers arriving would; each open until the test closes it.
    while (streams.length < STREAMS) {
      const batch = Math.min(200, STREAMS - streams.length);
      streams.push(
        ...(await Promise.all(
          Array.from({ length: batch }, () => openEventStream(url, { timeoutMs: 600_000 })),
        )),
      );
    }
    assert.equal(await figure('crypto_pay_event_streams'), STREAMS);
    const heapOpen = await figure('nodejs_heap_size_total_bytes');
    for (const stream of streams) stream.close();
    await eventually(
      async () => (await figure('crypto_pay_event_streams')) === 0,
      'the proxy to let every stream go',
    );
    return { heapOpen, heapClosed: await figure('nodejs_heap_size_total_bytes') };
  }

  /** The lines that said memory was given back. */
  const givenBack = () =>
    stack.proxy.lines
      .filter((line) => /gave memory back/.test(line.text))
      .map((line) => JSON.parse(line.text));

  it("gives back V8's heap once most of the streams have closed, and says so, each burst", async () => {
    for (const round of [1, 2]) {
      const { heapOpen, heapClosed } = await burst();
      // Left to itself V8 keeps every page it committed while the streams were open (1.00 to
      // 1.01 of it, measured with the reducer taken out); given back, 0.29 of it after the first
      // burst and 0.44 to 0.50 after the second (V8 keeps more once it has grown before).
      assert.ok(
        heapClosed < heapOpen * 0.75,
        `burst ${round}, V8's heap: ${mib(heapOpen)} MiB with the streams open, still ${mib(heapClosed)} MiB once closed`,
      );
      await eventually(async () => givenBack().length === round, `burst ${round} said`);
      const said = givenBack()[round - 1];
      assert.equal(said.level, 'info');
      assert.equal(said.peak_streams, STREAMS);
      assert.ok(said.open_streams <= STREAMS / 4, `said at ${said.open_streams} open streams`);
      assert.equal(typeof said.took_ms, 'number');
    }
  });
});

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
