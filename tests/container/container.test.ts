/**
 * The proxy's image as a merchant runs it: built with podman from packages/proxy/Dockerfile,
 * started with its own command against a sandbox on this machine, healthy by its own
 * HEALTHCHECK, serving a checkout that the sandbox's callback moves on, run by a user that
 * cannot change its code, stopped cleanly by SIGTERM, and upgraded in place: a new container on
 * the same /data volume reads the checkout back.
 */

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import { createdCheckout, paymentRequestOf, readCheckout } from '../support/checkouts.ts';
import { eventually } from '../support/eventually.ts';
import { send } from '../support/http.ts';
import { describeLeaks, findLeaks } from '../support/leaks.ts';
import { freePort, ROOT, type ServerProcess } from '../support/process.ts';
import { sandboxDriver } from '../support/sandbox-driver.ts';
import { PERSONAL_SENTINELS } from '../support/senders.ts';
import { credentials, envFileOf, proxySettings, startSandboxOn } from './deploy-stack.ts';
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

/** Starts a container and waits for its HEALTHCHECK to pass; fails with its logs otherwise. */
async function startHealthy(name: string): Promise<void> {
  await runProxyContainer({ name, volume, envFile });
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

describe('the proxy container', () => {
  before(
    async () => {
      const times = await buildProxyImage();
      if (times.baseImageSeconds > 0) {
        console.log(`base image assembled in ${times.baseImageSeconds} s`);
      }
      console.log(`proxy image built in ${times.buildSeconds} s`);
      // The host's network: loopback only, on a free port.
      sandbox = await startSandboxOn('127.0.0.1');
      const port = await freePort();
      proxyUrl = `http://127.0.0.1:${port}`;
      // As a merchant configures it (README: --env-file); the image sets DATABASE_URL to /data.
      writeFileSync(
        envFile,
        envFileOf({ ...proxySettings(sandbox.url), HOST: '127.0.0.1', PORT: String(port) }),
      );
      const wired = await control()('/merchant', {
        callback_url: `${proxyUrl}/callbacks/processing`,
      });
      assert.equal(wired.status, 200, `cannot set the sandbox's callback URL: ${wired.text}`);
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

  it('reads the checkout back in a new container on the same /data volume', async () => {
    await removeAll([first], []);
    await startHealthy(upgraded);
    const answer = await readCheckout(proxyUrl, checkout.id);
    assert.equal(answer.status, 200, answer.text);
    assert.equal((answer.json as Checkout).status, 'paid');
    assert.equal(await stopContainer(upgraded, STOP_GRACE_SECONDS), 0);
  });
});
