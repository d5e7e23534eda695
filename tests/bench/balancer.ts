/**
 * One proxy against three behind HAProxy, on one PostgreSQL, on this machine: status reads
 * (autocannon, 100 connections) and creates (10 connections, the sandbox answering each)
 * through a balancer in front of one proxy, through one in front of all three, and straight to
 * the one proxy (what the balancer's hop costs), in alternating rounds. On two CPUs three
 * proxies share the cores with the balancer, the database, the sandbox and the load generator:
 * the figure says what a merchant would see here, not what three machines would give.
 */

import { startBalancer } from '@crypto-pay/test-kit/balancer';
import { checkoutBody, createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { startStack } from '@crypto-pay/test-kit/stack';
import { alternate, alternationNote, failedAnswers, type Load } from './alternate.ts';
import { withDatabase } from './databases.ts';
import { type BenchmarkResult, sum } from './report.ts';

const READ_CONNECTIONS = 100;
const CREATE_CONNECTIONS = 10;
const CHECK_INTERVAL_MS = 2000;

/** The answers that were not 2xx, by status code (e.g. `503 x 12`), or `none`. */
function refusals(load: Load): string {
  const counts = new Map<string, number>();
  for (const round of load.rounds) {
    for (const [code, { count }] of Object.entries(round.statusCodeStats)) {
      if (!code.startsWith('2')) counts.set(code, (counts.get(code) ?? 0) + count);
    }
  }
  const errors = sum(load.rounds.map((round) => round.errors + round.timeouts));
  if (errors > 0) counts.set('errors and timeouts', errors);
  return [...counts].map(([code, count]) => `${code} x ${count}`).join(', ') || 'none';
}

/**
 * Answers 2xx per second: a balancer that took its only proxy out answers 503 at once, which
 * must not count as throughput.
 */
const answered = (load: Load) =>
  (sum(load.rounds.map((round) => round.requests.total)) - failedAnswers(load)) /
  sum(load.rounds.map((round) => round.duration));

export function balancedProxies(seconds: number): Promise<BenchmarkResult> {
  return withDatabase('postgres', (proxyEnv) => measure(seconds, proxyEnv));
}

async function measure(seconds: number, proxyEnv: Record<string, string>) {
  const stack = await startStack({ keepStdout: false, proxies: 3, proxyEnv });
  const servers = stack.proxies.map((proxy, index) => ({
    name: `p${index}`,
    port: Number(new URL(proxy.url).port),
  }));
  // Checked as deploy/'s HAProxy checks: every 2 s, out after 3 failures, back after 2.
  const checks = { checkIntervalMs: CHECK_INTERVAL_MS, fall: 3, rise: 2 };
  const toOne = await startBalancer({ servers: servers.slice(0, 1), ...checks });
  const toThree = await startBalancer({ servers, ...checks });
  try {
    for (const server of servers) await toThree.untilServer(server.name, 'UP');
    await toOne.untilServer('p0', 'UP');
    const checkout = await createdCheckout(stack.proxy.url);
    const path = `/api/checkouts/${checkout.id}`;
    const reads = (url: string) => ({ url: `${url}${path}`, connections: READ_CONNECTIONS });
    const [direct, one, three] = await alternate(
      [reads(stack.proxy.url), reads(toOne.url), reads(toThree.url)],
      seconds,
    );
    const creates = (url: string) => ({
      url: `${url}/api/checkouts`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(checkoutBody()),
      connections: CREATE_CONNECTIONS,
    });
    const [createOne, createThree] = await alternate(
      [creates(toOne.url), creates(toThree.url)],
      Math.max(2, seconds / 2),
    );
    return {
      benchmark: 'three proxies behind the balancer',
      figures: [
        {
          name: 'status reads answered 2xx /s, three proxies',
          value: answered(three),
          unit: 'req/s',
          baseline: { name: 'one proxy', value: answered(one) },
        },
        {
          name: 'status reads answered 2xx /s, one proxy behind the balancer',
          value: answered(one),
          unit: 'req/s',
          baseline: { name: 'the proxy direct', value: answered(direct) },
        },
        {
          name: 'status read p99, three proxies',
          value: three.p99,
          unit: 'ms',
          baseline: { name: 'one proxy', value: one.p99 },
        },
        {
          name: 'creates answered 201 /s, three proxies',
          value: answered(createThree),
          unit: 'req/s',
          baseline: { name: 'one proxy', value: answered(createOne) },
        },
      ],
      notes: [
        `PostgreSQL (a throwaway local cluster), HAProxy 2.6 round robin; status reads: autocannon, ${READ_CONNECTIONS} connections, ${alternationNote(seconds)}; creates: ${CREATE_CONNECTIONS} connections, ${alternationNote(Math.max(2, seconds / 2))}, each one signed call to the one sandbox.`,
        `Answers that were not 2xx, errors or timeouts (not counted in the rates; HAProxy answers 503 while it has no proxy in rotation; its /readyz checks, every ${CHECK_INTERVAL_MS / 1000} s with a 2 s timeout, take a proxy out after 3 failures in a row): status reads direct ${refusals(direct)}, through the balancer to one ${refusals(one)}, to three ${refusals(three)}; creates to one ${refusals(createOne)}, to three ${refusals(createThree)}.`,
      ],
    };
  } finally {
    await toThree.stop();
    await toOne.stop();
    await stack.stop();
  }
}
