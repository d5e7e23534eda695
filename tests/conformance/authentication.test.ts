/**
 * Every 403 row of the spec, on every operation, over real HTTP: the headers, the body
 * format, the API version, and the client and merchant switches.
 */

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errors, type ProcessingError } from '@crypto-pay/protocol';
import { signBodySync } from '@crypto-pay/protocol/node';
import { sendSigned } from '@crypto-pay/test-kit/http';
import { paymentRequest } from '@crypto-pay/test-kit/processing-requests';
import { type SandboxUnderTest, sandboxUnderTest } from './support/sandbox.ts';

interface Operation {
  name: string;
  method: string;
  path: (s: SandboxUnderTest) => string;
  body: string;
}

/** An operation of `{base_url}`; most take the body `{}` (enough to reach the 403 checks). */
const general = (name: string, path: string, method = 'POST', body = '{}'): Operation => ({
  name,
  method,
  path: (s) => `${s.running.baseUrl}${path}`,
  body,
});

const OPERATIONS: Operation[] = [
  {
    name: 'create payment request',
    method: 'POST',
    path: (s) => `${s.running.paymentsBaseUrl}/requests`,
    body: JSON.stringify(paymentRequest()),
  },
  general('list balances', '/accounts/list'),
  general('list currencies', '/currencies/list'),
  general('create invoice', '/invoices/create'),
  general('cancel invoice', '/invoices/any/cancel/'),
  general('create withdrawal', '/withdrawal/crypto'),
  general('transaction info', '/transactions/info', 'GET', '{"id":1}'),
];

type HeaderChange = Record<string, string | undefined>;

/** [spec condition, how the request is changed, expected error]. */
const ROWS: [
  string,
  (body: string) => { headers: HeaderChange; body?: string },
  ProcessingError,
][] = [
  ['key missing', () => ({ headers: { 'X-Processing-Key': undefined } }), errors.missingKey],
  ['key invalid', () => ({ headers: { 'X-Processing-Key': 'not-the-key' } }), errors.badKey],
  [
    'signature missing',
    () => ({ headers: { 'X-Processing-Signature': undefined } }),
    errors.missingSignature,
  ],
  [
    'signature invalid (other secret)',
    (body) => ({ headers: { 'X-Processing-Signature': signBodySync('another-secret', body) } }),
    errors.badSignature,
  ],
  [
    'signature invalid (upper-case hex of other bytes)',
    (body) => ({
      headers: {
        'X-Processing-Signature': signBodySync('sandbox-secret', `${body} `).toUpperCase(),
      },
    }),
    errors.badSignature,
  ],
  [
    'body format invalid (not JSON)',
    () => ({ headers: {}, body: 'amount=25' }),
    errors.badContentFormat,
  ],
  [
    'body format invalid (Content-Type text/plain)',
    () => ({ headers: { 'Content-Type': 'text/plain' } }),
    errors.badContentFormat,
  ],
  [
    'body format invalid (no Content-Type)',
    () => ({ headers: { 'Content-Type': undefined } }),
    errors.badContentFormat,
  ],
];

function call(
  sandbox: SandboxUnderTest,
  url: string,
  method: string,
  body: string,
  change: HeaderChange,
) {
  return sendSigned(url, sandbox.running, body, { method, headers: change });
}

describe('authentication: every 403 row on every operation', () => {
  let sandbox: SandboxUnderTest;
  before(async () => {
    sandbox = await sandboxUnderTest(null);
  });
  after(() => sandbox.running.close());

  for (const operation of OPERATIONS) {
    for (const [condition, change, expected] of ROWS) {
      test(`${operation.name}: ${condition} → 403 ${JSON.stringify(expected.code)}`, async () => {
        const changed = change(operation.body);
        const body = changed.body ?? operation.body;
        // The signature always covers the bytes actually sent, unless the row breaks it.
        const headers = {
          'X-Processing-Signature': signBodySync('sandbox-secret', body),
          ...changed.headers,
        };
        const answer = await call(
          sandbox,
          operation.path(sandbox),
          operation.method,
          body,
          headers,
        );
        assert.equal(answer.status, 403);
        assert.deepEqual(answer.json, { error: expected.message, code: expected.code });
      });
    }
  }

  for (const path of [
    '/api/v1/accounts/list',
    '/api/v3/currencies/list',
    '/api/payments/v2/requests',
    '/api/v2.1/accounts/list',
  ]) {
    test(`wrong api version ${path} → 403 "api_disabled"`, async () => {
      const answer = await call(sandbox, `${sandbox.running.url}${path}`, 'POST', '{}', {});
      assert.equal(answer.status, 403);
      assert.deepEqual(answer.json, {
        error: errors.wrongApiVersion.message,
        code: 'api_disabled',
      });
    });
  }

  test('client not enabled → 403 "client_disabled"; merchant disabled → 403 with the integer code 403', async (t) => {
    t.after(() => sandbox.control('/merchant', { client_enabled: true, merchant_enabled: true }));
    const switches: [object, object][] = [
      [{ client_enabled: false }, { error: 'Client is not enabled', code: 'client_disabled' }],
      [
        { client_enabled: true, merchant_enabled: false },
        { error: 'Merchant is disabled.', code: 403 },
      ],
    ];
    for (const [account, expected] of switches) {
      await sandbox.control('/merchant', account);
      for (const operation of OPERATIONS) {
        const { path, method, body } = operation;
        const answer = await call(sandbox, path(sandbox), method, body, {});
        assert.equal(answer.status, 403, operation.name);
        assert.deepEqual(answer.json, expected);
      }
    }
  });

  test('a disabled merchant creates nothing', async (t) => {
    t.after(() => sandbox.control('/merchant', { merchant_enabled: true }));
    await sandbox.control('/merchant', { merchant_enabled: false });
    await call(
      sandbox,
      `${sandbox.running.paymentsBaseUrl}/requests`,
      'POST',
      JSON.stringify(paymentRequest({ foreign_id: 'while-disabled' })),
      {},
    );
    const list = (await sandbox.control('/payment-requests')).json as {
      foreign_id: string | null;
    }[];
    assert.equal(
      list.some((item) => item.foreign_id === 'while-disabled'),
      false,
    );
  });
});
