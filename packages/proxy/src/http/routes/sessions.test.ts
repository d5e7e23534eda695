/** Checkout sessions: made by the merchant API, shown by `sessions.ts`, used once by a create. */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProcessingClient } from '@crypto-pay/client';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import { SENDER } from '@crypto-pay/test-kit/senders';
import {
  API_KEY,
  adminHeaders,
  json,
  SIGNING_SECRET,
  sandboxControl,
  seen,
  upstreamRequests,
  useSandboxAndProxy,
} from '../../testing.test-helpers.ts';

const fixture = useSandboxAndProxy();

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

    const response = await fixture.proxy.createCheckout(checkoutBody({ session: session.session }));
    assert.equal(response.status, 201);
    const checkout = await json(response);
    assert.equal(checkout.amount, '42.00');
    assert.equal(checkout.success_url, 'https://shop.example/order-77/paid');
    const [upstream] = await upstreamRequests(fixture.sandbox);
    assert.equal(upstream.foreign_id, 'order-77');
    assert.equal(upstream.description, 'Desk lamp');

    const again = await fixture.proxy.createCheckout(checkoutBody({ session: session.session }));
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
    const refused = await fixture.proxy.createCheckout(checkoutBody({ session: session.session }));
    assert.equal(refused.status, 422);
    assert.deepEqual(await json(refused), {
      error: 'The checkout session is unknown, already used or expired.',
      code: 'session_invalid',
      field: 'session',
    });
    // Not handed back to fail again: the widget says the session is over, the shop makes anew.
    assert.equal((await fixture.proxy.request(`/api/sessions/${session.session}`)).status, 404);
    const again = await fixture.proxy.createCheckout(checkoutBody({ session: session.session }));
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
    assert.equal(
      (await fixture.proxy.createCheckout(checkoutBody({ session: session.session }))).status,
      201,
    );
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
    const expired = await fixture.proxy.createCheckout(checkoutBody({ session: session.session }));
    assert.equal(expired.status, 422);
    assert.equal((await json(expired)).field, 'session');
    const unknown = await fixture.proxy.createCheckout(checkoutBody({ session: 'cps_nope' }));
    assert.equal(unknown.status, 422);
  });

  it('gives the session back when the create failed', async () => {
    const session = await newSession({ amount: '5.00', currency: 'EUR' });
    await sandboxControl(fixture.sandbox, '/faults', { fail_next: 1, status: 500 });
    assert.equal(
      (await fixture.proxy.createCheckout(checkoutBody({ session: session.session }))).status,
      502,
    );
    assert.equal(
      (await fixture.proxy.createCheckout(checkoutBody({ session: session.session }))).status,
      201,
    );
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
    assert.equal(
      (await fixture.proxy.createCheckout(checkoutBody({ session: first.session }))).status,
      201,
    );
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
        { currency: 'EUR', network_name: 'x' },
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
      [
        { network_name: 5 },
        'The network_name must be a string.',
        'invalid_request',
        'network_name',
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
