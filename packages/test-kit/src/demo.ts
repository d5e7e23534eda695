/**
 * The demo shop beside a stack, as `pnpm start` and the browser journeys run it: Vite's dev
 * server on the sources, or demo/server.mjs on the built packages, with the proxy configured
 * for the shop (its catalogue, origins, result pages, merchant token and webhooks).
 */

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, type ServerProcess, startServerProcess } from './process.ts';

/** Bearer token of the demo's own merchant back end; dev only, never a real deployment's. */
export const DEMO_ADMIN_TOKEN = 'demo-admin-token';

/**
 * Builds the workspace package `name` once when its `file` is not there (a fresh clone); with
 * `built` (the run uses what `pnpm build` made) a missing file is an error instead.
 */
function ensureBuilt(built: boolean, name: string, file: string, what: string): void {
  if (existsSync(join(ROOT, file))) return;
  if (built) throw new Error('The packages are not built: run `pnpm build` first.');
  console.log(`Building ${what} once…`);
  const { status } = spawnSync('pnpm', ['--filter', name, 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (status !== 0) throw new Error(`${what[0]?.toUpperCase()}${what.slice(1)} did not build.`);
}

/** The demo's pages load the widget's bundled module; build it once if it is not there. */
export function ensureWidgetBuilt(built: boolean): void {
  ensureBuilt(
    built,
    '@crypto-pay/widget',
    'packages/widget/dist/crypto-pay.bundled.js',
    'the widget',
  );
}

/** The proxy serves the dashboard from its build (`/dashboard/`); build it once if it is not there. */
export function ensureDashboardBuilt(built: boolean): void {
  ensureBuilt(
    built,
    '@crypto-pay/dashboard',
    'packages/dashboard/dist/index.html',
    'the dashboard',
  );
}

/**
 * The proxy's variables for a shop served on `demoPort`, its webhooks signed with
 * `webhookSecret` going to the shop's back end.
 */
export function demoProxyEnv(demoPort: number, webhookSecret: string): Record<string, string> {
  const demoUrl = `http://127.0.0.1:${demoPort}`;
  return {
    WEBHOOK_URL: `${demoUrl}/demo-api/webhooks`,
    WEBHOOK_SECRET: webhookSecret,
    ALLOWED_ORIGINS: [`http://localhost:${demoPort}`, demoUrl].join(','),
    ADMIN_TOKEN: DEMO_ADMIN_TOKEN,
    CATALOG_FILE: join(ROOT, 'demo/catalog.json'),
    URL_SUCCESS: `${demoUrl}/success.html`,
    URL_FAILED: `${demoUrl}/failed.html`,
    // The sandbox lists XRP (disabled) and DOGE (no exchange rate); the shop offers the rest.
    PAYMENT_CURRENCIES:
      'BTC:bitcoin,ETH:ethereum,LTC:litecoin,USDT:ethereum,USDT:tron,USDC:ethereum',
  };
}

/** Starts the shop on `port` for the proxy at `proxyUrl`; resolves once it says it listens. */
export function startDemo(options: {
  built: boolean;
  port: number;
  proxyUrl: string;
  /** The proxy's WEBHOOK_SECRET, which verifies its webhooks. */
  webhookSecret: string;
  env: Record<string, string | undefined>;
  echo?: boolean;
  /** Vite's dependency cache folder (vite.config.ts reads it), when not its default. */
  viteCacheDir?: string;
}): Promise<ServerProcess> {
  const port = String(options.port);
  return startServerProcess({
    name: 'demo',
    bin: options.built ? 'demo/server.mjs' : 'node_modules/vite/bin/vite.js',
    args: options.built ? [] : ['--port', port, '--strictPort'],
    env: {
      ...options.env,
      DEMO_PORT: port,
      PROXY_URL: options.proxyUrl,
      ADMIN_TOKEN: DEMO_ADMIN_TOKEN,
      WEBHOOK_SECRET: options.webhookSecret,
      ...(options.viteCacheDir ? { DEMO_VITE_CACHE_DIR: options.viteCacheDir } : {}),
    },
    // demo/server.mjs says `demo shop on <url>`, Vite `Local: <url>`: the port tells them apart.
    ready: new RegExp(`(http://\\S+:${port})/`),
    timeoutMs: 60_000,
    echo: options.echo ?? false,
  });
}
