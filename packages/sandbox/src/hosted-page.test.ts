import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { jsonNumber, stringifyJson } from '@crypto-pay/protocol';
import { SENDER } from '@crypto-pay/test-kit/senders';
import {
  createPaymentRequest,
  ORIGIN,
  type TestSandbox,
  testSandbox,
} from './sandbox.test-helpers.ts';

const post = (sandbox: TestSandbox, link: string, form: Record<string, string>) =>
  sandbox.app.request(link, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

describe('the hosted payment page', () => {
  test('shows the amount, a choice of currencies and a button per outcome, with no script', async (t) => {
    const sandbox = testSandbox(t);
    const { payment_link } = await createPaymentRequest(sandbox, {
      description: '<script>alert(1)</script>',
    });
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

  test('created with a payment currency, it asks no choice and pays in that currency', async (t) => {
    const sandbox = testSandbox(t);
    const { id, payment_link } = await createPaymentRequest(sandbox, {
      payment_currency: { iso: 'USDT', network_name: 'tron' },
    });
    const page = await (await sandbox.app.request(payment_link)).text();
    // 25.00 EUR at 0.92 EUR per USDT, the amount the customer is asked for.
    assert.match(page, /Pay <strong>27\.173913 USDT \(tron\)<\/strong>/);
    assert.match(page, /<input type="hidden" name="currency" value="USDTT">/);
    assert.doesNotMatch(page, /type="radio"/);
    assert.doesNotMatch(page, /value="choose"|Choose this currency/);
    // Opening the page changes nothing; the first button the customer presses pays.
    assert.equal(sandbox.store.paymentRequests.get(id)!.status, 'created');
    const pay = await post(sandbox, payment_link, { currency: 'USDTT', outcome: 'paid' });
    assert.equal(pay.status, 303);
    const record = sandbox.store.paymentRequests.get(id)!;
    assert.equal(record.status, 'paid');
    assert.equal(record.payment!.currency.code, 'USDTT');
    assert.equal(record.payment!.amount, '27.173913');
  });

  test('created with a currency of several networks, it keeps the choice of network', async (t) => {
    const sandbox = testSandbox(t);
    const { payment_link } = await createPaymentRequest(sandbox, {
      payment_currency: { iso: 'USDT' },
    });
    const page = await (await sandbox.app.request(payment_link)).text();
    assert.match(page, /<input type="radio" name="currency" value="USDTE" checked>/);
    assert.match(page, /value="USDTT"/);
    assert.match(page, /Choose this currency/);
  });

  test('paying sends the customer to url_success; failing to url_failed', async (t) => {
    const sandbox = testSandbox(t);
    const urls = {
      url_success: 'https://shop.example.com/ok?o=1',
      url_failed: 'https://shop.example.com/ko',
    };
    const paid = await createPaymentRequest(sandbox, urls);
    const failed = await createPaymentRequest(sandbox, urls);
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
    const { id, payment_link } = await createPaymentRequest(sandbox);
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
    const { id, payment_link } = await createPaymentRequest(sandbox);
    const response = await post(sandbox, payment_link, { outcome: 'expired' });
    assert.equal(response.headers.get('Location'), `/pay/${id}`);
    const page = await (await sandbox.app.request(payment_link)).text();
    assert.match(page, /This payment request has expired\./);
    assert.match(page, /You can close this page and go back to the store's tab\./);
    const again = await post(sandbox, payment_link, { outcome: 'paid' });
    assert.equal(again.status, 409);
  });

  test('says how each closed payment request ended in plain words', async (t) => {
    const sandbox = testSandbox(t);
    const words = {
      paid: 'This payment request has been paid.',
      overpaid: 'This payment request has been paid.',
      underpaid: 'This payment request has failed.',
      failed: 'This payment request has failed.',
      expired: 'This payment request has expired.',
    };
    for (const [outcome, sentence] of Object.entries(words)) {
      const { payment_link } = await createPaymentRequest(sandbox);
      await post(sandbox, payment_link, { outcome });
      const page = await (await sandbox.app.request(payment_link)).text();
      assert.ok(page.includes(`<p>${sentence}</p>`), `${outcome}: ${sentence}`);
      assert.doesNotMatch(page, /request is (paid|failed|expired)/);
    }
  });

  test('is accessible: language, landmark, one heading, labelled controls, visible focus', async (t) => {
    const sandbox = testSandbox(t);
    const { payment_link } = await createPaymentRequest(sandbox);
    const page = await (await sandbox.app.request(payment_link)).text();
    assert.match(page, /<html lang="en">/);
    assert.match(page, /<main>[\s\S]*<\/main>/);
    // Nothing outside a landmark (axe's `region`): the banner is in the header.
    assert.match(page, /<body><header><p class="banner" role="note">[^<]*<\/p><\/header>\s*<main>/);
    // The icon is inline: no request for /favicon.ico, so no 404 on every load.
    assert.match(page, /<link rel="icon" href="data:image\/svg\+xml,/);
    assert.equal(page.match(/<h1>/g)?.length, 1);
    // Every radio sits inside its label; both groups of controls are named by a legend.
    const radios = page.match(/<input type="radio"/g)?.length ?? 0;
    assert.ok(radios > 1);
    assert.equal(page.match(/<label><input type="radio"/g)?.length, radios);
    assert.match(page, /<fieldset><legend>Pay with<\/legend>/);
    assert.match(page, /<fieldset><legend>Play the customer's part<\/legend>/);
    assert.match(page, /button:focus-visible[^{]*\{outline:3px solid/);
  });

  test('an unreadable form or a currency not offered answers 400 and changes nothing', async (t) => {
    const sandbox = testSandbox(t);
    const { id, payment_link } = await createPaymentRequest(sandbox);
    const garbled = await sandbox.app.request(payment_link, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      body: 'not a multipart body',
    });
    assert.equal(garbled.status, 400);
    assert.match(await garbled.text(), /Pick one of the buttons\./);
    const unknown = await post(sandbox, payment_link, { currency: 'NOPE', outcome: 'paid' });
    assert.equal(unknown.status, 400);
    assert.match(await unknown.text(), /Pick one of the currencies offered\./);
    assert.equal(sandbox.store.paymentRequests.get(id)!.status, 'created');
  });

  test('a known currency the request does not offer answers 400 naming it, never "on null"', async (t) => {
    const sandbox = testSandbox(t);
    const { id, payment_link } = await createPaymentRequest(sandbox, {
      payment_currency: { iso: 'ETH' },
    });
    for (const [code, named] of [
      ['EUR', 'EUR'],
      ['BTC', 'BTC \\(bitcoin\\)'],
    ] as const) {
      for (const outcome of ['choose', 'paid']) {
        const response = await post(sandbox, payment_link, { currency: code, outcome });
        assert.equal(response.status, 400);
        const text = await response.text();
        assert.match(text, new RegExp(`cannot be paid in ${named}\\.`));
        assert.doesNotMatch(text, /null/);
      }
    }
    assert.equal(sandbox.store.paymentRequests.get(id)!.status, 'created');
    assert.equal(sandbox.store.callbacks.length, 0);
  });

  test('refuses a form over 16 KiB with 413', async (t) => {
    const sandbox = testSandbox(t);
    const { id, payment_link } = await createPaymentRequest(sandbox);
    const response = await post(sandbox, payment_link, { outcome: 'paid', x: 'x'.repeat(20_000) });
    assert.equal(response.status, 413);
    assert.equal(sandbox.store.paymentRequests.get(id)!.status, 'created');
  });

  test('answers 404 for an unknown payment', async (t) => {
    const sandbox = testSandbox(t);
    assert.equal((await sandbox.app.request(`${ORIGIN}/pay/nope`)).status, 404);
  });
});

describe('the dashboard', () => {
  test('lists payment requests, balances and callbacks, escaped', async (t) => {
    const sandbox = testSandbox(t);
    const { id } = await createPaymentRequest(sandbox, { foreign_id: '<b>order</b>' });
    await sandbox.control(`/payment-requests/${id}/simulate`, { outcome: 'paid' });
    await sandbox.callbacks.idle();
    const page = await (await sandbox.app.request(`${ORIGIN}/_sandbox/`)).text();
    assert.match(page, new RegExp(`href="/pay/${id}"`));
    assert.match(page, /&lt;b&gt;order&lt;\/b&gt;/);
    assert.match(page, /<td>USDTT<\/td><td>crypto<\/td><td>10000\.000000<\/td>/);
    assert.match(page, /No callback URL is set\./);
  });

  test('lists invoices and withdrawals', async (t) => {
    const sandbox = testSandbox(t);
    const invoice = await sandbox.call(
      '/api/v2/invoices/create',
      stringifyJson({
        end_user_reference: 'customer-1',
        timer: false,
        title: 'Order <42>',
        foreign_id: 'invoice-9',
        currency: 'EUR',
        amount: jsonNumber('12.5'),
        url_success: 'https://shop.example.com/ok',
        url_failed: 'https://shop.example.com/ko',
        email_user: 'ada@example.com',
        ...SENDER,
      }),
    );
    assert.equal(invoice.status, 201);
    const withdrawal = await sandbox.call(
      '/api/v2/withdrawal/crypto',
      stringifyJson({
        currency: 'BTC',
        amount: jsonNumber('0.1'),
        address: 'tb1qdashboard',
        foreign_id: 'payout-9',
        end_user_reference: 'customer-1',
        ...SENDER,
        receiver_type: 'self',
      }),
    );
    assert.equal(withdrawal.status, 201);
    const page = await (await sandbox.app.request(`${ORIGIN}/_sandbox/`)).text();
    assert.match(page, /href="\/invoice\/invoice-9"/);
    assert.match(page, /<td>12\.50000000 EUR<\/td><td>Order &lt;42&gt;<\/td>/);
    assert.match(page, /<td>payout-9<\/td><td>processing<\/td><td>0\.10050000 BTC<\/td>/);
    assert.match(page, /<td>tb1qdashboard<\/td>/);
    assert.match(page, /<th scope="col">/);
  });
});
