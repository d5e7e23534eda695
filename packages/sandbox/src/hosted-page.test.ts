import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  ORIGIN,
  paymentRequestBody,
  REQUESTS,
  type TestSandbox,
  testSandbox,
} from './sandbox.test-helpers.ts';

async function create(sandbox: TestSandbox, overrides: Record<string, unknown> = {}) {
  const response = await sandbox.call(REQUESTS, paymentRequestBody(overrides));
  return ((await response.json()) as { data: { id: string; payment_link: string } }).data;
}

const post = (sandbox: TestSandbox, link: string, form: Record<string, string>) =>
  sandbox.app.request(link, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

describe('the hosted payment page', () => {
  test('shows the amount, a choice of currencies and a button per outcome, with no script', async (t) => {
    const sandbox = testSandbox(t);
    const { payment_link } = await create(sandbox, { description: '<script>alert(1)</script>' });
    const response = await sandbox.app.request(payment_link);
    assert.equal(response.status, 200);
    const page = await response.text();
    assert.match(page, /25\.00 EUR/);
    assert.match(page, /<input type="radio" name="currency" value="BTC" checked>/);
    assert.match(page, /value="USDTT"/);
    assert.doesNotMatch(page, /value="DOGE"/);
    for (const outcome of ['paid', 'underpaid', 'overpaid', 'failed', 'expired']) {
      assert.match(page, new RegExp(`name="outcome" value="${outcome}"`));
    }
    assert.doesNotMatch(page, /<script>/);
    assert.match(page, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  });

  test('offers only the forced currency', async (t) => {
    const sandbox = testSandbox(t);
    const { payment_link } = await create(sandbox, { payment_currency: { iso: 'LTC' } });
    const page = await (await sandbox.app.request(payment_link)).text();
    assert.match(page, /<input type="hidden" name="currency" value="LTC">/);
    assert.doesNotMatch(page, /type="radio"/);
  });

  test('paying sends the customer to url_success; failing to url_failed', async (t) => {
    const sandbox = testSandbox(t);
    const urls = {
      url_success: 'https://shop.example.com/ok?o=1',
      url_failed: 'https://shop.example.com/ko',
    };
    const paid = await create(sandbox, urls);
    const failed = await create(sandbox, urls);
    const pay = await post(sandbox, paid.payment_link, { currency: 'ETH', outcome: 'paid' });
    assert.equal(pay.status, 303);
    assert.equal(pay.headers.get('Location'), 'https://shop.example.com/ok?o=1');
    assert.equal(sandbox.store.paymentRequests.get(paid.id)!.payment!.currency.code, 'ETH');
    const fail = await post(sandbox, failed.payment_link, {
      currency: 'BTC',
      outcome: 'underpaid',
    });
    assert.equal(fail.headers.get('Location'), 'https://shop.example.com/ko');
    assert.equal(sandbox.store.paymentRequests.get(failed.id)!.status, 'failed');
  });

  test('choosing a currency first moves to processing and shows the address', async (t) => {
    const sandbox = testSandbox(t);
    const { id, payment_link } = await create(sandbox);
    const choose = await post(sandbox, payment_link, { currency: 'USDTT', outcome: 'choose' });
    assert.equal(choose.status, 303);
    assert.equal(choose.headers.get('Location'), `/pay/${id}`);
    const page = await (await sandbox.app.request(payment_link)).text();
    assert.match(page, /processing/);
    // 25.00 EUR at 0.92 EUR per USDT.
    assert.match(page, /Pay <strong>27\.173913 USDT \(tron\)<\/strong> to\s*<code>T/);
  });

  test('without return addresses it shows the result page', async (t) => {
    const sandbox = testSandbox(t);
    const { id, payment_link } = await create(sandbox);
    const response = await post(sandbox, payment_link, { outcome: 'expired' });
    assert.equal(response.headers.get('Location'), `/pay/${id}`);
    const page = await (await sandbox.app.request(payment_link)).text();
    assert.match(page, /This payment request is expired\./);
    const again = await post(sandbox, payment_link, { outcome: 'paid' });
    assert.equal(again.status, 409);
  });

  test('answers 404 for an unknown payment', async (t) => {
    const sandbox = testSandbox(t);
    assert.equal((await sandbox.app.request(`${ORIGIN}/pay/nope`)).status, 404);
  });
});

describe('the dashboard', () => {
  test('lists payment requests, balances and callbacks, escaped', async (t) => {
    const sandbox = testSandbox(t);
    const { id } = await create(sandbox, { foreign_id: '<b>order</b>' });
    await sandbox.control(`/payment-requests/${id}/simulate`, { outcome: 'paid' });
    await sandbox.callbacks.idle();
    const page = await (await sandbox.app.request(`${ORIGIN}/_sandbox/`)).text();
    assert.match(page, new RegExp(`href="/pay/${id}"`));
    assert.match(page, /&lt;b&gt;order&lt;\/b&gt;/);
    assert.match(page, /<td>USDTT<\/td><td>crypto<\/td><td>10000\.000000<\/td>/);
    assert.match(page, /No callback URL is set\./);
  });
});
