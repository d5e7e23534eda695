/**
 * The refusals the other route tests do not reach, asked of every route that can give them, so
 * that the answer check every in-process answer passes (`assertDocumented`) holds them to
 * /openapi.json too: a wrong admin token and then too many, a body over the limit, and the
 * processing service's refusals passed through.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { freePort } from '@crypto-pay/test-kit/process';
import { LEGAL_SENDER, SENDER, SENDER_EMAIL } from '@crypto-pay/test-kit/senders';
import {
  adminHeaders,
  json,
  sandboxControl,
  type TestProxy,
  testProxy,
  useTestSandbox,
} from '../testing.test-helpers.ts';

const shared = useTestSandbox();

/** Each operation of the document as `METHOD /path`, its path parameters filled in. */
async function operations(proxy: TestProxy): Promise<{ method: string; path: string }[]> {
  const { paths } = await json(await proxy.request('/openapi.json'));
  return Object.entries(paths as Record<string, object>).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{[^}]+\}/g, '1'),
    })),
  );
}

const invoiceJson = (foreignId: string) =>
  `{"end_user_reference":"customer-42","timer":false,"title":"Order","foreign_id":"${foreignId}",
  "currency":"BTC","amount":0.0015,"url_success":"https://shop.example/ok",
  "url_failed":"https://shop.example/ko","email_user":"${SENDER_EMAIL}","sender_type":"natural",
  "sender_data":${JSON.stringify(SENDER.sender_data)}}`;

const withdrawalJson = (foreignId: string) =>
  `{"currency":"BTC","amount":0.001,"address":"tb1qexampleaddress000000000000000000000",
  "foreign_id":"${foreignId}","end_user_reference":"customer-42","sender_type":"legal",
  "sender_data":${JSON.stringify(LEGAL_SENDER.sender_data)},"receiver_type":"self"}`;

const post = (proxy: TestProxy, path: string, body: string) =>
  proxy.request(path, {
    method: 'POST',
    headers: { ...adminHeaders, 'Content-Type': 'application/json' },
    body,
  });

/** A call of each merchant route that asks the service, with a body it would take. */
async function serviceCalls(proxy: TestProxy): Promise<Response[]> {
  const get = (path: string) => proxy.request(path, { headers: adminHeaders });
  return [
    await get('/admin/balances'),
    await get('/admin/currencies'),
    await get('/admin/transactions?foreign_id=wd-1'),
    await get('/admin/transactions/1'),
    await post(proxy, '/admin/checkout-sessions', '{"amount":"42.00","currency":"EUR"}'),
    await post(proxy, '/admin/invoices', invoiceJson('inv-refused')),
    await post(proxy, '/admin/invoices/inv-refused/cancel', '{}'),
    await post(proxy, '/admin/withdrawals', withdrawalJson('wd-refused')),
  ];
}

describe('refusals, as /openapi.json lists them', () => {
  it('refuses a wrong admin token with 401 on every merchant route, then that address with 429', async () => {
    const wrong = { Authorization: 'Bearer not-the-admin-token-0000' };
    for (const [limit, statuses] of [
      ['1000', [401]],
      ['1', [401, 429]],
    ] as const) {
      const proxy = testProxy(shared.sandbox, { AUTH_FAILURES_PER_MINUTE: limit });
      const seen = new Set<number>();
      for (const { method, path } of await operations(proxy)) {
        // Signing in to the dashboard takes no bearer token (dashboard-sessions.test.ts).
        if (!path.startsWith('/admin/') || path === '/admin/session') continue;
        seen.add((await proxy.request(path, { method, headers: wrong })).status);
      }
      assert.deepEqual([...seen].sort(), statuses);
    }
  });

  it('refuses a body over 32 KiB with 413 on every route a body can be sent to, read or not', async () => {
    const proxy = testProxy(shared.sandbox);
    const body = JSON.stringify({ padding: 'x'.repeat(40_000) });
    for (const { method, path } of await operations(proxy)) {
      if (method === 'GET') continue;
      const response = await proxy.request(path, {
        method,
        headers: {
          ...adminHeaders,
          'Content-Type': 'application/json',
          'Content-Length': String(body.length),
        },
        body,
      });
      assert.equal(response.status, 413, `${method} ${path}`);
    }
  });

  it('answers a refusal of the proxy’s credentials as 502 upstream_refused on every route that calls the service', async () => {
    const proxy = testProxy(shared.sandbox, { PROCESSING_API_KEY: 'not-the-key' });
    for (const response of await serviceCalls(proxy)) {
      assert.equal(response.status, 502, response.url);
      const body = (await response.clone().json()) as Record<string, unknown>;
      assert.equal(body.code, 'upstream_refused', response.url);
      assert.equal(body.upstream_code, 'bad_header_key', response.url);
    }
  });

  it('answers the service’s 403 for a disabled merchant as 502 upstream_refused on every route that calls it', async () => {
    const proxy = testProxy(shared.sandbox);
    const disabled = await sandboxControl(shared.sandbox, '/merchant', { merchant_enabled: false });
    assert.equal(disabled.status, 200);
    try {
      for (const response of await serviceCalls(proxy)) {
        assert.equal(response.status, 502, response.url);
        const body = (await response.clone().json()) as Record<string, unknown>;
        assert.match(String(body.error), /disabled at the processing service/, response.url);
      }
    } finally {
      await sandboxControl(shared.sandbox, '/merchant', { merchant_enabled: true });
    }
  });

  it('passes the service’s 400 through for an invoice whose foreign_id it already has', async () => {
    const proxy = testProxy(shared.sandbox);
    assert.equal((await post(proxy, '/admin/invoices', invoiceJson('inv-twice'))).status, 201);
    assert.equal((await post(proxy, '/admin/invoices', invoiceJson('inv-twice'))).status, 400);
  });

  it('answers 502 on every route that calls the service when nothing answers there', async () => {
    const port = await freePort();
    const proxy = testProxy({
      baseUrl: `http://127.0.0.1:${port}/api/v2`,
      paymentsBaseUrl: `http://127.0.0.1:${port}/api/payments/v1`,
    });
    for (const response of await serviceCalls(proxy)) {
      assert.equal(response.status, 502, response.url);
    }
  });

  it('passes the service’s 409 through for an invoice already cancelled', async () => {
    const proxy = testProxy(shared.sandbox);
    assert.equal((await post(proxy, '/admin/invoices', invoiceJson('inv-409'))).status, 201);
    assert.equal((await post(proxy, '/admin/invoices/inv-409/cancel', '{}')).status, 200);
    assert.equal((await post(proxy, '/admin/invoices/inv-409/cancel', '{}')).status, 409);
  });
});
