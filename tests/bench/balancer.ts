/**
 * One proxy against three behind HAProxy, on one PostgreSQL, on this machine: status reads
 * (autocannon, 100 connections) and creates (10 connections, the sandbox answering each)
 * through a balancer in front of one proxy, through one in front of all three, and straight to
 * the one proxy (what the balancer's hop costs), in alternating rounds. On two CPUs three
 * proxies share the cores with the balancer, the database, the sandbox and the load generator:
 * the figure says what a merchant would see here, not what three machines would give.
 */

import { startBalancer } from '../support/balancer.ts';
import { checkoutBody, createdCheckout } from '../support/checkouts.ts';
import { startStack } from '../support/stack.ts';
import { alternate, alternationNote, type Load } from './alternate.ts';
import { withDatabase } from './databases.ts';
import { type BenchmarkResult, sum } from './report.ts';

const READ_CONNECTIONS = 100;
const CREATE_CONNECTIONS = 10;

const failures = (load: Load) =>
  sum(load.rounds.map((round) => round.errors + round.timeouts + round.non2xx));

export function balancedProxies(seconds: number): Promise<BenchmarkResult> {
  return withDatabase('postgres', (proxyEnv) => measure(seconds, proxyEnv));
}

async function measure(seconds: number, proxyEnv: Record<string, string>) {
  const stack = await startStack({ keepStdout: false, proxies: 3, proxyEnv });
  const servers = stack.proxies.map((proxy, index) => ({
    name: `p${index}`,
    port: Number(new URL(proxy.url).port),
  }));
  const toOne = await startBalancer({ servers: servers.slice(0, 1) });
  const toThree = await startBalancer({ servers });
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
          name: 'status reads/s, three proxies',
          value: three.rate,
          unit: 'req/s',
          baseline: { name: 'one proxy', value: one.rate },
        },
        {
          name: 'status reads/s, one proxy behind the balancer',
          value: one.rate,
          unit: 'req/s',
          baseline: { name: 'the proxy direct', value: direct.rate },
        },
        {
          name: 'status read p99, three proxies',
          value: three.p99,
          unit: 'ms',
          baseline: { name: 'one proxy', value: one.p99 },
        },
        {
          name: 'creates/s, three proxies',
          value: createThree.rate,
          unit: 'req/s',
          baseline: { name: 'one proxy', value: createOne.rate },
        },
      ],
      notes: [
        `PostgreSQL (a throwaway local cluster), HAProxy 2.6 round robin; status reads: autocannon, ${READ_CONNECTIONS} connections, ${alternationNote(seconds)}; creates: ${CREATE_CONNECTIONS} connections, ${alternationNote(Math.max(2, seconds / 2))}, each one signed call to the one sandbox.`,
        `Answers that were not 2xx, errors or timeouts: reads ${failures(direct)} direct, ${failures(one)} / ${failures(three)} through one / three; creates ${failures(createOne)} / ${failures(createThree)}.`,
      ],
    };
  } finally {
    await toThree.stop();
    await toOne.stop();
    await stack.stop();
  }
}
