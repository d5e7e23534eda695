import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errors, type ProcessingError } from './errors.ts';
import { LEGAL_SENDER, paymentRequest } from './examples.ts';
import { createPaymentRequestSchema, paymentRequestSchema } from './payment-request.ts';
import { validate } from './validation.ts';

const valid = paymentRequest({ amount: '100.00' });

const firstError = (body: unknown) => {
  const result = validate(createPaymentRequestSchema, body);
  assert.equal(result.success, false, 'expected the body to be refused');
  return result.success ? undefined : result.failure;
};

describe('create payment request body', () => {
  it('accepts a complete body and keeps its values', () => {
    const body = {
      ...valid,
      user_fee_percent: 100,
      payment_currency: { iso: 'BTC', network_name: 'bitcoin' },
      end_user_email: 'ada@example.com',
      description: 'Order 42',
      foreign_id: 'order-42',
      url_store: 'https://shop.example.com',
      url_success: 'https://shop.example.com/ok',
      url_failed: 'http://shop.example.com/failed',
    };
    const result = validate(createPaymentRequestSchema, body);
    assert.deepEqual(result, { success: true, data: body });
  });

  it('accepts a legal entity and a datetime lifetime', () => {
    const body = {
      ...valid,
      life_time_duration: undefined,
      life_time_datetime: 1_900_000_000,
      ...LEGAL_SENDER,
    };
    assert.equal(validate(createPaymentRequestSchema, body).success, true);
  });

  // One rule broken at a time: the body, the field the error names, the catalogue entry.
  const rows: [string, Record<string, unknown>, string, ProcessingError][] = [
    ['amount missing', { amount: undefined }, 'amount', errors.amountMissing],
    ['currency.iso missing', { currency: {} }, 'currency.iso', errors.currencyIsoMissing],
    ['currency.iso empty', { currency: { iso: '' } }, 'currency.iso', errors.currencyIsoMissing],
    ['currency missing', { currency: undefined }, 'currency', errors.currencyIsoMissing],
    [
      'user_fee_percent 50',
      { user_fee_percent: 50 },
      'user_fee_percent',
      errors.userFeePercentInvalid,
    ],
    [
      'user_fee_percent "0"',
      { user_fee_percent: '0' },
      'user_fee_percent',
      errors.userFeePercentInvalid,
    ],
    ['no lifetime field', { life_time_duration: undefined }, '', errors.lifetimeMissing],
    [
      'null lifetimes',
      { life_time_duration: null, life_time_datetime: null },
      '',
      errors.lifetimeMissing,
    ],
    ['both lifetime fields', { life_time_datetime: 1_900_000_000 }, '', errors.lifetimeBoth],
    [
      'empty payment_currency',
      { payment_currency: {} },
      'payment_currency',
      errors.paymentCurrencyEmpty,
    ],
    [
      'payment_currency not an object',
      { payment_currency: 'BTC' },
      'payment_currency',
      errors.paymentCurrencyEmpty,
    ],
    [
      'empty payment_currency.iso',
      { payment_currency: { iso: '' } },
      'payment_currency',
      errors.paymentCurrencyIsoEmpty,
    ],
    [
      'network_name without iso',
      { payment_currency: { network_name: 'bitcoin' } },
      'payment_currency',
      errors.paymentNetworkNameWithoutIso,
    ],
    [
      'empty network_name',
      { payment_currency: { iso: 'BTC', network_name: '' } },
      'payment_currency',
      errors.paymentNetworkNameEmpty,
    ],
    ['invalid email', { end_user_email: 'ada@' }, 'end_user_email', errors.emailInvalid],
    [
      'empty end_user_reference',
      { end_user_reference: '' },
      'end_user_reference',
      errors.endUserReferenceEmpty,
    ],
    [
      'end_user_reference over 255',
      { end_user_reference: 'r'.repeat(256) },
      'end_user_reference',
      errors.endUserReferenceTooLong,
    ],
    ['sender_type missing', { sender_type: undefined }, 'sender_type', errors.senderTypeMissing],
    ['sender_type invalid', { sender_type: 'robot' }, 'sender_type', errors.senderTypeInvalid],
    ['sender_data missing', { sender_data: undefined }, 'sender_data', errors.senderDataMissing],
    [
      'sender_data not an object',
      { sender_data: ['Ada'] },
      'sender_data',
      errors.senderDataNotObject,
    ],
    [
      'description over 255',
      { description: 'd'.repeat(256) },
      'description',
      errors.descriptionTooLong,
    ],
    ['empty description', { description: '' }, 'description', errors.descriptionEmpty],
    ['foreign_id over 255', { foreign_id: 'f'.repeat(256) }, 'foreign_id', errors.foreignIdTooLong],
    ['empty foreign_id', { foreign_id: '' }, 'foreign_id', errors.foreignIdEmpty],
    [
      'url_store over http',
      { url_store: 'http://shop.example.com' },
      'url_store',
      errors.urlStoreInvalid,
    ],
    [
      'url_store on an IP address',
      { url_store: 'https://203.0.113.7/' },
      'url_store',
      errors.urlStoreInvalid,
    ],
    [
      'url_store on localhost',
      { url_store: 'https://localhost/' },
      'url_store',
      errors.urlStoreInvalid,
    ],
    [
      'url_store over 255',
      { url_store: `https://shop.example.com/${'p'.repeat(240)}` },
      'url_store',
      errors.urlStoreTooLong,
    ],
    ['url_success invalid', { url_success: 'not a url' }, 'url_success', errors.urlSuccessInvalid],
    [
      'url_success over 255',
      { url_success: `https://shop.example.com/${'p'.repeat(240)}` },
      'url_success',
      errors.urlSuccessTooLong,
    ],
    [
      'url_failed invalid',
      { url_failed: 'ftp://shop.example.com' },
      'url_failed',
      errors.urlFailedInvalid,
    ],
    [
      'url_failed over 255',
      { url_failed: `https://shop.example.com/${'p'.repeat(240)}` },
      'url_failed',
      errors.urlFailedTooLong,
    ],
  ];
  for (const [rule, change, field, expected] of rows) {
    it(`refuses ${rule} with "${expected.message}"`, () => {
      const failure = firstError({ ...valid, ...change });
      assert.deepEqual(failure, { error: expected, field });
    });
  }

  it('answers the first broken rule in the order of the spec table', () => {
    const failure = firstError({ ...valid, description: '', foreign_id: '', sender_type: 'x' });
    assert.equal(failure?.error, errors.senderTypeInvalid);
    assert.equal(firstError({})?.error, errors.amountMissing);
  });

  it('wants an end_user_reference, as the spec validates it as mandatory', () => {
    const failure = firstError({ ...valid, end_user_reference: undefined });
    assert.equal(failure?.error.message, 'The end_user_reference is a mandatory field.');
    assert.equal(failure?.error.status, 422);
  });

  it('refuses an amount that is not a decimal string with a clear sentence', () => {
    for (const amount of [100, '1e2', '10,00', 'ten']) {
      const failure = firstError({ ...valid, amount });
      assert.equal(failure?.field, 'amount');
      assert.equal(
        failure?.error.message,
        'The amount must be a decimal number written as a string.',
      );
      assert.equal(failure?.error.status, 422);
    }
  });
});

describe('payment request object', () => {
  const response = {
    id: 'pr_1',
    amount: '100.00',
    currency: { iso: 'EUR' },
    user_fee_percent: 0,
    status: 'created',
    life_time: '1900000000',
    payment_link: 'https://pay.example.com/pr_1',
    payment_currency: { iso: 'BTC', network_name: 'bitcoin' },
  };

  it('parses the response shape of the spec', () => {
    assert.deepEqual(paymentRequestSchema.parse(response), response);
    // "documented as string": Unix seconds sent as a number are read as that string.
    assert.deepEqual(paymentRequestSchema.parse({ ...response, life_time: 1900000000 }), response);
    assert.equal(paymentRequestSchema.safeParse({ ...response, life_time: null }).success, false);
  });

  it('takes only an http(s) payment link: it becomes a link and a redirect in shop pages', () => {
    for (const link of [
      'javascript:alert(1)',
      'data:text/html,hi',
      '/relative',
      '',
      ' https://pay.example.com/pr_1',
      'http:/pay.example.com/pr_1',
    ]) {
      const parsed = paymentRequestSchema.safeParse({ ...response, payment_link: link });
      assert.equal(parsed.success, false, link);
    }
    const link = 'http://127.0.0.1:4000/pay/pr_1';
    assert.equal(
      paymentRequestSchema.parse({ ...response, payment_link: link }).payment_link,
      link,
    );
  });
});
