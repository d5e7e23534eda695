import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { errorBody, errors, paymentRequestResponseSchema } from '@crypto-pay/protocol';
import { paymentRequest } from '@crypto-pay/test-kit/processing-requests';
import { REQUESTS, testSandbox } from '../sandbox.test-helpers.ts';

const NOW = 1_800_000_000;

describe('create payment request', () => {
  test('answers the spec object: life_time a string, no network_name for fiat, optionals only when given', async (t) => {
    const sandbox = testSandbox(t);
    const response = await sandbox.call(REQUESTS, paymentRequest({ foreign_id: 'order-1' }));
    assert.equal(response.status, 200);
    const { data } = paymentRequestResponseSchema.parse(await response.json());
    assert.equal(data.status, 'created');
    assert.equal(data.life_time, String(NOW + 3600));
    assert.deepEqual(data.currency, { iso: 'EUR' });
    assert.equal(data.amount, '25.00');
    assert.equal(data.user_fee_percent, 0);
    assert.equal(data.foreign_id, 'order-1');
    assert.equal(data.payment_link, `http://sandbox.test/pay/${data.id}`);
    for (const absent of [
      'payment_currency',
      'end_user_email',
      'description',
      'url_store',
      'url_success',
      'url_failed',
    ]) {
      assert.equal(absent in data, false, absent);
    }
  });

  test('echoes the optional fields and resolves a forced payment currency to its network', async (t) => {
    const sandbox = testSandbox(t);
    const body = paymentRequest({
      currency: { iso: 'BTC', network_name: 'bitcoin' },
      amount: '0.00100000',
      user_fee_percent: 100,
      life_time_datetime: NOW + 600,
      life_time_duration: undefined,
      payment_currency: { iso: 'ETH' },
      end_user_email: 'ada@example.com',
      description: 'Two <b>tickets</b>',
      url_store: 'https://shop.example.com',
      url_success: 'https://shop.example.com/ok',
      url_failed: 'https://shop.example.com/ko',
    });
    const response = await sandbox.call(REQUESTS, body);
    const { data } = paymentRequestResponseSchema.parse(await response.json());
    assert.deepEqual(data.currency, { iso: 'BTC', network_name: 'bitcoin' });
    assert.deepEqual(data.payment_currency, { iso: 'ETH', network_name: 'ethereum' });
    assert.equal(data.life_time, String(NOW + 600));
    assert.equal(data.user_fee_percent, 100);
    assert.equal(data.description, 'Two <b>tickets</b>');
    assert.equal(data.url_failed, 'https://shop.example.com/ko');
  });

  const broken: [string, Record<string, unknown>, ReturnType<typeof errorBody>, number][] = [
    ['unknown currency', { currency: { iso: 'ZZZ' } }, errorBody(errors.currencyIsoUnknown), 404],
    [
      'disabled currency',
      { currency: { iso: 'XRP', network_name: 'ripple' } },
      errorBody(errors.currencyIsoDisabled),
      422,
    ],
    [
      'crypto without network',
      { currency: { iso: 'BTC' } },
      errorBody(errors.networkNameRequired),
      422,
    ],
    [
      'crypto on another network',
      { currency: { iso: 'BTC', network_name: 'tron' } },
      errorBody(errors.currencyNetworkUnsupported),
      422,
    ],
    [
      'fiat with a network',
      { currency: { iso: 'EUR', network_name: 'ethereum' } },
      errorBody(errors.currencyNetworkUnsupported),
      422,
    ],
    [
      'amount under 1.00 EUR',
      { amount: '0.99' },
      errorBody(errors.amountBelowMinimum('1.00')),
      422,
    ],
    [
      'amount under 1.00 EUR in USD',
      { amount: '1.08', currency: { iso: 'USD' } },
      errorBody(errors.amountBelowMinimum('1.00')),
      422,
    ],
    [
      'amount over 100000.00 EUR',
      { amount: '100000.01' },
      errorBody(errors.amountAboveMaximum('100000.00')),
      422,
    ],
    [
      'amount over the maximum in BTC',
      { amount: '2', currency: { iso: 'BTC', network_name: 'bitcoin' } },
      errorBody(errors.amountAboveMaximum('100000.00')),
      422,
    ],
    [
      'three decimals in EUR',
      { amount: '10.001' },
      errorBody(errors.amountTooManyDecimals('EUR', 2)),
      422,
    ],
    [
      'seven decimals in USDT',
      { amount: '10.0000001', currency: { iso: 'USDT', network_name: 'tron' } },
      errorBody(errors.amountTooManyDecimals('USDT', 6)),
      422,
    ],
    [
      'lifespan of 299 seconds',
      { life_time_duration: 299 },
      errorBody(errors.lifespanTooShort(5, 'minutes')),
      422,
    ],
    [
      'expiry in the past',
      { life_time_duration: undefined, life_time_datetime: NOW - 1 },
      errorBody(errors.lifespanTooShort(5, 'minutes')),
      422,
    ],
    [
      'lifespan over 60 days',
      { life_time_duration: 60 * 86400 + 1 },
      errorBody(errors.lifespanTooLong(60, 'days')),
      422,
    ],
    [
      'unknown payment currency',
      { payment_currency: { iso: 'ZZZ' } },
      errorBody(errors.paymentCurrencyIsoUnknown),
      404,
    ],
    [
      'fiat payment currency',
      { payment_currency: { iso: 'USD' } },
      errorBody(errors.paymentCurrencyNotCrypto),
      422,
    ],
    [
      'disabled payment currency',
      { payment_currency: { iso: 'XRP' } },
      errorBody(errors.paymentCurrencyIsoDisabled),
      422,
    ],
    [
      'payment currency on an unknown network',
      { payment_currency: { iso: 'USDT', network_name: 'bitcoin' } },
      errorBody(errors.paymentCurrencyNetworkUnsupported),
      422,
    ],
    [
      'payment currency without a rate',
      { payment_currency: { iso: 'DOGE' } },
      errorBody(errors.exchangeRateUnavailable('EUR', 'DOGE')),
      422,
    ],
    [
      'store under .invalid',
      { url_store: 'https://shop.invalid/' },
      errorBody(errors.urlStoreInvalid),
      422,
    ],
  ];
  for (const [name, overrides, expected, status] of broken) {
    test(`refuses ${name}: ${expected.error}`, async (t) => {
      const sandbox = testSandbox(t);
      const response = await sandbox.call(REQUESTS, paymentRequest(overrides));
      assert.equal(response.status, status);
      assert.deepEqual(await response.json(), expected);
    });
  }

  test('judges hosts in SANDBOX_BLOCKED_HOSTS and their subdomains unclean', async (t) => {
    const sandbox = testSandbox(t, { blockedHosts: ['malware.example'] });
    for (const url of ['https://malware.example', 'https://shop.malware.example/x']) {
      const response = await sandbox.call(REQUESTS, paymentRequest({ url_store: url }));
      assert.deepEqual(await response.json(), errorBody(errors.urlStoreInvalid), url);
    }
    const clean = await sandbox.call(
      REQUESTS,
      paymentRequest({ url_store: 'https://notmalware.example' }),
    );
    assert.equal(clean.status, 200);
  });

  test('refuses a foreign_id used before with 400', async (t) => {
    const sandbox = testSandbox(t);
    assert.equal(
      (await sandbox.call(REQUESTS, paymentRequest({ foreign_id: 'same' }))).status,
      200,
    );
    const again = await sandbox.call(REQUESTS, paymentRequest({ foreign_id: 'same' }));
    assert.equal(again.status, 400);
    assert.deepEqual(await again.json(), { error: errors.foreignIdTaken.message, code: 400 });
  });

  test('judges the lifespan by the sandbox clock', async (t) => {
    const sandbox = testSandbox(t);
    await sandbox.control('/clock', { advance_seconds: 1000 });
    const response = await sandbox.call(
      REQUESTS,
      paymentRequest({ life_time_duration: undefined, life_time_datetime: NOW + 900 }),
    );
    assert.deepEqual(await response.json(), errorBody(errors.lifespanTooShort(5, 'minutes')));
  });

  test('answers the first broken rule: the schema before the state rules', async (t) => {
    const sandbox = testSandbox(t);
    const response = await sandbox.call(
      REQUESTS,
      paymentRequest({ currency: { iso: 'ZZZ' }, sender_type: 'robot' }),
    );
    assert.deepEqual(await response.json(), errorBody(errors.senderTypeInvalid));
    const stateOnly = await sandbox.call(
      REQUESTS,
      paymentRequest({ currency: { iso: 'ZZZ' }, amount: '0.01' }),
    );
    assert.deepEqual(await stateOnly.json(), errorBody(errors.currencyIsoUnknown));
  });

  test('keeps no state after a refused request', async (t) => {
    const sandbox = testSandbox(t);
    await sandbox.call(REQUESTS, paymentRequest({ foreign_id: 'x', amount: '0.5' }));
    assert.equal(sandbox.store.paymentRequests.size, 0);
    assert.equal((await sandbox.call(REQUESTS, paymentRequest({ foreign_id: 'x' }))).status, 200);
  });
});
