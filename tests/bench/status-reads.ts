/**
 * Status reads: `GET /api/checkouts/{id}` through the proxy under 100 connections for 10 s
 * (autocannon), against a bare node:http server answering the same JSON from memory.
 */

import autocannon, { type Result } from 'autocannon';
import { createdCheckout } from '../support/checkouts.ts';
import { send } from '../support/http.ts';
import { startStack } from '../support/stack.ts';
import { startBareServer } from './bare.ts';
import { type BenchmarkResult, median } from './report.ts';

const CONNECTIONS = 100;
const ROUND_SECONDS = 2;

interface Load {
  /** Requests per second over every round. */
  rate: number;
  /** Median over the rounds of each round's percentile, in ms. */
  p50: number;
  p99: number;
  failures: number;
}

/**
 * `seconds` of load on each URL, in rounds of 2 s that alternate A B B A A B ..., after a
 * warm-up of each: a change in the machine's load between rounds hits both servers alike, so
 * the ratio holds on a shared machine where one 10 s run after the other did not.
 */
async function alternate(urls: [string, string], seconds: number): Promise<[Load, Load]> {
  const run = (url: string, duration: number) =>
    autocannon({ url, connections: CONNECTIONS, duration });
  for (const url of urls) await run(url, Math.min(2, seconds));
  const rounds: [Result[], Result[]] = [[], []];
  const count = Math.max(1, Math.round(seconds / ROUND_SECONDS));
  for (let round = 0; round < count; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) rounds[which]!.push(await run(urls[which]!, seconds / count));
  }
  const summary = (results: Result[]): Load => ({
    rate: sum(results.map((r) => r.requests.total)) / sum(results.map((r) => r.duration)),
    p50: median(results.map((r) => r.latency.p50)),
    p99: median(results.map((r) => r.latency.p99)),
    failures: sum(results.map((r) => r.errors + r.timeouts + r.non2xx)),
  });
  return [summary(rounds[0]), summary(rounds[1])];
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export async function statusReads(seconds: number): Promise<BenchmarkResult> {
  const stack = await startStack({ keepStdout: false });
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const checkout = await createdCheckout(stack.proxy.url);
    const path = `/api/checkouts/${checkout.id}`;
    const body = (await send(`${stack.proxy.url}${path}`)).text;
    bare = await startBareServer({ MODE: 'json', BODY: body });

    const [baseline, proxy] = await alternate(
      [`${bare.url}${path}`, `${stack.proxy.url}${path}`],
      seconds,
    );
    const ratio = proxy.rate / baseline.rate;
    return {
      benchmark: 'status reads',
      figures: [
        {
          name: 'requests/s',
          value: proxy.rate,
          unit: 'req/s',
          baseline: { name: 'bare node:http', value: baseline.rate },
          target: { text: '>= 0.7x baseline', met: ratio >= 0.7 },
        },
        {
          name: 'latency p50',
          value: proxy.p50,
          unit: 'ms',
          baseline: { name: 'bare node:http', value: baseline.p50 },
        },
        {
          name: 'latency p99',
          value: proxy.p99,
          unit: 'ms',
          baseline: { name: 'bare node:http', value: baseline.p99 },
        },
      ],
      notes: [
        `autocannon, ${CONNECTIONS} connections, ${seconds} s on each server in alternating rounds of about ${ROUND_SECONDS} s after a ${Math.min(2, seconds)} s warm-up of each; each server in its own process, the load generator shares the machine. Latencies: median of the rounds' percentiles.`,
        `Proxy answers that were not 2xx, errors or timeouts: ${proxy.failures}.`,
      ],
    };
  } finally {
    await bare?.stop();
    await stack.stop();
  }
}
