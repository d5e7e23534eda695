/** The widget's checkout routes (`checkouts.ts`): create, its Idempotency-Key, and read. */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import { SENDER } from '@crypto-pay/test-kit/senders';
import { callback } from '../../store/stores.test-helpers.ts';
import {
  json,
  SHOP,
  sandboxControl,
  seen,
  testProxy,
  upstreamRequests,
  useSandboxAndProxy,
} from '../../testing.test-helpers.ts';

const fixture = useSandboxAndProxy();

describe('POST /api/checkouts', () => {
  it('creates a product checkout priced from the catalogue', async () => {
    const response = await fixture.proxy.createCheckout(checkoutBody({ product: 'kettle' }));
    assert.equal(response.status, 201);
    const checkout = await json(response);
    assert.match(checkout.id, /^[A-Za-z0-9_-]{22}$/);
    assert.equal(checkout.status, 'created');
    assert.equal(checkout.amount, '25.00');
    assert.deepEqual(checkout.currency, { iso: 'EUR' });
    assert.deepEqual(checkout.payment_currency, { iso: 'BTC', network_name: 'bitcoin' });
    assert.equal(checkout.success_url, `${SHOP}/thanks`);
    assert.equal(checkout.failed_url, `${SHOP}/sorry`);
    assert.ok(checkout.expires_at > Date.now() / 1000);
    assert.deepEqual(Object.keys(checkout).sort(), [
      'amount',
      'currency',
      'expires_at',
      'failed_url',
      'id',
      'payment_currency',
      'payment_link',
      'status',
      'success_url',
    ]);
    assert.equal(response.headers.get('Location'), `/api/checkouts/${checkout.id}`);

    const [upstream] = await upstreamRequests(fixture.sandbox);
    assert.equal(upstream.payment_link, checkout.payment_link);
    assert.equal(upstream.amount, '25.00');
    assert.equal(upstream.description, 'Pour-over kettle');
    assert.match(upstream.foreign_id, /^cp_[A-Za-z0-9_-]{22}$/);
    assert.notEqual(upstream.foreign_id, checkout.id);
  });

  it('derives the same end_user_reference for the same customer, and no personal data in it', async () => {
    await fixture.proxy.createCheckout(checkoutBody());
    const spaced = {
      ...checkoutBody(),
      sender_data: {
        ...SENDER.sender_data,
        first_name: `  ${SENDER.sender_data.first_name.toLowerCase()} `,
        last_name: SENDER.sender_data.last_name.toUpperCase(),
      },
    };
    await fixture.proxy.createCheckout(spaced);
    const [a, b] = [...fixture.sandbox.sandbox.store.paymentRequests.values()]
      .slice(-2)
      .map((record) => record.endUserReference);
    assert.equal(a, b);
    assert.match(a!, /^eur_[A-Za-z0-9_-]{43}$/);
    await fixture.proxy.createCheckout({
      ...checkoutBody(),
      sender_data: { ...SENDER.sender_data, date_of_birth: '1961-07-05' },
    });
    const other = [...fixture.sandbox.sandbox.store.paymentRequests.values()].at(
      -1,
    )?.endUserReference;
    assert.notEqual(other, a);
  });

  it('prices an open amount within the bounds and refuses one outside them', async () => {
    const ok = await fixture.proxy.createCheckout(
      checkoutBody({ amount: '12.50', currency: 'USD' }),
    );
    assert.equal(ok.status, 201);
    const checkout = await json(ok);
    assert.equal(checkout.amount, '12.50');
    assert.deepEqual(checkout.currency, { iso: 'USD' });

    const asObject = await fixture.proxy.createCheckout(
      checkoutBody({ amount: '10.00', currency: { iso: 'EUR' } }),
    );
    assert.equal(asObject.status, 201);
    assert.deepEqual((await json(asObject)).currency, { iso: 'EUR' });

    const AMOUNT_DIGITS =
      'The amount must be written in digits with a point before any decimals, such as "42.00" (no comma, space or exponent).';
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: '0.99', currency: 'EUR' }, 'The minimum amount is 1.00 EUR.', 'amount'],
      [{ amount: '500.01', currency: 'EUR' }, 'The maximum amount is 500.00 EUR.', 'amount'],
      [
        { amount: '10.001', currency: 'EUR' },
        'The amount for EUR cannot have more than 2 decimal places.',
        'amount',
      ],
      [{ amount: '10.00', currency: 'GBP' }, 'The currency must be one of EUR, USD.', 'currency'],
      [{ amount: '10.00' }, 'The currency is a mandatory field.', 'currency'],
      [{ amount: '1e3', currency: 'EUR' }, AMOUNT_DIGITS, 'amount'],
      // A European comma, a space: said how an amount is written, not that it is no string.
      [{ amount: '1,00', currency: 'EUR' }, AMOUNT_DIGITS, 'amount'],
      [
        { amount: 12, currency: 'EUR' },
        'The amount must be a decimal number written as a string.',
        'amount',
      ],
    ];
    for (const [pricing, error, field] of cases) {
      const response = await fixture.proxy.createCheckout(checkoutBody(pricing));
      assert.equal(response.status, 422, JSON.stringify(pricing));
      const body = await json(response);
      assert.equal(body.error, error);
      assert.equal(body.field, field);
      assert.equal(typeof body.code, 'string');
    }
  });

  it('keeps the network of a crypto-denominated open amount', async () => {
    fixture.proxy = testProxy(fixture.sandbox, { OPEN_AMOUNT_CURRENCIES: 'EUR,USDT' });
    const response = await fixture.proxy.createCheckout(
      checkoutBody({ amount: '10.00', currency: { iso: 'USDT', network_name: 'tron' } }),
    );
    assert.equal(response.status, 201);
    assert.deepEqual((await json(response)).currency, { iso: 'USDT', network_name: 'tron' });
    const [upstream] = await upstreamRequests(fixture.sandbox);
    assert.deepEqual(upstream.currency, { iso: 'USDT', network_name: 'tron' });
  });

  it('refuses open amounts where the merchant did not enable them', async () => {
    fixture.proxy = testProxy(fixture.sandbox, {
      OPEN_AMOUNT_MIN: undefined,
      OPEN_AMOUNT_MAX: undefined,
      OPEN_AMOUNT_CURRENCIES: undefined,
    });
    const response = await fixture.proxy.createCheckout(
      checkoutBody({ amount: '10.00', currency: 'EUR' }),
    );
    assert.equal(response.status, 422);
    assert.equal((await json(response)).code, 'open_amount_disabled');
  });

  it('needs exactly one pricing mode and a known product', async () => {
    for (const pricing of [{}, { product: 'kettle', amount: '5.00', currency: 'EUR' }]) {
      const response = await fixture.proxy.createCheckout(checkoutBody(pricing));
      assert.equal(response.status, 422);
      assert.equal((await json(response)).code, 'pricing_required');
    }
    const unknown = await fixture.proxy.createCheckout(checkoutBody({ product: 'teapot' }));
    assert.equal(unknown.status, 422);
    assert.deepEqual(await json(unknown), {
      error: 'The product is not in the catalogue.',
      code: 'unknown_product',
      field: 'product',
    });
  });

  it('accepts return addresses only on allowed origins', async () => {
    const allowed = await fixture.proxy.createCheckout({
      ...checkoutBody(),
      success_url: `${SHOP}/done?order=1`,
    });
    assert.equal(allowed.status, 201);
    assert.equal((await json(allowed)).success_url, `${SHOP}/done?order=1`);

    const foreign = await fixture.proxy.createCheckout({
      ...checkoutBody(),
      failed_url: 'https://evil.example/x',
    });
    assert.equal(foreign.status, 422);
    assert.deepEqual(await json(foreign), {
      error: 'The failed_url must be on an allowed origin.',
      code: 'url_not_allowed',
      field: 'failed_url',
    });
  });
});

describe('Idempotency-Key', () => {
  it('returns the same checkout for the same key and body, once upstream', async () => {
    const before = (await upstreamRequests(fixture.sandbox)).length;
    const key = { 'Idempotency-Key': 'order-1001' };
    const first = await fixture.proxy.createCheckout(checkoutBody(), key);
    // Same content, other key order: still the same request.
    const reordered = Object.fromEntries(Object.entries(checkoutBody()).reverse());
    const second = await fixture.proxy.createCheckout(reordered, key);
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    assert.equal(second.headers.get('Idempotent-Replayed'), 'true');
    assert.equal((await json(first)).id, (await json(second)).id);
    assert.equal((await upstreamRequests(fixture.sandbox)).length, before + 1);
  });

  it('refuses the same key with another body', async () => {
    const key = { 'Idempotency-Key': 'order-1002' };
    assert.equal((await fixture.proxy.createCheckout(checkoutBody(), key)).status, 201);
    const other = await fixture.proxy.createCheckout(checkoutBody({ product: 'grinder' }), key);
    assert.equal(other.status, 409);
    assert.equal((await json(other)).code, 'idempotency_conflict');
  });

  it('frees the key when the create failed, so a retry can succeed', async () => {
    const key = { 'Idempotency-Key': 'order-1003' };
    await sandboxControl(fixture.sandbox, '/faults', { fail_next: 1, status: 503 });
    const failed = await fixture.proxy.createCheckout(checkoutBody(), key);
    assert.equal(failed.status, 502);
    const retried = await fixture.proxy.createCheckout(checkoutBody(), key);
    assert.equal(retried.status, 201);
  });

  it('refuses a malformed key', async () => {
    const response = await fixture.proxy.createCheckout(checkoutBody(), {
      'Idempotency-Key': 'has spaces in it',
    });
    assert.equal(response.status, 422);
    assert.equal((await json(response)).code, 'idempotency_key_invalid');
  });
});

describe('GET /api/checkouts/{id}', () => {
  it('answers the checkout with an ETag, and 304 while it has not changed', async () => {
    const created = await json(await fixture.proxy.createCheckout(checkoutBody()));
    const first = await fixture.proxy.request(`/api/checkouts/${created.id}`);
    assert.equal(first.status, 200);
    assert.deepEqual(await json(first), created);
    const tag = first.headers.get('ETag');
    assert.ok(tag);

    const same = await fixture.proxy.request(`/api/checkouts/${created.id}`, {
      headers: { 'If-None-Match': tag },
    });
    assert.equal(same.status, 304);
    assert.equal(await same.text(), '');
    assert.equal(same.headers.get('ETag'), tag);
    // A list, a weak form of the same tag, and `*` match too; another tag does not.
    for (const [header, status] of [
      [`"other", ${tag}`, 304],
      [`W/${tag}`, 304],
      ['*', 304],
      ['"other"', 200],
    ] as const) {
      const answer = await fixture.proxy.request(`/api/checkouts/${created.id}`, {
        headers: { 'If-None-Match': header },
      });
      assert.equal(answer.status, status, header);
    }

    const record = await fixture.proxy.store.getCheckout(created.id);
    await fixture.proxy.store.advanceCheckout(
      created.id,
      { status: 'processing', at: Date.now() },
      callback,
    );
    assert.ok(record);
    const changed = await fixture.proxy.request(`/api/checkouts/${created.id}`, {
      headers: { 'If-None-Match': tag },
    });
    assert.equal(changed.status, 200);
    assert.equal((await json(changed)).status, 'processing');
    assert.notEqual(changed.headers.get('ETag'), tag);
  });

  it('answers 404 for an unknown checkout', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', '..%2F..']) {
      const response = await fixture.proxy.request(`/api/checkouts/${id}`);
      assert.equal(response.status, 404);
      assert.equal((await json(response)).code, 'checkout_not_found');
    }
  });

  it('answers reads, 304s and HEADs with the version as ETag, CORS, security headers and the request id', async () => {
    const { id } = await json(await fixture.proxy.createCheckout(checkoutBody()));
    const read = await fixture.proxy.request(`/api/checkouts/${id}`);
    assert.equal(read.status, 200);
    assert.equal((await json(read)).id, id);
    assert.equal(read.headers.get('ETag'), '"v1"');
    assert.equal(read.headers.get('X-Content-Type-Options'), 'nosniff');
    assert.equal(read.headers.get('Access-Control-Allow-Origin'), null);

    for (const method of ['GET', 'HEAD']) {
      const same = await fixture.proxy.request(`/api/checkouts/${id}`, {
        method,
        headers: { 'If-None-Match': 'W/"v0", "v1"' },
      });
      assert.equal(same.status, 304, method);
      assert.equal(await same.text(), '');
    }

    const allowed = await fixture.proxy.request(`/api/checkouts/${id}`, {
      headers: { Origin: SHOP },
    });
    assert.equal(allowed.headers.get('Access-Control-Allow-Origin'), SHOP);
    const other = await fixture.proxy.request(`/api/checkouts/${id}`, {
      headers: { Origin: 'https://evil.example' },
    });
    assert.equal(other.headers.get('Access-Control-Allow-Origin'), null);
    assert.equal(other.headers.get('Vary'), 'Origin');

    const head = await fixture.proxy.request(`/api/checkouts/${id}`, {
      method: 'HEAD',
      headers: { Origin: SHOP },
    });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
    assert.equal(head.headers.get('Content-Type'), 'application/json');

    const traced = await fixture.proxy.request(`/api/checkouts/${id}`, {
      headers: { 'X-Request-Id': 'trace-0123456789' },
    });
    assert.equal(traced.headers.get('X-Request-Id'), 'trace-0123456789');
    const fresh = await fixture.proxy.request(`/api/checkouts/${id}?fresh=1`);
    assert.equal(fresh.status, 200);
    const preflight = await fixture.proxy.request(`/api/checkouts/${id}`, {
      method: 'OPTIONS',
      headers: { Origin: SHOP },
    });
    assert.equal(preflight.status, 204);
  });

  it('logs one request line per read: at debug when answered 200 or 304, else at info', async () => {
    const { id } = await json(await fixture.proxy.createCheckout(checkoutBody()));
    const requestLine = async (path: string, init: RequestInit = {}) => {
      const from = seen.length;
      await fixture.proxy.request(path, init);
      const lines = seen
        .slice(from)
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line))
        .filter((entry) => entry.message === 'request');
      assert.equal(lines.length, 1, path);
      return lines[0];
    };
    const read = await requestLine(`/api/checkouts/${id}`);
    assert.deepEqual(
      [read.level, read.method, read.path, read.status],
      ['debug', 'GET', `/api/checkouts/${id}`, 200],
    );
    const same = await requestLine(`/api/checkouts/${id}`, {
      headers: { 'If-None-Match': '"v1"' },
    });
    assert.deepEqual([same.level, same.status], ['debug', 304]);
    const unknown = await requestLine(`/api/checkouts/${'x'.repeat(22)}`);
    assert.deepEqual([unknown.level, unknown.status], ['info', 404]);
    const preflight = await requestLine(`/api/checkouts/${id}`, {
      method: 'OPTIONS',
      headers: { Origin: SHOP },
    });
    assert.deepEqual([preflight.level, preflight.status], ['info', 204]);
  });
});
