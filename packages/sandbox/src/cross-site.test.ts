import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { invoiceRequest } from '@crypto-pay/test-kit/processing-requests';
import {
  createPaymentRequest,
  ORIGIN,
  type TestSandbox,
  testSandbox,
} from './sandbox.test-helpers.ts';

const EVIL = 'https://evil.example';

/** A POST as a page's `fetch` or form would send it: `headers` say from where and what. */
const post = (sandbox: TestSandbox, path: string, body: string, headers: Record<string, string>) =>
  sandbox.app.request(`${ORIGIN}${path}`, { method: 'POST', headers, body });

/** Every state-changing control route, with a body it takes. */
async function controlCalls(sandbox: TestSandbox): Promise<[string, object][]> {
  const { id } = await createPaymentRequest(sandbox);
  const invoiced = await sandbox.general(
    '/invoices/create',
    invoiceRequest({ foreign_id: 'inv-1' }),
  );
  assert.equal(invoiced.status, 201, await invoiced.text());
  return [
    [`/_sandbox/payment-requests/${id}/simulate`, { outcome: 'paid' }],
    ['/_sandbox/invoices/inv-1/simulate', { outcome: 'confirmed' }],
    ['/_sandbox/withdrawals/1/simulate', { outcome: 'confirmed' }],
    ['/_sandbox/clock', { advance_seconds: 60 }],
    ['/_sandbox/faults', { fail_next: 1 }],
    ['/_sandbox/merchant', { callback_url: 'http://attacker.example/hook' }],
  ];
}

describe('the control API refuses what another site’s page sends', () => {
  test('a text/plain simulate from evil.example is 403 and the payment request stays unpaid', async (t) => {
    const sandbox = testSandbox(t);
    const { id } = await createPaymentRequest(sandbox);
    const answer = await post(
      sandbox,
      `/_sandbox/payment-requests/${id}/simulate`,
      '{"outcome":"paid"}',
      {
        'Content-Type': 'text/plain',
        Origin: EVIL,
        'Sec-Fetch-Site': 'cross-site',
      },
    );
    assert.equal(answer.status, 403);
    assert.deepEqual(await answer.json(), {
      error: 'Another site’s page may not use the sandbox’s control API.',
      code: 'origin_not_allowed',
    });
    assert.equal(sandbox.store.paymentRequests.get(id)!.status, 'created');
  });

  test('a callback_url from evil.example is 403, even as JSON, and callbacks still go where they went', async (t) => {
    const sandbox = testSandbox(t, { callbackUrl: 'http://127.0.0.1:9/callbacks' });
    const answer = await post(
      sandbox,
      '/_sandbox/merchant',
      JSON.stringify({ callback_url: 'http://attacker.example/hook' }),
      { 'Content-Type': 'application/json', Origin: EVIL },
    );
    assert.equal(answer.status, 403);
    assert.equal(sandbox.store.merchant.callbackUrl, 'http://127.0.0.1:9/callbacks');
  });

  test('every state-changing route: 403 from another origin, 415 for a body not declared JSON, nothing changed', async (t) => {
    const sandbox = testSandbox(t);
    const calls = await controlCalls(sandbox);
    const before = JSON.stringify([...sandbox.store.paymentRequests.values()]);
    for (const [path, body] of calls) {
      for (const [headers, status] of [
        [{ 'Content-Type': 'application/json', Origin: EVIL }, 403],
        [{ 'Content-Type': 'text/plain', Origin: EVIL }, 403],
        [{ 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null' }, 403],
        [{ 'Content-Type': 'text/plain' }, 415],
        [{}, 415],
        [{ 'Content-Type': 'text/plain', Origin: ORIGIN }, 415],
      ] as const) {
        const answer = await post(sandbox, path, JSON.stringify(body), headers);
        assert.equal(answer.status, status, `${path} with ${JSON.stringify(headers)}`);
        assert.equal(typeof ((await answer.json()) as { error: unknown }).error, 'string');
      }
    }
    assert.equal(JSON.stringify([...sandbox.store.paymentRequests.values()]), before);
    assert.equal(sandbox.clock.offsetSeconds(), 0);
    assert.equal(sandbox.store.faults.failNext, 0);
    assert.equal(sandbox.store.merchant.callbackUrl, null);
  });

  test('JSON from no page, from the sandbox’s own origin or a same-origin page still goes through', async (t) => {
    const sandbox = testSandbox(t);
    for (const headers of [
      { 'Content-Type': 'application/json' },
      { 'Content-Type': 'application/json; charset=utf-8', Origin: ORIGIN },
      // A page under a no-referrer policy sends `Origin: null`; the browser still says same-origin.
      { 'Content-Type': 'application/json', Origin: 'null', 'Sec-Fetch-Site': 'same-origin' },
    ]) {
      const answer = await post(sandbox, '/_sandbox/clock', '{"advance_seconds":1}', headers);
      assert.equal(answer.status, 200, JSON.stringify(headers));
    }
    assert.equal(sandbox.clock.offsetSeconds(), 3);
    const listed = await sandbox.app.request(`${ORIGIN}/_sandbox/payment-requests`, {
      headers: { Origin: EVIL },
    });
    assert.equal(listed.status, 200, 'reading changes nothing and is not refused');
  });
});

describe('the hosted pages’ buttons', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const formType = { 'Content-Type': 'application/x-www-form-urlencoded' };

  test('pressed on the payment page itself, they pay; posted from another site, nothing happens', async (t) => {
    const sandbox = testSandbox(t);
    const { id, payment_link } = await createPaymentRequest(sandbox);
    const path = new URL(payment_link).pathname;
    const fields = form({ currency: 'BTC', outcome: 'paid' });

    const forged = await post(sandbox, path, fields, { ...formType, Origin: EVIL });
    assert.equal(forged.status, 403);
    assert.match(await forged.text(), /Another site’s page may not press this page’s buttons/);
    assert.equal(sandbox.store.paymentRequests.get(id)!.status, 'created');

    // What a browser sends when the customer presses the page's own button.
    const own = { ...formType, Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' };
    const pressed = await post(sandbox, path, fields, own);
    assert.equal(pressed.status, 303);
    assert.equal(sandbox.store.paymentRequests.get(id)!.status, 'paid');
  });

  test('the invoice page’s buttons work on the page and not from another site', async (t) => {
    const sandbox = testSandbox(t);
    const created = await sandbox.general(
      '/invoices/create',
      invoiceRequest({ foreign_id: 'inv-2' }),
    );
    assert.equal(created.status, 201, await created.text());
    const fields = form({ outcome: 'confirmed' });
    const forged = await post(sandbox, '/invoice/inv-2', fields, { ...formType, Origin: EVIL });
    assert.equal(forged.status, 403);
    assert.notEqual(sandbox.store.invoices.get('inv-2')!.status, 'confirmed');
    const pressed = await post(sandbox, '/invoice/inv-2', fields, { ...formType, Origin: ORIGIN });
    assert.equal(pressed.status, 303);
    assert.equal(sandbox.store.invoices.get('inv-2')!.status, 'confirmed');
  });

  test('the dashboard still shows, whoever links to it', async (t) => {
    const sandbox = testSandbox(t);
    const page = await sandbox.app.request(`${ORIGIN}/_sandbox/`, {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    assert.equal(page.status, 200);
  });
});
