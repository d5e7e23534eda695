/**
 * Traces as a collector sees them: the proxy (from its source) against the sandbox (the test kit's stack)
 * with OTEL_EXPORTER_OTLP_ENDPOINT pointing at the test kit's OTLP receiver. A create's span,
 * named by its route, has the call to the service and the database queries as its children; the
 * request's log lines carry its trace id; a webhook attempt is a span of its own; no span holds
 * an id in its name, a secret, personal data or an amount. Without the variable, no
 * OpenTelemetry package is loaded but the API that prom-client itself requires (a module hook
 * preloaded into the proxy says which are, and for whom).
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { newWebhookSecret } from '@crypto-pay/protocol/node';
import {
  CATALOG,
  createCheckout,
  paymentRequests,
  readCheckout,
} from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import {
  type OtlpReceiver,
  openTelemetryLoaded,
  openTelemetryWatch,
  type ReceivedSpan,
  startOtlpReceiver,
} from '@crypto-pay/test-kit/otlp-receiver';
import type { LogLine } from '@crypto-pay/test-kit/process';
import { PERSONAL_SENTINELS } from '@crypto-pay/test-kit/senders';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';

const SERVER = 2;
const CLIENT = 3;
/** In the webhook URL's query string, as some receivers authenticate: never in a span. */
const URL_TOKEN = 'url-token-7f3a9c';

/** The proxy's JSON log lines. */
const logLinesOf = (lines: LogLine[]): Record<string, unknown>[] =>
  lines.flatMap(({ stream, text }) => {
    if (stream !== 'stdout' || !text.startsWith('{')) return [];
    return [JSON.parse(text) as Record<string, unknown>];
  });

/** Creates a checkout; its id, and the trace id the proxy logged for the request. */
async function traceOfCreate(stack: Stack): Promise<{ id: string; traceId: string }> {
  const answer = await createCheckout(stack.proxy.url);
  assert.equal(answer.status, 201, answer.text);
  const requestId = answer.headers['x-request-id'];
  const line = await eventually(
    () =>
      logLinesOf(stack.proxy.lines).find(
        (fields) => fields.request_id === requestId && fields.message === 'request',
      ),
    'the log line of the create',
  );
  assert.match(String(line.trace_id), /^[0-9a-f]{32}$/, 'the request line carries its trace id');
  assert.match(String(line.span_id), /^[0-9a-f]{16}$/);
  return { id: (answer.json as { id: string }).id, traceId: String(line.trace_id) };
}

const urlOf = (span: ReceivedSpan) =>
  String(span.attributes['url.full'] ?? span.attributes['http.url']);

describe('Traces of the proxy process (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  let receiver: OtlpReceiver;
  let webhooks: WebhookReceiver;
  let stack: Stack;

  before(async () => {
    receiver = await startOtlpReceiver();
    const secret = newWebhookSecret();
    webhooks = await startWebhookReceiver(secret);
    stack = await startStack({
      built: false,
      proxyEnv: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        // Batches sent at once rather than every 5 s: the test waits for them, not longer.
        OTEL_BSP_SCHEDULE_DELAY: '50',
        WEBHOOK_URL: `${webhooks.url}?token=${URL_TOKEN}`,
        WEBHOOK_SECRET: secret,
        NODE_OPTIONS: openTelemetryWatch,
      },
    });
  });

  after(async () => {
    await stack?.stop();
    await webhooks?.close();
    await receiver?.close();
  });

  it('exports a create named by its route, the call to the service and the queries as its children', async () => {
    const { id, traceId } = await traceOfCreate(stack);
    const request = await receiver.span(
      (span) => span.traceId === traceId && span.kind === SERVER,
      'the create',
    );
    assert.equal(request.name, 'POST /api/checkouts');
    assert.equal(request.attributes['http.route'], '/api/checkouts');
    assert.equal(request.parentSpanId, '', 'the create is the root of its trace');
    assert.equal(request.resource['service.name'], 'crypto-pay-proxy');

    const upstream = await receiver.span(
      (span) =>
        span.traceId === traceId && span.parentSpanId === request.spanId && span.kind === CLIENT,
      'the call to the service, a child of the create',
    );
    assert.equal(new URL(urlOf(upstream)).origin, stack.sandbox.url);
    assert.match(urlOf(upstream), /\/api\/payments\/v1\/requests$/);

    const query = await receiver.span(
      (span) =>
        span.traceId === traceId &&
        span.parentSpanId === request.spanId &&
        span.attributes['db.system.name'] === 'sqlite' &&
        span.attributes['db.operation.name'] === 'INSERT',
      'a database query of the create, a child of it',
    );
    assert.match(query.name, /^INSERT sqlite$/);
    assert.match(String(query.attributes['db.query.text']), /^insert into/i);

    const ids = [id, ...(await paymentRequests(stack)).map((entry) => entry.id)];
    for (const span of receiver.spans.filter((span) => span.traceId === traceId)) {
      for (const held of ids) assert.ok(!span.name.includes(held), `${span.name} holds an id`);
    }
  });

  it('names a status read by its route template, not by the path with the id', async () => {
    const { id } = await traceOfCreate(stack);
    const answer = await readCheckout(stack.proxy.url, id);
    assert.equal(answer.status, 200);
    const read = await receiver.span(
      (span) => span.kind === SERVER && span.attributes['http.route'] === '/api/checkouts/:id',
      'a status read',
    );
    assert.equal(read.name, 'GET /api/checkouts/:id');
  });

  it('exports each webhook attempt, its request to the receiver as its child', async () => {
    await traceOfCreate(stack);
    const attempt = await receiver.span(
      (span) =>
        span.name === 'webhook attempt' &&
        span.attributes['crypto_pay.webhook.result'] === 'delivered',
      'a delivered webhook attempt',
    );
    assert.equal(attempt.attributes['crypto_pay.webhook.event_type'], 'checkout.created');
    assert.equal(attempt.attributes['http.response.status_code'], 204);
    const post = await receiver.span(
      (span) => span.parentSpanId === attempt.spanId && span.kind === CLIENT,
      'the POST of the attempt',
    );
    assert.equal(urlOf(post), webhooks.url, 'the URL without its query string');
    const lines = logLinesOf(stack.proxy.lines).filter(
      (fields) => fields.message === 'webhook delivered',
    );
    assert.ok(
      lines.some((fields) => fields.trace_id === attempt.traceId),
      'the attempt logs its trace id',
    );
  });

  it('lets no secret, personal data, amount or query string out in a span', async () => {
    await traceOfCreate(stack);
    await receiver.span((span) => span.name === 'webhook attempt', 'spans of every kind');
    const exported = JSON.stringify(receiver.spans);
    const never = [
      stack.credentials.signingSecret,
      stack.credentials.apiKey,
      URL_TOKEN,
      ...PERSONAL_SENTINELS,
      ...Object.values(CATALOG).map((product) => product.amount),
    ];
    for (const held of never) assert.ok(!exported.includes(held), `a span holds ${held}`);
    for (const span of receiver.spans) {
      assert.equal(span.attributes['client.address'], undefined, 'no client address');
      assert.equal(span.attributes['user_agent.original'], undefined, 'no user agent');
    }
  });

  it('loaded OpenTelemetry because it was asked to (the watch sees it)', () => {
    assert.ok(
      openTelemetryLoaded(stack.proxy.lines).some(
        ({ name, by }) => name === '@opentelemetry/sdk-node' && by === 'workspace',
      ),
    );
  });
});

describe('Without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack({ built: false, proxyEnv: { NODE_OPTIONS: openTelemetryWatch } });
  });

  after(async () => {
    await stack?.stop();
  });

  it('loads no OpenTelemetry package, at start or while serving, and logs no trace id', async () => {
    const answer = await createCheckout(stack.proxy.url);
    assert.equal(answer.status, 201, answer.text);
    const { id } = answer.json as { id: string };
    assert.equal((await readCheckout(stack.proxy.url, id)).status, 200);
    await eventually(
      () => logLinesOf(stack.proxy.lines).some((fields) => fields.status === 201),
      'the create logged',
    );
    // prom-client requires the API package (a no-op without an SDK) for its exemplars, metrics
    // on or off: that is all, and nothing of the proxy's own asks for any.
    assert.deepEqual(
      openTelemetryLoaded(stack.proxy.lines).filter(
        ({ name, by }) => !(name === '@opentelemetry/api' && by === 'prom-client'),
      ),
      [],
    );
    for (const fields of logLinesOf(stack.proxy.lines)) assert.equal(fields.trace_id, undefined);
  });
});
