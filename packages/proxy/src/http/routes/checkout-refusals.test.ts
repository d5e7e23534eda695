/**
 * What the create route (`checkouts.ts`) refuses and how it says so: the spec's texts with the
 * field, the service's refusals passed through, and which of them the merchant's log hears of.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import { LEGAL_SENDER, SENDER } from '@crypto-pay/test-kit/senders';
import {
  adminHeaders,
  json,
  seen,
  testProxy,
  useSandboxAndProxy,
} from '../../testing.test-helpers.ts';

const fixture = useSandboxAndProxy();

describe('POST /api/checkouts: refusals', () => {
  it('answers the spec texts for sender data, with the field', async () => {
    const missingName = checkoutBody();
    missingName.sender_data = {
      last_name: SENDER.sender_data.last_name,
      date_of_birth: SENDER.sender_data.date_of_birth,
    } as never;
    let response = await fixture.proxy.createCheckout(missingName);
    assert.equal(response.status, 422);
    assert.deepEqual(await json(response), {
      error: 'The first_name must be provided for sender_type = natural.',
      code: 'first_name_missing',
      field: 'sender_data.first_name',
    });

    response = await fixture.proxy.createCheckout({ ...checkoutBody(), sender_type: 'robot' });
    assert.equal(
      (await json(response)).error,
      'The sender_type must be either ‘natural’ or ‘legal’.',
    );

    response = await fixture.proxy.createCheckout({
      ...checkoutBody(),
      sender_type: 'legal',
      sender_data: { ...LEGAL_SENDER.sender_data, country_of_registration: 'XXX' },
    });
    assert.equal(
      (await json(response)).error,
      'The country_of_registration must be a valid ISO Alpha-3 code.',
    );

    const { sender_data: _, ...withoutData } = checkoutBody();
    response = await fixture.proxy.createCheckout(withoutData);
    assert.equal((await json(response)).error, 'The sender_data object is mandatory.');

    response = await fixture.proxy.createCheckout({
      ...checkoutBody(),
      end_user_email: 'not-an-email',
    });
    assert.equal((await json(response)).error, 'The email address is incorrect.');

    response = await fixture.proxy.createCheckout({ ...checkoutBody(), payment_currency: {} });
    assert.equal((await json(response)).error, 'payment_currency must not be empty if provided.');
  });

  it('refuses a payment_currency key but iso and network_name; the service gets those two only', async () => {
    const before = fixture.sandbox.sandbox.store.paymentRequests.size;
    const response = await fixture.proxy.createCheckout({
      ...checkoutBody(),
      payment_currency: {
        iso: 'BTC',
        network_name: 'bitcoin',
        zzz: 'x',
        amount: '0.00000001',
        foreign_id: 'evil',
      },
    });
    assert.equal(response.status, 422);
    assert.deepEqual(await json(response), {
      error: 'The field "payment_currency.zzz" is not known here; it takes iso, network_name.',
      code: 'unknown_field',
      field: 'payment_currency.zzz',
    });
    assert.equal(fixture.sandbox.sandbox.store.paymentRequests.size, before);

    const created = await fixture.proxy.createCheckout(checkoutBody());
    assert.equal(created.status, 201);
    const upstream = [...fixture.sandbox.sandbox.store.paymentRequests.values()].at(-1)!;
    assert.deepEqual(upstream.paymentCurrencyGiven, { iso: 'BTC', network_name: 'bitcoin' });
  });

  it('refuses a sender_data key of neither party type, rather than drop what the customer sent', async () => {
    const before = fixture.sandbox.sandbox.store.paymentRequests.size;
    const body = checkoutBody();
    const response = await fixture.proxy.createCheckout({
      ...body,
      sender_data: { ...SENDER.sender_data, email: 'ada@example.com' },
    });
    assert.equal(response.status, 422);
    assert.deepEqual(await json(response), {
      error:
        'The field "sender_data.email" is not known here; it takes first_name, last_name, date_of_birth, legal_name, country_of_registration.',
      code: 'unknown_field',
      field: 'sender_data.email',
    });
    // The other type's field is the rules' to refuse, in the spec's words.
    const legal = await fixture.proxy.createCheckout({
      ...body,
      sender_data: { ...SENDER.sender_data, legal_name: 'Ada Ltd' },
    });
    assert.equal(legal.status, 422);
    assert.equal(
      (await json(legal)).error,
      'The legal_name must be omitted for sender_type = natural.',
    );
    assert.equal(fixture.sandbox.sandbox.store.paymentRequests.size, before);
  });

  it('answers the service’s 404 for an unknown currency as 422: only a checkout is not found', async () => {
    const response = await fixture.proxy.createCheckout({
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
    const response = await fixture.proxy.createCheckout({
      ...checkoutBody(),
      sender_type: 'legal',
      sender_data: { ...LEGAL_SENDER.sender_data },
    });
    assert.equal(response.status, 201);
  });

  it('passes the service’s own validation through with its text', async () => {
    const response = await fixture.proxy.createCheckout({
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

    const disabled = await fixture.proxy.createCheckout({
      ...checkoutBody(),
      payment_currency: { iso: 'XRP', network_name: 'ripple' },
    });
    assert.equal((await json(disabled)).code, 'payment_currency_iso_disabled');
    const noRate = await fixture.proxy.createCheckout({
      ...checkoutBody(),
      payment_currency: { iso: 'DOGE', network_name: 'dogecoin' },
    });
    assert.equal((await json(noRate)).code, 'exchange_rate_unavailable');
    const session = await fixture.proxy.request('/admin/checkout-sessions', {
      method: 'POST',
      headers: adminHeaders,
      json: { amount: '0.50', currency: 'EUR', url_store: 'https://shop.invalid' },
    });
    const cheap = await fixture.proxy.createCheckout(
      checkoutBody({ session: (await json(session)).session }),
    );
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
    const response = await fixture.proxy.createCheckout(
      checkoutBody({ amount: '1.00', currency: 'USD' }),
    );
    assert.equal((await json(response)).code, 'amount_below_minimum');
    assert.equal(seen.filter((line) => line.includes('"level":"warn"')).length, before);
  });

  it('takes the service’s one text for two networks as the customer’s when a payment network was sent', async () => {
    const before = seen.filter((line) => line.includes('"level":"warn"')).length;
    const response = await fixture.proxy.createCheckout({
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

  it('refuses a field it does not know, a session’s url_success among them, instead of dropping it', async () => {
    const before = fixture.sandbox.sandbox.store.paymentRequests.size;
    for (const [extra, field] of [
      [{ url_success: 'https://evil.example/x' }, 'url_success'],
      [{ zzz: 1 }, 'zzz'],
    ] as const) {
      const response = await fixture.proxy.createCheckout({ ...checkoutBody(), ...extra });
      assert.equal(response.status, 422, field);
      const body = await json(response);
      assert.equal(body.code, 'unknown_field');
      assert.equal(body.field, field);
      assert.match(
        body.error,
        new RegExp(`^The field "${field}" is not known here; it takes .*success_url`),
      );
    }
    assert.equal(fixture.sandbox.sandbox.store.paymentRequests.size, before);
  });

  it('names the success_url and failed_url it was sent when refusing them, not the service’s names', async () => {
    for (const field of ['success_url', 'failed_url']) {
      const response = await fixture.proxy.createCheckout({
        ...checkoutBody(),
        [field]: 'not a url',
      });
      assert.equal(response.status, 422);
      assert.deepEqual(await json(response), {
        error: `The ${field} is invalid.`,
        code: 'invalid_request',
        field,
      });
    }
  });

  it('says a value of the wrong type is of the wrong type, at its field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { sender_data: { ...SENDER.sender_data, first_name: 5 } },
        'The first_name must be a string.',
        'sender_data.first_name',
      ],
      [
        { payment_currency: 'BTC' },
        'The payment_currency must be an object such as {"iso": "BTC", "network_name": "bitcoin"}.',
        'payment_currency',
      ],
      [
        { payment_currency: { iso: 5 } },
        'The payment_currency.iso must be a string.',
        'payment_currency.iso',
      ],
      [
        { payment_currency: { iso: 'BTC', network_name: 5 } },
        'The payment_currency.network_name must be a string.',
        'payment_currency.network_name',
      ],
    ];
    for (const [change, error, field] of cases) {
      const response = await fixture.proxy.createCheckout({ ...checkoutBody(), ...change });
      assert.equal(response.status, 422, error);
      const body = await json(response);
      assert.equal(body.error, error);
      assert.equal(body.field, field);
    }
    // Null is the spec's "empty", as `{}` is.
    const response = await fixture.proxy.createCheckout({
      ...checkoutBody(),
      payment_currency: null,
    });
    assert.equal((await json(response)).error, 'payment_currency must not be empty if provided.');
  });

  it('refuses a price currency on a network the service does not have, at currency.network_name', async () => {
    fixture.proxy = testProxy(fixture.sandbox, { OPEN_AMOUNT_CURRENCIES: 'EUR,USDT' });
    const before = fixture.sandbox.sandbox.store.paymentRequests.size;
    for (const currency of [
      { iso: 'EUR', network_name: 'x' },
      { iso: 'USDT', network_name: 'bitcoin' },
    ]) {
      const response = await fixture.proxy.createCheckout(
        checkoutBody({ amount: '10.00', currency }),
      );
      assert.equal(response.status, 422, currency.iso);
      assert.deepEqual(await json(response), {
        error: 'The combination of currency and network is not supported.',
        code: 'currency_network_unsupported',
        field: 'currency.network_name',
      });
    }
    assert.equal(fixture.sandbox.sandbox.store.paymentRequests.size, before);
  });

  it('refuses malformed JSON with 400, and JSON past its limits saying which', async () => {
    const send = (body: string) =>
      fixture.proxy.request('/api/checkouts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
    const response = await send('{"product": ');
    assert.equal(response.status, 400);
    assert.deepEqual(await json(response), {
      error: 'The request body is not valid JSON.',
      code: 'invalid_json',
    });
    for (const [body, error] of [
      [
        `{"product": ${'['.repeat(64)}${']'.repeat(64)}}`,
        'The request body nests arrays and objects deeper than 64 levels, more than the proxy reads.',
      ],
      [
        `{"amount": ${'1'.repeat(1025)}}`,
        'The request body holds a number longer than 1024 characters, more than the proxy reads.',
      ],
    ] as const) {
      const refused = await send(body);
      assert.equal(refused.status, 400);
      assert.deepEqual(await json(refused), { error, code: 'invalid_json' });
    }
  });

  it('refuses a name with half of a surrogate pair alone before the service hears of it', async () => {
    const before = fixture.sandbox.sandbox.store.paymentRequests.size;
    // JSON.stringify escapes a lone surrogate: the text a browser's JSON.stringify sends.
    const body = JSON.stringify({
      ...checkoutBody(),
      sender_data: { ...SENDER.sender_data, first_name: 'Ann\ud800' },
    });
    assert.match(body, /Ann\\ud800/);
    const response = await fixture.proxy.request('/api/checkouts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    assert.equal(response.status, 400);
    assert.deepEqual(await json(response), {
      error:
        'The request body is not Unicode text: a string escapes half of a surrogate pair alone (such as \\ud800).',
      code: 'invalid_json',
    });
    assert.equal(fixture.sandbox.sandbox.store.paymentRequests.size, before);
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
});
