/**
 * Bad input to every route of the sandbox: processing routes signed right (so validation runs)
 * or wrong, other API versions, the control API and the hosted pages, with random and mutated
 * bodies, headers and encodings. Never a 5xx, every API error `{error, code}` JSON, the
 * process keeps running, and a refused request creates nothing.
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { SENDER } from '../support/checkouts.ts';
import {
  assertWellFormed,
  DEEPLY_NESTED,
  encodedBody,
  type FuzzRequest,
  fuzzHeaders,
  mutated,
  pathSegment,
} from '../support/fuzz.ts';
import { type Answer, hmacHex, send } from '../support/http.ts';
import { type ServerProcess, startServerProcess } from '../support/process.ts';

const LONG = process.env.RELIABILITY_LONG === '1';
const RUNS = LONG ? 20_000 : 600;
const KEY = 'sandbox-key';
const SECRET = 'sandbox-secret';

let sandbox: ServerProcess;
before(async () => {
  sandbox = await startServerProcess({
    name: 'sandbox',
    bin: 'packages/sandbox/bin/crypto-pay-sandbox.mjs',
    args: ['--port', '0'],
    env: {},
    ready: /crypto-pay-sandbox listening on (\S+)/,
  });
});
after(() => sandbox?.stop());

const paymentRequest = {
  amount: '25.00',
  currency: { iso: 'EUR' },
  life_time_duration: 3600,
  end_user_reference: 'customer-1',
  payment_currency: { iso: 'BTC', network_name: 'bitcoin' },
  ...SENDER,
};
const invoice = {
  end_user_reference: 'customer-1',
  timer: false,
  title: 'Order 42',
  foreign_id: 'invoice-1',
  currency: 'EUR',
  amount: 12.5,
  url_success: 'https://shop.example/ok',
  url_failed: 'https://shop.example/ko',
  email_user: 'ada@example.org',
  ...SENDER,
};
const withdrawal = {
  currency: 'BTC',
  amount: 0.001,
  address: 'tb1qdestination',
  foreign_id: 'payout-1',
  end_user_reference: 'customer-1',
  ...SENDER,
  receiver_type: 'self',
};

const json = (valid: Record<string, unknown>) =>
  fc.oneof({ weight: 3, arbitrary: mutated(valid) }, fc.jsonValue({ maxDepth: 4 }));

/** A processing call: signed over the exact bytes most of the time. */
function processing(
  method: fc.Arbitrary<string>,
  path: fc.Arbitrary<string>,
  body: fc.Arbitrary<unknown>,
) {
  return fc
    .record({
      method,
      path,
      body: encodedBody(body),
      headers: fuzzHeaders(),
      auth: fc.constantFrom(
        'signed',
        'signed',
        'signed',
        'odd-headers',
        'bad-signature',
        'no-key',
        'none',
      ),
    })
    .map(({ method, path, body, headers, auth }): FuzzRequest => {
      const bytes = body ?? Buffer.alloc(0);
      // Only the 'odd-headers' variant changes the content type, so most calls reach validation.
      const all: Record<string, string> =
        auth === 'odd-headers'
          ? { 'Content-Type': 'application/json', ...headers }
          : { ...headers, 'Content-Type': 'application/json' };
      if (auth !== 'none' && auth !== 'no-key') all['X-Processing-Key'] = KEY;
      if (auth === 'signed' || auth === 'odd-headers' || auth === 'no-key')
        all['X-Processing-Signature'] = hmacHex(SECRET, bytes);
      if (auth === 'bad-signature') all['X-Processing-Signature'] = hmacHex('guess', bytes);
      return { method, path, headers: all, ...(body ? { body } : {}) };
    });
}

function plain(
  method: fc.Arbitrary<string>,
  path: fc.Arbitrary<string>,
  body: fc.Arbitrary<Buffer | undefined>,
) {
  return fc
    .record({ method, path, body, headers: fuzzHeaders() })
    .map(({ body, ...rest }): FuzzRequest => (body ? { ...rest, body } : rest));
}

const requests = fc.oneof(
  processing(fc.constant('POST'), fc.constant('/api/payments/v1/requests'), json(paymentRequest)),
  processing(
    fc.constant('POST'),
    fc.constantFrom('/api/v2/accounts/list', '/api/v2/currencies/list'),
    fc.oneof(fc.constant({}), fc.jsonValue({ maxDepth: 2 })),
  ),
  processing(fc.constant('POST'), fc.constant('/api/v2/invoices/create'), json(invoice)),
  processing(
    fc.constant('POST'),
    pathSegment.map((id) => `/api/v2/invoices/${id}/cancel/`),
    fc.oneof(fc.constant({}), fc.jsonValue({ maxDepth: 2 })),
  ),
  processing(fc.constant('POST'), fc.constant('/api/v2/withdrawal/crypto'), json(withdrawal)),
  processing(
    fc.constant('GET'),
    fc.constant('/api/v2/transactions/info'),
    json({ id: 1, foreign_id: 'x' }),
  ),
  processing(
    fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
    fc
      .array(pathSegment, { maxLength: 3 })
      .chain((parts) =>
        fc
          .constantFrom('/api/v1/', '/api/v3/', '/api/v2/', '/api/payments/v2/', '/api/')
          .map((base) => `${base}${parts.join('/')}`),
      ),
    fc.jsonValue({ maxDepth: 2 }),
  ),
  plain(
    fc.constant('POST'),
    fc
      .tuple(fc.constantFrom('payment-requests', 'invoices', 'withdrawals'), pathSegment)
      .map(([kind, id]) => `/_sandbox/${kind}/${id}/simulate`),
    encodedBody(
      fc.oneof(
        fc.record({ outcome: fc.constantFrom('paid', 'failed', 'confirmed', 'cancelled', 'x') }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
    ),
  ),
  plain(
    fc.constantFrom('GET', 'POST'),
    fc.constantFrom(
      '/_sandbox/clock',
      '/_sandbox/faults',
      '/_sandbox/merchant',
      '/_sandbox/callbacks',
      '/_sandbox/payment-requests',
      '/_sandbox/invoices',
      '/_sandbox/withdrawals',
    ),
    encodedBody(fc.jsonValue({ maxDepth: 2 })),
  ),
  plain(
    fc.constantFrom('GET', 'POST'),
    fc.tuple(fc.constantFrom('pay', 'invoice'), pathSegment).map(([kind, id]) => `/${kind}/${id}`),
    encodedBody(fc.jsonValue({ maxDepth: 1 })),
  ),
);

const count = async (path: string) =>
  ((await send(`${sandbox.url}/_sandbox/${path}`)).json as unknown[]).length;

/** Puts back what a fuzzed control call may have changed: faults, switches, callback URL. */
async function resetControls() {
  await send(`${sandbox.url}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  await send(`${sandbox.url}/_sandbox/merchant`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_enabled: true, merchant_enabled: true, callback_url: null }),
  });
}

test(`${RUNS} fuzzed requests over every sandbox route: no 5xx, JSON errors, nothing created`, async (t) => {
  const created = { 'payment-requests': 0, invoices: 0, withdrawals: 0 };
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(requests, async (request) => {
      const answer: Answer = await send(`${sandbox.url}${request.path}`, {
        method: request.method,
        headers: request.headers,
        ...(request.body ? { body: request.body } : {}),
        timeoutMs: 10_000,
      });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const isPage = /^\/(pay|invoice)\//.test(request.path);
      if (isPage)
        assert.ok(
          answer.status < 500,
          `${request.method} ${request.path} answered ${answer.status}`,
        );
      else assertWellFormed(request, answer);
      if (answer.status < 300 && request.path === '/api/payments/v1/requests')
        created['payment-requests']++;
      if (answer.status < 300 && request.path === '/api/v2/invoices/create') created.invoices++;
      if (answer.status < 300 && request.path === '/api/v2/withdrawal/crypto')
        created.withdrawals++;
      if (request.path.startsWith('/_sandbox/') && request.method === 'POST') await resetControls();
    }),
    { numRuns: RUNS, includeErrorInReport: true },
  );
  t.diagnostic(`statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
  assert.equal(sandbox.child.exitCode, null, 'the sandbox is still running');
  for (const [kind, n] of Object.entries(created)) {
    assert.equal(await count(kind), n, `${kind}: only accepted requests create records`);
  }
});

test('deeply nested JSON is refused with a 4xx on the processing routes', async () => {
  for (const body of DEEPLY_NESTED) {
    for (const [method, path] of [
      ['POST', '/api/payments/v1/requests'],
      ['POST', '/api/v2/accounts/list'],
      ['GET', '/api/v2/transactions/info'],
    ] as const) {
      const headers = {
        'Content-Type': 'application/json',
        'X-Processing-Key': KEY,
        'X-Processing-Signature': hmacHex(SECRET, body),
      };
      const answer = await send(`${sandbox.url}${path}`, { method, headers, body });
      assertWellFormed({ method, path, headers }, answer);
    }
  }
});
