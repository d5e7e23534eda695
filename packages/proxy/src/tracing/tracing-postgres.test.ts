/**
 * Traces on PostgreSQL: the proxy (from its source) on a real PostgreSQL with OTEL_EXPORTER_OTLP_ENDPOINT
 * set; the pg instrumentation's query spans belong to the create that ran them, and nothing of
 * the database's address or credentials leaves in a span. OTEL_SERVICE_NAME renames the service.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createCheckout } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import {
  type OtlpReceiver,
  type ReceivedSpan,
  startOtlpReceiver,
} from '@crypto-pay/test-kit/otlp-receiver';
import { type PostgresCluster, startPostgres } from '@crypto-pay/test-kit/postgres';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';

const SERVER = 2;

describe('Traces on PostgreSQL', () => {
  let cluster: PostgresCluster;
  let receiver: OtlpReceiver;
  let stack: Stack;

  before(async () => {
    cluster = await startPostgres({ database: 'crypto_pay_traces' });
    receiver = await startOtlpReceiver();
    stack = await startStack({
      built: false,
      proxyEnv: {
        DATABASE_URL: cluster.url,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '50',
        OTEL_SERVICE_NAME: 'shop-payments',
      },
    });
  });

  after(async () => {
    await stack?.stop();
    await receiver?.close();
    await cluster?.stop();
  });

  it("gives a create's queries to its trace, under its span", async () => {
    const answer = await createCheckout(stack.proxy.url);
    assert.equal(answer.status, 201, answer.text);
    const { id } = answer.json as { id: string };
    const request = await receiver.span(
      (span) => span.kind === SERVER && span.name === 'POST /api/checkouts',
      'the create',
    );
    assert.equal(request.resource['service.name'], 'shop-payments');
    const inTrace = (span: ReceivedSpan) => span.traceId === request.traceId;
    /** Whether `span` descends from the create's span. */
    const underCreate = (span: ReceivedSpan): boolean => {
      const parent = receiver.spans.find(
        (other) => inTrace(other) && other.spanId === span.parentSpanId,
      );
      return parent !== undefined && (parent === request || underCreate(parent));
    };
    const insert = await eventually(
      () =>
        receiver.spans.find(
          (span) =>
            inTrace(span) &&
            span.attributes['db.system.name'] === 'postgresql' &&
            // The create's write is one statement (WITH checkout AS (INSERT INTO checkouts …).
            /\binsert into checkouts\b/i.test(String(span.attributes['db.query.text'])) &&
            underCreate(span),
        ),
      'an INSERT of the create, under its span',
    );
    assert.ok(!insert.name.includes(id), `${insert.name} holds the checkout's id`);
    const { password, username } = new URL(cluster.url);
    const exported = JSON.stringify(receiver.spans.filter(inTrace));
    assert.ok(!exported.includes(cluster.url), 'no connection string');
    if (password) assert.ok(!exported.includes(password), 'no database password');
    for (const span of receiver.spans.filter(inTrace)) {
      assert.equal(
        span.attributes['db.user'] ?? span.attributes['db.connection_string'],
        undefined,
      );
    }
    if (username) assert.ok(!exported.includes(`"${username}"`), 'no database user');
  });
});
