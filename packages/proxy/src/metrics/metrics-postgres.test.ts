/**
 * The metrics of proxies on PostgreSQL (from their source, the test kit's stack over a throwaway
 * cluster): each proxy's pool, and the cluster's figures the same on every proxy; and the
 * start-up line when METRICS_PORT cannot be listened on.
 */

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createdCheckout, paymentRequestOf } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { send } from '@crypto-pay/test-kit/http';
import { type PostgresCluster, startPostgres } from '@crypto-pay/test-kit/postgres';
import { runToExit } from '@crypto-pay/test-kit/process';
import { samplesOf, sampleValue, scrapeMetrics } from '@crypto-pay/test-kit/prometheus';
import { proxyCommand } from '@crypto-pay/test-kit/servers';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';

/** The cluster figures are polled every 5 s: a loaded machine may take a few rounds. */
const POLLED_MS = 30_000;

describe('Metrics on PostgreSQL', () => {
  let cluster: PostgresCluster;
  let stack: Stack;
  before(async () => {
    cluster = await startPostgres({ database: 'crypto_pay_metrics' });
    stack = await startStack({
      built: false,
      metrics: true,
      proxies: 2,
      proxyEnv: { DATABASE_URL: cluster.url, DATABASE_POOL_SIZE: '4' },
    });
  });
  after(async () => {
    await stack?.stop();
    await cluster?.stop();
  });

  it("shows this proxy's pool, and the cluster's figures alike on every proxy", async () => {
    await createdCheckout(stack.proxy.url);
    const families = await scrapeMetrics(stack.metricsUrls[0]!);
    assert.ok(sampleValue(families, 'crypto_pay_db_pool_connections', { state: 'total' }) >= 1);
    assert.ok(sampleValue(families, 'crypto_pay_db_pool_connections', { state: 'total' }) <= 4);
    for (const state of ['idle', 'waiting']) {
      assert.equal(samplesOf(families, 'crypto_pay_db_pool_connections', { state }).length, 1);
    }
    // A callback applied through the first proxy is the second's last callback too.
    const request = await paymentRequestOf(stack, await createdCheckout(stack.proxy.url));
    const simulated = await stack.control(`/payment-requests/${request.id}/simulate`, {
      outcome: 'paid',
    });
    assert.equal(simulated.status, 200, simulated.text);
    // The same figure on each: one value read from the database, not each proxy's own.
    const lastCallbacks = await eventually(
      async () => {
        const values = await Promise.all(
          stack.metricsUrls.map(async (url) =>
            sampleValue(await scrapeMetrics(url), 'crypto_pay_last_callback_timestamp_seconds'),
          ),
        );
        return values.every((value) => value > 0 && value === values[0]) && values;
      },
      'the same last callback on every proxy',
      POLLED_MS,
    );
    assert.equal(lastCallbacks.length, stack.metricsUrls.length);
    assert.ok(lastCallbacks.length >= 2);
  });

  it('counts how the status copy answered reads, and the checkouts it holds', async () => {
    const checkout = await createdCheckout(stack.proxy.url);
    const read = () => send(`${stack.proxy.url}/api/checkouts/${checkout.id}`);
    // Once the copy holds it (after the listener's resync), a read is a hit.
    const families = await eventually(async () => {
      await read();
      const scraped = await scrapeMetrics(stack.metricsUrls[0]!);
      return (
        sampleValue(scraped, 'crypto_pay_status_copy_reads_total', { result: 'hit' }) >= 1 &&
        scraped
      );
    }, 'a status read from the copy');
    assert.ok(sampleValue(families, 'crypto_pay_status_copy_reads_total', { result: 'miss' }) >= 1);
    // That it counts the reads made while the listening connection is lost: `cluster.test.ts`,
    // where a proxy is held deaf.
    assert.equal(
      samplesOf(families, 'crypto_pay_status_copy_reads_total', { result: 'bypassed' }).length,
      1,
    );
    assert.ok(sampleValue(families, 'crypto_pay_status_copy_checkouts') >= 1);
  });
});

describe('METRICS_PORT at start-up', () => {
  it('names METRICS_PORT when its port is taken, and exits 2', async () => {
    const taken = createServer();
    taken.listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as { port: number };
    try {
      const { code, stderr } = await runToExit({
        ...proxyCommand(false),
        env: {
          HOST: '127.0.0.1',
          PORT: '0',
          METRICS_PORT: String(port),
          PROCESSING_API_KEY: 'key',
          PROCESSING_SIGNING_SECRET: 'metrics-startup-secret',
          PROCESSING_BASE_URL: 'http://127.0.0.1:9/api/v2',
          PROCESSING_PAYMENTS_BASE_URL: 'http://127.0.0.1:9/api/payments/v1',
          DATABASE_URL: 'sqlite::memory:',
        },
        stopWhen: /listening on/,
      });
      assert.equal(
        stderr,
        `crypto-pay-proxy: METRICS_PORT: cannot listen on ${port} at 127.0.0.1 (EADDRINUSE: already in use).\n`,
      );
      assert.equal(code, 2);
    } finally {
      taken.close();
    }
  });
});
