/**
 * The sandbox and the proxy started as separate processes on free ports, with a temporary data
 * directory (SQLite file, catalogue), callbacks wired from the sandbox to the proxy, and
 * optionally a counting forwarder between them. Shared by the reliability suite and the
 * benchmarks; unlike scripts/stack.mjs it starts no demo.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/stack.mjs';
import { type CountingForwarder, startCountingForwarder } from './forwarder.ts';
import { type Answer, send, sendJson } from './http.ts';
import { type ServerProcess, startServerProcess } from './process.ts';

export const CATALOG = {
  tee: { amount: '25.00', currency: 'EUR', description: 'T-shirt' },
  mug: { amount: '12.50', currency: 'EUR', description: 'Mug' },
};

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
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const credentials = {
    apiKey: options.apiKey ?? 'sandbox-key',
    signingSecret: options.signingSecret ?? 'sandbox-secret',
  };
  const adminToken = 'reliability-admin-token-0123456789';
  const dataDir = mkdtempSync(join(tmpdir(), 'crypto-pay-stack-'));
  const databaseFile = join(dataDir, 'crypto-pay.db');
  const catalogFile = join(dataDir, 'catalog.json');
  writeFileSync(catalogFile, JSON.stringify(CATALOG));

  const started: { stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const part of started.reverse()) await part.stop();
    rmSync(dataDir, { recursive: true, force: true });
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
      stop: stopAll,
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
