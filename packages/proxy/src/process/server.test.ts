/**
 * `startProxy` as a program embedding it meets it: a start that fails leaves nothing behind
 * that would refuse the next start in the same process, and a stop that has to cut requests
 * off says so.
 */

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { RunningSandbox } from '@crypto-pay/sandbox';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import { serverConfig, startTestSandbox } from '../testing.test-helpers.ts';
import type { Log } from './logger.ts';
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

  it('logs a warning when the shutdown cuts off requests still in flight past its grace', async () => {
    // A service that takes the create's call and never answers: the request stays in flight.
    const service = createServer();
    service.listen(0, '127.0.0.1');
    await once(service, 'listening');
    const servicePort = (service.address() as { port: number }).port;
    const held: Socket[] = [];
    service.on('connection', (socket) => held.push(socket));
    const { config, remove } = serverConfig(sandbox);
    const logged: {
      level: string;
      message: string;
      fields: Record<string, unknown> | undefined;
    }[] = [];
    const log: Log = (level, message, fields) => logged.push({ level, message, fields });
    const proxy = await startProxy(
      {
        ...config,
        baseUrl: `http://127.0.0.1:${servicePort}/api/v2`,
        paymentsBaseUrl: `http://127.0.0.1:${servicePort}/api/payments/v1`,
      },
      { log, shutdownGraceMs: 100 },
    );
    try {
      const called = once(service, 'connection');
      const create = fetch(`${proxy.url}/api/checkouts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(checkoutBody()),
      }).catch((error: unknown) => error);
      await called;
      await proxy.close();
      assert.ok((await create) instanceof Error, 'the cut-off create got an answer');
      const cut = logged.filter((line) => line.message.startsWith('cut off requests'));
      assert.deepEqual(cut, [
        {
          level: 'warn',
          message: 'cut off requests still in flight after the grace period',
          fields: { connections: 1, grace_ms: 100 },
        },
      ]);
      assert.equal(logged.at(-1)?.message, 'stopped');
    } finally {
      await proxy.close();
      for (const socket of held) socket.destroy();
      service.close();
      remove();
    }
  });
});
