/**
 * The metrics listener on a real socket: what it answers, and that whoever reaches the port
 * cannot hold connections beyond its cap.
 */

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Registry } from 'prom-client';
import { METRICS_MAX_CONNECTIONS, type MetricsServer, startMetricsServer } from './server.ts';

/** The idle time-out of the listener under test: short, so the test's wait for it is too. */
const IDLE_MS = 300;

describe('The metrics listener', () => {
  let server: MetricsServer;
  let port: number;
  before(async () => {
    server = await startMetricsServer(new Registry(), '127.0.0.1', 0, IDLE_MS);
    port = Number(new URL(server.url).port);
  });
  after(() => server?.close());

  const opened = async () => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await once(socket, 'connect');
    return socket;
  };

  it('answers GET and HEAD /metrics, 405 and 404 in the error shape otherwise', async () => {
    const metrics = await fetch(server.url);
    assert.equal(metrics.status, 200);
    assert.match(String(metrics.headers.get('content-type')), /^text\/plain; version=0\.0\.4/);
    assert.equal((await fetch(server.url, { method: 'HEAD' })).status, 200);
    const posted = await fetch(server.url, { method: 'POST', body: '{}' });
    assert.equal(posted.status, 405);
    assert.equal(posted.headers.get('allow'), 'GET, HEAD');
    assert.deepEqual(await posted.json(), {
      error: 'Metrics are read with GET.',
      code: 'method_not_allowed',
    });
    const elsewhere = await fetch(new URL('/healthz', server.url));
    assert.equal(elsewhere.status, 404);
    assert.equal(((await elsewhere.json()) as { code: string }).code, 'not_found');
  });

  it('refuses connections beyond its cap, and serves again once they are gone', async () => {
    const held: Socket[] = [];
    try {
      for (let index = 0; index < METRICS_MAX_CONNECTIONS; index++) held.push(await opened());
      const extra = connect(port, '127.0.0.1');
      extra.on('error', () => {});
      // Node closes a connection over maxConnections as soon as it accepts it.
      await once(extra, 'close');
      held.push(extra);
    } finally {
      for (const socket of held) socket.destroy();
    }
    // Node counts a connection out once its close is handled: asked again until it is.
    let status = 0;
    while (status !== 200) {
      status = await fetch(server.url).then(
        (answer) => answer.status,
        () => 0,
      );
    }
  });

  it('closes a connection that sends nothing, and one left idle after its answer', async () => {
    const silent = await opened();
    await once(silent, 'close');
    const kept = await opened();
    kept.write(`GET /metrics HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    let answer = '';
    kept.setEncoding('utf8').on('data', (chunk: string) => {
      answer += chunk;
    });
    await once(kept, 'close');
    assert.match(answer, /^HTTP\/1\.1 200 /);
  });
});
