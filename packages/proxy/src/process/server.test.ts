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
import { rawConnection } from '@crypto-pay/test-kit/http';
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

  it('answers a request line it cannot make a URL of with a 400 that says which part', async () => {
    const { config, remove } = serverConfig(sandbox);
    const logged: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
    const proxy = await startProxy(
      { ...config, port: 0 },
      {
        log: (level, message, fields) => logged.push({ level, message, ...(fields && { fields }) }),
      },
    );
    /** The status line and JSON body one raw request on a fresh connection is answered. */
    const answerTo = async (request: string) => {
      const { socket, until } = rawConnection(proxy.url);
      socket.write(request);
      const text = await until((so) => /\r\n\r\n\{.*\}$/s.test(so));
      socket.destroy();
      const [head = '', body = ''] = text.split('\r\n\r\n');
      return { status: head.split(' ')[1], head, body: JSON.parse(body) };
    };
    try {
      const host = await answerTo(
        'GET /healthz HTTP/1.1\r\nHost: shop.example@evil\r\nConnection: close\r\n\r\n',
      );
      assert.equal(host.status, '400');
      assert.match(host.head, /content-type: application\/json/i);
      assert.match(host.head, /x-content-type-options: nosniff/i);
      assert.deepEqual(host.body, {
        error: 'The Host header must be a host name, and a port if any.',
        code: 'bad_host',
      });
      const space = await answerTo(
        'GET /healthz HTTP/1.1\r\nHost: shop example\r\nConnection: close\r\n\r\n',
      );
      assert.deepEqual([space.status, space.body.code], ['400', 'bad_request']);
      const backslash = await answerTo(
        'GET /api\\..\\admin/checkouts HTTP/1.1\r\nHost: proxy\r\nConnection: close\r\n\r\n',
      );
      assert.equal(backslash.status, '400');
      assert.deepEqual(backslash.body, {
        error: 'The request path must not contain a backslash.',
        code: 'bad_path',
      });
      // HTTP/1.0 needs no Host (a load balancer's health check sends none): the proxy's own.
      const healthCheck = await answerTo('GET /healthz HTTP/1.0\r\n\r\n');
      assert.equal(healthCheck.status, '200');
      assert.deepEqual(
        logged.filter((line) => line.message === 'request not readable').map((line) => line.fields),
        [
          { code: 'bad_host', reason: 'Invalid host header' },
          { code: 'bad_request', reason: 'Invalid URL' },
          { code: 'bad_path', reason: 'Backslash in request path' },
        ],
      );
    } finally {
      await proxy.close();
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
