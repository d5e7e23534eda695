/**
 * What the upgrade tests check once the new proxy runs on a database the previous release
 * wrote: what it shows is what the old one showed, and every behaviour that rests on the old rows
 * still holds (conditional reads, idempotent replays, sessions, callbacks on old checkouts, the
 * pending webhook deliveries), and new checkouts are made and paid.
 */

import assert from 'node:assert/strict';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import {
  checkoutBody,
  paymentRequestCallback,
  paymentRequestOf,
} from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { send, sendJson, sendSigned } from '@crypto-pay/test-kit/http';
import { startWebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import {
  adminGet,
  readEvents,
  type Seeded,
  type Shown,
  shown,
  type Target,
  untilDelivered,
} from './upgrade-scenario.ts';

/** The new proxy shows every checkout, callback, event and endpoint as the old one did. */
export async function assertShownAsBefore(target: Target, seeded: Seeded, before: Shown) {
  const now = await shown(target, seeded);
  assert.deepEqual(now.checkouts, before.checkouts, 'the merchant API lists the same checkouts');
  assert.deepEqual(now.publicViews, before.publicViews, 'each checkout and its ETag as before');
  assert.deepEqual(now.callbacks, before.callbacks, 'the callback log as before');
  assert.deepEqual(now.events, before.events, 'the events as before, in the same order');
  assert.deepEqual(now.endpoints, before.endpoints, 'the webhook endpoints as before');
}

const status = async (target: Target, id: string) =>
  ((await send(`${target.url}/api/checkouts/${id}`)).json as Checkout | undefined)?.status;

/** The behaviours that rest on the old rows, then new work through the new proxy. */
export async function assertBehavioursIntact(target: Target, seeded: Seeded): Promise<void> {
  const { stack } = target;
  const { checkouts } = seeded;

  // A widget's conditional read with the ETag the old proxy gave: nothing changed, 304.
  const created = checkouts.created!.checkout;
  const first = await send(`${target.url}/api/checkouts/${created.id}`);
  const conditional = await send(`${target.url}/api/checkouts/${created.id}`, {
    headers: { 'If-None-Match': String(first.headers.etag) },
  });
  assert.equal(conditional.status, 304, 'a conditional read of an old checkout');

  // The create retried with its key replays the old proxy's checkout; another body is refused.
  const { key, body } = seeded.idempotency;
  const replay = await sendJson(`${target.url}/api/checkouts`, body, {
    headers: { 'Idempotency-Key': key },
  });
  assert.equal(replay.status, 201, replay.text);
  assert.equal((replay.json as Checkout).id, created.id, 'the replay names the old checkout');
  assert.equal(replay.headers['idempotent-replayed'], 'true');
  const reused = await sendJson(
    `${target.url}/api/checkouts`,
    { ...body, product: 'grinder' },
    { headers: { 'Idempotency-Key': key } },
  );
  assert.equal(reused.status, 409, reused.text);
  assert.equal((reused.json as { code: string }).code, 'idempotency_conflict');

  // The session the old proxy left open is taken once; the one it used is refused.
  const fromSession = await sendJson(
    `${target.url}/api/checkouts`,
    checkoutBody({ session: seeded.sessions.open }),
  );
  assert.equal(fromSession.status, 201, fromSession.text);
  const sessionCheckout = fromSession.json as Checkout;
  assert.deepEqual(
    [sessionCheckout.amount, sessionCheckout.currency.iso, sessionCheckout.success_url],
    ['42.00', 'EUR', 'https://shop.example/session-ok'],
  );
  for (const token of [seeded.sessions.open, seeded.sessions.used]) {
    const again = await sendJson(`${target.url}/api/checkouts`, checkoutBody({ session: token }));
    assert.equal(again.status, 422, again.text);
    assert.equal((again.json as { code: string }).code, 'session_invalid');
  }

  // The checkout the old proxy left `processing` is paid by the service's next callback; a late
  // callback does not move a final one.
  const processing = checkouts.processing!;
  const paid = await stack.control(`/payment-requests/${processing.request.id}/simulate`, {
    outcome: 'paid',
  });
  assert.equal(paid.status, 200, paid.text);
  await eventually(
    async () => (await status(target, processing.checkout.id)) === 'paid',
    'the old processing checkout paid',
  );
  const late = await sendSigned(
    `${target.url}/callbacks/processing`,
    stack.credentials,
    paymentRequestCallback(checkouts.paid!.request, 'failed'),
  );
  assert.equal(late.status, 200, late.text);
  assert.equal(await status(target, checkouts.paid!.checkout.id), 'paid', 'final stays final');

  // A new checkout, created and paid.
  const fresh = await sendJson(`${target.url}/api/checkouts`, checkoutBody());
  assert.equal(fresh.status, 201, fresh.text);
  const freshCheckout = fresh.json as Checkout;
  const request = await paymentRequestOf(stack, freshCheckout);
  const settled = await stack.control(`/payment-requests/${request.id}/simulate`, {
    outcome: 'paid',
  });
  assert.equal(settled.status, 200, settled.text);
  await eventually(
    async () => (await status(target, freshCheckout.id)) === 'paid',
    'the new checkout paid',
  );

  // Every event, old and new, reaches WEBHOOK_URL once; the new ones follow the old ones.
  const events = await readEvents(target);
  const has = (type: string, id: string) =>
    events.some((event) => event.type === type && event.data.id === id);
  assert.ok(has('checkout.paid', processing.checkout.id), 'the old checkout paid: an event');
  assert.ok(has('checkout.created', sessionCheckout.id), 'the session checkout: an event');
  assert.ok(has('checkout.paid', freshCheckout.id), 'the new checkout paid: an event');
  await untilDelivered(target.receiver, events, 'WEBHOOK_URL');

  // The merchant endpoint's receiver comes up: what was pending through the upgrade goes out,
  // and what the new proxy wrote since, each event of its types once.
  const { endpoint } = seeded;
  const merchant = await startWebhookReceiver(endpoint.secret, '/merchant-hooks', endpoint.port);
  try {
    const wanted = events.filter((event) => endpoint.eventTypes.includes(event.type));
    assert.ok(wanted.length >= 8, `events for the merchant endpoint: ${wanted.length}`);
    await untilDelivered(merchant, wanted, 'the merchant endpoint', 60_000);
    const attempts = (
      await adminGet(target, `/webhook-deliveries?endpoint_id=${endpoint.id}&limit=200`)
    ).json as { data: { status_code?: number }[] };
    assert.ok(
      attempts.data.some((attempt) => attempt.status_code === 204),
      'the delivery log lists the attempts that went through',
    );
  } finally {
    await merchant.close();
  }
}
