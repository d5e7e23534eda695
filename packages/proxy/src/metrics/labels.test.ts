/**
 * The labels of the proxy's metrics are closed sets: a callback's type from the spec's kinds,
 * an upstream call's status from what the client can tell, and every series of a closed set
 * present from the start (at 0), so increase() sees the first count after a restart.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ProcessingApiError,
  ProcessingUnavailableError,
  ProcessingValidationError,
} from '@crypto-pay/client';
import { upstreamStatusOf } from '../checkout/upstream.ts';
import { createMetricsRegistry } from './metrics.ts';

async function seriesOf(
  registry: ReturnType<typeof createMetricsRegistry>['registry'],
  name: string,
) {
  const metric = (await registry.getMetricsAsJSON()).find((entry) => entry.name === name);
  return (metric?.values ?? []).map(({ labels, value }) => ({ labels, value }));
}

describe('Metric labels', () => {
  it('label a callback type from a closed set: a made-up *_exchange is exchange, an unknown kind other', async () => {
    const { registry, metrics } = createMetricsRegistry();
    metrics.callback('payment_request', 'applied');
    metrics.callback('made_up_by_anyone_exchange', 'recorded');
    metrics.callback('refund', 'recorded');
    const series = await seriesOf(registry, 'crypto_pay_callbacks_total');
    const types = new Set(series.map(({ labels }) => labels.type));
    assert.deepEqual([...types].sort(), [
      'deposit',
      'exchange',
      'invoice',
      'other',
      'payment_request',
      'unverified',
      'withdrawal',
    ]);
    const value = (type: string, outcome: string) =>
      series.find(({ labels }) => labels.type === type && labels.outcome === outcome)?.value;
    assert.equal(value('exchange', 'recorded'), 1);
    assert.equal(value('other', 'recorded'), 1);
    assert.equal(value('payment_request', 'applied'), 1);
  });

  it('has every series of a closed label set at 0 before anything is counted', async () => {
    const { registry } = createMetricsRegistry();
    const zeros = async (name: string) =>
      (await seriesOf(registry, name))
        .filter(({ value }) => value === 0)
        .map(({ labels }) => Object.values(labels).join('/'))
        .sort();
    assert.deepEqual(await zeros('crypto_pay_checkouts_created_total'), [
      'amount',
      'product',
      'session',
    ]);
    assert.equal((await zeros('crypto_pay_checkouts_finished_total')).length, 12);
    assert.ok((await zeros('crypto_pay_checkouts_finished_total')).includes('expired/none'));
    assert.deepEqual(await zeros('crypto_pay_webhook_attempts_total'), [
      'delivered',
      'rejected',
      'unreachable',
    ]);
    const callbacks = await zeros('crypto_pay_callbacks_total');
    for (const series of [
      'payment_request/applied',
      'payment_request/duplicate',
      'payment_request/late',
      'payment_request/unknown',
      'payment_request/error',
      'invoice/recorded',
      'exchange/recorded',
      'unverified/refused',
      'unverified/invalid',
    ]) {
      assert.ok(callbacks.includes(series), series);
    }
  });

  it('labels an upstream call by what the client could tell, a malformed 200 or 403 never as its status', () => {
    const unavailable = (
      reason: 'timeout' | 'connection' | 'server_error' | 'malformed_response',
      status?: number,
    ) => new ProcessingUnavailableError('x', { reason, mayHaveReachedService: true, status });
    assert.equal(upstreamStatusOf(unavailable('malformed_response', 200)), 'malformed_response');
    assert.equal(upstreamStatusOf(unavailable('malformed_response', 403)), 'malformed_response');
    assert.equal(upstreamStatusOf(unavailable('server_error', 503)), '503');
    assert.equal(upstreamStatusOf(unavailable('timeout')), 'timeout');
    assert.equal(upstreamStatusOf(unavailable('connection')), 'connection');
    assert.equal(
      upstreamStatusOf(new ProcessingApiError(422, { error: 'Refused.', code: 422 })),
      '422',
    );
    assert.equal(
      upstreamStatusOf(
        new ProcessingValidationError('Bad.', { field: 'x', status: 422, code: 'x' }),
      ),
      'invalid',
    );
    assert.equal(upstreamStatusOf(new Error('aborted by the caller')), 'error');
  });
});
