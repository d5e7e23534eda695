/**
 * `startProxy` as a program embedding it meets it: a start that fails leaves nothing behind
 * that would refuse the next start in the same process.
 */

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { RunningSandbox } from '@crypto-pay/sandbox';
import { serverConfig, startTestSandbox } from '../testing.test-helpers.ts';
import { startProxy } from './server.ts';

describe('startProxy', () => {
  let sandbox: RunningSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  it('closes the store when the port is taken, so a start on another port works', async () => {
    const { config, remove } = serverConfig(sandbox);
    const taken = createServer();
    taken.listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const busyPort = (taken.address() as { port: number }).port;
    try {
      await assert.rejects(startProxy({ ...config, port: busyPort }, { log: () => {} }), {
        code: 'EADDRINUSE',
      });
      const proxy = await startProxy({ ...config, port: 0 }, { log: () => {} });
      try {
        assert.notEqual(proxy.port, busyPort);
        const ready = await fetch(`${proxy.url}/readyz`);
        assert.equal(ready.status, 200);
      } finally {
        await proxy.close();
      }
    } finally {
      taken.close();
      remove();
    }
  });
});
