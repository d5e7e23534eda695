/**
 * The upgrade tests' one scenario, on either database: rows in every table made through the
 * previous release's proxy (its HTTP API and the sandbox), what the APIs show of them, and the
 * checks, once the new proxy runs on the same database, that every row and behaviour is intact.
 */

import assert from 'node:assert/strict';
import type { Checkout, WebhookEvent } from '@crypto-pay/protocol/proxy-api';
import {
  checkoutBody,
  invoiceBody,
  type PaymentRequestRef,
  paymentRequestCallback,
  paymentRequestOf,
} from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { type Answer, send, sendJson, sendSigned } from '@crypto-pay/test-kit/http';
import { freePort } from '@crypto-pay/test-kit/process';
import type { Stack } from '@crypto-pay/test-kit/stack';
import type { WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { untilCallbacksAnswered } from './rolling-checks.ts';

/**
 * Retries every 500 ms for 200 s: a delivery to a receiver that is down stays pending through the
 * upgrade (a spent schedule would make it `failed`), and goes out soon after the receiver is up.
 */
export const RETRY_SCHEDULE_MS = Array.from({ length: 400 }, () => 500).join(',');

/** Where the scenario talks to the proxies: one of them, or a balancer in front of them. */
export interface Target {
  stack: Stack;
  url: string;
  /** The receiver of WEBHOOK_URL. */
  receiver: WebhookReceiver;
}

const auth = (stack: Stack) => ({ Authorization: `Bearer ${stack.adminToken}` });
export const adminGet = (target: Target, path: string) =>
  send(`${target.url}/admin${path}`, { headers: auth(target.stack) });
export const adminPost = (target: Target, path: string, body: unknown = {}) =>
  sendJson(`${target.url}/admin${path}`, body, { headers: auth(target.stack) });

function expectStatus(answer: Answer, status: number, what: string): unknown {
  assert.equal(answer.status, status, `${what}: ${answer.text}`);
  return answer.json;
}

/** What the scenario made before the upgrade, to be found again after it. */
export interface Seeded {
  /** Every checkout, by the role it plays. */
  checkouts: Record<string, { checkout: Checkout; request: PaymentRequestRef }>;
  idempotency: { key: string; body: Record<string, unknown> };
  sessions: { used: string; open: string };
  /** The merchant API's endpoint whose receiver is down: its deliveries stay pending. */
  endpoint: { id: string; secret: string; port: number; eventTypes: string[] };
}

/** What the APIs show: compared before the upgrade (old proxy) and after it (new proxy). */
export interface Shown {
  checkouts: unknown;
  /** The public view of each checkout and its ETag. */
  publicViews: Record<string, { json: unknown; etag: unknown }>;
  callbacks: unknown;
  events: WebhookEvent[];
  endpoints: unknown;
}

const SESSION = {
  amount: '42.00',
  currency: 'EUR',
  description: 'Upgrade basket',
  url_success: 'https://shop.example/session-ok',
  url_failed: 'https://shop.example/session-ko',
};

/**
 * The checkouts the sandbox settles, by role: the outcome it plays, what the checkout shows then
 * (status and what the service's callback says beyond it), and what the create leaves out.
 */
const PLAYED: Record<
  string,
  { outcome: string; shows: Record<string, string>; leavesOut?: string }
> = {
  paid: { outcome: 'paid', shows: { status: 'paid' } },
  overpaid: {
    outcome: 'overpaid',
    shows: { status: 'paid', status_detail: 'overpaid', refund_instructions: 'email' },
  },
  // No email given: the customer asks the merchant for the refund.
  'underpaid, no email': {
    outcome: 'underpaid',
    shows: { status: 'failed', status_detail: 'underpaid', refund_instructions: 'merchant' },
    leavesOut: 'end_user_email',
  },
  underpaid: {
    outcome: 'underpaid',
    shows: { status: 'failed', status_detail: 'underpaid', refund_instructions: 'email' },
  },
  failed: { outcome: 'failed', shows: { status: 'failed' } },
  expired: { outcome: 'expired', shows: { status: 'expired' } },
};

/**
 * Makes rows in every table through the old proxy at `target`: checkouts in every status (by
 * product, session and open amount; with and without a payment currency; with status details and
 * refund instructions), a session used and one open, an idempotency key, callbacks of payment
 * requests and an invoice, webhook events delivered to WEBHOOK_URL and pending for a merchant
 * endpoint whose receiver is down, rate buckets (every create takes one).
 */
export async function seed(target: Target): Promise<Seeded> {
  const { stack } = target;
  const port = await freePort();
  const eventTypes = ['checkout.created', 'checkout.paid', 'invoice.confirmed'];
  const endpoint = expectStatus(
    await adminPost(target, '/webhook-endpoints', {
      url: `http://127.0.0.1:${port}/merchant-hooks`,
      event_types: eventTypes,
    }),
    201,
    'endpoint',
  ) as { id: string; secret: string };

  const session = async (foreignId: string) =>
    (
      expectStatus(
        await adminPost(target, '/checkout-sessions', { ...SESSION, foreign_id: foreignId }),
        201,
        'session',
      ) as { session: string }
    ).session;
  // /readyz writes its probe row: readiness means the store can still write.
  expectStatus(await send(`${target.url}/readyz`), 200, 'readyz');
  const sessions = {
    used: await session('upgrade-session-used'),
    open: await session('upgrade-session-open'),
  };

  const checkouts: Seeded['checkouts'] = {};
  const create = async (
    role: string,
    pricing?: Record<string, unknown>,
    overrides = {},
    headers = {},
  ) => {
    const body = checkoutBody(pricing, overrides);
    const answer = await sendJson(`${target.url}/api/checkouts`, body, { headers });
    const checkout = expectStatus(answer, 201, `create ${role}`) as Checkout;
    checkouts[role] = { checkout, request: await paymentRequestOf(stack, checkout) };
    return body;
  };
  const idempotency = {
    key: 'upgrade-key-1',
    body: await create('created', undefined, {}, { 'Idempotency-Key': 'upgrade-key-1' }),
  };
  await create(
    'open amount, no payment currency',
    { amount: '12.34', currency: 'USD' },
    {
      payment_currency: undefined,
    },
  );
  await create('session', { session: sessions.used });
  await create('processing');
  for (const [role, { leavesOut }] of Object.entries(PLAYED)) {
    await create(role, undefined, leavesOut ? { [leavesOut]: undefined } : {});
  }

  const settled = new Map<string, string>();
  const play = async (role: string, outcome: string, status: string) => {
    const { request } = checkouts[role]!;
    const simulated = await stack.control(`/payment-requests/${request.id}/simulate`, { outcome });
    expectStatus(simulated, 200, `simulate ${outcome}`);
    settled.set(request.id, status);
  };
  for (const [role, { outcome, shows }] of Object.entries(PLAYED)) {
    await play(role, outcome, shows.status!);
  }
  await play('session', 'paid', 'paid');
  // A checkout left in `processing`: the service's callback, signed, as it sends it.
  const processing = checkouts.processing!.request;
  expectStatus(
    await sendSigned(
      `${target.url}/callbacks/processing`,
      stack.credentials,
      paymentRequestCallback(processing, 'processing'),
    ),
    200,
    'processing callback',
  );
  expectStatus(
    await adminPost(target, '/invoices', invoiceBody({ foreign_id: 'upgrade-invoice-1' })),
    201,
    'invoice',
  );
  expectStatus(
    await stack.control('/invoices/upgrade-invoice-1/simulate', { outcome: 'confirmed' }),
    200,
    'invoice simulate',
  );
  await untilCallbacksAnswered(stack, settled, 'the sandbox callbacks answered');
  for (const [role, { shows }] of Object.entries(PLAYED)) {
    await eventually(
      async () => {
        const answer = await send(`${target.url}/api/checkouts/${checkouts[role]!.checkout.id}`);
        const json = answer.json as Record<string, unknown>;
        return Object.entries(shows).every(([field, value]) => json[field] === value);
      },
      `the ${role} checkout shows ${JSON.stringify(shows)}`,
    );
  }
  await eventually(
    async () => (await readEvents(target)).some((event) => event.type === 'invoice.confirmed'),
    'the invoice event',
  );
  await untilDelivered(target.receiver, await readEvents(target), 'WEBHOOK_URL');
  return { checkouts, idempotency, sessions, endpoint: { ...endpoint, port, eventTypes } };
}

/** Every event, oldest first, in pages as a merchant's back end reads them. */
export async function readEvents(target: Target, from?: string): Promise<WebhookEvent[]> {
  const events: WebhookEvent[] = [];
  let after = from;
  for (;;) {
    const page = expectStatus(
      await adminGet(target, `/events?limit=50${after ? `&after=${after}` : ''}`),
      200,
      'events',
    ) as { data: WebhookEvent[]; next_after?: string };
    events.push(...page.data);
    if (!page.next_after) return events;
    after = page.next_after;
  }
}

/** Waits until `receiver` has every one of `events`, verified, once per webhook-id. */
export async function untilDelivered(
  receiver: WebhookReceiver,
  events: readonly WebhookEvent[],
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const missing = () => events.filter((event) => !receiver.delivered().has(event.id));
  await eventually(
    () => missing().length === 0,
    `${events.length} events at ${what}`,
    timeoutMs,
  ).catch((error: Error) =>
    assert.fail(`${error.message}; missing ${JSON.stringify(missing().map((e) => e.type))}`),
  );
  for (const event of events) assert.deepEqual(receiver.delivered().get(event.id), event);
}

/** What the merchant API and the public API show of everything seeded. */
export async function shown(target: Target, seeded: Seeded): Promise<Shown> {
  const publicViews: Shown['publicViews'] = {};
  for (const { checkout } of Object.values(seeded.checkouts)) {
    const answer = await send(`${target.url}/api/checkouts/${checkout.id}`);
    publicViews[checkout.id] = {
      json: expectStatus(answer, 200, 'read'),
      etag: answer.headers.etag,
    };
  }
  const endpoints = expectStatus(
    await adminGet(target, '/webhook-endpoints'),
    200,
    'endpoints',
  ) as {
    data: Record<string, unknown>[];
  };
  return {
    checkouts: expectStatus(await adminGet(target, '/checkouts?limit=200'), 200, 'checkouts'),
    publicViews,
    callbacks: expectStatus(await adminGet(target, '/callbacks?limit=200'), 200, 'callbacks'),
    events: await readEvents(target),
    // What an endpoint is; not how its deliveries go now (status, failing_since).
    endpoints: endpoints.data.map(({ id, url, source, event_types, created_at }) => ({
      id,
      url,
      source,
      event_types,
      created_at,
    })),
  };
}
