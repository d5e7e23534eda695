/**
 * A callback on one proxy to a stream on another: two proxies on one PostgreSQL, event streams
 * on a checkout opened on proxy B (cross) or on proxy A itself (same), and a signed `paid`
 * callback posted to A; each stream's time from the post to hearing the status. Rounds of the
 * two paths alternate (A A, then B A, ...), each on a fresh checkout, so both see the same
 * machine. The cost of crossing is the difference of the p95s: the change's NOTIFY (carrying
 * the checkout as streams show it) and the other proxy's LISTEN connection. In the cross rounds,
 * status reads on B from the moment A answered the callback (the change committed) until one
 * tells `paid`: how far B's status copy, fed by the same notice, may be behind (issue 32).
 */

import {
  createdCheckout,
  linkPath,
  paymentRequestCallback,
  paymentRequestsByLink,
  sendCallback,
} from '@crypto-pay/test-kit/checkouts';
import { send } from '@crypto-pay/test-kit/http';
import { startStack } from '@crypto-pay/test-kit/stack';
import { withDatabase } from './databases.ts';
import { type BenchmarkResult, median, percentile } from './report.ts';
import { heard, openAll } from './stream-clients.ts';

/** Streams per round: a few tabs on one checkout, so a round gives several samples. */
const STREAMS = 10;
const WARM_UP_ROUNDS = 10;
/** Most the cross path may add at p95 (issue 18). */
const TARGET_ADDED_MS = 5;

export function crossProxy(rounds: number): Promise<BenchmarkResult> {
  return withDatabase('postgres', (proxyEnv) => measure(rounds, proxyEnv));
}

async function measure(rounds: number, proxyEnv: Record<string, string>) {
  const stack = await startStack({ keepStdout: false, proxies: 2, proxyEnv });
  try {
    const [a, b] = stack.proxies as [typeof stack.proxy, typeof stack.proxy];
    const total = 2 * (WARM_UP_ROUNDS + rounds);
    const checkouts = [];
    for (let i = 0; i < total; i++) checkouts.push(await createdCheckout(a.url));
    const requests = await paymentRequestsByLink(stack);
    const latencies = { same: [] as number[], cross: [] as number[] };
    /** Cross rounds: from A's answer to the first read on B that tells paid; reads behind. */
    const readLags: number[] = [];
    let readsBehind = 0;
    let missed = 0;
    for (const [i, checkout] of checkouts.entries()) {
      const path = i % 2 === 0 ? 'same' : 'cross';
      const streamsOn = path === 'same' ? a : b;
      const listeners = await openAll(
        `${streamsOn.url}/api/checkouts/${checkout.id}/events`,
        STREAMS,
        '"status":"paid"',
      );
      const request = requests.get(linkPath(checkout.payment_link))!;
      const postedAt = performance.now();
      const answer = await sendCallback(stack, paymentRequestCallback(request, 'paid'));
      if (answer.status !== 200) throw new Error(`callback answered ${answer.status}`);
      if (path === 'cross') {
        const answeredAt = performance.now();
        let behind = 0;
        // Read back to back, as a widget's poll right after the change would; ends on paid.
        while (!(await send(`${b.url}/api/checkouts/${checkout.id}`)).text.includes('"paid"')) {
          behind++;
        }
        if (i >= 2 * WARM_UP_ROUNDS) {
          readLags.push(performance.now() - answeredAt);
          readsBehind += behind;
        }
      }
      await heard(listeners);
      for (const listener of listeners) {
        listener.close();
        if (listener.heardAt === undefined) missed++;
        else if (i >= 2 * WARM_UP_ROUNDS) latencies[path].push(listener.heardAt - postedAt);
      }
    }
    const [same, cross] = [percentile(latencies.same, 95), percentile(latencies.cross, 95)];
    return {
      benchmark: 'callback to a stream on another proxy',
      figures: [
        {
          name: 'p95 to hear, stream on another proxy',
          value: cross,
          unit: 'ms',
          baseline: { name: 'same proxy', value: same },
          target: {
            text: `<= same proxy + ${TARGET_ADDED_MS} ms`,
            met: cross - same <= TARGET_ADDED_MS && missed === 0,
          },
        },
        { name: 'added by crossing, p95', value: cross - same, unit: 'ms' },
        {
          name: 'status read on another proxy tells the change, after its answer: p95',
          value: percentile(readLags, 95),
          unit: 'ms',
        },
        {
          name: 'status reads on another proxy still behind, after the answer',
          value: readsBehind,
          unit: `reads in ${readLags.length} changes`,
        },
        {
          name: 'median to hear, stream on another proxy',
          value: median(latencies.cross),
          unit: 'ms',
          baseline: { name: 'same proxy', value: median(latencies.same) },
        },
      ],
      notes: [
        `Two proxies on one PostgreSQL (a throwaway local cluster); ${rounds} rounds per path after ${WARM_UP_ROUNDS} warm-up rounds each, alternating; ${STREAMS} streams per round on a fresh checkout; the signed paid callback always posted to proxy A, the streams on A (same) or B (cross); latency from the post to each stream receiving the status.`,
        ...(missed > 0 ? [`${missed} stream(s) never heard the status within 30 s.`] : []),
      ],
    };
  } finally {
    await stack.stop();
  }
}
