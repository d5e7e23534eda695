/**
 * Push latency and fan-out: 5,000 event-stream clients (raw sockets, not EventSource) on one
 * checkout; a signed `paid` callback is posted to the proxy, and each client's time from that
 * post to hearing the status is recorded. The proxy's peak RSS comes from /proc (VmHWM), and its
 * RSS after each round with the streams open and once the proxy let them all go, so that memory
 * a round keeps shows as a rise from round to round. It
 * runs the proxy twice, its streams written to the socket by the route (the default) and by
 * Hono's streamSSE (`EVENT_STREAM_WRITER=hono`), so the figure that keeps the first is in every
 * run. The baseline is a bare node:http server writing the same JSON to as many streams from memory;
 * a bare TCP server writing it to raw sockets shows the floor of this machine. The proxy runs
 * with the NODE_OPTIONS of its image (`DEPLOYED_PROXY_ENV`): its memory is what this measures. The socket writer
 * runs once per store (`BENCH_DATABASE`): the callback's commit differs, and the proxy's own hub
 * tells its streams on both (another proxy's hear it through the database: `cross-proxy.ts`).
 */

import { execSync } from 'node:child_process';
import type { Config } from '@crypto-pay/proxy';
import {
  createdCheckout,
  paymentRequestCallback,
  paymentRequestOf,
  sendCallback,
} from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { send } from '@crypto-pay/test-kit/http';
import { memoryOf } from '@crypto-pay/test-kit/process';
import { startStack } from '@crypto-pay/test-kit/stack';
import { startBareServer } from './bare.ts';
import { type BenchDatabase, DATABASE_LABEL, withDatabase } from './databases.ts';
import { type BenchmarkResult, median, percentile } from './report.ts';
import { heard, openAll } from './stream-clients.ts';

const ROUNDS = 3;
/** How much the RSS with every stream closed may rise from the first round to the last. */
const FLAT_TOLERANCE = 0.1;
/**
 * Issue 32: the p95 to hear stays at bare SSE's, the same streams written by a server that does
 * nothing else (1.02 to 1.07x when it was filed).
 */
const AT_BARE_SSE = 1.1;
export async function pushFanout(
  clients: number,
  databases: readonly BenchDatabase[],
): Promise<BenchmarkResult> {
  const limit = execSync('sh -c "ulimit -n"', { encoding: 'utf8' }).trim();
  const notes = [
    `${clients} event streams on raw sockets per round, ${ROUNDS} rounds (a fresh checkout each); latency from posting the signed callback to each client receiving the status; all latencies pooled.`,
    `The bare SSE server's rounds alternate with the proxy's (socket writer, ${DATABASE_LABEL[databases[0]!]}), which goes first in turn: proxy, bare, bare, proxy, proxy, bare.`,
    `Open file limit (ulimit -n) ${limit}: the bench process holds one socket per client and so does the server${Number(limit) < clients + 500 ? ' (TOO LOW for this run: raise it)' : ', enough for this run'}.`,
  ];
  // The main figures on the first store; the writers compared on it; the others beside it.
  const [main, ...others] = databases;
  if (!main) throw new Error('push fan-out needs a database to run on.');
  const onStore = (
    database: BenchDatabase,
    writer: Config['eventStreamWriter'],
    between?: () => Promise<void>,
  ) => withDatabase(database, (proxyEnv) => proxyRounds(clients, writer, proxyEnv, between));
  // The target's two sides round by round, in turn: a change in the machine's load meets both.
  const bare = await bareServer('sse', clients);
  const socket = await onStore(main, 'socket', bare.round).finally(bare.stop);
  const hono = await onStore(main, 'hono');
  const otherStores: [BenchDatabase, Awaited<ReturnType<typeof proxyRounds>>][] = [];
  for (const database of others) otherStores.push([database, await onStore(database, 'socket')]);
  const floor = await bareServer('tcp', clients);
  try {
    for (let round = 0; round < ROUNDS; round++) await floor.round();
  } finally {
    await floor.stop();
  }

  notes.push(`The proxy's figures are on ${DATABASE_LABEL[main]} unless named.`);
  for (const [writer, run] of [
    ['socket', socket],
    ['hono', hono],
    ...otherStores.map(
      ([database, run]) => [`socket on ${DATABASE_LABEL[database]}`, run] as const,
    ),
  ] as const) {
    if (run.missed > 0)
      notes.push(`${writer}: ${run.missed} proxy client(s) never heard the status within 30 s.`);
    notes.push(
      `EVENT_STREAM_WRITER=${writer}: proxy RSS per round (${run.rounds.map((round, i) => `round ${i + 1}: ${round.openMiB.toFixed(0)} MiB open, ${round.closedMiB.toFixed(0)} MiB closed`).join('; ')}); RSS before the streams opened ${run.rssBefore.toFixed(0)} MiB; slowest callback answer ${run.callbackMs.toFixed(1)} ms.`,
    );
  }
  const p95 = percentile(socket.latencies, 95);
  const bareP95 = percentile(bare.latencies, 95);
  const firstClosed = socket.rounds[0]?.closedMiB ?? Number.NaN;
  const honoP95 = percentile(hono.latencies, 95);
  return {
    benchmark: 'push fan-out',
    figures: [
      {
        name: `p95 to hear (${clients} clients)`,
        value: p95,
        unit: 'ms',
        baseline: { name: 'bare SSE', value: bareP95 },
        target: {
          text: `<= ${AT_BARE_SSE}x bare SSE`,
          met: p95 <= bareP95 * AT_BARE_SSE && socket.missed === 0,
        },
      },
      {
        name: 'median to hear',
        value: median(socket.latencies),
        unit: 'ms',
        baseline: { name: 'bare SSE', value: median(bare.latencies) },
      },
      {
        name: 'last client heard',
        value: Math.max(...socket.latencies),
        unit: 'ms',
        baseline: { name: 'bare SSE', value: Math.max(...bare.latencies) },
      },
      {
        name: 'p95 to hear, bare TCP (floor)',
        value: percentile(floor.latencies, 95),
        unit: 'ms',
      },
      {
        name: 'proxy peak RSS',
        value: socket.peakMiB,
        unit: 'MiB',
        baseline: { name: 'bare SSE', value: bare.peakMiB },
        target: { text: '<= 250 MiB', met: socket.peakMiB <= 250 },
      },
      // Round after round of fresh streams: what a closed stream leaves behind adds up here.
      ...socket.rounds.flatMap((round, i) => [
        { name: `proxy RSS, round ${i + 1}, streams open`, value: round.openMiB, unit: 'MiB' },
        {
          name: `proxy RSS, round ${i + 1}, streams closed`,
          value: round.closedMiB,
          unit: 'MiB',
          ...(i === 0
            ? {}
            : {
                baseline: { name: 'round 1', value: firstClosed },
                target: {
                  text: `flat: <= round 1 + ${FLAT_TOLERANCE * 100}%`,
                  met: round.closedMiB <= firstClosed * (1 + FLAT_TOLERANCE),
                },
              }),
        },
      ]),
      // The same proxy with streams written by Hono's streamSSE: why the route writes to the
      // socket itself (packages/proxy/src/http/sse-node.ts).
      {
        name: 'p95 to hear, streamSSE (EVENT_STREAM_WRITER=hono)',
        value: honoP95,
        unit: 'ms',
        baseline: { name: 'socket writer', value: p95 },
      },
      {
        name: 'proxy peak RSS, streamSSE',
        value: hono.peakMiB,
        unit: 'MiB',
        baseline: { name: 'socket writer', value: socket.peakMiB },
      },
      // The same rounds on the other stores, against the main one's.
      ...otherStores.flatMap(([database, run]) => [
        {
          name: `p95 to hear, ${DATABASE_LABEL[database]}`,
          value: percentile(run.latencies, 95),
          unit: 'ms',
          baseline: { name: DATABASE_LABEL[main], value: p95 },
        },
        {
          name: `proxy peak RSS, ${DATABASE_LABEL[database]}`,
          value: run.peakMiB,
          unit: 'MiB',
          baseline: { name: DATABASE_LABEL[main], value: socket.peakMiB },
        },
      ]),
    ],
    notes,
  };
}

/**
 * Rounds against a proxy whose event streams `writer` writes (EVENT_STREAM_WRITER), `between`
 * run once per round, in turn after and before it (never while its streams are open).
 */
async function proxyRounds(
  clients: number,
  writer: Config['eventStreamWriter'],
  proxyEnv: Record<string, string>,
  between?: () => Promise<void>,
) {
  // Every client here comes from one address: the per-client caps would send all but 100 to
  // polling, and refuse connections past 256, as they should on the internet.
  const streams = String(clients + 100);
  const stack = await startStack({
    keepStdout: false,
    // For the open streams' gauge: the RSS once they are all let go.
    metrics: true,
    proxyEnv: {
      ...proxyEnv,
      MAX_EVENT_STREAMS: streams,
      MAX_EVENT_STREAMS_PER_CLIENT: streams,
      MAX_CONNECTIONS_PER_CLIENT: streams,
      EVENT_STREAM_WRITER: writer,
    },
  });
  const latencies: number[] = [];
  let callbackMs = 0;
  let rssBefore = 0;
  let missed = 0;
  let peakMiB = Number.NaN;
  const rounds: { openMiB: number; closedMiB: number }[] = [];
  try {
    rssBefore = (await memoryOf(stack.proxy.pid)).currentMiB;
    for (let round = 0; round < ROUNDS; round++) {
      // `between` goes after even rounds and before odd ones: proxy, other, other, proxy...
      if (round % 2 === 1) await between?.();
      const checkout = await createdCheckout(stack.proxy.url);
      const paymentRequest = await paymentRequestOf(stack, checkout);
      const listeners = await openAll(
        `${stack.proxy.url}/api/checkouts/${checkout.id}/events`,
        clients,
        '"status":"paid"',
      );
      const open = await memoryOf(stack.proxy.pid);
      const body = paymentRequestCallback(paymentRequest, 'paid');
      const postedAt = performance.now();
      const answer = await sendCallback(stack, body);
      callbackMs = Math.max(callbackMs, performance.now() - postedAt);
      if (answer.status !== 200)
        throw new Error(`callback answered ${answer.status}: ${answer.text}`);
      await heard(listeners);
      for (const listener of listeners) {
        if (listener.heardAt === undefined) missed++;
        else latencies.push(listener.heardAt - postedAt);
        listener.close();
      }
      await eventually(
        async () => (await openStreams(stack.metricsUrls[0]!)) === 0,
        'the proxy to let every stream go',
        30_000,
      );
      const closed = await memoryOf(stack.proxy.pid);
      rounds.push({ openMiB: open.currentMiB, closedMiB: closed.currentMiB });
      if (round % 2 === 0) await between?.();
    }
  } finally {
    peakMiB = await memoryOf(stack.proxy.pid).then(
      (memory) => memory.peakMiB,
      () => Number.NaN,
    );
    await stack.stop();
  }
  return { latencies, callbackMs, rssBefore, missed, peakMiB, rounds };
}

/** The proxy's open event streams, from its metrics. */
async function openStreams(metricsUrl: string): Promise<number> {
  const text = (await send(metricsUrl)).text;
  return Number(/^crypto_pay_event_streams (\S+)$/m.exec(text)?.[1]);
}

/**
 * A bare server (`sse`: node:http; `tcp`: raw sockets, the floor) for the same rounds, one per
 * `round()`; `stop()` once, after which `peakMiB` holds its peak RSS.
 */
async function bareServer(mode: 'sse' | 'tcp', clients: number) {
  const latencies: number[] = [];
  const bare = await startBareServer({ MODE: mode, BODY: '{"status":"created"}' });
  const server = {
    latencies,
    peakMiB: Number.NaN,
    async round() {
      const listeners = await openAll(`${bare.url}/events`, clients, '"status":"paid"');
      const postedAt = performance.now();
      await send(`${bare.url}/publish`, { method: 'POST', body: '{"status":"paid"}' });
      await heard(listeners);
      for (const listener of listeners) {
        if (listener.heardAt !== undefined) latencies.push(listener.heardAt - postedAt);
        listener.close();
      }
    },
    async stop() {
      server.peakMiB = await memoryOf(bare.pid).then(
        (memory) => memory.peakMiB,
        () => Number.NaN,
      );
      await bare.stop();
    },
  };
  return server;
}
