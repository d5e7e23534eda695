/**
 * The drain before a stop (`SHUTDOWN_DRAIN_MS`), on the proxy run as a process: SIGTERM turns
 * `/readyz` to 503 at once, so a load balancer takes the proxy out of rotation, while every
 * other request is still served; a second signal ends the drain and the proxy stops cleanly.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningSandbox } from '@crypto-pay/sandbox';
import { send } from '@crypto-pay/test-kit/http';
import type { ServerProcess } from '@crypto-pay/test-kit/process';
import { proxyData, startProxyProcess } from '@crypto-pay/test-kit/servers';
import { startTestSandbox, testEnv } from '../testing.test-helpers.ts';

const data = proxyData({ prefix: 'crypto-pay-drain-' });

let sandbox: RunningSandbox;
let proxy: ServerProcess;

before(async () => {
  sandbox = await startTestSandbox();
});

after(async () => {
  await proxy?.kill();
  await sandbox.close();
  data.remove();
});

describe('SHUTDOWN_DRAIN_MS', () => {
  it('fails /readyz and keeps serving until a second signal ends the drain', async () => {
    proxy = await startProxyProcess({
      built: false,
      env: testEnv(sandbox, {
        ...data.env,
        // Longer than any test: only the second signal may end it.
        SHUTDOWN_DRAIN_MS: '600000',
      }),
    });
    const statusOf = async (path: string) => (await send(`${proxy.url}${path}`)).status;
    assert.equal(await statusOf('/readyz'), 200);

    proxy.child.kill('SIGTERM');
    await proxy.lineMatching(/"message":"draining"/);
    assert.equal(await statusOf('/readyz'), 503);
    assert.equal(await statusOf('/healthz'), 200);
    assert.equal(await statusOf('/api/config'), 200);

    // The second SIGTERM: the drain ends, the shutdown runs as without one.
    assert.equal(await proxy.stop(20_000), 0);
    const said = proxy.lines.map((line) => line.text).join('\n');
    assert.match(said, /"message":"shutting down"[\s\S]*"message":"stopped"/);
  });
});
