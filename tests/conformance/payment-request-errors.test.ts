/**
 * Every 400, 404 and 422 row of the spec's create payment request, one rule broken at a time
 * on an otherwise valid request, answered with the catalogue's exact text and `code` equal
 * to the status.
 */

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errors, type ProcessingError } from '@crypto-pay/protocol';
import { LEGAL_SENDER, SENDER } from '@crypto-pay/test-kit/senders';
import { type SandboxUnderTest, sandboxUnderTest } from './support/sandbox.ts';

const long = 'x'.repeat(256);
const longUrl = `https://shop.example.com/${'x'.repeat(232)}`;
const natural = (data: Record<string, unknown>) => ({
  sender_type: 'natural',
  sender_data: { ...SENDER.sender_data, ...data },
});
const legal = (data: Record<string, unknown>) => ({
  ...LEGAL_SENDER,
  sender_data: { ...LEGAL_SENDER.sender_data, ...data },
});
const now = () => Math.floor(Date.now() / 1000);

/** [spec condition, fields that break exactly that rule, expected catalogue entry]. */
const ROWS: [string, () => Record<string, unknown>, ProcessingError][] = [
  // 400
  ['user_fee_percent not 0 or 100', () => ({ user_fee_percent: 50 }), errors.userFeePercentInvalid],
  // 404
  ['unknown currency.iso', () => ({ currency: { iso: 'ZZZ' } }), errors.currencyIsoUnknown],
  [
    'unknown payment_currency.iso',
    () => ({ payment_currency: { iso: 'ZZZ' } }),
    errors.paymentCurrencyIsoUnknown,
  ],
  // 422
  ['currency.iso missing', () => ({ currency: {} }), errors.currencyIsoMissing],
  [
    'currency.iso disabled',
    () => ({ currency: { iso: 'XRP', network_name: 'ripple' } }),
    errors.currencyIsoDisabled,
  ],
  [
    'crypto without network_name',
    () => ({ currency: { iso: 'BTC' }, amount: '0.001' }),
    errors.networkNameRequired,
  ],
  [
    'unsupported currency and network',
    () => ({ currency: { iso: 'USDT', network_name: 'bitcoin' } }),
    errors.currencyNetworkUnsupported,
  ],
  ['amount missing', () => ({ amount: undefined }), errors.amountMissing],
  ['amount below minimum', () => ({ amount: '0.99' }), errors.amountBelowMinimum('1.00')],
  ['amount above maximum', () => ({ amount: '100000.01' }), errors.amountAboveMaximum('100000.00')],
  ['too many decimals', () => ({ amount: '25.001' }), errors.amountTooManyDecimals('EUR', 2)],
  [
    'too many decimals for a crypto',
    () => ({ currency: { iso: 'ETH', network_name: 'ethereum' }, amount: '0.010000001' }),
    errors.amountTooManyDecimals('ETH', 8),
  ],
  ['no lifetime field', () => ({ life_time_duration: undefined }), errors.lifetimeMissing],
  ['both lifetime fields', () => ({ life_time_datetime: now() + 3600 }), errors.lifetimeBoth],
  [
    'lifespan too short',
    () => ({ life_time_duration: 299 }),
    errors.lifespanTooShort(5, 'minutes'),
  ],
  [
    'lifespan too long',
    () => ({ life_time_duration: undefined, life_time_datetime: now() + 61 * 86400 }),
    errors.lifespanTooLong(60, 'days'),
  ],
  ['invalid email', () => ({ end_user_email: 'ada.example.com' }), errors.emailInvalid],
  ['empty payment_currency', () => ({ payment_currency: {} }), errors.paymentCurrencyEmpty],
  [
    'payment_currency.iso not crypto',
    () => ({ payment_currency: { iso: 'USD' } }),
    errors.paymentCurrencyNotCrypto,
  ],
  [
    'empty payment_currency.iso',
    () => ({ payment_currency: { iso: '' } }),
    errors.paymentCurrencyIsoEmpty,
  ],
  [
    'payment_currency.iso disabled',
    () => ({ payment_currency: { iso: 'XRP' } }),
    errors.paymentCurrencyIsoDisabled,
  ],
  [
    'no exchange rate',
    () => ({ payment_currency: { iso: 'DOGE' } }),
    errors.exchangeRateUnavailable('EUR', 'DOGE'),
  ],
  [
    'empty payment_currency.network_name',
    () => ({ payment_currency: { iso: 'USDT', network_name: '' } }),
    errors.paymentNetworkNameEmpty,
  ],
  [
    'network_name without iso',
    () => ({ payment_currency: { network_name: 'tron' } }),
    errors.paymentNetworkNameWithoutIso,
  ],
  [
    'unsupported payment currency and network',
    () => ({ payment_currency: { iso: 'USDT', network_name: 'bitcoin' } }),
    errors.paymentCurrencyNetworkUnsupported,
  ],
  ['description over 255', () => ({ description: long }), errors.descriptionTooLong],
  ['empty description', () => ({ description: '' }), errors.descriptionEmpty],
  ['foreign_id over 255', () => ({ foreign_id: long }), errors.foreignIdTooLong],
  ['empty foreign_id', () => ({ foreign_id: '' }), errors.foreignIdEmpty],
  ['url_store not https', () => ({ url_store: 'http://shop.example.com' }), errors.urlStoreInvalid],
  [
    'url_store on an IP address',
    () => ({ url_store: 'https://93.184.216.34/' }),
    errors.urlStoreInvalid,
  ],
  ['url_store on localhost', () => ({ url_store: 'https://localhost/' }), errors.urlStoreInvalid],
  [
    'url_store judged unclean (.invalid)',
    () => ({ url_store: 'https://shop.example.invalid/' }),
    errors.urlStoreInvalid,
  ],
  [
    'url_store judged unclean (blocked host)',
    () => ({ url_store: 'https://blocked.example/' }),
    errors.urlStoreInvalid,
  ],
  ['url_store over 255', () => ({ url_store: longUrl }), errors.urlStoreTooLong],
  ['url_success invalid', () => ({ url_success: 'not a url' }), errors.urlSuccessInvalid],
  ['url_success over 255', () => ({ url_success: longUrl }), errors.urlSuccessTooLong],
  ['url_failed invalid', () => ({ url_failed: 'ftp://shop.example.com' }), errors.urlFailedInvalid],
  ['url_failed over 255', () => ({ url_failed: longUrl }), errors.urlFailedTooLong],
  ['end_user_reference empty', () => ({ end_user_reference: '' }), errors.endUserReferenceEmpty],
  [
    'end_user_reference over 255',
    () => ({ end_user_reference: long }),
    errors.endUserReferenceTooLong,
  ],
  ['sender_type missing', () => ({ sender_type: undefined }), errors.senderTypeMissing],
  ['sender_type invalid', () => ({ sender_type: 'robot' }), errors.senderTypeInvalid],
  ['sender_data missing', () => ({ sender_data: undefined }), errors.senderDataMissing],
  [
    'sender_data not an object',
    () => ({ sender_data: 'Ada Lovelace' }),
    errors.senderDataNotObject,
  ],
  ['natural without first_name', () => natural({ first_name: undefined }), errors.firstNameMissing],
  ['first_name over 255', () => natural({ first_name: long }), errors.firstNameTooLong],
  ['natural without last_name', () => natural({ last_name: undefined }), errors.lastNameMissing],
  ['last_name over 255', () => natural({ last_name: long }), errors.lastNameTooLong],
  [
    'date_of_birth format',
    () => natural({ date_of_birth: '10/12/1990' }),
    errors.dateOfBirthFormat,
  ],
  ['legal without legal_name', () => legal({ legal_name: undefined }), errors.legalNameMissing],
  ['legal_name over 255', () => legal({ legal_name: long }), errors.legalNameTooLong],
  [
    'legal without country_of_registration',
    () => legal({ country_of_registration: undefined }),
    errors.countryOfRegistrationMissing,
  ],
  [
    'country_of_registration length',
    () => legal({ country_of_registration: 'GB' }),
    errors.countryOfRegistrationLength,
  ],
  [
    'country_of_registration not ISO alpha-3',
    () => legal({ country_of_registration: 'ZZZ' }),
    errors.countryOfRegistrationNotIso,
  ],
];

describe('create payment request: every error row of the spec', () => {
  let sandbox: SandboxUnderTest;
  before(async () => {
    sandbox = await sandboxUnderTest(null, { blockedHosts: ['blocked.example'] });
  });
  after(() => sandbox.running.close());

  test('the valid base request is accepted', async () => {
    const answer = await sandbox.createPaymentRequest();
    assert.equal(answer.status, 200, answer.text);
  });

  for (const [condition, overrides, expected] of ROWS) {
    test(`${condition} → ${expected.status} "${expected.message}"`, async () => {
      const answer = await sandbox.createPaymentRequest(overrides());
      assert.equal(answer.status, expected.status);
      assert.deepEqual(answer.json, { error: expected.message, code: expected.status });
    });
  }

  test('foreign_id already used → 400 "Payment request with this foreign_id already exists."', async () => {
    const first = await sandbox.createPaymentRequest({ foreign_id: 'order-dup' });
    assert.equal(first.status, 200);
    const second = await sandbox.createPaymentRequest({ foreign_id: 'order-dup', amount: '30.00' });
    assert.equal(second.status, 400);
    assert.deepEqual(second.json, { error: errors.foreignIdTaken.message, code: 400 });
  });

  test('several broken rules answer the first in the documented order', async () => {
    const answer = await sandbox.createPaymentRequest({
      amount: '0.5',
      description: '',
      sender_type: 'robot',
    });
    // Schema rules in the spec's field order: sender_type comes before description.
    assert.deepEqual(answer.json, { error: errors.senderTypeInvalid.message, code: 422 });
    const stateRules = await sandbox.createPaymentRequest({
      amount: '0.5',
      life_time_duration: 60,
      payment_currency: { iso: 'DOGE' },
    });
    // State rules: currency, amount, lifespan, payment_currency, rate, url_store, foreign_id.
    assert.deepEqual(stateRules.json, {
      error: errors.amountBelowMinimum('1.00').message,
      code: 422,
    });
  });
});
