/**
 * The proxy's image as a merchant runs it: built with podman from packages/proxy/Dockerfile,
 * started with its own command against a sandbox on this machine, healthy by its own
 * HEALTHCHECK, serving a checkout that the sandbox's callback moves on, run by a user that
 * cannot change its code, holding no setuid or setgid program and no dev dependency, stopped
 * cleanly by SIGTERM, and upgraded in place: a new container on the same /data volume, run
 * confined (read-only root, no capability, no new privileges), reads the checkout back.
 */

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import { createdCheckout, paymentRequestOf, readCheckout } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { send } from '@crypto-pay/test-kit/http';
import { describeLeaks, findLeaks } from '@crypto-pay/test-kit/leaks';
import { freePort, ROOT, type ServerProcess } from '@crypto-pay/test-kit/process';
import { sandboxDriver } from '@crypto-pay/test-kit/sandbox-driver';
import { PERSONAL_SENTINELS } from '@crypto-pay/test-kit/senders';
import {
  assertConfined,
  credentials,
  envFileOf,
  proxySettings,
  startSandboxOn,
} from './deploy-stack.ts';
import {
  BUILD_TIMEOUT_MS,
  buildProxyImage,
  containerLogs,
  exec,
  healthy,
  removeAll,
  running,
  runProxyContainer,
  stopContainer,
} from './proxy-container.ts';

/** The HEALTHCHECK's start period is 10 s; a loaded machine gets more. */
const HEALTHY_WITHIN_MS = 60_000;
/** The proxy's own grace period is 10 s; `podman stop` waits longer before SIGKILL. */
const STOP_GRACE_SECONDS = 20;

const suffix = randomBytes(4).toString('hex');
const volume = `crypto-pay-test-data-${suffix}`;
const first = `crypto-pay-test-proxy-${suffix}`;
const upgraded = `crypto-pay-test-proxy-upgraded-${suffix}`;
const dir = mkdtempSync(join(tmpdir(), 'crypto-pay-container-'));
const envFile = join(dir, 'proxy.env');

let sandbox: ServerProcess | undefined;
let proxyUrl = '';
const control = () => sandboxDriver(sandbox!.url, credentials, send).control;

/**
 * Puts the next container on ports free now, as a merchant configures it (README: --env-file;
 * the image sets DATABASE_URL to /data), and tells the sandbox where its callbacks go. Ports a
 * stopped container gave back are not reused: on the host's network another process may have
 * taken them meanwhile (the image's METRICS_PORT, 9464, may be `pnpm start`'s).
 */
async function onFreePorts(): Promise<void> {
  const port = await freePort();
  proxyUrl = `http://127.0.0.1:${port}`;
  writeFileSync(
    envFile,
    envFileOf({
      ...proxySettings(sandbox!.url),
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: String(await freePort()),
    }),
  );
  const wired = await control()('/merchant', {
    callback_url: `${proxyUrl}/callbacks/processing`,
  });
  assert.equal(wired.status, 200, `cannot set the sandbox's callback URL: ${wired.text}`);
}

/** Starts a container and waits for its HEALTHCHECK to pass; fails with its logs otherwise. */
async function startHealthy(name: string, options: { confined?: boolean } = {}): Promise<void> {
  await runProxyContainer({ name, volume, envFile, ...options });
  await eventually(
    async () => {
      if (await healthy(name)) return true;
      if (!(await running(name))) assert.fail(`${name} exited before it was healthy`);
      return false;
    },
    `the HEALTHCHECK of ${name} to pass`,
    HEALTHY_WITHIN_MS,
  ).catch(async (error: Error) => {
    throw new Error(`${error.message}\nits logs:\n${await containerLogs(name)}`);
  });
}

/**
 * The names of the packages installed under /app/node_modules in `container`: every folder
 * with a package.json right under a node_modules (or its @scope), links not followed.
 */
async function installedPackages(container: string): Promise<Set<string>> {
  const found = await exec(container, [
    'find',
    '/app/node_modules',
    '-type',
    'f',
    '-name',
    'package.json',
  ]);
  assert.equal(found.status, 0, found.stderr);
  const names = found.stdout
    .split('\n')
    .map((path) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(path)?.[1])
    .filter((name): name is string => name !== undefined);
  return new Set(names);
}

/**
 * The dev dependencies of the workspace root, the proxy and the workspace packages it ships,
 * less what one of those ships as a dependency (the dashboard builds from Lit, the widget and
 * the protocol, which the proxy and the widget ship for themselves).
 */
function developmentDependencies(): Set<string> {
  const manifest = (folder: string) =>
    JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
  const proxy = manifest('packages/proxy');
  const shipped = Object.keys(proxy.dependencies ?? {})
    .filter((name) => name.startsWith('@crypto-pay/'))
    .map((name) => `packages/${name.slice('@crypto-pay/'.length)}`);
  const needed = new Set(
    ['packages/proxy', ...shipped].flatMap((folder) =>
      Object.keys(manifest(folder).dependencies ?? {}),
    ),
  );
  return new Set(
    ['.', 'packages/proxy', ...shipped]
      .flatMap((folder) => Object.keys(manifest(folder).devDependencies ?? {}))
      .filter((name) => !needed.has(name)),
  );
}

describe('the proxy container', () => {
  before(
    async () => {
      const times = await buildProxyImage();
      if (times.baseImageSeconds > 0) {
        console.log(`base image assembled in ${times.baseImageSeconds} s`);
      }
      console.log(`proxy image built in ${times.buildSeconds} s`);
      // The host's network: loopback only.
      sandbox = await startSandboxOn('127.0.0.1');
      await onFreePorts();
    },
    { timeout: BUILD_TIMEOUT_MS },
  );

  after(async () => {
    await removeAll([first, upgraded], [volume]);
    await sandbox?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  let checkout: Checkout;

  it('becomes healthy by its own HEALTHCHECK and takes a checkout', async () => {
    await startHealthy(first);
    checkout = await createdCheckout(proxyUrl, {
      product: undefined,
      amount: '25.00',
      currency: 'EUR',
    });
    assert.equal(checkout.status, 'created');
    assert.equal(checkout.amount, '25.00');
  });

  it("serves the widget's chunks its script-tag file fetches, built into the image", async () => {
    const { version } = JSON.parse(
      readFileSync(join(ROOT, 'packages/widget/package.json'), 'utf8'),
    );
    const chunk = readdirSync(join(ROOT, 'packages/widget/dist/chunks')).find((name) =>
      name.startsWith('locales.bundled-'),
    );
    assert.ok(chunk, 'the widget is not built on the host');
    // Built in the image from the same sources: the same content hash, so the same name.
    const answer = await send(`${proxyUrl}/widget/${version}/chunks/${chunk}`);
    assert.equal(answer.status, 200, answer.text.slice(0, 300));
    assert.match(String(answer.headers['content-type']), /^text\/javascript/);
    assert.equal(answer.headers['access-control-allow-origin'], '*');
  });

  it('serves the dashboard, built into the image', async () => {
    const page = await send(`${proxyUrl}/dashboard/`);
    assert.equal(page.status, 200, page.text.slice(0, 300));
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(String(page.headers['content-security-policy']), /script-src 'self'/);
    const script = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
    assert.ok(script, page.text);
    const asset = await send(`${proxyUrl}${script}`);
    assert.equal(asset.status, 200);
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  it("applies the sandbox's signed callback", async () => {
    const request = await paymentRequestOf({ control: control() }, checkout);
    const paid = await control()(`/payment-requests/${request.id}/simulate`, { outcome: 'paid' });
    assert.equal(paid.status, 200, paid.text);
    await eventually(async () => {
      const answer = await readCheckout(proxyUrl, checkout.id);
      return (answer.json as Checkout | undefined)?.status === 'paid';
    }, 'the paid callback to reach the container');
  });

  it('runs as a user who cannot change its code and may write /data only', async () => {
    const user = await exec(first, ['id', '-u']);
    assert.equal(user.stdout.trim(), '1000', `id -u: ${user.stdout}${user.stderr}`);
    for (const path of ['/app/bin/crypto-pay-proxy.mjs', '/app/node_modules/.probe']) {
      const write = await exec(first, ['sh', '-c', `echo changed >> ${path}`]);
      assert.notEqual(write.status, 0, `the node user could write ${path}`);
      assert.match(write.stderr, /Permission denied/);
    }
    // Not one file or folder of the code and its dependencies, as the user sees them.
    const writable = await exec(first, ['find', '/app', '-writable']);
    assert.equal(writable.status, 0, writable.stderr);
    assert.equal(writable.stdout, '', `writable by the node user:\n${writable.stdout}`);
    const data = await exec(first, ['sh', '-c', 'touch /data/.probe && rm /data/.probe']);
    assert.equal(data.status, 0, `/data is not writable: ${data.stderr}`);
  });

  it('holds no setuid or setgid program: nothing in it can gain privileges', async () => {
    // As root, so that no directory is unreadable to the search.
    const found = await exec(first, ['find', '/', '-xdev', '-perm', '/6000', '-type', 'f'], {
      user: 'root',
    });
    assert.equal(found.status, 0, found.stderr);
    assert.equal(found.stdout, '', `setuid or setgid in the image:\n${found.stdout}`);
  });

  it('ships production dependencies only: no TypeScript, no dev dependency', async () => {
    const installed = await installedPackages(first);
    assert.ok(installed.has('hono') && installed.has('better-sqlite3'), [...installed].join(' '));
    assert.ok(!installed.has('typescript'), 'typescript is in /app/node_modules');
    const development = developmentDependencies();
    assert.deepEqual(
      [...installed].filter((name) => development.has(name)),
      [],
      'dev dependencies in /app/node_modules',
    );
  });

  it('stops on SIGTERM with exit code 0 after its shutdown log line', async () => {
    const exitCode = await stopContainer(first, STOP_GRACE_SECONDS);
    const logs = await containerLogs(first);
    assert.equal(exitCode, 0, `exit code ${exitCode} after SIGTERM; its logs:\n${logs}`);
    assert.match(logs, /"message":"stopped"/, `no shutdown line in:\n${logs}`);
    const leaks = findLeaks(
      [{ where: `${first} logs`, text: logs }],
      [credentials.signingSecret, ...PERSONAL_SENTINELS],
    );
    assert.deepEqual(leaks, [], describeLeaks(leaks));
  });

  it('reads the checkout back in a new container on the same /data volume, run confined', async () => {
    await removeAll([first], []);
    await onFreePorts();
    // As the README's hardened `docker run`: a read-only root, where SQLite on /data still writes.
    await startHealthy(upgraded, { confined: true });
    await assertConfined(upgraded);
    const answer = await readCheckout(proxyUrl, checkout.id);
    assert.equal(answer.status, 200, answer.text);
    assert.equal((answer.json as Checkout).status, 'paid');
    const created = await createdCheckout(proxyUrl, {
      product: undefined,
      amount: '26.00',
      currency: 'EUR',
    });
    assert.equal((await readCheckout(proxyUrl, created.id)).status, 200);
    assert.equal(await stopContainer(upgraded, STOP_GRACE_SECONDS), 0);
  });
});
