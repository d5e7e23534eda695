/**
 * The sandbox and the proxy started as separate processes on free ports, with a temporary data
 * directory (SQLite file, catalogue), callbacks wired from the sandbox to the proxy, and
 * optionally a counting forwarder between them. Shared by the reliability suite and the
 * benchmarks; unlike scripts/stack.mjs it starts no demo.
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
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/stack.mjs';
import { CATALOG } from './checkouts.ts';
import { type CountingForwarder, startCountingForwarder } from './forwarder.ts';
import { type Answer, send, sendJson } from './http.ts';
import { describeLeaks, filesUnder, findLeaks, type Leak, logTexts } from './leaks.ts';
import { type ServerProcess, startServerProcess } from './process.ts';
import { PERSONAL_SENTINELS } from './senders.ts';

export interface StackOptions {
  /** Put a counting forwarder between the proxy and the sandbox. */
  counting?: boolean;
  apiKey?: string;
  signingSecret?: string;
  /** More (or overriding) proxy variables. */
  proxyEnv?: Record<string, string>;
  sandboxEnv?: Record<string, string>;
  /** Keep the servers' stdout lines after start-up (default true; benchmarks say false). */
  keepStdout?: boolean;
  /** Fail `stop()` when `leaks()` finds anything (default: when stdout lines are kept). */
  leakCheck?: boolean;
}

/** The sandbox's start-up line that prints its signing secret, by design (see the header). */
const SANDBOX_SECRET_BANNER = /^\s*signing secret\s+\S+\s+\(SANDBOX ONLY/;

/**
 * A sandbox's log lines (both streams) against the header's rule: the secret only in its
 * start-up banner, no sender data anywhere. For a sandbox started alone, e.g. to fuzz it.
 */
export function sandboxLogLeaks(
  sandbox: Pick<ServerProcess, 'lines'>,
  signingSecret: string,
): Leak[] {
  const lines = logTexts('sandbox', sandbox.lines);
  return [
    ...findLeaks(
      lines.filter((line) => !SANDBOX_SECRET_BANNER.test(line.text)),
      [signingSecret],
    ),
    ...findLeaks(lines, PERSONAL_SENTINELS),
  ];
}

export interface Stack {
  sandbox: ServerProcess;
  proxy: ServerProcess;
  forwarder: CountingForwarder | undefined;
  credentials: { apiKey: string; signingSecret: string };
  adminToken: string;
  dataDir: string;
  /** The proxy's SQLite file. */
  databaseFile: string;
  /** The sandbox's control API: GET without a body, POST with one. */
  control(path: string, body?: object): Promise<Answer>;
  /** Starts the proxy again on the same port and data (after `proxy.kill()` or `stop()`). */
  restartProxy(): Promise<ServerProcess>;
  /**
   * The signing secret or a personal sentinel where the header says it must not be, so far:
   * log lines of every proxy run and of the sandbox, files of the data directory (call it
   * before `stop()`, which removes them).
   */
  leaks(): Leak[];
  /** Stops everything and removes the data; then throws if the leak check finds anything. */
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const credentials = {
    apiKey: options.apiKey ?? 'sandbox-key',
    // Unique per stack, so a search for it finds only leaks.
    signingSecret: options.signingSecret ?? `stack-secret-${randomBytes(16).toString('hex')}`,
  };
  const adminToken = 'reliability-admin-token-0123456789';
  const dataDir = mkdtempSync(join(tmpdir(), 'crypto-pay-stack-'));
  const databaseFile = join(dataDir, 'crypto-pay.db');
  const catalogFile = join(dataDir, 'catalog.json');
  writeFileSync(catalogFile, JSON.stringify(CATALOG));

  const leakCheck = options.leakCheck ?? options.keepStdout ?? true;
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
      rmSync(dataDir, { recursive: true, force: true });
    }
    if (found.length > 0) {
      throw new Error(
        `The signing secret or sender data leaked (${found.length}):\n${describeLeaks(found)}`,
      );
    }
  };
  try {
    const sandbox = await startServerProcess({
      name: 'sandbox',
      bin: 'packages/sandbox/bin/crypto-pay-sandbox.mjs',
      args: ['--port', '0', '--host', '127.0.0.1'],
      env: {
        SANDBOX_API_KEY: credentials.apiKey,
        SANDBOX_SIGNING_SECRET: credentials.signingSecret,
        // Retries come quickly, so a proxy that was down catches up within a test.
        SANDBOX_CALLBACK_RETRY_DELAYS_MS: '100,250,500,1000,2000,4000',
        ...options.sandboxEnv,
      },
      ready: /crypto-pay-sandbox listening on (\S+)/,
      keepStdout: options.keepStdout ?? true,
    });
    started.push(sandbox);
    const forwarder = options.counting ? await startCountingForwarder(sandbox.url) : undefined;
    if (forwarder) started.push({ stop: () => forwarder.close() });
    const upstream = forwarder?.url ?? sandbox.url;
    const proxyPort = await freePort();
    const proxyEnv = {
      PROCESSING_API_KEY: credentials.apiKey,
      PROCESSING_SIGNING_SECRET: credentials.signingSecret,
      PROCESSING_BASE_URL: `${upstream}/api/v2`,
      PROCESSING_PAYMENTS_BASE_URL: `${upstream}/api/payments/v1`,
      PORT: String(proxyPort),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${databaseFile}`,
      ADMIN_TOKEN: adminToken,
      CATALOG_FILE: catalogFile,
      OPEN_AMOUNT_MIN: '1.00',
      OPEN_AMOUNT_MAX: '500.00',
      OPEN_AMOUNT_CURRENCIES: 'EUR,USD',
      ALLOWED_ORIGINS: 'https://shop.example',
      URL_SUCCESS: 'https://shop.example/success',
      URL_FAILED: 'https://shop.example/failed',
      RATE_LIMIT_CHECKOUTS_PER_MINUTE: '100000',
      ...options.proxyEnv,
    };
    const startProxy = () =>
      startServerProcess({
        name: 'proxy',
        bin: 'packages/proxy/bin/crypto-pay-proxy.mjs',
        env: proxyEnv,
        ready: /crypto-pay-proxy listening on (\S+)/,
        keepStdout: options.keepStdout ?? true,
      });
    const stack: Stack = {
      sandbox,
      proxy: await startProxy(),
      forwarder,
      credentials,
      adminToken,
      dataDir,
      databaseFile,
      control: (path, body) =>
        body === undefined
          ? send(`${sandbox.url}/_sandbox${path}`)
          : sendJson(`${sandbox.url}/_sandbox${path}`, body),
      async restartProxy() {
        await stack.proxy.stop();
        const previous = stack.proxy;
        stack.proxy = await startProxy();
        // Keep what the killed process wrote: log assertions cover every run.
        stack.proxy.lines.unshift(...previous.lines);
        return stack.proxy;
      },
      leaks() {
        const needles = [credentials.signingSecret, ...PERSONAL_SENTINELS];
        return [
          ...findLeaks(logTexts('proxy', stack.proxy.lines), needles),
          ...findLeaks(filesUnder(dataDir), needles),
          ...sandboxLogLeaks(sandbox, credentials.signingSecret),
        ];
      },
      stop: () => stopAll(leakCheck ? () => stack.leaks() : undefined),
    };
    started.push({ stop: () => stack.proxy.stop() });
    const wired = await stack.control('/merchant', {
      callback_url: `${stack.proxy.url}/callbacks/processing`,
    });
    if (wired.status !== 200) throw new Error(`Cannot set the callback URL: ${wired.text}`);
    return stack;
  } catch (error) {
    await stopAll();
    throw error;
  }
}
