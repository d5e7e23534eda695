/**
 * Two proxy processes on one PostgreSQL database (one sandbox, one signing secret, as a balancer
 * in front of several proxies makes it): a stream opened on one ends on `paid` when the
 * service's callback goes to the other; it still does when every proxy's listening connection
 * is killed (pg_terminate_backend from the superuser's side) while the change is made; and a
 * client gets its minute's creates from both together.
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  createCheckout,
  createdCheckout,
  paymentRequestCallback,
  paymentRequestOf,
} from '@crypto-pay/test-kit/checkouts';
import { openEventStream } from '@crypto-pay/test-kit/event-streams';
import { sendSigned } from '@crypto-pay/test-kit/http';
import { type PostgresCluster, startPostgres } from '@crypto-pay/test-kit/postgres';
import type { ServerProcess } from '@crypto-pay/test-kit/process';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';

/** What `pg_stat_activity` calls a proxy's listening connection (the proxy's README). */
const LISTENING = 'crypto-pay-proxy listen';

let cluster: PostgresCluster;
let stack: Stack;
/** The two proxies: the sandbox's callbacks go to A. */
let a: ServerProcess;
let b: ServerProcess;
before(async () => {
  cluster = await startPostgres();
  stack = await startStack({
    proxies: 2,
    proxyEnv: {
      DATABASE_URL: cluster.url,
      DATABASE_POOL_SIZE: '4',
      // The rate-limit test sends its own client addresses.
      TRUST_PROXY: 'true',
      RATE_LIMIT_CHECKOUTS_PER_MINUTE: '3',
    },
  });
  a = stack.proxies[0]!;
  b = stack.proxies[1]!;
});
after(async () => {
  await stack?.stop();
  await cluster?.stop();
});

/** A checkout created on A with its stream open on A, and the `paid` callback posted to B. */
async function followedOnA() {
  const checkout = await createdCheckout(a.url);
  const stream = await openEventStream(`${a.url}/api/checkouts/${checkout.id}/events`);
  const request = await paymentRequestOf(stack, checkout);
  const payOnB = () =>
    sendSigned(
      `${b.url}/callbacks/processing`,
      stack.credentials,
      paymentRequestCallback(request, 'paid'),
    );
  return { stream, payOnB };
}

const statuses = (text: string) =>
  [...text.matchAll(/"status":"(\w+)"/g)].map(([, status]) => status);

test('a stream on one proxy ends on paid when the callback goes to the other', async () => {
  const { stream, payOnB } = await followedOnA();
  assert.equal((await payOnB()).status, 200);
  assert.deepEqual(statuses(await stream.rest()), ['created', 'paid']);
});

test('a stream still ends on paid when the listening connections are killed as it is paid', async () => {
  const { stream, payOnB } = await followedOnA();
  assert.equal(
    await cluster.terminateConnections(LISTENING),
    2,
    'one listening connection per proxy',
  );
  // Whether A listens again before or after the change commits, its stream hears of it: by
  // the notice, or by the read every followed checkout gets once it listens again.
  assert.equal((await payOnB()).status, 200);
  assert.deepEqual(statuses(await stream.rest()), ['created', 'paid']);
});

test('a client gets its minute’s creates from all proxies together', async () => {
  const from = { 'X-Forwarded-For': '203.0.113.77' };
  assert.equal((await createCheckout(a.url, {}, from)).status, 201);
  assert.equal((await createCheckout(b.url, {}, from)).status, 201);
  assert.equal((await createCheckout(a.url, {}, from)).status, 201);
  for (const proxy of [b, a]) {
    const limited = await createCheckout(proxy.url, {}, from);
    assert.equal(limited.status, 429);
    assert.equal((limited.json as { code?: string }).code, 'rate_limited');
    const wait = Number(limited.headers['retry-after']);
    assert.ok(wait >= 1 && wait <= 20, `Retry-After: ${wait}`);
  }
  // Another client is not held back by it.
  assert.equal(
    (await createCheckout(b.url, {}, { 'X-Forwarded-For': '203.0.113.78' })).status,
    201,
  );
});
