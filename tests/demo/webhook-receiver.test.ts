/**
 * The demo shop's webhook receiver (demo/merchant-backend.mjs), on its own: requests signed here
 * with the `standardwebhooks` library's `sign`, as any Standard Webhooks sender would, move the
 * shop's orders; a bad signature, a tampered body and a stale event do not.
 */

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
// @ts-expect-error: plain ES module without types, the demo's own back end
import { demoBackend } from '@crypto-pay/demo/merchant-backend';
import { newWebhookSecret } from '@crypto-pay/protocol/node';
import type { CheckoutEvent, WebhookEvent } from '@crypto-pay/protocol/proxy-api';
import { send } from '@crypto-pay/test-kit/http';
import {
  checkoutEvent,
  invoiceEvent,
  signedWebhookHeaders,
} from '@crypto-pay/test-kit/webhook-events';

const secret = newWebhookSecret();

interface Order {
  foreign_id: string;
  description: string;
  status: string;
  version: number;
  amount: string;
  currency: string;
}

/** The demo's back end on a free port, as demo/server.mjs and Vite mount it. */
async function startShop(webhookSecret: string | undefined) {
  const backend = demoBackend({ proxyUrl: 'http://127.0.0.1:9', adminToken: '', webhookSecret });
  const server = createServer((request, response) =>
    backend(request, response, () => response.writeHead(404).end()),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the demo shop receiving webhooks', () => {
  let shop: Awaited<ReturnType<typeof startShop>>;
  before(async () => {
    shop = await startShop(secret);
  });
  after(() => shop.close());

  const deliver = (event: WebhookEvent, headers?: Record<string, string>) => {
    const body = JSON.stringify(event);
    return send(`${shop.url}/demo-api/webhooks`, {
      method: 'POST',
      headers: headers ?? signedWebhookHeaders(secret, event.id, body),
      body,
    });
  };
  const orderOf = async (foreignId: string) => {
    const answer = await send(`${shop.url}/demo-api/orders`);
    assert.equal(answer.status, 200);
    const { orders } = answer.json as { orders: Order[] };
    return orders.find((order) => order.foreign_id === foreignId);
  };

  it('marks the order paid on a correctly signed checkout.paid', async () => {
    const foreignId = `order-${randomUUID()}`;
    const answer = await deliver(checkoutEvent(foreignId, 'paid', 3));
    assert.equal(answer.status, 204);
    const order = await orderOf(foreignId);
    assert.equal(order?.status, 'paid');
    assert.equal(order?.version, 3);
    assert.equal(order?.amount, '42.00');
    assert.equal(order?.currency, 'EUR');
  });

  it('refuses a signature made with another secret, and changes nothing', async () => {
    const foreignId = `order-${randomUUID()}`;
    const event = checkoutEvent(foreignId, 'paid', 2);
    const other = newWebhookSecret();
    const answer = await deliver(
      event,
      signedWebhookHeaders(other, event.id, JSON.stringify(event)),
    );
    assert.equal(answer.status, 400);
    assert.equal(await orderOf(foreignId), undefined);
  });

  it('refuses a body changed after signing, and one without signature headers', async () => {
    const foreignId = `order-${randomUUID()}`;
    await deliver(checkoutEvent(foreignId, 'processing', 2));
    const forged = checkoutEvent(foreignId, 'paid', 3);
    const headers = signedWebhookHeaders(
      secret,
      forged.id,
      JSON.stringify({ ...forged, type: 'checkout.failed' }),
    );
    assert.equal((await deliver(forged, headers)).status, 400);
    assert.equal((await deliver(forged, { 'content-type': 'application/json' })).status, 400);
    assert.equal((await orderOf(foreignId))?.status, 'processing');
  });

  it('refuses a replay signed long ago (the library tolerates five minutes)', async () => {
    const foreignId = `order-${randomUUID()}`;
    const event = checkoutEvent(foreignId, 'paid', 2);
    const longAgo = new Date(Date.now() - 3600_000);
    const answer = await deliver(
      event,
      signedWebhookHeaders(secret, event.id, JSON.stringify(event), longAgo),
    );
    assert.equal(answer.status, 400);
    assert.equal(await orderOf(foreignId), undefined);
  });

  it('acknowledges a stale event and keeps the newer status', async () => {
    const foreignId = `order-${randomUUID()}`;
    assert.equal((await deliver(checkoutEvent(foreignId, 'paid', 3))).status, 204);
    // Delivered late (a retry that lost the race): older version, so dropped, yet 2xx.
    assert.equal((await deliver(checkoutEvent(foreignId, 'processing', 2))).status, 204);
    // The same event again (at-least-once delivery): the same version, dropped too.
    assert.equal((await deliver(checkoutEvent(foreignId, 'paid', 3))).status, 204);
    const order = await orderOf(foreignId);
    assert.equal(order?.status, 'paid');
    assert.equal(order?.version, 3);
  });

  it('records a checkout the shop did not open (the product page) as an order', async () => {
    const foreignId = `proxy-${randomUUID()}`;
    const event = checkoutEvent(foreignId, 'created', 1);
    const fromProductPage: CheckoutEvent = {
      ...event,
      data: { ...event.data, pricing: 'product', product: 'lamp' },
    };
    assert.equal((await deliver(fromProductPage)).status, 204);
    const order = await orderOf(foreignId);
    assert.equal(order?.status, 'created');
    assert.equal(order?.description, 'Product lamp');
  });

  it('acknowledges events of no order (an invoice relayed) without making one', async () => {
    const event = invoiceEvent('invoice-7', 'confirmed');
    assert.equal((await deliver(event)).status, 204);
    assert.equal(await orderOf('invoice-7'), undefined);
  });
});

describe('the demo shop without WEBHOOK_SECRET', () => {
  it('answers 503: it cannot tell a real webhook from a forged one', async () => {
    const shop = await startShop(undefined);
    try {
      const event = checkoutEvent(`order-${randomUUID()}`, 'paid', 1);
      const body = JSON.stringify(event);
      const answer = await send(`${shop.url}/demo-api/webhooks`, {
        method: 'POST',
        headers: signedWebhookHeaders(secret, event.id, body),
        body,
      });
      assert.equal(answer.status, 503);
    } finally {
      await shop.close();
    }
  });
});
