/**
 * The proxy process on PostgreSQL (`DATABASE_URL=postgres://…`), against the sandbox: a
 * checkout created, paid by the service's callback and read back, its rows in the database; the
 * database stopped (503 `store_unavailable`, a failing `/readyz`) and started again (the proxy
 * recovers by itself); the proxy restarted on the same database.
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createdCheckout, paymentRequestOf, readCheckout } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { send } from '@crypto-pay/test-kit/http';
import { type PostgresCluster, startPostgres } from '@crypto-pay/test-kit/postgres';
import { PERSONAL_SENTINELS } from '@crypto-pay/test-kit/senders';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';

let cluster: PostgresCluster;
let stack: Stack;
before(async () => {
  cluster = await startPostgres();
  stack = await startStack({
    built: false,
    proxyEnv: { DATABASE_URL: cluster.url, DATABASE_POOL_SIZE: '4' },
  });
});
after(async () => {
  await stack?.stop();
  await cluster?.stop();
});

/** The rows of `table`, read as the superuser beside the proxy. */
function rowsOf(table: 'checkouts' | 'callbacks'): Promise<Record<string, unknown>[]> {
  return cluster.asSuperuser(
    `SELECT * FROM ${table} ORDER BY ${table === 'checkouts' ? 'seq' : 'id'}`,
  );
}

const statusOf = async (id: string) =>
  ((await readCheckout(stack.proxy.url, id)).json as { status?: string } | undefined)?.status;

let paidId: string;

test('creates a checkout on PostgreSQL and applies the callback that pays it', async () => {
  const checkout = await createdCheckout(stack.proxy.url);
  paidId = checkout.id;
  const request = await paymentRequestOf(stack, checkout);
  const simulated = await stack.control(`/payment-requests/${request.id}/simulate`, {
    outcome: 'paid',
  });
  assert.equal(simulated.status, 200);
  await eventually(async () => (await statusOf(checkout.id)) === 'paid', 'the checkout paid');

  const [row] = await rowsOf('checkouts');
  assert.equal(row?.id, checkout.id);
  assert.equal(row?.status, 'paid');
  const stored = JSON.stringify([await rowsOf('checkouts'), await rowsOf('callbacks')]);
  for (const personal of PERSONAL_SENTINELS) assert.ok(!stored.includes(personal), personal);
});

test('answers store_unavailable and fails /readyz while the database is down, then recovers', async () => {
  assert.equal((await send(`${stack.proxy.url}/readyz`)).status, 200);
  await cluster.stopServer();
  const read = await readCheckout(stack.proxy.url, paidId);
  assert.equal(read.status, 503);
  assert.equal((read.json as { code?: string }).code, 'store_unavailable');
  await eventually(
    async () => (await send(`${stack.proxy.url}/readyz`)).status === 503,
    '/readyz failing',
  );

  await cluster.startServer();
  await eventually(
    async () => (await send(`${stack.proxy.url}/readyz`)).status === 200,
    '/readyz ready again',
  );
  assert.equal(await statusOf(paidId), 'paid');
});

test('a restarted proxy finds its checkouts in the database', async () => {
  await stack.restartProxy();
  await stack.control('/merchant', { callback_url: `${stack.proxy.url}/callbacks/processing` });
  assert.equal(await statusOf(paidId), 'paid');
  const second = await createdCheckout(stack.proxy.url);
  assert.equal((await rowsOf('checkouts')).length, 2);
  assert.equal(await statusOf(second.id), 'created');
});
