/**
 * What metrics cost: pairs of proxies (each in a stack of its own, on SQLite), one with
 * METRICS_PORT set and scraped every 5 s as Prometheus would, one without. Status reads load
 * both proxies at once under autocannon, on one CPU, creates go one by one in turn, so both see
 * the same machine: in alternating rounds the host's own swings of speed moved a round's ratio
 * by up to 40 %, far more than metrics cost (BENCHMARKS.md, issue 32, session 40). Two like
 * proxies loaded at once still differ by a few percent, so the reads run on `PAIRS` fresh pairs
 * and are pooled. The target: reads and creates cost at most 5 % more with metrics on.
 */

import { execFileSync, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { checkoutBody, createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { failedAnswers, type Load, loadOf, together, togetherNote } from './alternate.ts';
import { DEPLOYED_PROXY_ENV } from './databases.ts';
import { type BenchmarkResult, median, sum } from './report.ts';
import { keepAlive, timedRequest, WARM_UP_CREATES } from './timed.ts';

const CONNECTIONS = 100;
const SCRAPE_MS = 5_000;
/** Fresh pairs of stacks the reads run on, pooled: a pair's own spread averages out. */
const PAIRS = 3;
/** At most 5 % more: reads per CPU second at least 1/1.05 of those without, creates 1.05x. */
const MORE = 1.05;

/** What one pair measured: each side's reads, and the creates when asked for. */
interface PairResult {
  without: Load;
  withMetrics: Load;
  times: [number[], number[]];
  scrapes: number;
  failedScrapes: number;
}

/** One side's loads over every pair as one: all their reads over all their CPU seconds. */
const pooled = (loads: Load[]): Load =>
  loadOf(
    loads.flatMap((load) => load.rounds),
    sum(loads.map((load) => load.cpuSeconds ?? Number.NaN)),
  );

export async function metricsOverhead(seconds: number, creates: number): Promise<BenchmarkResult> {
  const pairs: PairResult[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    pairs.push(await measurePair(seconds, pair === 0 ? creates : 0));
  }
  const [first] = pairs as [PairResult];
  const offReads = pairs.map((pair) => pair.without);
  const onReads = pairs.map((pair) => pair.withMetrics);
  const [off, on] = [pooled(offReads), pooled(onReads)];
  const readsOn = on.perCpuSecond ?? Number.NaN;
  const readsOff = off.perCpuSecond ?? Number.NaN;
  const readCost = readsOn / readsOff;
  const createCost = median(first.times[1]) / median(first.times[0]);
  const pairRatios = pairs.map(
    (pair) => (pair.withMetrics.perCpuSecond ?? 0) / (pair.without.perCpuSecond ?? 1),
  );
  return {
    benchmark: 'metrics overhead, SQLite',
    figures: [
      {
        name: 'status reads per CPU second, METRICS_PORT set',
        value: readsOn,
        unit: 'reads/CPU s',
        baseline: { name: 'METRICS_PORT unset', value: readsOff },
        target: { text: '>= 0.95x (at most 5 % more CPU)', met: readCost * MORE >= 1 },
      },
      {
        name: 'status reads/s, METRICS_PORT set',
        value: on.rate,
        unit: 'req/s',
        baseline: { name: 'METRICS_PORT unset', value: off.rate },
      },
      {
        name: 'create median, METRICS_PORT set',
        value: median(first.times[1]),
        unit: 'ms',
        baseline: { name: 'METRICS_PORT unset', value: median(first.times[0]) },
        target: { text: '<= 1.05x', met: createCost <= MORE },
      },
    ],
    notes: [
      `Status reads: autocannon, ${CONNECTIONS} connections to each proxy, ${togetherNote(seconds, 2)}, on each of ${PAIRS} fresh pairs of stacks, ${CAN_PIN ? 'the bench on CPU 0 and both proxies on CPU 1' : 'unpinned (one CPU, or no taskset)'}, pooled (each pair's ratio: ${pairRatios.map((ratio) => `${ratio.toFixed(2)}x`).join(', ')}). Creates: ${creates} each way after ${WARM_UP_CREATES} warm-up rounds on the first pair, one at a time over keep-alive connections, in turn. Each proxy has a sandbox of its own; the one with METRICS_PORT was scraped every ${SCRAPE_MS / 1000} s (${sum(pairs.map((pair) => pair.scrapes))} scrapes, ${sum(pairs.map((pair) => pair.failedScrapes))} failed) and polled its cluster figures every 5 s.`,
      `Answers that were not 2xx, errors or timeouts: ${sum(offReads.map(failedAnswers))} without, ${sum(onReads.map(failedAnswers))} with metrics.`,
    ],
  };
}

/** The machine's CPUs, counted before anything is pinned (the count follows the mask). */
const CPUS = availableParallelism();
/** Pinning needs two CPUs and util-linux's `taskset`; without either, nothing is pinned. */
const CAN_PIN = CPUS >= 2 && spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;

/** Keeps every thread of process `pid` on CPU `cpu` (`undefined`: on any again). */
function pin(pid: number, cpu: number | undefined): void {
  if (!CAN_PIN) return;
  const cpus = cpu === undefined ? `0-${CPUS - 1}` : String(cpu);
  execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cpus, String(pid)], {
    stdio: 'ignore',
  });
}

/** One pair of stacks, metrics off and on: their reads in turn, then `creates` in turn. */
async function measurePair(seconds: number, creates: number): Promise<PairResult> {
  const stacks: Stack[] = [];
  let scraper: NodeJS.Timeout | undefined;
  try {
    const off = await startStack({ keepStdout: false, proxyEnv: DEPLOYED_PROXY_ENV });
    stacks.push(off);
    const on = await startStack({ keepStdout: false, metrics: true, proxyEnv: DEPLOYED_PROXY_ENV });
    stacks.push(on);
    // The load on one CPU, both proxies on the other: where the scheduler put each process
    // moved its CPU a read by up to 15 % from pair to pair of like stacks. On one CPU, loaded
    // at once, they also meet the host's swings of speed alike (`together`).
    for (const stack of [off, on]) pin(stack.proxy.pid, 1);
    pin(process.pid, 0);
    const metricsUrl = on.metricsUrls[0]!;
    let scrapes = 0;
    // A failed scrape is counted and told in the notes, not left as an unhandled rejection.
    let failedScrapes = 0;
    scraper = setInterval(() => {
      fetch(metricsUrl)
        .then(async (answer) => {
          await answer.text();
          if (answer.status === 200) scrapes++;
          else failedScrapes++;
        })
        .catch(() => {
          failedScrapes++;
        });
    }, SCRAPE_MS);

    const reads = async (stack: Stack) => ({
      url: `${stack.proxy.url}/api/checkouts/${(await createdCheckout(stack.proxy.url)).id}`,
      connections: CONNECTIONS,
      pid: stack.proxy.pid,
    });
    const [without, withMetrics] = await together([await reads(off), await reads(on)], seconds);

    const body = JSON.stringify(checkoutBody());
    const agents = [keepAlive(), keepAlive()] as const;
    const times: [number[], number[]] = [[], []];
    // No warm-up either where no creates are asked for.
    const rounds = creates > 0 ? WARM_UP_CREATES + creates : 0;
    for (let round = 0; round < rounds; round++) {
      // Which goes first alternates too: neither always meets the other's leftovers.
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const which of order) {
        const stack = which === 0 ? off : on;
        const answer = await timedRequest(`${stack.proxy.url}/api/checkouts`, agents[which]!, {
          headers: { 'Content-Type': 'application/json' },
          body,
        });
        if (answer.status !== 201) {
          throw new Error(`create answered ${answer.status}: ${answer.text}`);
        }
        if (round >= WARM_UP_CREATES) times[which]!.push(answer.ms);
      }
    }
    for (const agent of agents) agent.destroy();

    return { without, withMetrics, times, scrapes, failedScrapes };
  } finally {
    clearInterval(scraper);
    for (const stack of stacks.reverse()) await stack.stop();
    // Last: the next pair's stacks (and the next benchmark) start from this process.
    pin(process.pid, undefined);
  }
}
