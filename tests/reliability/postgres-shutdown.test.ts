/**
 * A proxy on PostgreSQL whose way to the database vanished (a pod's network torn down before
 * its process stops): SIGTERM still ends it by itself, with exit code 0, rather than waiting
 * for the goodbye of a server that can no longer answer until the orchestrator's SIGKILL.
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { send } from '@crypto-pay/test-kit/http';
import { type PostgresCluster, startPostgres } from '@crypto-pay/test-kit/postgres';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startTcpRelay, type TcpRelay } from '@crypto-pay/test-kit/tcp-relay';

/** Past the proxy's own bounds (10 s for requests in flight, 5 s for the store): a hang. */
const KILL_AFTER_MS = 60_000;

let cluster: PostgresCluster;
let relay: TcpRelay;
let stack: Stack;
before(async () => {
  cluster = await startPostgres();
  relay = await startTcpRelay({ host: '127.0.0.1', port: cluster.port });
  const url = new URL(cluster.url);
  url.port = String(relay.port);
  stack = await startStack({
    built: false,
    proxyEnv: {
      DATABASE_URL: url.href,
      DATABASE_POOL_SIZE: '4',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_STATEMENT_TIMEOUT_MS: '1000',
    },
  });
});
after(async () => {
  await stack?.stop();
  await relay?.close();
  await cluster?.stop();
});

test('stops by itself on SIGTERM after the database’s network went silent', {
  timeout: 2 * KILL_AFTER_MS,
}, async () => {
  await createdCheckout(stack.proxy.url);
  assert.equal((await send(`${stack.proxy.url}/readyz`)).status, 200);
  relay.silence();
  const code = await stack.proxy.stop(KILL_AFTER_MS);
  assert.equal(code, 0, 'exited by itself, not killed');
  assert.ok(stack.proxy.lines.some((line) => /"message":"stopped"/.test(line.text)));
});
