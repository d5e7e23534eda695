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
 * `seconds` of load on each URL, in rounds of 2 s that alternate A B C, C B A, A B C ...,
 * after a warm-up of each: a change in the machine's load between rounds hits every server
 * alike, so the ratios hold on a shared machine where one 10 s run after the other did not.
 */
async function alternate(urls: string[], seconds: number): Promise<Load[]> {
  const run = (url: string, duration: number) =>
    autocannon({ url, connections: CONNECTIONS, duration });
  for (const url of urls) await run(url, Math.min(2, seconds));
  const rounds: Result[][] = urls.map(() => []);
  const count = Math.max(1, Math.round(seconds / ROUND_SECONDS));
  const forward = urls.map((_, which) => which);
  for (let round = 0; round < count; round++) {
    const order = round % 2 === 0 ? forward : [...forward].reverse();
    for (const which of order) rounds[which]!.push(await run(urls[which]!, seconds / count));
  }
  const summary = (results: Result[]): Load => ({
    rate: sum(results.map((r) => r.requests.total)) / sum(results.map((r) => r.duration)),
    p50: median(results.map((r) => r.latency.p50)),
    p99: median(results.map((r) => r.latency.p99)),
    failures: sum(results.map((r) => r.errors + r.timeouts + r.non2xx)),
  });
  return rounds.map(summary);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export async function statusReads(seconds: number): Promise<BenchmarkResult> {
  const stack = await startStack({ keepStdout: false });
  const bares: Awaited<ReturnType<typeof startBareServer>>[] = [];
  try {
    const checkout = await createdCheckout(stack.proxy.url);
    const path = `/api/checkouts/${checkout.id}`;
    const answer = await send(`${stack.proxy.url}${path}`);
    const bare = await startBareServer({ MODE: 'json', BODY: answer.text });
    bares.push(bare);
    // The same body with the proxy's own headers (request id aside): what the answer's size
    // costs the server and the load generator, apart from the proxy's work.
    const sameHeaders = await startBareServer({
      MODE: 'json',
      BODY: answer.text,
      HEADERS: JSON.stringify(proxyHeaders(answer.headers)),
    });
    bares.push(sameHeaders);

    const [baseline, proxy, withHeaders] = (await alternate(
      [`${bare.url}${path}`, `${stack.proxy.url}${path}`, `${sameHeaders.url}${path}`],
      seconds,
    )) as [Load, Load, Load];
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
          name: 'requests/s against the same answer bytes',
          value: proxy.rate,
          unit: 'req/s',
          baseline: { name: 'bare, same headers', value: withHeaders.rate },
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
    for (const bare of bares) await bare.stop();
    await stack.stop();
  }
}

/** The headers the proxy answered with, but those Node's server adds itself. */
function proxyHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const own: Record<string, string> = {};
  const added = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type']);
  for (const [name, value] of Object.entries(headers)) {
    if (!added.has(name) && typeof value === 'string') own[name] = value;
  }
  return own;
}
