/**
 * `pnpm bench`: runs the benchmarks (all, or those named as arguments), prints a table and
 * writes every figure with the machine it ran on to bench-results.json (ignored by git).
 * It measures the built packages, as deployed: `pnpm build` first (it refuses a build older
 * than its source).
 * BENCH_SECONDS sets the length of the load runs (default 10), BENCH_CREATES the creates
 * timed each way (500, in the create and the metrics benchmarks), BENCH_STORE_OPS the store's creates and reads timed in process (2000),
 * BENCH_SSE_CLIENTS the event-stream clients (5000), BENCH_WEBHOOKS the paid callbacks timed
 * to their webhook (300), BENCH_DATABASE the stores of the create, status and fan-out
 * benchmarks (`sqlite`, `postgres`, `both`: the default), BENCH_CROSS_ROUNDS the rounds per path
 * of the cross-proxy benchmark (500), BENCH_STARTS the proxy starts each way of the tracing
 * benchmark (20). The PostgreSQL ones start a throwaway cluster, and the
 * balancer one HAProxy (both from Debian's packages, installed when missing).
 */

import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { staleBuilds } from '@crypto-pay/test-kit/builds';
import { ROOT } from '@crypto-pay/test-kit/process';
import { balancedProxies } from './balancer.ts';
import { createOverhead } from './create-overhead.ts';
import { crossProxy } from './cross-proxy.ts';
import { benchDatabases, DATABASE_LABEL } from './databases.ts';
import { metricsOverhead } from './metrics-overhead.ts';
import { pushFanout } from './push-fanout.ts';
import { type BenchmarkResult, ratioOf, table } from './report.ts';
import { sandboxThroughput } from './sandbox.ts';
import { statusReads } from './status-reads.ts';
import { storeOps } from './store-ops.ts';
import { tracingCost } from './tracing-cost.ts';
import { upstreamEconomy } from './upstream-economy.ts';
import { webhookLatency } from './webhooks.ts';
import { widget } from './widget.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const databases = benchDatabases();

/** One run per store asked for, each its own result (its name says the store). */
const perDatabase = (run: (database: (typeof databases)[number]) => Promise<BenchmarkResult>) =>
  databases.map((database) => ({ database, run: () => run(database) }));

const BENCHMARKS: Record<string, () => Promise<BenchmarkResult | BenchmarkResult[]>> = {
  'status-reads': () => inTurn(perDatabase((database) => statusReads(seconds, database))),
  'create-overhead': () =>
    inTurn(
      perDatabase((database) => createOverhead(Number(process.env.BENCH_CREATES ?? 500), database)),
    ),
  'metrics-overhead': () => metricsOverhead(seconds, Number(process.env.BENCH_CREATES ?? 500)),
  'tracing-cost': () => tracingCost(Number(process.env.BENCH_STARTS ?? 20)),
  'store-ops': () => storeOps(Number(process.env.BENCH_STORE_OPS ?? 2000)),
  'push-fanout': () => pushFanout(Number(process.env.BENCH_SSE_CLIENTS ?? 5000), databases),
  'cross-proxy': () => crossProxy(Number(process.env.BENCH_CROSS_ROUNDS ?? 500)),
  balancer: () => balancedProxies(seconds),
  'upstream-economy': () => upstreamEconomy(),
  webhooks: () => webhookLatency(Number(process.env.BENCH_WEBHOOKS ?? 300)),
  widget: () => widget(),
  sandbox: () => sandboxThroughput(seconds),
};

/** Runs one store's benchmark after the other; a failure is that store's result, not all. */
async function inTurn(
  runs: { database: (typeof databases)[number]; run: () => Promise<BenchmarkResult> }[],
): Promise<BenchmarkResult[]> {
  const results: BenchmarkResult[] = [];
  for (const { database, run } of runs) {
    try {
      results.push(await run());
    } catch (error) {
      console.error(`  ${DATABASE_LABEL[database]} failed: ${(error as Error).stack ?? error}`);
      results.push({
        benchmark: DATABASE_LABEL[database],
        figures: [],
        notes: [`Failed: ${(error as Error).message}`],
      });
    }
  }
  return results;
}

function machine() {
  const shell = (command: string) => {
    try {
      return execSync(command, { encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  };
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    nproc: Number(shell('nproc')),
    memory_gib: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    open_files_limit: shell('sh -c "ulimit -n"'),
    os: shell('uname -sr'),
    commit: shell('git rev-parse --short HEAD'),
    // Uncommitted changes of the packages measured (others may be editing the same checkout).
    uncommitted_package_files: Number(shell('sh -c "git status --porcelain -- packages | wc -l"')),
  };
}

/** The machine's CPU time so far from /proc/stat (Linux): all of it, and what the host took. */
function cpuTime(): { total: number; steal: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
    const ticks = fields.map(Number);
    return { total: ticks.reduce((sum, tick) => sum + tick, 0), steal: ticks[7] ?? 0 };
  } catch {
    return undefined;
  }
}

/** In a VM, time the hypervisor gave other guests: a slow run with high steal was the host. */
function stealNote(before: ReturnType<typeof cpuTime>): string | undefined {
  const after = cpuTime();
  if (!before || !after || after.total === before.total) return undefined;
  const share = ((after.steal - before.steal) / (after.total - before.total)) * 100;
  return `CPU time stolen by the host (other guests) while it ran: ${share.toFixed(1)}%.`;
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(BENCHMARKS).join(', ')}.`,
  );
  process.exit(2);
}
// What the benchmarks run: the processes' packages (and what they import) and the widget.
const stale = staleBuilds(ROOT, ['protocol', 'client', 'sandbox', 'proxy', 'widget']);
if (stale.length > 0) {
  console.error(
    `The build of ${stale.join(', ')} is older than its source, and pnpm bench measures the builds: run \`pnpm build\` first.`,
  );
  process.exit(2);
}
const results: BenchmarkResult[] = [];
for (const [name, run] of Object.entries(BENCHMARKS)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.log(`▶ ${name}`);
  // Other work on the machine skews figures (less so their ratios): say how busy it was.
  const load = `Load average (1 min) when it started: ${loadavg()[0]!.toFixed(2)} on ${cpus().length} CPUs.`;
  const cpuBefore = cpuTime();
  try {
    const produced = [await run()].flat();
    const steal = stealNote(cpuBefore);
    for (const result of produced) {
      result.notes.push(load);
      if (steal) result.notes.push(steal);
      results.push(result);
    }
  } catch (error) {
    console.error(`  ${name} failed: ${(error as Error).stack ?? error}`);
    results.push({ benchmark: name, figures: [], notes: [`Failed: ${(error as Error).message}`] });
  }
}

const host = machine();
console.log(`\n${table(results)}\n`);
for (const result of results)
  for (const note of result.notes) console.log(`  ${result.benchmark}: ${note}`);
console.log(
  `\nMachine: ${host.cpu}, ${host.nproc} CPUs, ${host.memory_gib} GiB, Node ${host.node}, ulimit -n ${host.open_files_limit}`,
);
const file = join(ROOT, 'bench-results.json');
writeFileSync(
  file,
  `${JSON.stringify(
    {
      at: new Date().toISOString(),
      machine: host,
      results: results.map((result) => ({
        ...result,
        figures: result.figures.map((figure) => ({ ...figure, ratio: ratioOf(figure) ?? null })),
      })),
    },
    null,
    2,
  )}\n`,
);
console.log(`Figures written to ${file}`);
const failed = results.some((result) => result.figures.length === 0);
process.exit(failed ? 1 : 0);
