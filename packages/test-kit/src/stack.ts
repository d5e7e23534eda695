/**
 * The one way to start the product: the sandbox and the proxy as separate processes (free
 * ports, a temporary data directory with the SQLite file and catalogue, callbacks wired from
 * the sandbox to the proxy, optionally a counting forwarder between them) and, with `demo`,
 * the demo shop. With `proxies: N` (on a PostgreSQL `DATABASE_URL`), N proxy processes share
 * the one sandbox and database, as behind a load balancer. Used by `pnpm start` (scripts/start.mjs: fixed ports, ./data, output echoed),
 * the browser journeys, the reliability suite and the benchmarks. The servers run built, as
 * deployed (after `pnpm build`), or with `built: false` from their TypeScript source (`pnpm
 * start`, which needs no build).
 *
 * A stack that keeps its log lines (every reliability stack) is searched for leaks when it
 * stops, so "the secret and the sender data appear nowhere" holds for all the suite's traffic:
 * - the proxy (every run of it, killed ones included; stdout and stderr) may log neither the
 *   signing secret nor any personal sentinel, and no file of its data directory may hold one;
 * - the sandbox plays the service, which is sent the sender data and may answer it back, so
 *   only its logs are searched: no line but its start-up banner (which shows its sandbox-only
 *   secret by design) may hold the secret, and no line may hold a personal sentinel (it logs
 *   its banner and unexpected failures, none of which needs them).
 * Benchmarks say `keepStdout: false`: with most lines dropped a search would prove nothing.
 */

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { newWebhookSecret } from '@crypto-pay/protocol/node';
import { DEMO_ADMIN_TOKEN, demoProxyEnv, ensureWidgetBuilt, startDemo } from './demo.ts';
import { type CountingForwarder, startCountingForwarder } from './forwarder.ts';
import { type Answer, send } from './http.ts';
import {
  describeLeaks,
  filesUnder,
  findLeaks,
  type Leak,
  logTexts,
  sandboxLogLeaks,
} from './leaks.ts';
import { ensurePortFree, freePort, ROOT, type ServerProcess } from './process.ts';
import { sandboxDriver } from './sandbox-driver.ts';
import { PERSONAL_SENTINELS } from './senders.ts';
import {
  type ProxyCommand,
  processingUrls,
  proxyData,
  proxyEnv,
  startProxyProcess,
  startSandboxProcess,
  wireCallbacks,
} from './servers.ts';

/** Prometheus's conventional port for an exporter, the proxy's in the container and deploy files. */
const METRICS_PORT = 9464;

export interface StackOptions {
  /** Put a counting forwarder between the proxy and the sandbox. */
  counting?: boolean;
  apiKey?: string;
  signingSecret?: string;
  /** More (or overriding) proxy variables. */
  proxyEnv?: Record<string, string>;
  /**
   * How many proxy processes (default 1), each on its own port with the same variables: more
   * than one needs a PostgreSQL `DATABASE_URL` in `proxyEnv` (SQLite is one process's file).
   * The sandbox's callbacks go to the first until a test points them elsewhere (a balancer).
   */
  proxies?: number;
  sandboxEnv?: Record<string, string>;
  /** Keep the servers' stdout lines after start-up (default true; benchmarks say false). */
  keepStdout?: boolean;
  /** Fail `stop()` when `leaks()` finds anything (default: when stdout lines are kept). */
  leakCheck?: boolean;
  /**
   * The built bins and demo, as a deployment runs them (default), or the TypeScript source and
   * Vite's dev server.
   */
  built?: boolean;
  /**
   * Run another proxy's bin (an older release's, for upgrade tests) instead of this
   * workspace's; `restartProxy` may switch a proxy from one to the other.
   */
  proxyCommand?: ProxyCommand;
  /** Serve the demo shop too, with the proxy configured for it (`pnpm start`, browser tests). */
  demo?: DemoOptions;
  /**
   * Give each proxy a METRICS_PORT: a free one; for the demo's first, its `ports.metrics`, or
   * 9464 (a free one when taken) with fixed ports and none named.
   */
  metrics?: boolean;
}

export interface DemoOptions {
  /** Fixed ports (`pnpm start`); free ones otherwise. */
  ports?: { sandbox: number; proxy: number; demo: number; metrics?: number };
  /** A data directory to keep (`pnpm start`'s ./data); otherwise a temporary one. */
  dataDir?: string;
  /** Write what the servers print to this terminal. */
  echo?: boolean;
  /**
   * Where Vite's dev server (not `built`) keeps its pre-bundled dependencies: a test's empty
   * folder, as on a fresh clone's first `pnpm start` (default: Vite's own, under demo/).
   */
  viteCacheDir?: string;
}

export interface Stack {
  sandbox: ServerProcess;
  /** The first proxy: `proxies[0]`. */
  readonly proxy: ServerProcess;
  /** Every proxy, in start order; a restarted one takes its place (same port, same index). */
  proxies: ServerProcess[];
  /** The demo shop, when asked for. */
  demo: ServerProcess | undefined;
  /** Each proxy's `http://host:port/metrics`, by index, with `metrics`; empty otherwise. */
  metricsUrls: string[];
  forwarder: CountingForwarder | undefined;
  credentials: { apiKey: string; signingSecret: string };
  adminToken: string;
  /** The WEBHOOK_SECRET the proxy signs with (the demo's, or one in `proxyEnv`), if any. */
  webhookSecret: string | undefined;
  dataDir: string;
  /** The proxy's SQLite file. */
  databaseFile: string;
  /** The sandbox's control API: GET without a body, POST with one. */
  control(path: string, body?: object): Promise<Answer>;
  /**
   * Stops proxy `index` (default 0) with `stop` (default: `proxy.stop()`, a graceful stop; a
   * test may drain it first, or kill it) and starts it again on the same port and data, with
   * `command` if given (another release's proxy), else as the stack started it.
   */
  restartProxy(
    index?: number,
    stop?: (proxy: ServerProcess) => Promise<unknown>,
    command?: ProxyCommand,
  ): Promise<ServerProcess>;
  /**
   * The signing secret or a personal sentinel where the header says it must not be, so far:
   * log lines of every proxy run and of the sandbox, files of the data directory (call it
   * before `stop()`, which removes them).
   */
  leaks(): Leak[];
  /** Stops everything and removes the data; then throws if the leak check finds anything. */
  stop(): Promise<void>;
}

/** What the built bins run: each package's own dist and its workspace dependencies'. */
const BUILT = ['proxy/dist/process/main.js', 'sandbox/dist/cli.js', 'protocol/dist/index.js'];

function ensureBuilt(): void {
  const missing = BUILT.filter((file) => !existsSync(join(ROOT, 'packages', file)));
  if (missing.length > 0) {
    throw new Error(
      `The packages are not built (no ${missing.join(', ')}): run \`pnpm build\` first.`,
    );
  }
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const demo = options.demo;
  const host = '127.0.0.1';
  const fixed = demo?.ports;
  if (fixed) {
    await ensurePortFree(fixed.sandbox, host, 'SANDBOX_PORT');
    await ensurePortFree(fixed.proxy, host, 'PORT');
    await ensurePortFree(fixed.demo, host, 'DEMO_PORT');
  }
  const built = options.built ?? true;
  if (built) ensureBuilt();
  if (demo) ensureWidgetBuilt(built);
  const credentials = {
    apiKey: options.apiKey ?? 'sandbox-key',
    // The demo's are the sandbox's public defaults; a test's is unique, so a search for it
    // finds only leaks.
    signingSecret:
      options.signingSecret ??
      (demo ? 'sandbox-secret' : `stack-secret-${randomBytes(16).toString('hex')}`),
  };
  const adminToken = demo ? DEMO_ADMIN_TOKEN : 'reliability-admin-token-0123456789';
  const keepData = demo?.dataDir !== undefined;
  // The demo has a catalogue of its own (demoProxyEnv).
  const data = proxyData({ dir: demo?.dataDir, prefix: 'crypto-pay-stack-', catalog: !demo });
  const { dir: dataDir, databaseFile } = data;
  // The demo's servers run as a developer's shell would, with its environment.
  const shell = demo ? { ...process.env, NODE_ENV: built ? 'production' : 'development' } : {};
  const echo = demo?.echo ?? false;

  const leakCheck = options.leakCheck ?? (demo ? false : (options.keepStdout ?? true));
  const started: { stop(): Promise<unknown> }[] = [];
  let stopped = false;
  const stopAll = async (leaks?: () => Leak[]) => {
    if (stopped) return;
    stopped = true;
    for (const part of started.reverse()) await part.stop();
    // Searched once every process has exited: their last lines and writes are in.
    let found: Leak[] = [];
    try {
      found = leaks?.() ?? [];
    } finally {
      if (!keepData) data.remove();
    }
    if (found.length > 0) {
      throw new Error(
        `The signing secret or sender data leaked (${found.length}):\n${describeLeaks(found)}`,
      );
    }
  };
  const proxyCount = options.proxies ?? 1;
  if (proxyCount > 1 && !/^postgres(ql)?:/.test(options.proxyEnv?.DATABASE_URL ?? '')) {
    throw new Error('Several proxies share a database only on PostgreSQL: set DATABASE_URL.');
  }
  try {
    const proxyPorts = [fixed?.proxy ?? (await freePort())];
    while (proxyPorts.length < proxyCount) proxyPorts.push(await freePort());
    const proxyPort = proxyPorts[0]!;
    const metricsPorts: number[] = [];
    if (options.metrics) {
      if (fixed?.metrics !== undefined) {
        await ensurePortFree(fixed.metrics, host, 'METRICS_PORT');
        metricsPorts.push(fixed.metrics);
      } else if (fixed) {
        // `pnpm start` without METRICS_PORT: the conventional port, or a free one when taken.
        const conventional = await ensurePortFree(METRICS_PORT, host, 'METRICS_PORT').then(
          () => true,
          () => false,
        );
        metricsPorts.push(conventional ? METRICS_PORT : await freePort());
      }
      while (metricsPorts.length < proxyCount) metricsPorts.push(await freePort());
    }
    const demoPort = demo ? (fixed?.demo ?? (await freePort())) : 0;
    const sandbox = await startSandboxProcess({
      built,
      host,
      port: fixed?.sandbox ?? 0,
      credentials,
      // Also set through the control API below; here so the banner names it.
      callbackUrl: `http://${host}:${proxyPort}/callbacks/processing`,
      // Retries come quickly, so a proxy that was down catches up within a test.
      ...(demo ? {} : { callbackRetryDelaysMs: [100, 250, 500, 1000, 2000, 4000] }),
      inherited: shell,
      ...(options.sandboxEnv ? { env: options.sandboxEnv } : {}),
      keepStdout: options.keepStdout ?? true,
      echo,
    });
    started.push(sandbox);
    const forwarder = options.counting ? await startCountingForwarder(sandbox.url) : undefined;
    if (forwarder) started.push({ stop: () => forwarder.close() });
    const upstream = forwarder?.url ?? sandbox.url;
    const env: Record<string, string | undefined> = {
      ...shell,
      ...proxyEnv(processingUrls(upstream), credentials, {
        HOST: '127.0.0.1',
        ...data.env,
        ADMIN_TOKEN: adminToken,
        ...(demo
          ? demoProxyEnv(demoPort, newWebhookSecret())
          : {
              ALLOWED_ORIGINS: 'https://shop.example',
              URL_SUCCESS: 'https://shop.example/success',
              URL_FAILED: 'https://shop.example/failed',
              RATE_LIMIT_CHECKOUTS_PER_MINUTE: '100000',
            }),
      }),
      ...options.proxyEnv,
    };
    // An empty value leaves the variable unset (a test switches a default off that way).
    for (const [name, value] of Object.entries(env)) if (value === '') delete env[name];
    const startProxy = (index: number, command = options.proxyCommand) =>
      startProxyProcess({
        built,
        ...(command ? { command } : {}),
        name: proxyCount > 1 ? `proxy ${index}` : 'proxy',
        env: {
          ...env,
          PORT: String(proxyPorts[index]),
          ...(options.metrics ? { METRICS_PORT: String(metricsPorts[index]) } : {}),
        },
        keepStdout: options.keepStdout ?? true,
        echo,
      });
    /**
     * A port picked free above may still be taken before the proxy binds it, by another test's
     * server picking the same one (`freePort` keeps clear of the ports connections take), and
     * the proxy then exits naming it: its ports are picked again, a few times.
     */
    const startFirst = async (index: number) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await startProxy(index);
        } catch (error) {
          if (fixed || attempt === 3 || !/EADDRINUSE/.test(String(error))) throw error;
          proxyPorts[index] = await freePort();
          if (options.metrics) metricsPorts[index] = await freePort();
        }
      }
    };
    // Each one started is stopped with the stack, also when another one could not start.
    const proxies: ServerProcess[] = [];
    started.push({ stop: () => Promise.all(proxies.map((proxy) => proxy.stop())) });
    const starts = await Promise.allSettled(proxyPorts.map((_, index) => startFirst(index)));
    for (const start of starts) if (start.status === 'fulfilled') proxies.push(start.value);
    const refused = starts.find((start) => start.status === 'rejected');
    if (refused) throw refused.reason;
    const stack: Stack = {
      sandbox,
      get proxy() {
        return stack.proxies[0]!;
      },
      proxies,
      demo: undefined,
      metricsUrls: metricsPorts.map((port) => `http://${host}:${port}/metrics`),
      forwarder,
      credentials,
      adminToken,
      webhookSecret: env.WEBHOOK_SECRET,
      dataDir,
      databaseFile,
      control: sandboxDriver(sandbox.url, credentials, send).control,
      async restartProxy(index = 0, stop = (proxy) => proxy.stop(), command) {
        const previous = stack.proxies[index];
        if (!previous) throw new Error(`The stack has no proxy ${index}.`);
        await stop(previous);
        const started = await startProxy(index, command);
        // Keep what the stopped (or killed) process wrote: log assertions cover every run.
        started.lines.unshift(...previous.lines);
        stack.proxies[index] = started;
        return started;
      },
      leaks() {
        // WEBHOOK_SECRET lives in the environment only: like the signing secret, in no log and
        // no file. (Secrets of endpoints made through the merchant API are stored to sign with.)
        const needles = [
          credentials.signingSecret,
          ...(stack.webhookSecret ? [stack.webhookSecret] : []),
          ...PERSONAL_SENTINELS,
        ];
        return [
          ...stack.proxies.flatMap((proxy) =>
            findLeaks(logTexts(proxy.name, proxy.lines), needles),
          ),
          ...findLeaks(filesUnder(dataDir), needles),
          ...sandboxLogLeaks(sandbox, credentials.signingSecret),
        ];
      },
      stop: () => stopAll(leakCheck ? () => stack.leaks() : undefined),
    };
    await wireCallbacks({ url: sandbox.url, ...credentials }, stack.proxy.url);
    if (demo) {
      const shop = await startDemo({
        built,
        port: demoPort,
        proxyUrl: stack.proxy.url,
        webhookSecret: env.WEBHOOK_SECRET ?? '',
        env: shell,
        echo,
        ...(demo.viteCacheDir ? { viteCacheDir: demo.viteCacheDir } : {}),
      });
      started.push(shop);
      stack.demo = shop;
    }
    return stack;
  } catch (error) {
    await stopAll();
    throw error;
  }
}
