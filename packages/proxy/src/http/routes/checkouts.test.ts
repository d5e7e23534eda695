import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProcessingClient } from '@crypto-pay/client';
import { checkoutBody } from '../../../../../tests/support/checkouts.ts';
import { LEGAL_SENDER, SENDER } from '../../../../../tests/support/senders.ts';
import {
  API_KEY,
  adminHeaders,
  json,
  SHOP,
  SIGNING_SECRET,
  sandboxControl,
  seen,
  testProxy,
  useSandboxAndProxy,
} from '../../testing.test-helpers.ts';

const fixture = useSandboxAndProxy();

/** The sandbox's view of the payment requests it received, newest first. */
async function upstreamRequests() {
  return json(await fetch(`${fixture.sandbox.url}/_sandbox/payment-requests`));
}

const create = (body: unknown, headers: Record<string, string> = {}) =>
  fixture.proxy.request('/api/checkouts', { method: 'POST', json: body, headers });

describe('POST /api/checkouts', () => {
  it('creates a product checkout priced from the catalogue', async () => {
    const response = await create(checkoutBody({ product: 'kettle' }));
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

    const [upstream] = await upstreamRequests();
    assert.equal(upstream.payment_link, checkout.payment_link);
    assert.equal(upstream.amount, '25.00');
    assert.equal(upstream.description, 'Pour-over kettle');
    assert.match(upstream.foreign_id, /^cp_[A-Za-z0-9_-]{22}$/);
    assert.notEqual(upstream.foreign_id, checkout.id);
  });

  it('derives the same end_user_reference for the same customer, and no personal data in it', async () => {
    await create(checkoutBody());
    const spaced = {
      ...checkoutBody(),
      sender_data: {
        ...SENDER.sender_data,
        first_name: `  ${SENDER.sender_data.first_name.toLowerCase()} `,
        last_name: SENDER.sender_data.last_name.toUpperCase(),
      },
    };
    await create(spaced);
    const [a, b] = [...fixture.sandbox.sandbox.store.paymentRequests.values()]
      .slice(-2)
      .map((record) => record.endUserReference);
    assert.equal(a, b);
    assert.match(a!, /^eur_[A-Za-z0-9_-]{43}$/);
    await create({
      ...checkoutBody(),
      sender_data: { ...SENDER.sender_data, date_of_birth: '1961-07-05' },
    });
    const other = [...fixture.sandbox.sandbox.store.paymentRequests.values()].at(
      -1,
    )?.endUserReference;
    assert.notEqual(other, a);
  });

  it('prices an open amount within the bounds and refuses one outside them', async () => {
    const ok = await create(checkoutBody({ amount: '12.50', currency: 'USD' }));
    assert.equal(ok.status, 201);
    const checkout = await json(ok);
    assert.equal(checkout.amount, '12.50');
    assert.deepEqual(checkout.currency, { iso: 'USD' });

    const asObject = await create(checkoutBody({ amount: '10.00', currency: { iso: 'EUR' } }));
    assert.equal(asObject.status, 201);
    assert.deepEqual((await json(asObject)).currency, { iso: 'EUR' });

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
      [
        { amount: '1e3', currency: 'EUR' },
        'The amount must be a decimal number written as a string.',
        'amount',
      ],
    ];
    for (const [pricing, error, field] of cases) {
      const response = await create(checkoutBody(pricing));
      assert.equal(response.status, 422, JSON.stringify(pricing));
      const body = await json(response);
      assert.equal(body.error, error);
      assert.equal(body.field, field);
      assert.equal(typeof body.code, 'string');
    }
  });

  it('keeps the network of a crypto-denominated open amount', async () => {
    fixture.proxy = testProxy(fixture.sandbox, { OPEN_AMOUNT_CURRENCIES: 'EUR,USDT' });
    const response = await create(
      checkoutBody({ amount: '10.00', currency: { iso: 'USDT', network_name: 'tron' } }),
    );
    assert.equal(response.status, 201);
    assert.deepEqual((await json(response)).currency, { iso: 'USDT', network_name: 'tron' });
    const [upstream] = await upstreamRequests();
    assert.deepEqual(upstream.currency, { iso: 'USDT', network_name: 'tron' });
  });

  it('refuses open amounts where the merchant did not enable them', async () => {
    fixture.proxy = testProxy(fixture.sandbox, {
      OPEN_AMOUNT_MIN: undefined,
      OPEN_AMOUNT_MAX: undefined,
      OPEN_AMOUNT_CURRENCIES: undefined,
    });
    const response = await create(checkoutBody({ amount: '10.00', currency: 'EUR' }));
    assert.equal(response.status, 422);
    assert.equal((await json(response)).code, 'open_amount_disabled');
  });

  it('needs exactly one pricing mode and a known product', async () => {
    for (const pricing of [{}, { product: 'kettle', amount: '5.00', currency: 'EUR' }]) {
      const response = await create(checkoutBody(pricing));
      assert.equal(response.status, 422);
      assert.equal((await json(response)).code, 'pricing_required');
    }
    const unknown = await create(checkoutBody({ product: 'teapot' }));
    assert.equal(unknown.status, 422);
    assert.deepEqual(await json(unknown), {
      error: 'The product is not in the catalogue.',
      code: 'unknown_product',
      field: 'product',
    });
  });

  it('answers the spec texts for sender data, with the field', async () => {
    const missingName = checkoutBody();
    missingName.sender_data = {
      last_name: SENDER.sender_data.last_name,
      date_of_birth: SENDER.sender_data.date_of_birth,
    } as never;
    let response = await create(missingName);
    assert.equal(response.status, 422);
    assert.deepEqual(await json(response), {
      error: 'The first_name must be provided for sender_type = natural.',
      code: 'first_name_missing',
      field: 'sender_data.first_name',
    });

    response = await create({ ...checkoutBody(), sender_type: 'robot' });
    assert.equal(
      (await json(response)).error,
      'The sender_type must be either ‘natural’ or ‘legal’.',
    );

    response = await create({
      ...checkoutBody(),
      sender_type: 'legal',
      sender_data: { ...LEGAL_SENDER.sender_data, country_of_registration: 'XXX' },
    });
    assert.equal(
      (await json(response)).error,
      'The country_of_registration must be a valid ISO Alpha-3 code.',
    );

    const { sender_data: _, ...withoutData } = checkoutBody();
    response = await create(withoutData);
    assert.equal((await json(response)).error, 'The sender_data object is mandatory.');

    response = await create({ ...checkoutBody(), end_user_email: 'not-an-email' });
    assert.equal((await json(response)).error, 'The email address is incorrect.');

    response = await create({ ...checkoutBody(), payment_currency: {} });
    assert.equal((await json(response)).error, 'payment_currency must not be empty if provided.');
  });

  it('answers the service’s 404 for an unknown currency as 422: only a checkout is not found', async () => {
    const response = await create({
      ...checkoutBody(),
      payment_currency: { iso: 'ZZZ', network_name: 'nowhere' },
    });
    assert.equal(response.status, 422);
    assert.deepEqual(await json(response), {
      error: 'payment_currency.iso is incorrect.',
      code: 'payment_currency_iso_unknown',
      field: 'payment_currency.iso',
    });
  });

  it('creates a checkout for a legal entity', async () => {
    const response = await create({
      ...checkoutBody(),
      sender_type: 'legal',
      sender_data: { ...LEGAL_SENDER.sender_data },
    });
    assert.equal(response.status, 201);
  });

  it('passes the service’s own validation through with its text', async () => {
    const response = await create({
      ...checkoutBody(),
      payment_currency: { iso: 'XRP', network_name: 'ripple' },
    });
    assert.equal(response.status, 422);
    const body = await json(response);
    assert.equal(body.error, 'payment_currency.iso is disabled.');
    assert.equal(body.code, 'payment_currency_iso_disabled');
  });

  it('tells the merchant, in the log, of refusals that concern its own settings', async () => {
    const warnings = () =>
      seen
        .filter((line) => line.includes('"level":"warn"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const offered = async () =>
      (await json(await fixture.proxy.request('/api/config'))).payment_currencies.map(
        (currency: { iso: string }) => currency.iso,
      );
    const before = warnings().length;
    assert.ok((await offered()).includes('XRP'));

    const disabled = await create({
      ...checkoutBody(),
      payment_currency: { iso: 'XRP', network_name: 'ripple' },
    });
    assert.equal((await json(disabled)).code, 'payment_currency_iso_disabled');
    const noRate = await create({
      ...checkoutBody(),
      payment_currency: { iso: 'DOGE', network_name: 'dogecoin' },
    });
    assert.equal((await json(noRate)).code, 'exchange_rate_unavailable');
    const session = await fixture.proxy.request('/admin/checkout-sessions', {
      method: 'POST',
      headers: adminHeaders,
      json: { amount: '0.50', currency: 'EUR', url_store: 'https://shop.invalid' },
    });
    const cheap = await create(checkoutBody({ session: (await json(session)).session }));
    assert.equal((await json(cheap)).code, 'amount_below_minimum');

    assert.deepEqual(
      warnings()
        .slice(before)
        .map(({ message, code, field, pricing }) => ({ message, code, field, pricing })),
      [
        {
          message:
            'the service refused a create because of a merchant setting: payment_currency.iso is disabled.',
          code: 'payment_currency_iso_disabled',
          field: 'payment_currency.iso',
          pricing: 'product',
        },
        {
          message:
            'the service refused a create because of a merchant setting: Exchange rate is not available between EUR and DOGE.',
          code: 'exchange_rate_unavailable',
          field: 'payment_currency.iso',
          pricing: 'product',
        },
        {
          message:
            'the service refused a create because of a merchant setting: The minimum amount is 1.00 EUR.',
          code: 'amount_below_minimum',
          field: 'amount',
          pricing: 'session',
        },
      ],
    );
    assert.equal(warnings().at(-3)?.product, 'kettle');
    // The disabled currency is no longer offered, until the list is fetched anew.
    assert.ok(!(await offered()).includes('XRP'));
    assert.ok((await offered()).includes('DOGE'), 'other prices may have a rate');
    fixture.proxy.clock.now += 5 * 60_000;
    assert.ok((await offered()).includes('XRP'));
  });

  it('does not log a refusal of what the customer chose as the merchant’s', async () => {
    const before = seen.filter((line) => line.includes('"level":"warn"')).length;
    // Within the proxy's open bounds, but under the service's minimum once in EUR.
    const response = await create(checkoutBody({ amount: '1.00', currency: 'USD' }));
    assert.equal((await json(response)).code, 'amount_below_minimum');
    assert.equal(seen.filter((line) => line.includes('"level":"warn"')).length, before);
  });

  it('takes the service’s one text for two networks as the customer’s when a payment network was sent', async () => {
    const before = seen.filter((line) => line.includes('"level":"warn"')).length;
    const response = await create({
      ...checkoutBody(),
      payment_currency: { iso: 'BTC', network_name: 'nonsense' },
    });
    assert.equal(response.status, 422);
    assert.deepEqual(await json(response), {
      error: 'The combination of currency and network is not supported.',
      code: 'payment_currency_network_unsupported',
      field: 'payment_currency.network_name',
    });
    // Not the catalogue's price: nothing for the merchant to hear of.
    assert.equal(seen.filter((line) => line.includes('"level":"warn"')).length, before);
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await fixture.proxy.request('/api/checkouts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"product": ',
    });
    assert.equal(response.status, 400);
    assert.equal((await json(response)).code, 'invalid_json');
  });

  it('refuses a body that is JSON but no object in a sentence, not zod’s "Invalid input"', async () => {
    for (const body of ['[]', '"x"', 'null', '42']) {
      const response = await fixture.proxy.request('/api/checkouts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      assert.equal(response.status, 422, body);
      assert.deepEqual(await json(response), {
        error: 'The request body must be a JSON object.',
        code: 'invalid_request',
      });
    }
  });

  it('accepts return addresses only on allowed origins', async () => {
    const allowed = await create({ ...checkoutBody(), success_url: `${SHOP}/done?order=1` });
    assert.equal(allowed.status, 201);
    assert.equal((await json(allowed)).success_url, `${SHOP}/done?order=1`);

    const foreign = await create({ ...checkoutBody(), failed_url: 'https://evil.example/x' });
    assert.equal(foreign.status, 422);
    assert.deepEqual(await json(foreign), {
      error: 'The failed_url must be on an allowed origin.',
      code: 'url_not_allowed',
      field: 'failed_url',
    });
  });
});

describe('result addresses', () => {
  /** The url_success / url_failed the sandbox received with the newest payment request. */
  const upstreamUrls = () => {
    const record = [...fixture.sandbox.sandbox.store.paymentRequests.values()].at(-1)!;
    return { success: record.urlSuccess, failed: record.urlFailed };
  };

  it('sends the service the addresses with checkout=<id>; the widget gets them plain', async () => {
    const response = await create({
      ...checkoutBody(),
      success_url: `${SHOP}/done?order=1&lang=de#top`,
    });
    assert.equal(response.status, 201);
    const checkout = await json(response);
    assert.equal(checkout.success_url, `${SHOP}/done?order=1&lang=de#top`);
    assert.equal(checkout.failed_url, `${SHOP}/sorry`);
    const upstream = upstreamUrls();
    assert.equal(upstream.success, `${SHOP}/done?order=1&lang=de&checkout=${checkout.id}#top`);
    assert.equal(upstream.failed, `${SHOP}/sorry?checkout=${checkout.id}`);

    const read = await json(await fixture.proxy.request(`/api/checkouts/${checkout.id}`));
    assert.equal(read.success_url, `${SHOP}/done?order=1&lang=de#top`);
  });

  it('replaces a checkout parameter the address already had', async () => {
    const checkout = await json(
      await create({ ...checkoutBody(), failed_url: `${SHOP}/sorry?checkout=stale` }),
    );
    assert.equal(upstreamUrls().failed, `${SHOP}/sorry?checkout=${checkout.id}`);
  });

  it('refuses an address that would pass 255 characters with the id, before calling the service', async () => {
    const before = (await upstreamRequests()).length;
    // 255 characters as given: the spec's limit, but no room left for ?checkout=<id>.
    const long = `${SHOP}/${'a'.repeat(255 - SHOP.length - 1)}`;
    assert.equal(long.length, 255);
    const response = await create({ ...checkoutBody(), success_url: long });
    assert.equal(response.status, 422);
    assert.deepEqual(await json(response), {
      error:
        'The success_url is too long: with the checkout id added it would pass the 255 characters the processing service accepts.',
      code: 'invalid_request',
      field: 'success_url',
    });
    assert.equal((await upstreamRequests()).length, before);

    // The longest that fits: 255 with `?checkout=` and the 22 characters of the id.
    const fits = `${SHOP}/${'a'.repeat(255 - SHOP.length - 1 - 32)}`;
    const accepted = await create({ ...checkoutBody(), success_url: fits });
    assert.equal(accepted.status, 201);
    assert.equal(upstreamUrls().success?.length, 255);
  });

  it('refuses a session whose address would not fit with the id', async () => {
    const response = await fixture.proxy.request('/admin/checkout-sessions', {
      method: 'POST',
      headers: adminHeaders,
      json: {
        amount: '5.00',
        currency: 'EUR',
        url_failed: `${SHOP}/${'f'.repeat(230)}`,
      },
    });
    assert.equal(response.status, 422);
    const body = await json(response);
    assert.equal(body.field, 'url_failed');
    assert.match(body.error, /^The url_failed is too long: with the checkout id added/);
  });
});

describe('Idempotency-Key', () => {
  it('returns the same checkout for the same key and body, once upstream', async () => {
    const before = (await upstreamRequests()).length;
    const key = { 'Idempotency-Key': 'order-1001' };
    const first = await create(checkoutBody(), key);
    // Same content, other key order: still the same request.
    const reordered = Object.fromEntries(Object.entries(checkoutBody()).reverse());
    const second = await create(reordered, key);
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    assert.equal(second.headers.get('Idempotent-Replayed'), 'true');
    assert.equal((await json(first)).id, (await json(second)).id);
    assert.equal((await upstreamRequests()).length, before + 1);
  });

  it('refuses the same key with another body', async () => {
    const key = { 'Idempotency-Key': 'order-1002' };
    assert.equal((await create(checkoutBody(), key)).status, 201);
    const other = await create(checkoutBody({ product: 'grinder' }), key);
    assert.equal(other.status, 409);
    assert.equal((await json(other)).code, 'idempotency_conflict');
  });

  it('frees the key when the create failed, so a retry can succeed', async () => {
    const key = { 'Idempotency-Key': 'order-1003' };
    await sandboxControl(fixture.sandbox, '/faults', { fail_next: 1, status: 503 });
    const failed = await create(checkoutBody(), key);
    assert.equal(failed.status, 502);
    const retried = await create(checkoutBody(), key);
    assert.equal(retried.status, 201);
  });

  it('refuses a malformed key', async () => {
    const response = await create(checkoutBody(), { 'Idempotency-Key': 'has spaces in it' });
    assert.equal(response.status, 422);
    assert.equal((await json(response)).code, 'idempotency_key_invalid');
  });
});

describe('checkout sessions', () => {
  const newSession = async (body: Record<string, unknown>) => {
    const response = await fixture.proxy.request('/admin/checkout-sessions', {
      method: 'POST',
      headers: adminHeaders,
      json: body,
    });
    assert.equal(response.status, 201);
    return json(response);
  };

  it('pins amount, currency, foreign_id and reference; the token works once', async () => {
    const session = await newSession({
      amount: '42.00',
      currency: 'EUR',
      description: 'Desk lamp',
      foreign_id: 'order-77',
      end_user_reference: 'customer-9',
      url_success: 'https://shop.example/order-77/paid',
    });
    assert.match(session.session, /^cps_/);
    assert.equal(session.amount, '42.00');

    const response = await create(checkoutBody({ session: session.session }));
    assert.equal(response.status, 201);
    const checkout = await json(response);
    assert.equal(checkout.amount, '42.00');
    assert.equal(checkout.success_url, 'https://shop.example/order-77/paid');
    const [upstream] = await upstreamRequests();
    assert.equal(upstream.foreign_id, 'order-77');
    assert.equal(upstream.description, 'Desk lamp');

    const again = await create(checkoutBody({ session: session.session }));
    assert.equal(again.status, 422);
    assert.equal((await json(again)).code, 'session_invalid');
  });

  it('ends a session whose foreign_id the service already holds (an answer lost earlier)', async () => {
    const session = await newSession({ amount: '42.00', currency: 'EUR', foreign_id: 'order-99' });
    // An earlier attempt reached the service, but its answer never came back.
    const service = createProcessingClient({
      apiKey: API_KEY,
      signingSecret: SIGNING_SECRET,
      baseUrl: fixture.sandbox.baseUrl,
      paymentsBaseUrl: fixture.sandbox.paymentsBaseUrl,
    });
    await service.createPaymentRequest({
      amount: '42.00',
      currency: { iso: 'EUR' },
      life_time_duration: 3600,
      end_user_reference: 'customer-99',
      sender_type: 'natural',
      sender_data: SENDER.sender_data,
      foreign_id: 'order-99',
    });
    const refused = await create(checkoutBody({ session: session.session }));
    assert.equal(refused.status, 422);
    assert.deepEqual(await json(refused), {
      error: 'The checkout session is unknown, already used or expired.',
      code: 'session_invalid',
      field: 'session',
    });
    // Not handed back to fail again: the widget says the session is over, the shop makes anew.
    assert.equal((await fixture.proxy.request(`/api/sessions/${session.session}`)).status, 404);
    const again = await create(checkoutBody({ session: session.session }));
    assert.equal((await json(again)).code, 'session_invalid');
  });

  it('shows the price a session pins, and nothing else, until it is used or expires', async () => {
    const session = await newSession({
      amount: '42.00',
      currency: 'EUR',
      description: 'Desk lamp',
      foreign_id: 'order-78',
      end_user_reference: 'customer-10',
      expires_in: 600,
    });
    const preview = async () => fixture.proxy.request(`/api/sessions/${session.session}`);
    const shown = await preview();
    assert.equal(shown.status, 200);
    assert.equal(shown.headers.get('Cache-Control'), 'no-store');
    assert.deepEqual(await json(shown), {
      amount: '42.00',
      currency: { iso: 'EUR' },
      description: 'Desk lamp',
      expires_at: Math.floor(fixture.proxy.clock.now / 1000) + 600,
    });
    // The token spends the session: the log names the route, never the token.
    const logLines = seen.filter((line) => line.startsWith('{"time"'));
    assert.ok(logLines.some((line) => line.includes('"path":"/api/sessions/{token}"')));
    assert.ok(!logLines.some((line) => line.includes(session.session)), 'the token is logged');
    // Looking twice does not use it up; a checkout does.
    assert.equal((await preview()).status, 200);
    assert.equal((await create(checkoutBody({ session: session.session }))).status, 201);
    const used = await preview();
    assert.equal(used.status, 404);
    assert.deepEqual(await json(used), {
      error: 'The checkout session is unknown, already used or expired.',
      code: 'session_invalid',
    });

    const expiring = await newSession({ amount: '5.00', currency: 'EUR', expires_in: 60 });
    fixture.proxy.clock.now += 61_000;
    const expired = await fixture.proxy.request(`/api/sessions/${expiring.session}`);
    assert.equal(expired.status, 404);
    assert.equal((await fixture.proxy.request('/api/sessions/cps_nope')).status, 404);
  });

  it('refuses an expired or unknown session', async () => {
    const session = await newSession({ amount: '5.00', currency: 'EUR', expires_in: 60 });
    fixture.proxy.clock.now += 61_000;
    const expired = await create(checkoutBody({ session: session.session }));
    assert.equal(expired.status, 422);
    assert.equal((await json(expired)).field, 'session');
    const unknown = await create(checkoutBody({ session: 'cps_nope' }));
    assert.equal(unknown.status, 422);
  });

  it('gives the session back when the create failed', async () => {
    const session = await newSession({ amount: '5.00', currency: 'EUR' });
    await sandboxControl(fixture.sandbox, '/faults', { fail_next: 1, status: 500 });
    assert.equal((await create(checkoutBody({ session: session.session }))).status, 502);
    assert.equal((await create(checkoutBody({ session: session.session }))).status, 201);
  });

  it('refuses a foreign_id a checkout or an open session already holds', async () => {
    const post = (body: Record<string, unknown>) =>
      fixture.proxy.request('/admin/checkout-sessions', {
        method: 'POST',
        headers: adminHeaders,
        json: { amount: '42.00', currency: 'EUR', ...body },
      });
    const taken = {
      error:
        'The foreign_id is already used by a checkout or by an open checkout session; give each payment attempt its own foreign_id.',
      code: 'foreign_id_taken',
      field: 'foreign_id',
    };
    const first = await newSession({
      amount: '42.00',
      currency: 'EUR',
      foreign_id: 'order-300',
      expires_in: 60,
    });
    const twice = await post({ foreign_id: 'order-300' });
    assert.equal(twice.status, 409);
    assert.deepEqual(await json(twice), taken);
    // Sessions without a foreign_id, or with another, are not held back.
    assert.equal((await post({})).status, 201);
    assert.equal((await post({})).status, 201);
    assert.equal((await post({ foreign_id: 'order-301' })).status, 201);

    // Once the first session is spent, its checkout holds the foreign_id.
    assert.equal((await create(checkoutBody({ session: first.session }))).status, 201);
    const afterCheckout = await post({ foreign_id: 'order-300' });
    assert.equal(afterCheckout.status, 409);
    assert.deepEqual(await json(afterCheckout), taken);

    // A session that expired unused frees its foreign_id for the next attempt.
    await newSession({ amount: '5.00', currency: 'EUR', foreign_id: 'order-302', expires_in: 60 });
    fixture.proxy.clock.now += 61_000;
    assert.equal((await post({ foreign_id: 'order-302' })).status, 201);
  });

  it('validates the session body with the spec texts', async () => {
    const response = await fixture.proxy.request('/admin/checkout-sessions', {
      method: 'POST',
      headers: adminHeaders,
      json: { amount: '5.00', currency: 'EUR', foreign_id: '' },
    });
    assert.equal(response.status, 422);
    assert.deepEqual(await json(response), {
      error: 'The foreign_id must not be empty if provided.',
      code: 'foreign_id_empty',
      field: 'foreign_id',
    });
  });

  it('pins an amount without leading zeros, and refuses fields it does not know', async () => {
    const session = await newSession({ amount: '0042.00', currency: 'EUR' });
    assert.equal(session.amount, '42.00');
    const price = await json(await fixture.proxy.request(`/api/sessions/${session.session}`));
    assert.equal(price.amount, '42.00');

    const post = (body: string) =>
      fixture.proxy.request('/admin/checkout-sessions', {
        method: 'POST',
        headers: { ...adminHeaders, 'Content-Type': 'application/json' },
        body,
      });
    const misspelt = await post(
      '{"amount":"42.00","currency":"EUR","url_sucess":"https://shop.example/paid"}',
    );
    assert.equal(misspelt.status, 422);
    assert.deepEqual(await json(misspelt), {
      error:
        'The field "url_sucess" is not known here; it takes amount, currency, network_name, description, foreign_id, end_user_reference, url_store, url_success, url_failed, expires_in.',
      code: 'unknown_field',
      field: 'url_sucess',
    });
    for (const body of ['[]', '"42.00"', 'null']) {
      const notObject = await post(body);
      assert.equal(notObject.status, 422, body);
      assert.deepEqual(await json(notObject), {
        error:
          'The request body must be a JSON object such as {"amount": "42.00", "currency": "EUR"}.',
        code: 'invalid_request',
      });
    }
  });

  it('refuses a price the service’s currency list would refuse at every create', async () => {
    const refusals = [
      [{ currency: 'XXX' }, 'The currency.iso is incorrect.', 'currency_iso_unknown', 'currency'],
      [
        { currency: 'USDT' },
        'The currency.network_name field is mandatory for crypto currencies.',
        'network_name_required',
        'network_name',
      ],
      [
        { currency: 'USDT', network_name: 'nowhere' },
        'The combination of currency and network is not supported.',
        'currency_network_unsupported',
        'network_name',
      ],
      [
        { amount: '42.001' },
        'The amount for EUR cannot have more than 2 decimal places.',
        'amount_too_many_decimals',
        'amount',
      ],
    ] as const;
    for (const [change, error, code, field] of refusals) {
      const response = await fixture.proxy.request('/admin/checkout-sessions', {
        method: 'POST',
        headers: adminHeaders,
        json: { amount: '42.00', currency: 'EUR', ...change },
      });
      assert.equal(response.status, 422, error);
      assert.deepEqual(await json(response), { error, code, field });
    }
    const bitcoin = await fixture.proxy.request('/admin/checkout-sessions', {
      method: 'POST',
      headers: adminHeaders,
      json: { amount: '0.00100000', currency: 'BTC', network_name: 'bitcoin' },
    });
    assert.equal(bitcoin.status, 201);
  });

  it('refuses a store address the service would refuse at every create', async () => {
    for (const url_store of ['http://shop.example', 'https://127.0.0.1/shop']) {
      const response = await fixture.proxy.request('/admin/checkout-sessions', {
        method: 'POST',
        headers: adminHeaders,
        json: { amount: '5.00', currency: 'EUR', url_store },
      });
      assert.equal(response.status, 422, url_store);
      assert.deepEqual(await json(response), {
        error: 'The url_store is invalid.',
        code: 'url_store_invalid',
        field: 'url_store',
      });
    }
  });
});

describe('GET /api/checkouts/{id}', () => {
  it('answers the checkout with an ETag, and 304 while it has not changed', async () => {
    const created = await json(await create(checkoutBody()));
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
      { receivedAt: Date.now(), type: 'payment_request', outcome: '', body: {} },
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
    const { id } = await json(await create(checkoutBody()));
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
    const { id } = await json(await create(checkoutBody()));
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

describe('GET /api/config', () => {
  it('lists payment currencies, products, open amounts and sessions', async () => {
    const response = await fixture.proxy.request('/api/config');
    assert.equal(response.status, 200);
    const config = await json(response);
    assert.deepEqual(config.payment_currencies[0], {
      iso: 'BTC',
      network_name: 'bitcoin',
      precision: 8,
    });
    assert.ok(
      config.payment_currencies.some(
        (currency: { iso: string; network_name?: string }) =>
          currency.iso === 'USDT' && currency.network_name === 'tron',
      ),
    );
    assert.ok(
      config.payment_currencies.every((currency: { iso: string }) => currency.iso !== 'EUR'),
    );
    assert.deepEqual(config.products.kettle, {
      amount: '25.00',
      currency: 'EUR',
      description: 'Pour-over kettle',
    });
    assert.deepEqual(config.open_amount, {
      min: '1.00',
      max: '500.00',
      currencies: ['EUR', 'USD'],
    });
    assert.equal(config.sessions, true);
  });

  it('offers only PAYMENT_CURRENCIES that the service lists too, and refuses the others', async () => {
    const limited = testProxy(fixture.sandbox, {
      PAYMENT_CURRENCIES: 'BTC:bitcoin,USDT:tron,ETH,XMR',
    });
    const config = await json(await limited.request('/api/config'));
    // In the service's order; ETH on any network; XMR is not in the service's list.
    assert.deepEqual(config.payment_currencies, [
      { iso: 'BTC', network_name: 'bitcoin', precision: 8 },
      { iso: 'ETH', network_name: 'ethereum', precision: 8 },
      { iso: 'USDT', network_name: 'tron', precision: 6 },
    ]);

    const before = (await upstreamRequests()).length;
    const pay = (payment_currency: Record<string, string>) =>
      limited.request('/api/checkouts', {
        method: 'POST',
        json: { ...checkoutBody(), payment_currency },
      });
    const other = await pay({ iso: 'USDT', network_name: 'ethereum' });
    assert.equal(other.status, 422);
    assert.deepEqual(await json(other), {
      error: 'The payment_currency must be one of BTC (bitcoin), USDT (tron), ETH, XMR.',
      code: 'payment_currency_not_offered',
      field: 'payment_currency',
    });
    // Without a network the service would pick one, maybe not the offered one.
    assert.equal((await pay({ iso: 'USDT' })).status, 422);
    assert.equal((await pay({ iso: 'LTC', network_name: 'litecoin' })).status, 422);
    assert.equal((await upstreamRequests()).length, before, 'nothing sent for a refusal');

    assert.equal((await pay({ iso: 'USDT', network_name: 'tron' })).status, 201);
    assert.equal((await pay({ iso: 'ETH', network_name: 'ethereum' })).status, 201);
  });

  it('offers every crypto currency of the list when PAYMENT_CURRENCIES is unset', async () => {
    const config = await json(await fixture.proxy.request('/api/config'));
    assert.deepEqual(
      config.payment_currencies.map(
        (currency: { iso: string; network_name?: string }) =>
          `${currency.iso}:${currency.network_name}`,
      ),
      [
        'BTC:bitcoin',
        'ETH:ethereum',
        'LTC:litecoin',
        'USDT:ethereum',
        'USDT:tron',
        'USDC:ethereum',
        'XRP:ripple',
        'DOGE:dogecoin',
      ],
    );
  });

  it('serves the cached currency list while the service is down', async () => {
    assert.equal((await fixture.proxy.request('/api/config')).status, 200);
    await sandboxControl(fixture.sandbox, '/faults', { fail_next: 5, status: 503 });
    try {
      assert.equal((await fixture.proxy.request('/api/config')).status, 200);
    } finally {
      await sandboxControl(fixture.sandbox, '/faults', {});
    }
  });
});
