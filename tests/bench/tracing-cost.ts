/**
 * What traces cost when they are off: the built proxy started again and again with
 * OTEL_EXPORTER_OTLP_ENDPOINT unset, against a copy of the same build whose entry point has no
 * import of the OpenTelemetry set-up at all, in turn; start-up time (spawn to the listening
 * line, and the CPU time it took, less swayed by other load) and resident memory once it
 * answered one request, each way. The target: no more than 5 % above it (NO_MORE), the
 * noise of the runs. The same proxy with the variable set (exporting to a receiver
 * on this machine) is measured too, for what turning traces on costs.
 */

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startOtlpReceiver } from '@crypto-pay/test-kit/otlp-receiver';
import { cpuSecondsOf, memoryOf, ROOT } from '@crypto-pay/test-kit/process';
import {
  type ProxyCommand,
  processingUrls,
  proxyCommand,
  proxyData,
  proxyEnv,
  startProxyProcess,
  startSandboxProcess,
} from '@crypto-pay/test-kit/servers';
import { type BenchmarkResult, median } from './report.ts';

const WARM_UP = 2;
/**
 * "No cost": a median at most 5 % above the build that never imports it. One-sided: a start
 * cannot cost less for an import it never runs, so a lower figure is the runs' spread (start-up
 * CPU is counted in 10 ms ticks, and one start in four or five takes 150 to 250 ms more either
 * way). Ten starts a way put either median up to 6 % ahead, hence `BENCH_STARTS`' default in
 * run.ts (BENCHMARKS.md, "session 36").
 */
const NO_MORE = 1.05;

/** The import of the OpenTelemetry set-up in the built entry point, replaced by nothing. */
const TRACING_IMPORT =
  'tracesWanted(process.env)\n        ? (await import("../tracing/sdk.js")).startTracing(process.env)';

/** A copy of the built proxy whose main.js never imports `tracing/sdk.js`. */
function buildWithoutTracing(): { command: ProxyCommand; remove(): void } {
  const proxy = join(ROOT, 'packages/proxy');
  // Beside the package, so that its node_modules resolve as the original's do.
  const dir = mkdtempSync(join(proxy, '.bench-no-tracing-'));
  cpSync(join(proxy, 'dist'), join(dir, 'dist'), { recursive: true });
  cpSync(join(proxy, 'bin'), join(dir, 'bin'), { recursive: true });
  // Its release is read from its package.json, beside dist/ (src/version.ts).
  cpSync(join(proxy, 'package.json'), join(dir, 'package.json'));
  const main = join(dir, 'dist/process/main.js');
  const text = readFileSync(main, 'utf8');
  if (!text.includes(TRACING_IMPORT)) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error('dist/process/main.js has changed: update TRACING_IMPORT in tracing-cost.ts');
  }
  writeFileSync(main, text.replace(TRACING_IMPORT, 'false\n        ? undefined'));
  return {
    command: { cwd: proxy, bin: join(dir, 'bin/crypto-pay-proxy.mjs') },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

interface Way {
  name: string;
  command: ProxyCommand;
  env: Record<string, string>;
  startMs: number[];
  cpuMs: number[];
  rssMiB: number[];
}

export async function tracingCost(starts: number): Promise<BenchmarkResult> {
  const sandbox = await startSandboxProcess({ built: true, keepStdout: false });
  const receiver = await startOtlpReceiver();
  const untraced = buildWithoutTracing();
  const data = proxyData({ prefix: 'crypto-pay-bench-tracing-' });
  try {
    const base = proxyEnv(
      processingUrls(sandbox.url),
      { apiKey: 'sandbox-key', signingSecret: 'sandbox-secret' },
      data.env,
    );
    const ways: Way[] = [
      { name: 'unset', command: proxyCommand(true), env: base, startMs: [], cpuMs: [], rssMiB: [] },
      {
        name: 'no import',
        command: untraced.command,
        env: base,
        startMs: [],
        cpuMs: [],
        rssMiB: [],
      },
      {
        name: 'set',
        command: proxyCommand(true),
        env: {
          ...base,
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        },
        startMs: [],
        cpuMs: [],
        rssMiB: [],
      },
    ];
    for (let round = 0; round < WARM_UP + starts; round++) {
      // Which starts first turns with each round: none always meets a warm or a cold cache.
      for (let i = 0; i < ways.length; i++) {
        const way = ways[(i + round) % ways.length]!;
        const started = performance.now();
        const proxy = await startProxyProcess({
          built: true,
          command: way.command,
          env: way.env,
          keepStdout: false,
        });
        const startMs = performance.now() - started;
        const answer = await fetch(`${proxy.url}/api/config`);
        await answer.text();
        const cpuMs = (await cpuSecondsOf(proxy.pid)) * 1000;
        const { currentMiB } = await memoryOf(proxy.pid);
        await proxy.stop();
        if (round >= WARM_UP) {
          way.startMs.push(startMs);
          way.cpuMs.push(cpuMs);
          way.rssMiB.push(currentMiB);
        }
      }
    }
    const [unset, never, set] = ways as [Way, Way, Way];
    const noMore = (a: number, b: number) => a <= NO_MORE * b;
    return {
      benchmark: 'tracing cost when off',
      figures: [
        {
          name: 'start-up CPU time, OTEL_EXPORTER_OTLP_ENDPOINT unset',
          value: median(unset.cpuMs),
          unit: 'ms',
          baseline: { name: 'a build that never imports it', value: median(never.cpuMs) },
          target: {
            text: '<= 1.05x (no cost)',
            met: noMore(median(unset.cpuMs), median(never.cpuMs)),
          },
        },
        {
          name: 'start-up wall time, unset',
          value: median(unset.startMs),
          unit: 'ms',
          baseline: { name: 'a build that never imports it', value: median(never.startMs) },
        },
        {
          name: 'resident memory after one request, unset',
          value: median(unset.rssMiB),
          unit: 'MiB',
          baseline: { name: 'a build that never imports it', value: median(never.rssMiB) },
          target: {
            text: '<= 1.05x (no cost)',
            met: noMore(median(unset.rssMiB), median(never.rssMiB)),
          },
        },
        {
          name: 'start-up CPU time, OTEL_EXPORTER_OTLP_ENDPOINT set',
          value: median(set.cpuMs),
          unit: 'ms',
          baseline: { name: 'unset', value: median(unset.cpuMs) },
        },
        {
          name: 'resident memory after one request, set',
          value: median(set.rssMiB),
          unit: 'MiB',
          baseline: { name: 'unset', value: median(unset.rssMiB) },
        },
      ],
      notes: [
        ...ways.map(
          (way) =>
            `${way.name}: start-up ${way.startMs.map((ms) => Math.round(ms)).join(', ')} ms, CPU ${way.cpuMs.map((ms) => Math.round(ms)).join(', ')} ms; memory ${way.rssMiB.map((mib) => mib.toFixed(1)).join(', ')} MiB.`,
        ),
        `${starts} starts each way after ${WARM_UP} warm-up rounds, in turn, on one SQLite file and one sandbox; start-up CPU time as the process's user and system time once GET /api/config was answered (Node's own start included; the target, since wall time swings with the machine's load), wall time from spawn to the "listening" line, memory as VmRSS then. "Never imports it": a copy of the build whose main.js has the dynamic import of tracing/sdk.js removed. "Set": exporting over OTLP/HTTP JSON to a receiver on this machine.`,
      ],
    };
  } finally {
    data.remove();
    untraced.remove();
    await receiver.close();
    await sandbox.stop();
  }
}
