/**
 * Webhooks through the whole stack (built proxy, sandbox, a receiver on 127.0.0.1 that verifies
 * with the `standardwebhooks` library): every event type from a real cause, a receiver down and
 * back, a proxy SIGKILLed with a webhook unanswered, a callback storm that must give one event
 * per change, redelivery, and the events list read in pages while events are written. The
 * stack's leak check covers every log line and the database: no secret, no sender data.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { newWebhookSecret } from '@crypto-pay/protocol/node';
import type { Checkout, WebhookEvent } from '@crypto-pay/protocol/proxy-api';
import {
  createdCheckout,
  invoiceBody,
  paymentRequestCallback,
  paymentRequestOf,
  sendCallback,
  sendPaymentRequestCallback,
} from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { type Answer, send, sendJson } from '@crypto-pay/test-kit/http';
import { LEGAL_SENDER, PERSONAL_SENTINELS } from '@crypto-pay/test-kit/senders';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';

const SECRET = newWebhookSecret();

let stack: Stack;
let receiver: WebhookReceiver;

before(async () => {
  receiver = await startWebhookReceiver(SECRET);
  stack = await startStack({
    proxyEnv: {
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_RETRY_SCHEDULE_MS: '50,100,200,400,800,1600,3200',
      // A thousand callbacks at once from this one address, past the per-address cap.
      MAX_CONNECTIONS_PER_CLIENT: '0',
    },
  });
});
after(async () => {
  await stack?.stop();
  await receiver?.close();
});

const admin = () => ({ Authorization: `Bearer ${stack.adminToken}` });
const adminGet = (path: string) => send(`${stack.proxy.url}/admin${path}`, { headers: admin() });
const adminPost = (path: string, body: unknown = {}) =>
  sendJson(`${stack.proxy.url}/admin${path}`, body, { headers: admin() });

/** Every event the proxy has written, read in pages of `limit` after `from`. */
async function allEvents(limit = 200, from?: string): Promise<WebhookEvent[]> {
  const events: WebhookEvent[] = [];
  let after = from;
  for (;;) {
    const answer = await adminGet(`/events?limit=${limit}${after ? `&after=${after}` : ''}`);
    assert.equal(answer.status, 200, answer.text);
    const page = answer.json as { data: WebhookEvent[]; next_after?: string };
    events.push(...page.data);
    if (!page.next_after) return events;
    after = page.next_after;
  }
}

const delivered = (type: string, where: (event: WebhookEvent) => boolean = () => true) =>
  eventually(
    () => [...receiver.delivered().values()].find((event) => event.type === type && where(event)),
    `a verified ${type} webhook`,
    20_000,
  );

const about = (checkout: Checkout) => (event: WebhookEvent) => event.data.id === checkout.id;

describe('webhooks', () => {
  it('sends every event type, signed, carrying the checkout as the merchant API shows it', async () => {
    const outcomes = ['paid', 'failed', 'expired'] as const;
    for (const outcome of outcomes) {
      const checkout = await createdCheckout(stack.proxy.url);
      await delivered('checkout.created', about(checkout));
      const request = await paymentRequestOf(stack, checkout);
      if (outcome === 'paid') {
        // processing first, as the service reports an address chosen before the payment.
        const processing = await sendPaymentRequestCallback(stack, request, 'processing');
        assert.equal(processing.status, 200);
        await delivered('checkout.processing', about(checkout));
      }
      const simulated = await stack.control(`/payment-requests/${request.id}/simulate`, {
        outcome,
      });
      assert.equal(simulated.status, 200, simulated.text);
      const event = await delivered(`checkout.${outcome}`, about(checkout));
      const shown = await adminGet(`/checkouts/${checkout.id}`);
      assert.deepEqual(event.data, shown.json, 'the checkout exactly as the merchant API shows it');
      assert.equal(typeof event.data.version, 'number');
    }

    const invoice = await adminPost('/invoices', invoiceBody({ foreign_id: 'wh-invoice-1' }));
    assert.equal(invoice.status, 201, invoice.text);
    const confirmed = await stack.control('/invoices/wh-invoice-1/simulate', {
      outcome: 'confirmed',
    });
    assert.equal(confirmed.status, 200, confirmed.text);
    await delivered('invoice.confirmed');

    const withdrawal = await adminPost('/withdrawals', {
      currency: 'BTC',
      amount: 0.001,
      address: 'tb1qexampleaddress000000000000000000000',
      foreign_id: 'wh-withdrawal-1',
      end_user_reference: 'customer-42',
      ...LEGAL_SENDER,
      receiver_type: 'self',
    });
    assert.equal(withdrawal.status, 201, withdrawal.text);
    const { id } = (withdrawal.json as { data: { id: number } }).data;
    await stack.control(`/withdrawals/${id}/simulate`, { outcome: 'cancelled' });
    await delivered('withdrawal.cancelled', (event) => event.data.id === id);

    const deposit = {
      type: 'deposit',
      id: 9001,
      status: 'confirmed',
      currency: 'BTC',
      amount: '0.1',
    };
    assert.equal((await sendCallback(stack, JSON.stringify(deposit))).status, 200);
    await delivered('deposit.confirmed');
    const exchange = { type: 'exchange', id: 77, status: 'completed' };
    assert.equal((await sendCallback(stack, JSON.stringify(exchange))).status, 200);
    await delivered('exchange.completed');

    for (const request of receiver.received) {
      assert.ok(request.event, 'every request verifies with standardwebhooks');
      for (const sentinel of PERSONAL_SENTINELS) assert.ok(!request.body.includes(sentinel));
      assert.equal(request.headers['webhook-id'], request.event.id);
    }
  });

  it('delivers everything once a receiver that was down is back', async () => {
    await receiver.down();
    const checkouts: Checkout[] = [];
    for (let i = 0; i < 5; i++) checkouts.push(await createdCheckout(stack.proxy.url));
    await eventually(async () => {
      const attempts = (await adminGet('/webhook-deliveries?limit=50')).json as {
        data: { error?: string }[];
      };
      return (
        attempts.data.filter((attempt) => /connection failed/.test(attempt.error ?? '')).length >=
        10
      );
    }, 'failed attempts while the receiver is down');
    const endpoints = (await adminGet('/webhook-endpoints')).json as { data: { status: string }[] };
    assert.equal(endpoints.data[0]?.status, 'retrying');
    await receiver.reopen();
    for (const checkout of checkouts) await delivered('checkout.created', about(checkout));
    const all = await allEvents();
    await eventually(
      () => all.every((event) => receiver.delivered().has(event.id)),
      'every event written so far',
      20_000,
    );
  });

  it('delivers after a restart what a SIGKILLed proxy committed but had no answer for', async () => {
    receiver.mode = 'hang';
    const checkout = await createdCheckout(stack.proxy.url);
    const request = await paymentRequestOf(stack, checkout);
    const answer: Answer = await sendPaymentRequestCallback(stack, request, 'paid');
    assert.equal(answer.status, 200, 'committed before the answer');
    await eventually(
      () =>
        receiver.received.some(
          (item) => item.event?.type === 'checkout.paid' && item.event.data.id === checkout.id,
        ),
      'the webhook in flight',
    );
    await stack.proxy.kill();
    receiver.mode = 'ok';
    await stack.restartProxy();
    await delivered('checkout.paid', about(checkout));
  });

  it('stops gracefully with a webhook in flight, and sends it after the start', async () => {
    receiver.mode = 'hang';
    const checkout = await createdCheckout(stack.proxy.url);
    await eventually(
      () => receiver.received.some((item) => item.event?.data.id === checkout.id),
      'the webhook in flight',
    );
    // The send is cut off at once: SIGTERM exits 0 well before the receiver's 10 s.
    const started = performance.now();
    assert.equal(await stack.proxy.stop(9000), 0);
    assert.ok(performance.now() - started < 9000);
    receiver.mode = 'ok';
    await stack.restartProxy();
    await delivered('checkout.created', about(checkout));
    assert.ok(
      stack.proxy.lines.some((line) => line.text.includes('cut off: the proxy stopped')) ||
        (await adminGet('/webhook-deliveries?limit=200')).text.includes('cut off'),
    );
  });

  it('writes one event per status change whatever 1,000 duplicate and out-of-order callbacks say', async () => {
    const targets: { checkout: Checkout; request: { id: string; foreign_id: string } }[] = [];
    for (let i = 0; i < 50; i++) {
      const checkout = await createdCheckout(stack.proxy.url);
      targets.push({ checkout, request: await paymentRequestOf(stack, checkout) });
    }
    const statuses = ['paid', 'processing', 'paid', 'created', 'paid'];
    // Each checkout gets every status several times; the whole lot is shuffled.
    const bodies = Array.from({ length: 1000 }, (_, i) => {
      const target = targets[i % targets.length]!;
      const round = Math.floor(i / targets.length);
      return paymentRequestCallback(target.request, statuses[round % statuses.length]!);
    });
    for (let i = bodies.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [bodies[i], bodies[j]] = [bodies[j]!, bodies[i]!];
    }
    // Twenty senders, each taking the next body: duplicates and out-of-order statuses of one
    // checkout still meet in the proxy at once, and no answer waits behind 999 open sockets
    // (which on a busy machine took longer than a client waits).
    const statusesHeard: number[] = [];
    let next = 0;
    const sender = async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        statusesHeard.push((await sendCallback(stack, body)).status);
      }
    };
    await Promise.all(Array.from({ length: 20 }, sender));
    assert.deepEqual(new Set(statusesHeard), new Set([200]));
    assert.equal(statusesHeard.length, bodies.length);
    const events = await allEvents();
    for (const { checkout } of targets) {
      const mine = events.filter((event) => event.data.id === checkout.id);
      const final = (await adminGet(`/checkouts/${checkout.id}`)).json as { version: number };
      assert.equal(mine.length, final.version, `one event per version of ${checkout.id}`);
      assert.deepEqual(
        mine.map((event) => event.data.version),
        Array.from({ length: final.version }, (_, i) => i + 1),
      );
      assert.equal(mine.at(-1)?.type, 'checkout.paid');
    }
    await eventually(
      () => events.every((event) => receiver.delivered().has(event.id)),
      'every event delivered',
      30_000,
    );
  });

  it('sends an event again on redelivery, with the same webhook-id', async () => {
    const [event] = await allEvents(1);
    const before = receiver.received.filter((item) => item.event?.id === event!.id).length;
    const queued = await adminPost(`/events/${event!.id}/redeliver`);
    assert.equal(queued.status, 202, queued.text);
    await eventually(
      () => receiver.received.filter((item) => item.event?.id === event!.id).length > before,
      'the redelivery',
    );
    assert.equal((await adminPost('/events/evt_000000000000nothing/redeliver')).status, 404);
  });

  it('pages through events while they are written: nothing skipped, nothing twice', async () => {
    const [start] = (await allEvents()).slice(-1);
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 30; i++) await createdCheckout(stack.proxy.url);
      writing = false;
    })();
    const read: WebhookEvent[] = [];
    let cursor = start!.id;
    while (writing || read.length < 30) {
      const answer = await adminGet(`/events?limit=3&after=${cursor}`);
      const page = (answer.json as { data: WebhookEvent[] }).data;
      read.push(...page);
      if (page.length > 0) cursor = page.at(-1)!.id;
      else if (!writing) break;
    }
    await writer;
    read.push(...(await allEvents(200, cursor)));
    const written = await allEvents(200, start!.id);
    assert.deepEqual(
      read.map((event) => event.id),
      written.map((event) => event.id),
    );
    assert.equal(new Set(read.map((event) => event.id)).size, read.length);
  });
});
