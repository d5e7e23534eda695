/**
 * Status reads: `GET /api/checkouts/{id}` through the proxy under 100 connections for 10 s
 * (autocannon), against a bare node:http server answering the same JSON from memory; once per
 * store (`BENCH_DATABASE`). SQLite's proxy reads its own copy of the checkouts, PostgreSQL's the
 * copy its notices feed (issue 32); on PostgreSQL a second proxy on the same database with no
 * copy (`STATUS_COPY_SIZE=0`, every read a query) gives the figure before it, in the same run.
 */

import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { send } from '@crypto-pay/test-kit/http';
import { startStack } from '@crypto-pay/test-kit/stack';
import { alternate, alternationNote, failedAnswers } from './alternate.ts';
import { startBareServer } from './bare.ts';
import { type BenchDatabase, DATABASE_LABEL, withDatabase } from './databases.ts';
import type { BenchmarkResult } from './report.ts';

const CONNECTIONS = 100;
/** Issue 15's figure for SQLite, issue 32's for PostgreSQL. */
const TARGET_RATIO = { sqlite: 0.4, postgres: 0.35 };

export function statusReads(seconds: number, database: BenchDatabase): Promise<BenchmarkResult> {
  return withDatabase(database, (proxyEnv) => measure(seconds, database, proxyEnv));
}

async function measure(
  seconds: number,
  database: BenchDatabase,
  proxyEnv: Record<string, string>,
): Promise<BenchmarkResult> {
  const stack = await startStack({ keepStdout: false, proxyEnv });
  const bares: Awaited<ReturnType<typeof startBareServer>>[] = [];
  const uncopied =
    database === 'postgres'
      ? await startStack({ keepStdout: false, proxyEnv: { ...proxyEnv, STATUS_COPY_SIZE: '0' } })
      : undefined;
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
    // The same answer after the same SQLite read (SQLite only): what the proxy costs apart from
    // its store, the part of a read issue 15's target is about (Hono, the adapter, middlewares).
    const sameRead =
      database === 'sqlite'
        ? await startBareServer({
            MODE: 'sqlite',
            BODY: answer.text,
            HEADERS: JSON.stringify(proxyHeaders(answer.headers)),
            DATABASE_FILE: stack.databaseFile,
            CHECKOUT_ID: checkout.id,
          })
        : undefined;
    if (sameRead) bares.push(sameRead);

    const reads = (server: { url: string; pid: number }) => ({
      url: `${server.url}${path}`,
      connections: CONNECTIONS,
      pid: server.pid,
    });
    const [baseline, proxy, withHeaders, ...others] = await alternate(
      [
        reads(bare),
        reads(stack.proxy),
        reads(sameHeaders),
        ...(sameRead ? [reads(sameRead)] : []),
        ...(uncopied ? [reads(uncopied.proxy)] : []),
      ],
      seconds,
    );
    const withRead = sameRead ? others[0] : undefined;
    const everyReadAQuery = uncopied ? others.at(-1) : undefined;
    const ratio = proxy.rate / baseline.rate;
    const target = TARGET_RATIO[database];
    return {
      benchmark: `status reads, ${DATABASE_LABEL[database]}`,
      figures: [
        {
          name: 'requests/s',
          value: proxy.rate,
          unit: 'req/s',
          baseline: { name: 'bare node:http', value: baseline.rate },
          // Every read goes through Hono on its Node adapter: no second path in front of it.
          target: { text: `>= ${target}x baseline`, met: ratio >= target },
        },
        ...(everyReadAQuery
          ? [
              {
                name: 'requests/s, copy against every read a query',
                value: proxy.rate,
                unit: 'req/s',
                baseline: { name: 'STATUS_COPY_SIZE=0', value: everyReadAQuery.rate },
              },
              {
                name: 'latency p50, copy against every read a query',
                value: proxy.p50,
                unit: 'ms',
                baseline: { name: 'STATUS_COPY_SIZE=0', value: everyReadAQuery.p50 },
              },
            ]
          : []),
        {
          // The server's own cost, which the load generator and the rest of the machine do not
          // share: what the ratio above would be if each server had the CPUs to itself.
          name: 'reads per CPU second of the server',
          value: proxy.perCpuSecond ?? 0,
          unit: 'reads/CPU s',
          baseline: { name: 'bare node:http', value: baseline.perCpuSecond ?? 0 },
        },
        {
          name: 'requests/s against the same answer bytes',
          value: proxy.rate,
          unit: 'req/s',
          baseline: { name: 'bare, same headers', value: withHeaders.rate },
        },
        ...(withRead
          ? [
              {
                name: 'reads per CPU second against the same SQLite read',
                value: proxy.perCpuSecond ?? 0,
                unit: 'reads/CPU s',
                baseline: { name: 'bare, same read', value: withRead.perCpuSecond ?? 0 },
              },
            ]
          : []),
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
        `autocannon, ${CONNECTIONS} connections, ${alternationNote(seconds)}; each server in its own process, the load generator shares the machine. Latencies: median of the rounds' percentiles (autocannon counts whole milliseconds).`,
        `Proxy answers that were not 2xx, errors or timeouts: ${failedAnswers(proxy)}.`,
      ],
    };
  } finally {
    for (const bare of bares) await bare.stop();
    await uncopied?.stop();
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
