import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProcessingClient, ProcessingApiError } from '@crypto-pay/client';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import { LEGAL_SENDER, SENDER, SENDER_EMAIL } from '@crypto-pay/test-kit/senders';
import { callback } from '../../store/stores.test-helpers.ts';
import {
  API_KEY,
  adminHeaders,
  json,
  SIGNING_SECRET,
  useSandboxAndProxy,
} from '../../testing.test-helpers.ts';

const fixture = useSandboxAndProxy();

const get = (path: string) => fixture.proxy.request(path, { headers: adminHeaders });
const post = (path: string, body: unknown) =>
  fixture.proxy.request(path, {
    method: 'POST',
    headers: { ...adminHeaders, 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** An invoice body written by hand, so the amount is a JSON number with its exact digits. */
function invoiceJson(foreignId: string, amount = '0.00012345') {
  return `{"end_user_reference":"customer-42","timer":false,"title":"Order ${foreignId}",
    "foreign_id":"${foreignId}","currency":"BTC","amount":${amount},
    "url_success":"https://shop.example/ok","url_failed":"https://shop.example/ko",
    "email_user":"${SENDER_EMAIL}","sender_type":"natural",
    "sender_data":${JSON.stringify(SENDER.sender_data)}}`;
}

describe('merchant API', () => {
  it('lists balances and currencies from the service', async () => {
    const balances = await get('/admin/balances');
    assert.equal(balances.status, 200);
    const btc = (await json(balances)).data.find(
      (entry: { currency: string }) => entry.currency === 'BTC',
    );
    assert.deepEqual(btc, { currency: 'BTC', type: 'crypto', balance: '1.25000000' });

    const currencies = await get('/admin/currencies');
    assert.equal(currencies.status, 200);
    const list = (await json(currencies)).data;
    assert.ok(list.some((entry: { currency: string }) => entry.currency === 'USDTT'));
  });

  it('creates an invoice with the exact amount digits, and cancels it', async () => {
    const created = await post('/admin/invoices', invoiceJson('inv-7001'));
    assert.equal(created.status, 201);
    const invoice = (await json(created)).data;
    assert.equal(invoice.foreign_id, 'inv-7001');
    assert.equal(invoice.amount, '0.00012345');
    assert.equal(invoice.status, 'created');

    const cancelled = await post('/admin/invoices/inv-7001/cancel', {});
    assert.equal(cancelled.status, 200);
    assert.deepEqual(await json(cancelled), []);
  });

  it('takes invoice and withdrawal amounts with an exponent, as Python and PHP write them', async () => {
    // json.dumps(0.00005) and json_encode(0.00005): BTC's minimum invoice amount.
    for (const [foreignId, amount] of [
      ['inv-py', '5e-05'],
      ['inv-php', '5.0e-5'],
    ] as const) {
      const created = await post('/admin/invoices', invoiceJson(foreignId, amount));
      assert.equal(created.status, 201, amount);
      assert.equal((await json(created)).data.amount, '0.00005000');
    }
    // The service's own rules judge the value: under BTC's minimum, too many places.
    const under = await post('/admin/invoices', invoiceJson('inv-under', '4e-5'));
    assert.equal(under.status, 422);
    assert.equal((await json(under)).error, 'The minimum amount is 0.00005 BTC.');
    const places = await post('/admin/invoices', invoiceJson('inv-places', '1.5e-9'));
    assert.equal(places.status, 422);
    assert.equal(
      (await json(places)).error,
      'The amount for BTC cannot have more than 8 decimal places.',
    );

    const withdrawal = await post(
      '/admin/withdrawals',
      `{"currency":"BTC","amount":1.0E-3,"address":"tb1qexampleaddress000000000000000000000",
      "foreign_id":"wd-exp","end_user_reference":"customer-42","sender_type":"legal",
      "sender_data":${JSON.stringify(LEGAL_SENDER.sender_data)},"receiver_type":"self"}`,
    );
    assert.equal(withdrawal.status, 201);
    assert.equal((await json(withdrawal)).data.amount, '0.00100000');
  });

  it('passes the service’s refusal through with its status, code and text', async () => {
    const response = await post('/admin/invoices/no-such-invoice/cancel', {});
    const direct = createProcessingClient({
      apiKey: API_KEY,
      signingSecret: SIGNING_SECRET,
      baseUrl: fixture.sandbox.baseUrl,
      paymentsBaseUrl: fixture.sandbox.paymentsBaseUrl,
    });
    const refusal = await direct.cancelInvoice('no-such-invoice').then(
      () => assert.fail('the service cancelled an unknown invoice'),
      (error: unknown) => error,
    );
    assert.ok(refusal instanceof ProcessingApiError);
    assert.equal(response.status, refusal.status);
    assert.deepEqual(await json(response), { error: refusal.message, code: refusal.code });
  });

  it('refuses an invoice or withdrawal body that is no object in a sentence', async () => {
    for (const path of ['/admin/invoices', '/admin/withdrawals']) {
      for (const body of ['[]', '"x"', 'null']) {
        const response = await post(path, body);
        assert.equal(response.status, 422, `${path} ${body}`);
        assert.deepEqual(await json(response), {
          error: 'The request body must be a JSON object.',
          code: 'invalid_request',
        });
      }
    }
  });

  it('refuses an invoice or withdrawal field it does not know by name, before calling the service', async () => {
    const withdrawal = `{"currency":"BTC","amount":0.001,"address":"tb1qexampleaddress000000000000000000000",
      "foreign_id":"wd-9002","end_user_reference":"customer-42","sender_type":"legal",
      "sender_data":${JSON.stringify(LEGAL_SENDER.sender_data)},"receiver_type":"self"`;
    for (const [path, body, name] of [
      // A misspelt refund_of dropped would send the money without its payment's check.
      ['/admin/withdrawals', `${withdrawal},"refundof":"co_1"}`, 'refundof'],
      ['/admin/invoices', invoiceJson('inv-7004').replace(/}$/, ',"titel":"x"}'), 'titel'],
    ] as const) {
      const response = await post(path, body);
      assert.equal(response.status, 422, path);
      const answer = await json(response);
      assert.equal(answer.code, 'unknown_field', path);
      assert.equal(answer.field, name, path);
    }
    const sent = await get('/admin/transactions?foreign_id=wd-9002');
    assert.notEqual(sent.status, 200, 'the service was not sent the withdrawal');
  });

  it('validates invoices with the protocol schema before calling the service', async () => {
    const response = await post(
      '/admin/invoices',
      invoiceJson('inv-7002').replace('"title":"Order inv-7002"', '"title":""'),
    );
    assert.equal(response.status, 422);
    assert.deepEqual(await json(response), {
      error: 'The title must be between 1 and 50 characters.',
      code: 'invalid_request',
      field: 'title',
    });
    const withoutName = await post(
      '/admin/invoices',
      invoiceJson('inv-7003').replace(`"first_name":"${SENDER.sender_data.first_name}",`, ''),
    );
    assert.equal(withoutName.status, 422);
    assert.equal((await json(withoutName)).field, 'sender_data.first_name');
  });

  it('refuses an invoice amount past the bound of every amount the proxy takes, before the service', async () => {
    for (const amount of [`1${'0'.repeat(30)}`, '1e40', `0.${'0'.repeat(30)}1`]) {
      const response = await post('/admin/invoices', invoiceJson('inv-huge', amount));
      assert.equal(response.status, 422, amount);
      assert.deepEqual(await json(response), {
        error: 'The amount must have at most 30 digits before its point and 30 after it.',
        code: 'invalid_request',
        field: 'amount',
      });
    }
    // 30 digits each side is still the service's to judge (here: too many places for BTC).
    const widest = await post(
      '/admin/invoices',
      invoiceJson('inv-widest', `${'9'.repeat(30)}.${'1'.repeat(30)}`),
    );
    assert.equal(
      (await json(widest)).error,
      'The amount for BTC cannot have more than 8 decimal places.',
    );
  });

  it('refuses a withdrawal amount or amount_to past the same bound, before the service', async () => {
    const withdrawal = (field: string, amount: string) =>
      `{"currency":"BTC","${field}":${amount},"address":"tb1qexampleaddress000000000000000000000",
      "foreign_id":"wd-huge","end_user_reference":"customer-42","sender_type":"legal",
      "sender_data":${JSON.stringify(LEGAL_SENDER.sender_data)},"receiver_type":"self"}`;
    for (const field of ['amount', 'amount_to']) {
      const response = await post('/admin/withdrawals', withdrawal(field, '1e40'));
      assert.equal(response.status, 422, field);
      assert.deepEqual(await json(response), {
        error: `The ${field} must have at most 30 digits before its point and 30 after it.`,
        code: 'invalid_request',
        field,
      });
    }
  });

  it('refuses an invoice foreign_id of . or .., which its cancel address could not carry', async () => {
    for (const foreignId of ['.', '..']) {
      const response = await post('/admin/invoices', invoiceJson(foreignId));
      assert.equal(response.status, 422, foreignId);
      assert.deepEqual(await json(response), {
        error:
          'The foreign_id of an invoice must not be “.” or “..”: it is a path segment of the cancel address.',
        code: 'invalid_request',
        field: 'foreign_id',
      });
    }
  });

  it('creates a withdrawal and finds its transaction by id and by foreign_id', async () => {
    const body = `{"currency":"BTC","amount":0.001,"address":"tb1qexampleaddress000000000000000000000",
      "foreign_id":"wd-9001","end_user_reference":"customer-42","sender_type":"legal",
      "sender_data":${JSON.stringify(LEGAL_SENDER.sender_data)},"receiver_type":"self"}`;
    const created = await post('/admin/withdrawals', body);
    assert.equal(created.status, 201);
    const withdrawal = (await json(created)).data;
    assert.equal(withdrawal.foreign_id, 'wd-9001');
    assert.equal(withdrawal.status, 'processing');

    const byForeignId = await get('/admin/transactions?foreign_id=wd-9001');
    assert.equal(byForeignId.status, 200);
    const transaction = await json(byForeignId);
    assert.equal(transaction.foreign_id, 'wd-9001');
    assert.equal(transaction.type, 'withdrawal');

    const byId = await get(`/admin/transactions/${transaction.id}`);
    assert.equal(byId.status, 200);
    assert.deepEqual(await json(byId), transaction);
  });

  it('refuses a bad transaction id or query, and passes through an unknown one', async () => {
    const bad = await get('/admin/transactions/abc');
    assert.equal(bad.status, 422);
    assert.equal((await json(bad)).field, 'id');
    const missing = await get('/admin/transactions');
    assert.equal(missing.status, 422);
    assert.equal((await json(missing)).error, 'The foreign_id is a mandatory field.');
    const unknown = await get('/admin/transactions/99999');
    assert.equal(unknown.status, 404);
  });

  it('lists checkouts newest first, by status, page by page', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fixture.proxy.request('/api/checkouts', {
        method: 'POST',
        json: checkoutBody(),
      });
      ids.push((await json(response)).id);
    }
    await fixture.proxy.store.advanceCheckout(
      ids[0]!,
      { status: 'paid', at: Date.now() },
      callback,
    );
    const all = await json(await get('/admin/checkouts'));
    assert.deepEqual(
      all.data.map((checkout: { id: string }) => checkout.id),
      [...ids].reverse(),
    );
    const first = all.data[2];
    assert.equal(first.status, 'paid');
    assert.equal(first.pricing, 'product');
    assert.equal(first.product, 'kettle');
    assert.match(first.foreign_id, /^cp_/);
    assert.equal(typeof first.payment_request_id, 'string');

    const paid = await json(await get('/admin/checkouts?status=paid'));
    assert.deepEqual(
      paid.data.map((checkout: { id: string }) => checkout.id),
      [ids[0]],
    );

    const page = await json(await get('/admin/checkouts?limit=2'));
    assert.equal(page.data.length, 2);
    const rest = await json(await get(`/admin/checkouts?limit=2&before=${page.next_before}`));
    assert.deepEqual(
      rest.data.map((checkout: { id: string }) => checkout.id),
      [ids[0]],
    );

    const badStatus = await get('/admin/checkouts?status=lost');
    assert.equal(badStatus.status, 422);
  });

  it('lets the back end confirm an order was paid, by checkout id or by its foreign_id', async () => {
    const session = await json(
      await post('/admin/checkout-sessions', {
        amount: '42.00',
        currency: 'EUR',
        foreign_id: 'order-1077',
      }),
    );
    const created = await fixture.proxy.request('/api/checkouts', {
      method: 'POST',
      json: checkoutBody({ session: session.session }),
    });
    const { id } = await json(created);
    // Another, newer checkout: a filter that is ignored would answer this one first.
    await fixture.proxy.request('/api/checkouts', { method: 'POST', json: checkoutBody() });
    await fixture.proxy.store.advanceCheckout(id, { status: 'paid', at: Date.now() }, callback);

    const one = await get(`/admin/checkouts/${id}`);
    assert.equal(one.status, 200);
    const checkout = await json(one);
    assert.equal(checkout.id, id);
    assert.equal(checkout.status, 'paid');
    assert.equal(checkout.foreign_id, 'order-1077');
    assert.equal(checkout.amount, '42.00');
    const listed = await json(await get('/admin/checkouts'));
    assert.deepEqual(
      listed.data.find((entry: { id: string }) => entry.id === id),
      checkout,
    );

    const byOrder = await json(await get('/admin/checkouts?foreign_id=order-1077'));
    assert.deepEqual(byOrder, { data: [checkout] });
    assert.deepEqual(await json(await get('/admin/checkouts?foreign_id=order-1078')), {
      data: [],
    });

    const unknown = await get('/admin/checkouts/AAAAAAAAAAAAAAAAAAAAAAAA');
    assert.equal(unknown.status, 404);
    assert.deepEqual(await json(unknown), {
      error: 'There is no checkout with this id.',
      code: 'checkout_not_found',
    });
  });

  it('refuses a query parameter a list does not know, naming it', async () => {
    const misspelt = await get('/admin/checkouts?foreign_idd=order-77');
    assert.equal(misspelt.status, 422);
    assert.deepEqual(await json(misspelt), {
      error:
        'The query parameter "foreign_idd" is not known here; it takes status, stale, foreign_id, q, detail, pricing, currency, created_from, created_to, amount_min, amount_max, before, limit.',
      code: 'unknown_field',
      field: 'foreign_idd',
    });
    const callbacks = await get('/admin/callbacks?order=order-77');
    assert.equal(callbacks.status, 422);
    assert.deepEqual(await json(callbacks), {
      error:
        'The query parameter "order" is not known here; it takes type, foreign_id, object_id, status, before, limit.',
      code: 'unknown_field',
      field: 'order',
    });
    const bogus = await get('/admin/callbacks?type=bogus');
    assert.equal(bogus.status, 422);
    assert.deepEqual(await json(bogus), {
      error:
        'The type must be one of payment_request, invoice, deposit, withdrawal, exchange or *_exchange.',
      code: 'invalid_request',
      field: 'type',
    });
    for (const type of ['payment_request', 'invoice', 'crypto_exchange']) {
      assert.equal((await get(`/admin/callbacks?type=${type}`)).status, 200, type);
    }
    const balances = await get('/admin/balances?currency=BTC');
    assert.equal(balances.status, 422);
    assert.deepEqual(await json(balances), {
      error: 'The query parameter "currency" is not known here; it takes none.',
      code: 'unknown_field',
      field: 'currency',
    });
    assert.equal((await get('/admin/currencies?type=crypto')).status, 422);
    const transactions = await get('/admin/transactions?foreign_id=wd-1&id=4');
    assert.equal(transactions.status, 422);
    assert.equal((await json(transactions)).field, 'id');
  });

  it('refuses a query parameter a read of one checkout or transaction does not know', async () => {
    const created = await fixture.proxy.request('/api/checkouts', {
      method: 'POST',
      json: checkoutBody(),
    });
    assert.equal(created.status, 201);
    const { id } = await json(created);
    assert.equal((await get(`/admin/checkouts/${id}`)).status, 200);
    const checkout = await get(`/admin/checkouts/${id}?expand=transactions`);
    assert.equal(checkout.status, 422);
    assert.deepEqual(await json(checkout), {
      error: 'The query parameter "expand" is not known here; it takes none.',
      code: 'unknown_field',
      field: 'expand',
    });
    const transaction = await get('/admin/transactions/4?foreign_id=wd-1');
    assert.equal(transaction.status, 422);
    assert.deepEqual(await json(transaction), {
      error: 'The query parameter "foreign_id" is not known here; it takes none.',
      code: 'unknown_field',
      field: 'foreign_id',
    });
  });
});
