// Starts the whole product on this machine: sandbox, proxy pointed at it, and the demo shop.
// `pnpm start` uses it from the command line; the end-to-end tests import `startStack`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Sandbox credentials: public by design, valid only against the local sandbox. */
const SANDBOX_API_KEY = 'sandbox-key';
const SANDBOX_SIGNING_SECRET = 'sandbox-secret';
/** Bearer token of the demo's own merchant back end; dev only, never a real deployment's. */
export const DEMO_ADMIN_TOKEN = 'demo-admin-token';

/** Resolves when nothing listens on `port` at `host`; rejects with a clear sentence otherwise. */
function ensurePortFree(port, host, variable) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(
        new Error(`Port ${port} is busy: stop what uses it or set ${variable} to another port.`),
      ),
    );
    probe.listen(port, host, () => probe.close(resolve));
  });
}

/** The demo's pages load the widget's bundled module; build it once if it is not there. */
function ensureWidgetBuilt(built) {
  if (existsSync(join(ROOT, 'packages/widget/dist/crypto-pay.bundled.js'))) return;
  if (built) throw new Error('The packages are not built: run `pnpm build` first.');
  console.log('Building the widget once for the demo pages…');
  const { status } = spawnSync('pnpm', ['--filter', '@crypto-pay/widget', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (status !== 0) throw new Error('The widget did not build.');
}

/** A port nobody uses right now, for tests that start several stacks. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(name, url, child, timeoutMs, logs) {
  const deadline = Date.now() + timeoutMs;
  // With piped output, say what the process printed: that is usually why it stopped.
  const said = () => {
    const lines = logs.filter((entry) => entry.name === name).map((entry) => entry.text);
    return lines.length ? `\n${lines.join('').trim().split('\n').slice(-10).join('\n')}` : '';
  };
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${name} exited (code ${child.exitCode}) before it was ready.${said()}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${name} was not ready at ${url} after ${timeoutMs / 1000} s.${said()}`);
}

/**
 * Starts sandbox, proxy and demo; resolves once each answers. `built: true` runs the built
 * packages and the built demo (as a deployment would); otherwise sources and Vite's dev server.
 */
export async function startStack({
  built = false,
  sandboxPort = 8790,
  proxyPort = 8787,
  demoPort = 5173,
  dataDir = join(ROOT, 'data'),
  output = 'inherit',
  extraProxyEnv = {},
} = {}) {
  const host = '127.0.0.1';
  await ensurePortFree(sandboxPort, host, 'SANDBOX_PORT');
  await ensurePortFree(proxyPort, host, 'PORT');
  await ensurePortFree(demoPort, host, 'DEMO_PORT');
  mkdirSync(dataDir, { recursive: true });
  ensureWidgetBuilt(built);

  const sandboxUrl = `http://${host}:${sandboxPort}`;
  const proxyUrl = `http://${host}:${proxyPort}`;
  const demoOrigins = [`http://localhost:${demoPort}`, `http://${host}:${demoPort}`];
  const demoUrl = `http://${host}:${demoPort}`;
  const children = [];
  const stdio =
    output === 'inherit' ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'];
  const logs = [];

  const run = (name, args, env) => {
    const merged = { ...process.env, ...env, NODE_ENV: built ? 'production' : 'development' };
    // An empty value means "leave this variable unset" (tests switch a default off that way).
    for (const [name, value] of Object.entries(merged)) if (value === '') delete merged[name];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio, env: merged });
    child.name = name;
    if (output !== 'inherit') {
      for (const stream of [child.stdout, child.stderr]) {
        stream.setEncoding('utf8');
        stream.on('data', (text) => logs.push({ name, text }));
      }
    }
    children.push(child);
    return child;
  };

  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
  };

  try {
    const sandbox = run(
      'sandbox',
      [
        'packages/sandbox/bin/crypto-pay-sandbox.mjs',
        '--port',
        String(sandboxPort),
        '--host',
        host,
      ],
      {
        SANDBOX_API_KEY,
        SANDBOX_SIGNING_SECRET,
        SANDBOX_CALLBACK_URL: `${proxyUrl}/callbacks/processing`,
      },
    );
    await waitUntilReady(
      'sandbox',
      `${sandboxUrl}/_sandbox/payment-requests`,
      sandbox,
      30_000,
      logs,
    );

    const proxy = run('proxy', ['packages/proxy/bin/crypto-pay-proxy.mjs'], {
      PROCESSING_API_KEY: SANDBOX_API_KEY,
      PROCESSING_SIGNING_SECRET: SANDBOX_SIGNING_SECRET,
      PROCESSING_BASE_URL: `${sandboxUrl}/api/v2`,
      PROCESSING_PAYMENTS_BASE_URL: `${sandboxUrl}/api/payments/v1`,
      PORT: String(proxyPort),
      HOST: host,
      DATABASE_URL: `sqlite:${join(dataDir, 'crypto-pay.db')}`,
      ALLOWED_ORIGINS: demoOrigins.join(','),
      ADMIN_TOKEN: DEMO_ADMIN_TOKEN,
      CATALOG_FILE: join(ROOT, 'demo/catalog.json'),
      OPEN_AMOUNT_MIN: '1.00',
      OPEN_AMOUNT_MAX: '500.00',
      OPEN_AMOUNT_CURRENCIES: 'EUR,USD',
      URL_SUCCESS: `${demoUrl}/success.html`,
      URL_FAILED: `${demoUrl}/failed.html`,
      // The sandbox lists XRP (disabled) and DOGE (no exchange rate); the shop offers the rest.
      PAYMENT_CURRENCIES:
        'BTC:bitcoin,ETH:ethereum,LTC:litecoin,USDT:ethereum,USDT:tron,USDC:ethereum',
      ...extraProxyEnv,
    });
    await waitUntilReady('proxy', `${proxyUrl}/healthz`, proxy, 30_000, logs);

    const demoEnv = {
      DEMO_PORT: String(demoPort),
      PROXY_URL: proxyUrl,
      ADMIN_TOKEN: DEMO_ADMIN_TOKEN,
    };
    const demo = built
      ? run('demo', ['demo/server.mjs'], demoEnv)
      : run(
          'demo',
          ['node_modules/vite/bin/vite.js', '--port', String(demoPort), '--strictPort'],
          demoEnv,
        );
    await waitUntilReady('demo', `http://${host}:${demoPort}/`, demo, 60_000, logs);

    return { sandboxUrl, proxyUrl, demoUrl, children, logs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
