#!/usr/bin/env node
// `pnpm start`: sandbox + proxy + demo shop, one command. `pnpm start --built` runs the built
// packages (after `pnpm build`). Ctrl-C stops all three; so does any one of them dying.
// A thin command line over the one stack of @crypto-pay/test-kit/stack (run on the workspace's
// source: @crypto-pay/test-kit/source).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { requireNode24 } from './node-version.mjs';

requireNode24('pnpm start');
// Loaded once the Node is known to be new enough: static imports would run before the check.
const { ROOT } = await import('@crypto-pay/test-kit/process');
const { startStack } = await import('@crypto-pay/test-kit/stack');
const { ensureDashboardBuilt } = await import('@crypto-pay/test-kit/demo');

const built = process.argv.includes('--built');
const port = (variable, fallback) => {
  const value = process.env[variable];
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65535) {
    console.error(`${variable} must be a port number from 1 to 65535, not "${value}".`);
    process.exit(1);
  }
  return number;
};

/** The demo's owner account in the dashboard: made at start, its password random each time. */
const DEMO_OWNER = 'demo-owner';
const demoPassword = randomBytes(18).toString('base64url');

// The proxy serves the dashboard's build (packages/dashboard/dist), from source as much as when
// built: a fresh clone has none, so it is built once here.
try {
  ensureDashboardBuilt(built);
} catch (error) {
  console.error(`\ncrypto-pay could not start: ${error.message}`);
  process.exit(1);
}
let stack;
try {
  stack = await startStack({
    built,
    demo: {
      ports: {
        sandbox: port('SANDBOX_PORT', 8790),
        proxy: port('PORT', 8787),
        demo: port('DEMO_PORT', 5173),
        // Unset: the stack takes 9464, or a free port when that is taken.
        ...(process.env.METRICS_PORT === undefined ? {} : { metrics: port('METRICS_PORT', 9464) }),
      },
      dataDir: join(ROOT, 'data'),
      echo: true,
    },
    // The dashboard's sign-in offers the demo owner made below in one click (this demo only).
    proxyEnv: { DASHBOARD_DEMO_ACCOUNT: `${DEMO_OWNER}:${demoPassword}` },
    // The demo shows its logs as they come; nothing keeps them.
    keepStdout: false,
    metrics: true,
  });
  // Made through the merchant API like any account (a second start finds it made: 409, its
  // password set again to this start's).
  const made = await fetch(`${stack.proxy.url}/admin/accounts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: DEMO_OWNER, password: demoPassword, role: 'owner' }),
  });
  if (made.status === 409) {
    const changed = await fetch(`${stack.proxy.url}/admin/accounts/${DEMO_OWNER}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${stack.adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: demoPassword, disabled: false }),
    });
    if (!changed.ok) throw new Error(`the demo owner: ${changed.status} ${await changed.text()}`);
  } else if (!made.ok) {
    throw new Error(`the demo owner: ${made.status} ${await made.text()}`);
  }
} catch (error) {
  console.error(`\ncrypto-pay could not start: ${error.message}`);
  process.exit(1);
}

console.log(`
  crypto-pay is running${built ? ' (built packages)' : ''} from ${ROOT}

  Demo shop          http://127.0.0.1:${new URL(stack.demo.url).port}/
  Dashboard          ${stack.proxy.url}/dashboard/
                     (sign in as ${DEMO_OWNER}, a demo account made by pnpm start: one click)
  Sandbox dashboard  ${stack.sandbox.url}/_sandbox/
  Proxy              ${stack.proxy.url}/healthz
  Proxy metrics      ${stack.metricsUrls[0]}

  Ctrl-C stops everything.
`);

let stopping = false;
const shutdown = async (code) => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(code);
};
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
for (const server of [stack.sandbox, stack.proxy, stack.demo]) {
  server.child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(
      `\n${server.name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`,
    );
    shutdown(1);
  });
}
