/**
 * Status reads: `GET /api/checkouts/{id}` through the proxy under 100 connections for 10 s
 * (autocannon), against a bare node:http server answering the same JSON from memory.
 */

import autocannon, { type Result } from 'autocannon';
import { createdCheckout } from '../support/checkouts.ts';
import { send } from '../support/http.ts';
import { startStack } from '../support/stack.ts';
import { startBareServer } from './bare.ts';
import type { BenchmarkResult } from './report.ts';

const CONNECTIONS = 100;

async function load(url: string, seconds: number): Promise<Result> {
  await autocannon({ url, connections: CONNECTIONS, duration: Math.min(2, seconds) }); // warm-up
  return autocannon({ url, connections: CONNECTIONS, duration: seconds });
}

export async function statusReads(seconds: number): Promise<BenchmarkResult> {
  const stack = await startStack();
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const checkout = await createdCheckout(stack.proxy.url);
    const path = `/api/checkouts/${checkout.id}`;
    const body = (await send(`${stack.proxy.url}${path}`)).text;
    bare = await startBareServer({ MODE: 'json', BODY: body });

    const baseline = await load(`${bare.url}${path}`, seconds);
    const proxy = await load(`${stack.proxy.url}${path}`, seconds);
    const failures = proxy.errors + proxy.timeouts + proxy.non2xx;
    const ratio = proxy.requests.average / baseline.requests.average;
    return {
      benchmark: 'status reads',
      figures: [
        {
          name: 'requests/s',
          value: proxy.requests.average,
          unit: 'req/s',
          baseline: { name: 'bare node:http', value: baseline.requests.average },
          target: { text: '>= 0.7x baseline', met: ratio >= 0.7 },
        },
        {
          name: 'latency p50',
          value: proxy.latency.p50,
          unit: 'ms',
          baseline: { name: 'bare node:http', value: baseline.latency.p50 },
        },
        {
          name: 'latency p99',
          value: proxy.latency.p99,
          unit: 'ms',
          baseline: { name: 'bare node:http', value: baseline.latency.p99 },
        },
      ],
      notes: [
        `autocannon, ${CONNECTIONS} connections, ${seconds} s after a ${Math.min(2, seconds)} s warm-up, each server in its own process; the load generator shares the machine.`,
        `Proxy answers that were not 2xx, errors or timeouts: ${failures}.`,
      ],
    };
  } finally {
    await bare?.stop();
    await stack.stop();
  }
}
