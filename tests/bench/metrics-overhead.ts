/**
 * What metrics cost: two proxies (each in a stack of its own, on SQLite), one with METRICS_PORT
 * set and scraped every 5 s as Prometheus would, one without, in one run. Status reads are
 * alternated in rounds under autocannon, creates one by one in turn, so both see the same
 * machine. The target: reads and creates cost at most 5 % more with metrics on.
 */

import { checkoutBody, createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { alternate, alternationNote, failedAnswers } from './alternate.ts';
import { type BenchmarkResult, median } from './report.ts';
import { keepAlive, timedRequest } from './timed.ts';

const CONNECTIONS = 100;
const WARM_UP_CREATES = 50;
const SCRAPE_MS = 5_000;
/** At most 5 % more: reads per CPU second at least 1/1.05 of those without, creates 1.05x. */
const MORE = 1.05;

export async function metricsOverhead(seconds: number, creates: number): Promise<BenchmarkResult> {
  const stacks: Stack[] = [];
  let scraper: NodeJS.Timeout | undefined;
  try {
    const off = await startStack({ keepStdout: false });
    stacks.push(off);
    const on = await startStack({ keepStdout: false, metrics: true });
    stacks.push(on);
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
    const [without, withMetrics] = await alternate([await reads(off), await reads(on)], seconds);

    const body = JSON.stringify(checkoutBody());
    const agents = [keepAlive(), keepAlive()] as const;
    const times: [number[], number[]] = [[], []];
    for (let round = 0; round < WARM_UP_CREATES + creates; round++) {
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

    const readCost = (withMetrics.perCpuSecond ?? 0) / (without.perCpuSecond ?? 1);
    const createCost = median(times[1]) / median(times[0]);
    return {
      benchmark: 'metrics overhead, SQLite',
      figures: [
        {
          name: 'status reads per CPU second, METRICS_PORT set',
          value: withMetrics.perCpuSecond ?? 0,
          unit: 'reads/CPU s',
          baseline: { name: 'METRICS_PORT unset', value: without.perCpuSecond ?? 0 },
          target: { text: '>= 0.95x (at most 5 % more CPU)', met: readCost * MORE >= 1 },
        },
        {
          name: 'status reads/s, METRICS_PORT set',
          value: withMetrics.rate,
          unit: 'req/s',
          baseline: { name: 'METRICS_PORT unset', value: without.rate },
        },
        {
          name: 'create median, METRICS_PORT set',
          value: median(times[1]),
          unit: 'ms',
          baseline: { name: 'METRICS_PORT unset', value: median(times[0]) },
          target: { text: '<= 1.05x', met: createCost <= MORE },
        },
      ],
      notes: [
        `Status reads: autocannon, ${CONNECTIONS} connections, ${alternationNote(seconds)}. Creates: ${creates} each way after ${WARM_UP_CREATES} warm-up rounds, one at a time over keep-alive connections, in turn. Each proxy has a sandbox of its own; the one with METRICS_PORT was scraped every ${SCRAPE_MS / 1000} s (${scrapes} scrapes, ${failedScrapes} failed) and polled its cluster figures every 5 s.`,
        `Answers that were not 2xx, errors or timeouts: ${failedAnswers(without)} without, ${failedAnswers(withMetrics)} with metrics.`,
      ],
    };
  } finally {
    clearInterval(scraper);
    for (const stack of stacks.reverse()) await stack.stop();
  }
}
