/**
 * No payment left silently pending, through the whole stack (built proxy and sandbox, a webhook
 * receiver on 127.0.0.1): with the sandbox dropping callbacks, a checkout whose payment request
 * expired turns stale, is listed, is announced once (one `checkout.stale` webhook, one warning,
 * across a restart), keeps its status, and a late callback re-sent by the sandbox settles it.
 *
 * The sandbox's clock runs behind the proxy's (SANDBOX_CLOCK_SKEW_SECONDS) by more than two
 * lifetimes, so a payment request of the shortest lifetime the service takes has expired by the
 * proxy's clock the moment it is made, even after the sandbox's clock was moved past one
 * request's expiry (which makes the service send the expiry callback, dropped). Every wait is
 * for an event, polled.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { newWebhookSecret } from '@crypto-pay/protocol/node';
import type { Checkout, WebhookEvent } from '@crypto-pay/protocol/proxy-api';
import { createdCheckout, paymentRequestOf } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { send } from '@crypto-pay/test-kit/http';
import { sampleValue, scrapeMetrics } from '@crypto-pay/test-kit/prometheus';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';

const SECRET = newWebhookSecret();
/** The shortest lifetime the service takes. */
const LIFETIME_SECONDS = 300;
/** Each checkout moves the sandbox's clock a lifetime on: two fit in this. */
const SKEW_SECONDS = -(2 * LIFETIME_SECONDS + 100);

let stack: Stack;
let receiver: WebhookReceiver;

before(async () => {
  receiver = await startWebhookReceiver(SECRET);
  stack = await startStack({
    proxyEnv: {
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_RETRY_SCHEDULE_MS: '50,100,200,400,800',
      PAYMENT_LIFETIME_SECONDS: String(LIFETIME_SECONDS),
      STALE_AFTER_SECONDS: '1',
      STALE_SWEEP_INTERVAL_MS: '200',
    },
    sandboxEnv: { SANDBOX_CLOCK_SKEW_SECONDS: String(SKEW_SECONDS) },
    metrics: true,
  });
});
after(async () => {
  await stack?.stop();
  await receiver?.close();
});

const adminGet = async (path: string) => {
  const answer = await send(`${stack.proxy.url}/admin${path}`, {
    headers: { Authorization: `Bearer ${stack.adminToken}` },
  });
  assert.equal(answer.status, 200, answer.text);
  return answer.json as { data: { id: string; status: string; stale_since?: number }[] };
};
/** Waits until the proxy's `crypto_pay_checkouts_stale` reads `count` (its poller's next round). */
const staleGauge = (count: number) =>
  eventually(
    async () =>
      sampleValue(await scrapeMetrics(stack.metricsUrls[0]!), 'crypto_pay_checkouts_stale') ===
        count || undefined,
    `crypto_pay_checkouts_stale at ${count}`,
    20_000,
  );
const staleIds = async () => (await adminGet('/checkouts?stale=true')).data.map(({ id }) => id);

const webhooks = (type: string, checkout: Checkout) =>
  [...receiver.delivered().values()].filter(
    (event: WebhookEvent) => event.type === type && event.data.id === checkout.id,
  );
const delivered = (type: string, checkout: Checkout) =>
  eventually(() => webhooks(type, checkout)[0], `a verified ${type} webhook`, 20_000);

interface SandboxAttempt {
  delivery_id: number;
  body: string;
  dropped: boolean;
}
/** The sandbox's dropped callback attempts about payment request `id`. */
async function droppedCallbacks(id: string): Promise<SandboxAttempt[]> {
  const attempts = (await stack.control('/callbacks')).json as SandboxAttempt[];
  return attempts.filter(
    (attempt) => attempt.dropped && JSON.parse(attempt.body).payment_request_id === id,
  );
}

/** A checkout whose payment request expired by both clocks, its expiry callback dropped. */
async function abandonedCheckout(): Promise<{ checkout: Checkout; requestId: string }> {
  const checkout = await createdCheckout(stack.proxy.url);
  await delivered('checkout.created', checkout);
  const request = await paymentRequestOf(stack, checkout);
  const moved = await stack.control('/clock', { advance_seconds: LIFETIME_SECONDS + 1 });
  assert.equal(moved.status, 200, moved.text);
  await eventually(
    async () => (await droppedCallbacks(request.id)).length > 0 || undefined,
    'the expiry callback, dropped by the sandbox',
  );
  return { checkout, requestId: request.id };
}

/** The proxy's warnings that `checkout` is stale, as JSON log lines. */
const staleWarnings = (checkout: Checkout) =>
  stack.proxy.lines
    .filter((line) => line.stream === 'stdout' && line.text.includes('"checkout stale:'))
    .map((line) => JSON.parse(line.text) as Record<string, unknown>)
    .filter((line) => line.checkout_id === checkout.id);

describe('a payment whose callbacks never arrive', () => {
  it('turns stale, is listed and announced once, and settles when a late callback comes', async () => {
    const faults = await stack.control('/faults', { drop_callbacks: true });
    assert.equal(faults.status, 200, faults.text);
    assert.equal(
      ((await stack.control('/faults')).json as { drop_callbacks: boolean }).drop_callbacks,
      true,
    );

    const { checkout, requestId } = await abandonedCheckout();
    await eventually(
      async () => (await staleIds()).includes(checkout.id) || undefined,
      'the checkout listed by ?stale=true',
    );
    const shown = (await adminGet('/checkouts?stale=true')).data.find(
      ({ id }) => id === checkout.id,
    )!;
    // It keeps its status: nothing is guessed.
    assert.equal(shown.status, 'created');
    assert.equal(typeof shown.stale_since, 'number');
    await staleGauge(1);
    const event = await delivered('checkout.stale', checkout);
    assert.equal(event.data.status, 'created');
    const warning = await eventually(() => staleWarnings(checkout)[0], 'the stale warning');
    assert.equal(warning.level, 'warn');
    assert.match(String(warning.message), /callback URL.*firewall.*PROCESSING_API_KEY/s);
    // No callback at all reached the proxy since it was made: said once more, plainly.
    await eventually(
      () =>
        stack.proxy.lines.some((line) =>
          line.text.includes('"no callback at all has reached the proxy'),
        ) || undefined,
      'the warning that no callback at all arrives',
    );

    // Announced once, across a restart: a checkout found stale later, by a sweep of the
    // restarted proxy, proves sweeps ran after the first one's announcement.
    await stack.restartProxy();
    const { checkout: later } = await abandonedCheckout();
    await delivered('checkout.stale', later);
    await staleGauge(2);
    assert.equal(webhooks('checkout.stale', checkout).length, 1);
    const events = (await adminGet('/events?type=checkout.stale'))
      .data as unknown as WebhookEvent[];
    assert.equal(events.filter((stale) => stale.data.id === checkout.id).length, 1);
    // The restarted proxy's lines follow the first run's: one warning in all.
    assert.equal(staleWarnings(checkout).length, 1);

    // The fault cleared, the service's late retry of the expiry callback settles it.
    await stack.control('/faults', { drop_callbacks: false });
    assert.equal(
      ((await stack.control('/faults')).json as { drop_callbacks: boolean }).drop_callbacks,
      false,
    );
    const [expiry] = await droppedCallbacks(requestId);
    const resent = await stack.control(`/callbacks/${expiry!.delivery_id}/resend`, {});
    assert.equal(resent.status, 202, resent.text);
    const expired = await delivered('checkout.expired', checkout);
    assert.equal(expired.data.status, 'expired');
    assert.equal('stale_since' in expired.data, false);
    assert.ok(!(await staleIds()).includes(checkout.id));
    assert.ok((await staleIds()).includes(later.id));
    // Counted until settled: only the later one is left.
    await staleGauge(1);
  });
});
