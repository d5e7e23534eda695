/**
 * What a callback counts when the store fails under it (a real PostgreSQL, stopped): 503 and
 * `outcome="error"`, never one of the outcomes a working store decides, and never nothing.
 */

import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { paymentRequestCallback } from '@crypto-pay/test-kit/checkouts';
import { startPostgres } from '@crypto-pay/test-kit/postgres';
import { type CallbackOutcome, noMetrics } from '../../metrics/metrics.ts';
import { openPostgresStore } from '../../store/postgres.ts';
import { deliverCallback, testProxy } from '../../testing.test-helpers.ts';

it('counts a callback the store failed to take as outcome=error', async () => {
  const counted: [string, CallbackOutcome][] = [];
  const metrics = {
    ...noMetrics,
    callback(type: string, outcome: CallbackOutcome) {
      counted.push([type, outcome]);
    },
  };
  const cluster = await startPostgres({ database: 'crypto_pay_callback_metrics' });
  after(() => cluster.stop());
  const store = await openPostgresStore(cluster.url);
  after(() => store.close());
  // Nothing listens there: a callback calls no one, only the store.
  const nowhere = {
    baseUrl: 'http://127.0.0.1:9/api/v2',
    paymentsBaseUrl: 'http://127.0.0.1:9/api/payments/v1',
  };
  const proxy = testProxy(nowhere, {}, { store, metrics });
  // The database goes away under the running app.
  await cluster.stop();
  const answer = await deliverCallback(
    proxy,
    paymentRequestCallback({ id: 'pr-gone', foreign_id: 'cp_gone' }, 'paid'),
  );
  assert.equal(answer.status, 503, await answer.text());
  assert.deepEqual(counted, [['payment_request', 'error']]);
});
