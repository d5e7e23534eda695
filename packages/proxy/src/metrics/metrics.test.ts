/**
 * The metrics as Prometheus sees them: the proxy (from its source) against the sandbox (the test kit's
 * stack, METRICS_PORT on), each family scraped and parsed from the text format after what it
 * counts happened; nothing but /metrics on that port; no id or amount in any label. The
 * PostgreSQL pool and the cluster's figures on several proxies: `metrics-postgres.test.ts`.
 */

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { newWebhookSecret } from '@crypto-pay/protocol/node';
import {
  checkoutBody,
  createdCheckout,
  invoiceBody,
  paymentRequestOf,
  readCheckout,
  sendCallback,
  sendPaymentRequestCallback,
} from '@crypto-pay/test-kit/checkouts';
import { openEventStream } from '@crypto-pay/test-kit/event-streams';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { send, sendJson } from '@crypto-pay/test-kit/http';
import {
  labelValues,
  promtoolCheckMetrics,
  type Sample,
  sampleValue,
  scrapeMetrics,
} from '@crypto-pay/test-kit/prometheus';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';

/** The cluster figures are polled every 5 s: a loaded machine may take a few rounds. */
const POLLED_MS = 30_000;
/**
 * How long a call to the service may take: the time-out test's fault delays answers past it.
 * Far above what the sandbox takes otherwise, even on a loaded machine.
 */
const UPSTREAM_TIMEOUT_MS = 4_000;
/** Connections one client may hold: the shedding test opens one more. */
const PER_CLIENT = 12;

/** What must never be a label value: ids, amounts, addresses of what the tests made. */
const secretsOfLabels: string[] = [];

describe('Metrics of the proxy process (METRICS_PORT)', () => {
  let stack: Stack;
  let receiver: WebhookReceiver;
  let metricsUrl: string;
  const scrape = () => scrapeMetrics(metricsUrl);
  /** Waits until `name{labels}` reaches `at least`: counters move after the answer is sent. */
  const reaches = (
    name: string,
    labels: Record<string, string>,
    least: number,
    timeoutMs = 10_000,
  ): Promise<Sample[]> =>
    eventually(
      async () => {
        const families = await scrape();
        return sampleValue(families, name, labels) >= least && families;
      },
      `${name}${JSON.stringify(labels)} >= ${least}`,
      timeoutMs,
    );

  before(async () => {
    const secret = newWebhookSecret();
    receiver = await startWebhookReceiver(secret);
    stack = await startStack({
      built: false,
      metrics: true,
      proxyEnv: {
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: secret,
        // A failed attempt stays pending for the rest of the file: the backlog figures show it.
        WEBHOOK_RETRY_SCHEDULE_MS: '600000',
        MAX_CONNECTIONS_PER_CLIENT: String(PER_CLIENT),
        UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      },
    });
    metricsUrl = stack.metricsUrls[0]!;
  });
  after(async () => {
    await stack?.stop();
    await receiver?.close();
  });

  it('serves /metrics and nothing else on its port, and no metrics on the main one', async () => {
    const metrics = await send(metricsUrl);
    assert.equal(metrics.status, 200);
    assert.match(String(metrics.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    assert.match(metrics.text, /^# HELP crypto_pay_http_requests_total /m);
    const origin = new URL(metricsUrl).origin;
    for (const path of ['/', '/healthz', '/metrics/extra', '/api/checkouts']) {
      const answer = await send(`${origin}${path}`);
      assert.equal(answer.status, 404, path);
      assert.equal((answer.json as { code: string }).code, 'not_found');
    }
    const posted = await send(metricsUrl, { method: 'POST', body: '{}' });
    assert.equal(posted.status, 405);
    assert.equal(posted.headers.allow, 'GET, HEAD');
    assert.equal((posted.json as { code: string }).code, 'method_not_allowed');
    assert.equal((await send(`${stack.proxy.url}/metrics`)).status, 404);
  });

  it('counts requests by route template, never by path; unmatched ones under one route', async () => {
    const checkout = await createdCheckout(stack.proxy.url);
    secretsOfLabels.push(checkout.id, checkout.amount);
    const before = sampleValue(await scrape(), 'crypto_pay_http_requests_total', {
      method: 'GET',
      route: '/api/checkouts/:id',
      status: '200',
    });
    assert.equal((await readCheckout(stack.proxy.url, checkout.id)).status, 200);
    await send(`${stack.proxy.url}/no/such/${checkout.id}`);
    const families = await reaches(
      'crypto_pay_http_requests_total',
      { method: 'GET', route: '/api/checkouts/:id', status: '200' },
      before + 1,
    );
    assert.ok(
      sampleValue(families, 'crypto_pay_http_requests_total', {
        route: 'unmatched',
        status: '404',
      }) >= 1,
    );
    assert.ok(
      sampleValue(families, 'crypto_pay_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/checkouts',
      }) >= 1,
    );
  });

  it('counts creates by pricing, the upstream call behind each, and the checkouts finished', async () => {
    const checkout = await createdCheckout(stack.proxy.url);
    const request = await paymentRequestOf(stack, checkout);
    secretsOfLabels.push(checkout.id, checkout.amount, request.id, request.foreign_id);
    await reaches('crypto_pay_checkouts_created_total', { pricing: 'product' }, 1);
    // An amount the customer names counts as `amount`, the API's and the store's name for it.
    const open = await sendJson(
      `${stack.proxy.url}/api/checkouts`,
      checkoutBody({ amount: '7.50', currency: 'USD' }),
    );
    assert.equal(open.status, 201, open.text);
    secretsOfLabels.push(String((open.json as { id: string }).id), '7.50');
    const families = await reaches('crypto_pay_checkouts_created_total', { pricing: 'amount' }, 1);
    assert.ok(
      sampleValue(families, 'crypto_pay_upstream_requests_total', {
        operation: 'createPaymentRequest',
        status: '2xx',
      }) >= 1,
    );
    assert.ok(
      sampleValue(families, 'crypto_pay_upstream_request_duration_seconds_count', {
        operation: 'createPaymentRequest',
      }) >= 1,
    );
    const simulated = await stack.control(`/payment-requests/${request.id}/simulate`, {
      outcome: 'underpaid',
    });
    assert.equal(simulated.status, 200, simulated.text);
    await reaches(
      'crypto_pay_checkouts_finished_total',
      { status: 'failed', detail: 'underpaid' },
      1,
    );
  });

  it('counts callbacks by outcome: applied, duplicate, late, unknown, refused', async () => {
    const checkout = await createdCheckout(stack.proxy.url);
    const request = await paymentRequestOf(stack, checkout);
    secretsOfLabels.push(checkout.id, request.id, request.foreign_id);
    const callbacks = { type: 'payment_request' };
    const at = async () => {
      const families = await scrape();
      return (outcome: string) =>
        sampleValue(families, 'crypto_pay_callbacks_total', { ...callbacks, outcome });
    };
    const start = await at();
    assert.equal((await sendPaymentRequestCallback(stack, request, 'paid')).status, 200);
    assert.equal((await sendPaymentRequestCallback(stack, request, 'paid')).status, 200);
    assert.equal((await sendPaymentRequestCallback(stack, request, 'processing')).status, 200);
    const unknown = { id: 'pr-nobody-knows', foreign_id: 'cp_nobody' };
    assert.equal((await sendPaymentRequestCallback(stack, unknown, 'paid')).status, 404);
    const forged = await send(`${stack.proxy.url}/callbacks/processing`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Processing-Key': 'forged' },
      body: '{}',
    });
    assert.equal(forged.status, 403);
    const families = await reaches(
      'crypto_pay_callbacks_total',
      { type: 'unverified', outcome: 'refused' },
      1,
    );
    const now = await at();
    // The sandbox's own callbacks may add applied ones; none of the others.
    assert.ok(now('applied') - start('applied') >= 1);
    for (const outcome of ['duplicate', 'late', 'unknown']) {
      assert.equal(now(outcome) - start(outcome), 1, outcome);
    }
    assert.ok(
      sampleValue(families, 'crypto_pay_checkouts_finished_total', {
        status: 'paid',
        detail: 'none',
      }) >= 1,
    );
    // A callback of another kind (an invoice's) is recorded as it came.
    const invoice = await sendJson(`${stack.proxy.url}/admin/invoices`, invoiceBody(), {
      headers: { Authorization: `Bearer ${stack.adminToken}` },
    });
    assert.equal(invoice.status, 201, invoice.text);
    const confirmed = await stack.control('/invoices/invoice-7/simulate', { outcome: 'confirmed' });
    assert.equal(confirmed.status, 200, confirmed.text);
    await reaches('crypto_pay_callbacks_total', { type: 'invoice', outcome: 'recorded' }, 1);
    // The cluster's last callback, from the database within a poll or two.
    await eventually(
      async () =>
        sampleValue(await scrape(), 'crypto_pay_last_callback_timestamp_seconds') >
        Date.now() / 1000 - 600,
      'the last callback time',
      POLLED_MS,
    );
  });

  it('counts a session create, an expired checkout, any *_exchange kind as exchange, a signed unknown shape as invalid', async () => {
    const admin = { headers: { Authorization: `Bearer ${stack.adminToken}` } };
    const session = await sendJson(
      `${stack.proxy.url}/admin/checkout-sessions`,
      { amount: '42.00', currency: 'EUR', foreign_id: 'order-metrics-1' },
      admin,
    );
    assert.equal(session.status, 201, session.text);
    const token = (session.json as { session: string }).session;
    const created = await sendJson(
      `${stack.proxy.url}/api/checkouts`,
      checkoutBody({ session: token }),
    );
    assert.equal(created.status, 201, created.text);
    secretsOfLabels.push(token, 'order-metrics-1', '42.00');
    await reaches('crypto_pay_checkouts_created_total', { pricing: 'session' }, 1);

    const checkout = await createdCheckout(stack.proxy.url);
    const request = await paymentRequestOf(stack, checkout);
    secretsOfLabels.push(checkout.id, request.id);
    const expired = await stack.control(`/payment-requests/${request.id}/simulate`, {
      outcome: 'expired',
    });
    assert.equal(expired.status, 200, expired.text);
    await reaches('crypto_pay_checkouts_finished_total', { status: 'expired', detail: 'none' }, 1);

    // A kind the spec allows by pattern: its name never becomes a label value.
    const madeUp = 'made_up_for_metrics_exchange';
    const exchange = await sendCallback(stack, JSON.stringify({ type: madeUp, id: 'x-1' }));
    assert.equal(exchange.status, 200, exchange.text);
    const families = await reaches(
      'crypto_pay_callbacks_total',
      { type: 'exchange', outcome: 'recorded' },
      1,
    );
    assert.deepEqual(
      labelValues(families).filter((value) => value.includes('made_up')),
      [],
    );
    const invalid = await sendCallback(stack, JSON.stringify({ type: 'refund', id: 1 }));
    assert.equal(invalid.status, 400, invalid.text);
    await reaches('crypto_pay_callbacks_total', { type: 'unverified', outcome: 'invalid' }, 1);
  });

  it('counts calls to the service by how they failed: its 5xx, a time-out', async () => {
    const create = { operation: 'createPaymentRequest' };
    try {
      // Several, should a try be repeated: each call is counted once, with how it ended.
      await stack.control('/faults', { fail_next: 5, status: 503 });
      const failed = await sendJson(`${stack.proxy.url}/api/checkouts`, checkoutBody());
      assert.equal(failed.status, 502, failed.text);
      await reaches('crypto_pay_upstream_requests_total', { ...create, status: '503' }, 1);
      await stack.control('/faults', { latency_ms: UPSTREAM_TIMEOUT_MS + 2_000 });
      const slow = await sendJson(`${stack.proxy.url}/api/checkouts`, checkoutBody());
      assert.equal(slow.status, 504, slow.text);
      await reaches('crypto_pay_upstream_requests_total', { ...create, status: 'timeout' }, 1);
    } finally {
      await stack.control('/faults', {});
    }
  });

  it('counts webhook attempts by result, and shows the backlog of the cluster', async () => {
    await reaches('crypto_pay_webhook_attempts_total', { result: 'delivered' }, 1);
    receiver.mode = 'error';
    const rejected = await createdCheckout(stack.proxy.url);
    secretsOfLabels.push(rejected.id);
    await reaches('crypto_pay_webhook_attempts_total', { result: 'rejected' }, 1);
    await receiver.down();
    const unreachable = await createdCheckout(stack.proxy.url);
    secretsOfLabels.push(unreachable.id);
    await reaches('crypto_pay_webhook_attempts_total', { result: 'unreachable' }, 1);
    const families = await reaches('crypto_pay_webhook_pending', {}, 2, POLLED_MS);
    assert.ok(sampleValue(families, 'crypto_pay_webhook_oldest_pending_seconds') >= 0);
    await eventually(
      async () => sampleValue(await scrape(), 'crypto_pay_webhook_oldest_pending_seconds') > 0,
      'an oldest pending delivery with an age',
      POLLED_MS,
    );
  });

  it('shows the event streams open now', async () => {
    const checkout = await createdCheckout(stack.proxy.url);
    secretsOfLabels.push(checkout.id);
    const stream = await openEventStream(`${stack.proxy.url}/api/checkouts/${checkout.id}/events`);
    await reaches('crypto_pay_event_streams', {}, 1);
    stream.close();
    await eventually(
      async () => sampleValue(await scrape(), 'crypto_pay_event_streams') === 0,
      'the stream closed',
    );
  });

  it("carries prom-client's process and Node.js figures, unprefixed", async () => {
    const names = new Set(
      (await scrape()).map((sample) => sample.name.replace(/_(bucket|sum|count)$/, '')),
    );
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
    ]) {
      assert.ok(names.has(name), name);
    }
  });

  it("names its families as Prometheus's own lint asks (promtool check metrics)", async () => {
    const { output: problems } = await promtoolCheckMetrics(await (await fetch(metricsUrl)).text());
    // prom-client's own gauges `nodejs_active_*_total` are the lint's only complaint: its names.
    const ours = problems.split('\n').filter((line) => !line.startsWith('nodejs_active_'));
    assert.deepEqual(ours.filter(Boolean), []);
  });

  it('holds no id, amount or foreign id in any label', async () => {
    const values = labelValues(await scrape());
    assert.ok(secretsOfLabels.length > 5);
    for (const secret of secretsOfLabels) {
      const holding = values.filter((value) => value.includes(secret));
      assert.deepEqual(holding, [], `a label holds ${secret}`);
    }
  });

  // Last: it closes idle connections of this client, the test's own kept-alive ones among them.
  it('counts the connections the caps shed', async () => {
    const sockets: Socket[] = [];
    try {
      for (let index = 0; index <= PER_CLIENT; index++) {
        const socket = connect(Number(new URL(stack.proxy.url).port), '127.0.0.1');
        socket.on('error', () => {});
        sockets.push(socket);
        await once(socket, 'connect');
      }
      const families = await reaches('crypto_pay_connections_shed_total', { reason: 'idle' }, 1);
      assert.equal(
        sampleValue(families, 'crypto_pay_connections_shed_total', { reason: 'refused' }),
        0,
      );
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});
