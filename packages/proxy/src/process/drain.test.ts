/**
 * The drain before a stop (`SHUTDOWN_DRAIN_MS`), on the proxy run as a process: SIGTERM turns
 * `/readyz` to 503 at once, so a load balancer takes the proxy out of rotation, while every
 * other request is still served; a second signal ends the drain and the proxy stops cleanly.
 */

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { RunningSandbox } from '@crypto-pay/sandbox';
import { eventually } from '../../../../tests/support/eventually.ts';
import { send } from '../../../../tests/support/http.ts';
import { type ServerProcess, startServerProcess } from '../../../../tests/support/process.ts';
import { CATALOG_JSON, startTestSandbox, testEnv } from '../testing.test-helpers.ts';

const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'crypto-pay-drain-'));

let sandbox: RunningSandbox;
let proxy: ServerProcess;

before(async () => {
  sandbox = await startTestSandbox();
  writeFileSync(join(dir, 'catalog.json'), CATALOG_JSON);
});

after(async () => {
  await proxy?.kill();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('SHUTDOWN_DRAIN_MS', () => {
  it('fails /readyz and keeps serving until a second signal ends the drain', async () => {
    proxy = await startServerProcess({
      name: 'proxy',
      cwd: PACKAGE,
      bin: 'src/process/main.ts',
      source: true,
      env: testEnv(sandbox, {
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: `sqlite:${join(dir, 'crypto-pay.db')}`,
        CATALOG_FILE: join(dir, 'catalog.json'),
        // Longer than any test: only the second signal may end it.
        SHUTDOWN_DRAIN_MS: '600000',
      }),
      ready: /crypto-pay-proxy listening on (\S+)/,
    });
    const statusOf = async (path: string) => (await send(`${proxy.url}${path}`)).status;
    assert.equal(await statusOf('/readyz'), 200);

    proxy.child.kill('SIGTERM');
    await eventually(
      () => proxy.lines.some((line) => line.text.includes('"message":"draining"')),
      'the drain to begin',
    );
    assert.equal(await statusOf('/readyz'), 503);
    assert.equal(await statusOf('/healthz'), 200);
    assert.equal(await statusOf('/api/config'), 200);

    // The second SIGTERM: the drain ends, the shutdown runs as without one.
    assert.equal(await proxy.stop(20_000), 0);
    const said = proxy.lines.map((line) => line.text).join('\n');
    assert.match(said, /"message":"shutting down"[\s\S]*"message":"stopped"/);
  });
});
