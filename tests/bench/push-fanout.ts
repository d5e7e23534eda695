/**
 * Push latency and fan-out: 5,000 event-stream clients (raw node:http, not EventSource) on one
 * checkout; a signed `paid` callback is posted to the proxy, and each client's time from that
 * post to hearing the status is recorded. The proxy's peak RSS comes from /proc (VmHWM). The
 * baseline is a bare node:http server writing the same JSON to as many streams from memory.
 */

import { execSync } from 'node:child_process';
import { request } from 'node:http';
import {
  createdCheckout,
  paymentRequestCallback,
  paymentRequestOf,
  sendCallback,
} from '../support/checkouts.ts';
import { send } from '../support/http.ts';
import { memoryOf } from '../support/process.ts';
import { startStack } from '../support/stack.ts';
import { startBareServer } from './bare.ts';
import { type BenchmarkResult, median, percentile } from './report.ts';

const ROUNDS = 3;
const BATCH = 250;

interface Listener {
  /** performance.now() when the awaited status arrived. */
  heardAt?: number;
  close(): void;
}

/** Opens one stream; resolves once its first event arrived. */
function listen(url: string, awaited: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const listener: Listener = { close: () => outgoing.destroy() };
    let text = '';
    let connected = false;
    const outgoing = request(
      url,
      { agent: false, headers: { Accept: 'text/event-stream' } },
      (incoming) => {
        if (incoming.statusCode !== 200)
          reject(new Error(`stream answered ${incoming.statusCode}`));
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          text += chunk;
          if (!connected && text.includes('\n\n')) {
            connected = true;
            resolve(listener);
          }
          if (listener.heardAt === undefined && text.includes(awaited))
            listener.heardAt = performance.now();
        });
        incoming.on('error', () => {});
      },
    );
    outgoing.on('error', (error) => (connected ? undefined : reject(error)));
    outgoing.end();
  });
}

async function openAll(url: string, count: number, awaited: string): Promise<Listener[]> {
  const listeners: Listener[] = [];
  for (let opened = 0; opened < count; opened += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - opened) }, () =>
      listen(url, awaited),
    );
    listeners.push(...(await Promise.all(batch)));
  }
  return listeners;
}

/** Waits until every listener heard the status (or `timeoutMs` passed). */
async function heard(listeners: Listener[], timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (
    listeners.some((listener) => listener.heardAt === undefined) &&
    performance.now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function pushFanout(clients: number): Promise<BenchmarkResult> {
  const limit = execSync('sh -c "ulimit -n"', { encoding: 'utf8' }).trim();
  const notes = [
    `${clients} raw node:http event streams per round, ${ROUNDS} rounds (a fresh checkout each); latency from posting the signed callback to each client receiving the status; all latencies pooled.`,
    `Open file limit (ulimit -n) ${limit}: the bench process holds one socket per client and so does the server${Number(limit) < clients + 500 ? ' (TOO LOW for this run: raise it)' : ', enough for this run'}.`,
  ];
  const stack = await startStack({ keepStdout: false });
  const proxyLatencies: number[] = [];
  const baseLatencies: number[] = [];
  let callbackMs = 0;
  let rssBefore = 0;
  let missed = 0;
  let peakMiB = Number.NaN;
  let bareMiB = Number.NaN;
  const rounds: string[] = [];
  try {
    rssBefore = (await memoryOf(stack.proxy.pid)).currentMiB;
    for (let round = 0; round < ROUNDS; round++) {
      const checkout = await createdCheckout(stack.proxy.url);
      const paymentRequest = await paymentRequestOf(stack, checkout);
      const listeners = await openAll(
        `${stack.proxy.url}/api/checkouts/${checkout.id}/events`,
        clients,
        '"status":"paid"',
      );
      const open = await memoryOf(stack.proxy.pid);
      rounds.push(
        `round ${round + 1}: RSS ${open.currentMiB.toFixed(0)} MiB with every stream open`,
      );
      const body = paymentRequestCallback(paymentRequest, 'paid');
      const postedAt = performance.now();
      const answer = await sendCallback(stack, body);
      callbackMs = Math.max(callbackMs, performance.now() - postedAt);
      if (answer.status !== 200)
        throw new Error(`callback answered ${answer.status}: ${answer.text}`);
      await heard(listeners);
      for (const listener of listeners) {
        if (listener.heardAt === undefined) missed++;
        else proxyLatencies.push(listener.heardAt - postedAt);
        listener.close();
      }
    }
  } finally {
    peakMiB = await memoryOf(stack.proxy.pid).then(
      (memory) => memory.peakMiB,
      () => Number.NaN,
    );
    await stack.stop();
  }

  const bare = await startBareServer({ MODE: 'sse', BODY: '{"status":"created"}' });
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const listeners = await openAll(`${bare.url}/events`, clients, '"status":"paid"');
      const postedAt = performance.now();
      await send(`${bare.url}/publish`, { method: 'POST', body: '{"status":"paid"}' });
      await heard(listeners);
      for (const listener of listeners) {
        if (listener.heardAt !== undefined) baseLatencies.push(listener.heardAt - postedAt);
        listener.close();
      }
    }
    bareMiB = (await memoryOf(bare.pid)).peakMiB;
  } finally {
    await bare.stop();
  }

  if (missed > 0) notes.push(`${missed} proxy client(s) never heard the status within 30 s.`);
  notes.push(`Proxy memory per round (${rounds.join('; ')}).`);
  notes.push(
    `Proxy RSS before the streams opened: ${rssBefore.toFixed(0)} MiB; slowest callback answer: ${callbackMs.toFixed(1)} ms.`,
  );
  const p95 = percentile(proxyLatencies, 95);
  return {
    benchmark: 'push fan-out',
    figures: [
      {
        name: `p95 to hear (${clients} clients)`,
        value: p95,
        unit: 'ms',
        baseline: { name: 'bare SSE', value: percentile(baseLatencies, 95) },
        target: { text: '< 100 ms', met: p95 < 100 && missed === 0 },
      },
      {
        name: 'median to hear',
        value: median(proxyLatencies),
        unit: 'ms',
        baseline: { name: 'bare SSE', value: median(baseLatencies) },
      },
      {
        name: 'last client heard',
        value: Math.max(...proxyLatencies),
        unit: 'ms',
        baseline: { name: 'bare SSE', value: Math.max(...baseLatencies) },
      },
      {
        name: 'proxy peak RSS',
        value: peakMiB,
        unit: 'MiB',
        baseline: { name: 'bare SSE', value: bareMiB },
        target: { text: '< 300 MiB', met: peakMiB < 300 },
      },
    ],
    notes,
  };
}
