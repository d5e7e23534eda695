/**
 * Secrets and personal data: after traffic over every route (successes, refusals, upstream
 * faults, callbacks, event streams read to their end, the merchant API), the signing secret and
 * the sender data sent appear in no response body or header of the proxy, no log line, no file
 * of the proxy's data directory, and no file of the widget's dist.
 *
 * "No log line" means every line either process wrote, stdout and stderr, with one rule for the
 * sandbox: it plays the service, which is sent the sender data and may answer it back, so its
 * answers are not searched, and its start-up banner shows its sandbox-only signing secret by
 * design; no other sandbox line may hold the secret, and none may hold sender data. Every other
 * stack of the suite (crash safety, storms, faults, fuzzing) gets the same search when it stops
 * (@crypto-pay/test-kit/stack); this file adds the proxy's answers and the widget's dist.
 */

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { signedHeadersSync } from '@crypto-pay/protocol/node';
import {
  checkoutBody,
  createdCheckout,
  invoiceBody,
  paymentRequestCallback,
  paymentRequestOf,
  sendCallback,
} from '@crypto-pay/test-kit/checkouts';
import { openEventStream } from '@crypto-pay/test-kit/event-streams';
import { type Answer, send, sendJson } from '@crypto-pay/test-kit/http';
import { filesUnder, findLeaks, logTexts, type Text } from '@crypto-pay/test-kit/leaks';
import { ROOT } from '@crypto-pay/test-kit/process';
import {
  LEGAL_SENDER,
  PERSONAL_SENTINELS,
  SENDER,
  SENDER_EMAIL,
} from '@crypto-pay/test-kit/senders';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';

const TIMEOUT_MS = 1000;
const WIDGET_DIST = join(ROOT, 'packages/widget/dist');

let stack: Stack;
const answers: Text[] = [];
/** A checkout session's token: the merchant's page holds it, the log must not. */
let sessionToken = '';
before(async () => {
  stack = await startStack({
    counting: true,
    proxyEnv: { UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) },
  });
});
after(() => stack?.stop());

/** Keeps every answer of the proxy, body and headers, for the search at the end. */
async function kept(what: string, answer: Promise<Answer>): Promise<Answer> {
  const result = await answer;
  answers.push({
    where: `${what} (${result.status})`,
    text: `${JSON.stringify(result.headers)}\n${result.text}`,
  });
  return result;
}

test('traffic over every route, including refusals and faults', async () => {
  const proxy = stack.proxy.url;
  const admin = { Authorization: `Bearer ${stack.adminToken}` };
  await kept('config', send(`${proxy}/api/config`));

  const checkout = await createdCheckout(proxy);
  await kept(
    'create legal',
    sendJson(`${proxy}/api/checkouts`, checkoutBody(undefined, LEGAL_SENDER)),
  );
  await kept(
    'create open amount',
    sendJson(`${proxy}/api/checkouts`, checkoutBody({ amount: '42.00', currency: 'EUR' })),
  );
  await kept(
    'create idempotent',
    sendJson(`${proxy}/api/checkouts`, checkoutBody(), {
      headers: { 'Idempotency-Key': 'secrets-1' },
    }),
  );
  await kept(
    'replay idempotent',
    sendJson(`${proxy}/api/checkouts`, checkoutBody(), {
      headers: { 'Idempotency-Key': 'secrets-1' },
    }),
  );
  await kept(
    'idempotency conflict',
    sendJson(`${proxy}/api/checkouts`, checkoutBody({ product: 'grinder' }), {
      headers: { 'Idempotency-Key': 'secrets-1' },
    }),
  );
  for (const [what, overrides] of [
    [
      'bad date of birth',
      {
        sender_data: {
          ...SENDER.sender_data,
          date_of_birth: `${SENDER.sender_data.first_name}-1984`,
        },
      },
    ],
    ['legal data for a natural sender', { sender_data: LEGAL_SENDER.sender_data }],
    ['unknown product', { product: SENDER.sender_data.last_name }],
    ['amount out of bounds', { product: undefined, amount: '100000.00', currency: 'EUR' }],
    ['bad email', { end_user_email: `${SENDER.sender_data.first_name} at example` }],
    ['service refuses the payment currency', { payment_currency: { iso: 'NOPE' } }],
    [
      'return address not allowed',
      { success_url: `https://evil.example/${SENDER.sender_data.last_name}` },
    ],
  ] as const) {
    await kept(
      what,
      sendJson(
        `${proxy}/api/checkouts`,
        checkoutBody(undefined, overrides as Record<string, unknown>),
      ),
    );
  }
  await kept(
    'not JSON',
    send(`${proxy}/api/checkouts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"sender_data": "${SENDER.sender_data.first_name}`,
    }),
  );

  const read = await kept('read', send(`${proxy}/api/checkouts/${checkout.id}`));
  await kept(
    'read 304',
    send(`${proxy}/api/checkouts/${checkout.id}`, {
      headers: { 'If-None-Match': String(read.headers.etag) },
    }),
  );
  // A stream open before the payment (its first message shows the checkout unpaid): it carries
  // every change and ends at the final status.
  const events = `${proxy}/api/checkouts/${checkout.id}/events`;
  const live = await openEventStream(events);
  assert.match(live.first, /"status":"created"/, 'the stream was open before the payment');

  // Callbacks: one from the sandbox after a simulated payment, forged and signed ones directly.
  const request = await paymentRequestOf(stack, checkout);
  await stack.control(`/payment-requests/${request.id}/simulate`, { outcome: 'paid' });
  const stream = await live.rest();
  assert.match(stream, /"status":"paid"/, 'the stream carried the final status before it ended');
  answers.push({ where: 'event stream to its end', text: stream });
  const paid = await (await openEventStream(events)).rest();
  answers.push({ where: 'event stream of a paid checkout', text: paid });
  const withEmail = paymentRequestCallback(request, 'paid', { end_user_email: SENDER_EMAIL });
  await kept('callback', sendCallback(stack, withEmail));
  await kept(
    'forged callback',
    send(`${proxy}/callbacks/processing`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...signedHeadersSync(stack.credentials.apiKey, 'a-guess', withEmail),
      },
      body: withEmail,
    }),
  );

  // The merchant API, with sender data where the operations carry it.
  const session = await kept(
    'session',
    sendJson(
      `${proxy}/admin/checkout-sessions`,
      { amount: '10.00', currency: 'EUR', end_user_reference: 'customer-9' },
      { headers: admin },
    ),
  );
  sessionToken = (session.json as { session: string }).session;
  assert.equal(
    (await kept('session price', send(`${proxy}/api/sessions/${sessionToken}`))).status,
    200,
  );
  const sessionCheckout = await kept(
    'session checkout',
    sendJson(`${proxy}/api/checkouts`, {
      ...checkoutBody(),
      product: undefined,
      session: sessionToken,
    }),
  );
  assert.equal(sessionCheckout.status, 201);
  for (const path of [
    '/admin/checkouts',
    `/admin/checkouts/${checkout.id}`,
    `/admin/checkouts?foreign_id=${encodeURIComponent(request.foreign_id)}`,
    '/admin/callbacks',
    `/admin/callbacks?foreign_id=${encodeURIComponent(request.foreign_id)}`,
    '/admin/balances',
    '/admin/currencies',
    '/admin/transactions/1',
    '/admin/transactions?foreign_id=none',
    '/openapi.json',
    '/healthz',
    '/readyz',
  ]) {
    await kept(path, send(`${proxy}${path}`, { headers: admin }));
  }
  const invoice = invoiceBody({ end_user_reference: 'customer-9', foreign_id: 'secrets-invoice' });
  await kept('invoice', sendJson(`${proxy}/admin/invoices`, invoice, { headers: admin }));
  await kept(
    'invoice refused',
    sendJson(
      `${proxy}/admin/invoices`,
      { ...invoice, sender_data: { ...SENDER.sender_data, date_of_birth: 'soon' } },
      { headers: admin },
    ),
  );
  await kept(
    'invoice cancel',
    sendJson(`${proxy}/admin/invoices/secrets-invoice/cancel`, {}, { headers: admin }),
  );
  await kept(
    'withdrawal',
    sendJson(
      `${proxy}/admin/withdrawals`,
      {
        currency: 'BTC',
        amount: 0.001,
        address: 'tb1qdestination',
        foreign_id: 'secrets-payout',
        end_user_reference: 'customer-9',
        ...SENDER,
        receiver_type: 'legal',
        receiver_data: LEGAL_SENDER.sender_data,
      },
      { headers: admin },
    ),
  );
  await kept('no token', send(`${proxy}/admin/checkouts`));

  // Upstream faults while sender data is in flight.
  await stack.control('/faults', { fail_next: 2, status: 500 });
  await kept('upstream 500', sendJson(`${proxy}/api/checkouts`, checkoutBody()));
  await stack.control('/faults', { drop_connection: true });
  await kept('upstream dropped', sendJson(`${proxy}/api/checkouts`, checkoutBody()));
  await stack.control('/faults', { latency_ms: TIMEOUT_MS + 500 });
  await kept('upstream slow', sendJson(`${proxy}/api/checkouts`, checkoutBody()));
  await stack.control('/faults', {});
  assert.ok(answers.length >= 35, `${answers.length} answers kept`);
  console.log(`# ${answers.map((answer) => answer.where).join(', ')}`);
});

test('the signing secret and the sender data appear in no answer, log line or stored file', async () => {
  await stack.proxy.stop();
  const needles = [stack.credentials.signingSecret, ...PERSONAL_SENTINELS];
  const proxyLog = logTexts('proxy', stack.proxy.lines);
  assert.ok(proxyLog.length > 40, 'the proxy logged the traffic');
  // The logs (both processes, the header's rule for the sandbox) and the data directory.
  assert.deepEqual([...findLeaks(answers, needles), ...stack.leaks()], []);
  // A session token is the merchant's to hand out: in answers to them, never in a log or file.
  assert.match(sessionToken, /^cps_/);
  assert.deepEqual(
    [
      ...findLeaks(proxyLog, [sessionToken]),
      ...findLeaks(filesUnder(stack.dataDir), [sessionToken]),
    ],
    [],
  );
});

test("the widget's dist holds no secret and no sender data", () => {
  if (!existsSync(join(WIDGET_DIST, 'crypto-pay.bundled.js'))) {
    const built = spawnSync('pnpm', ['--filter', '@crypto-pay/widget', 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    assert.equal(built.status, 0, 'the widget builds');
  }
  const files = filesUnder(WIDGET_DIST);
  assert.ok(files.some((file) => file.where.endsWith('crypto-pay.bundled.js')));
  const leaks = findLeaks(files, [
    stack.credentials.signingSecret,
    'PROCESSING_SIGNING_SECRET',
    'SANDBOX_SIGNING_SECRET',
    ...PERSONAL_SENTINELS,
  ]);
  assert.deepEqual(leaks, []);
});
