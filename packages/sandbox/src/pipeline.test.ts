import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { errorBody, errors, type ProcessingError } from '@crypto-pay/protocol';
import { invoiceRequest } from '@crypto-pay/test-kit/processing-requests';
import { REQUESTS, testSandbox } from './sandbox.test-helpers.ts';

const BALANCES = '/api/v2/accounts/list';

describe('the processing pipeline', () => {
  test('answers a well-signed request', async (t) => {
    const sandbox = testSandbox(t);
    const response = await sandbox.call(BALANCES, {});
    assert.equal(response.status, 200);
  });

  const cases: [string, Parameters<ReturnType<typeof testSandbox>['call']>, ProcessingError][] = [
    [
      'missing key',
      [BALANCES, {}, { headers: { 'X-Processing-Key': undefined } }],
      errors.missingKey,
    ],
    ['empty key', [BALANCES, {}, { headers: { 'X-Processing-Key': '' } }], errors.missingKey],
    ['wrong key', [BALANCES, {}, { headers: { 'X-Processing-Key': 'other-key' } }], errors.badKey],
    [
      'missing signature',
      [BALANCES, {}, { headers: { 'X-Processing-Signature': undefined } }],
      errors.missingSignature,
    ],
    [
      'signature of other bytes',
      [BALANCES, {}, { headers: { 'X-Processing-Signature': 'ab'.repeat(64) } }],
      errors.badSignature,
    ],
    [
      'signature not hex',
      [BALANCES, {}, { headers: { 'X-Processing-Signature': 'not-a-signature' } }],
      errors.badSignature,
    ],
    [
      'text/plain body',
      [BALANCES, {}, { headers: { 'Content-Type': 'text/plain' } }],
      errors.badContentFormat,
    ],
    [
      'no content type',
      [BALANCES, {}, { headers: { 'Content-Type': undefined } }],
      errors.badContentFormat,
    ],
    ['body that is not JSON', [BALANCES, '{"a":'], errors.badContentFormat],
    ['empty body', [BALANCES, ''], errors.badContentFormat],
    ['JSON array body', [BALANCES, '[]'], errors.badContentFormat],
    ['version v1 of the general API', ['/api/v1/accounts/list', {}], errors.wrongApiVersion],
    ['version v3 of the general API', ['/api/v3/accounts/list', {}], errors.wrongApiVersion],
    ['version v2 of the payments API', ['/api/payments/v2/requests', {}], errors.wrongApiVersion],
  ];
  for (const [name, args, expected] of cases) {
    test(`refuses a request with ${name}: ${expected.message}`, async (t) => {
      const sandbox = testSandbox(t);
      const response = await sandbox.call(...args);
      assert.equal(response.status, expected.status);
      assert.deepEqual(await response.json(), errorBody(expected));
    });
  }

  test('accepts a charset parameter on the content type', async (t) => {
    const sandbox = testSandbox(t);
    const response = await sandbox.call(
      BALANCES,
      {},
      { headers: { 'Content-Type': 'application/json; charset=utf-8' } },
    );
    assert.equal(response.status, 200);
  });

  test('checks the key before the signature, the signature before the body', async (t) => {
    const sandbox = testSandbox(t);
    const response = await sandbox.call(BALANCES, 'not json', {
      headers: { 'X-Processing-Key': 'wrong', 'X-Processing-Signature': undefined },
    });
    assert.deepEqual(await response.json(), errorBody(errors.badKey));
    const unsigned = await sandbox.call(BALANCES, 'not json', {
      headers: { 'X-Processing-Signature': 'ab'.repeat(64) },
    });
    assert.deepEqual(await unsigned.json(), errorBody(errors.badSignature));
  });

  test('refuses a disabled client, then a disabled merchant with the integer code 403', async (t) => {
    const sandbox = testSandbox(t);
    await sandbox.control('/merchant', { client_enabled: false, merchant_enabled: false });
    const client = await sandbox.call(REQUESTS, {});
    assert.equal(client.status, 403);
    assert.deepEqual(await client.json(), {
      error: 'Client is not enabled',
      code: 'client_disabled',
    });
    await sandbox.control('/merchant', { client_enabled: true });
    const merchant = await sandbox.call(REQUESTS, {});
    assert.equal(merchant.status, 403);
    assert.deepEqual(await merchant.json(), { error: 'Merchant is disabled.', code: 403 });
  });

  test('answers an unknown operation of an enabled version with 404 JSON', async (t) => {
    const sandbox = testSandbox(t);
    const response = await sandbox.call('/api/v2/nothing/here', {});
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { error: 'No such operation.', code: 404 });
  });

  test('the signature covers the exact bytes: re-serialised JSON does not verify', async (t) => {
    const sandbox = testSandbox(t);
    const { signBody } = await import('@crypto-pay/protocol');
    const signature = await signBody(sandbox.options.signingSecret, '{ }');
    const response = await sandbox.call(BALANCES, '{}', {
      headers: { 'X-Processing-Signature': signature },
    });
    assert.deepEqual(await response.json(), errorBody(errors.badSignature));
  });
});

describe('bodies the parser cannot hold', () => {
  const huge = `{"pad":"${'x'.repeat(1024 * 1024)}"}`;

  test('a body over 1 MiB is a bad content format, after the key and signature headers', async (t) => {
    const sandbox = testSandbox(t);
    const signed = await sandbox.call(BALANCES, huge);
    assert.equal(signed.status, 403);
    assert.deepEqual(await signed.json(), errorBody(errors.badContentFormat));
    const unsigned = await sandbox.call(BALANCES, huge, {
      headers: { 'X-Processing-Key': undefined },
    });
    assert.deepEqual(await unsigned.json(), errorBody(errors.missingKey));
    const noSignature = await sandbox.call(BALANCES, huge, {
      headers: { 'X-Processing-Signature': undefined },
    });
    assert.deepEqual(await noSignature.json(), errorBody(errors.missingSignature));
  });

  test('the control API refuses a body over 64 KiB with 413 JSON', async (t) => {
    const sandbox = testSandbox(t);
    const response = await sandbox.control('/clock', { advance_seconds: 1, pad: huge });
    assert.equal(response.status, 413);
    assert.deepEqual(await response.json(), {
      error: 'The body is too large.',
      code: 'body_too_large',
    });
    assert.equal(sandbox.clock.offsetSeconds(), 0);
  });

  test('a string escaping half a surrogate pair is a bad content format, and nothing is kept', async (t) => {
    const sandbox = testSandbox(t);
    // Valid JSON, yet no Unicode text: such a foreign_id cannot go into the invoice page's URL.
    const halves = [
      invoiceRequest().replace('"invoice-1"', '"invoice-\\ud800"'),
      invoiceRequest().replace('"Order 42"', '"Order \\udc00"'),
      invoiceRequest().replace('"title"', '"\\ud800title"'),
    ];
    for (const body of halves) {
      const response = await sandbox.call('/api/v2/invoices/create', body);
      assert.equal(response.status, 403, body);
      assert.deepEqual(await response.json(), errorBody(errors.badContentFormat));
    }
    const list = await sandbox.control('/invoices');
    assert.equal(list.status, 200);
    assert.deepEqual(await list.json(), []);
    const pair = invoiceRequest().replace('"Order 42"', '"Order \\ud83d\\ude00"');
    assert.equal((await sandbox.call('/api/v2/invoices/create', pair)).status, 201);
  });

  test('deeply nested JSON is a bad content format, not a crash', async (t) => {
    const sandbox = testSandbox(t);
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const response = await sandbox.call(REQUESTS, `{"amount":${deep}}`);
    assert.equal(response.status, 403);
    assert.deepEqual(await response.json(), errorBody(errors.badContentFormat));
  });
});
