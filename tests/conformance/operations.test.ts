/** Every operation's success answer, over real HTTP, checked field by field against the spec. */

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  balancesResponseSchema,
  compareDecimal,
  currenciesResponseSchema,
  invoiceResponseSchema,
  paymentRequestResponseSchema,
  withdrawalResponseSchema,
} from '@crypto-pay/protocol';
import { INVOICE_FIELDS_EMPTY_AT_CREATE } from '@crypto-pay/test-kit/processing-requests';
import { type SandboxUnderTest, sandboxUnderTest } from './support/sandbox.ts';

const EIGHT_DECIMALS = /^\d+\.\d{8}$/;

describe('operations: success shapes', () => {
  let sandbox: SandboxUnderTest;
  before(async () => {
    sandbox = await sandboxUnderTest(null);
  });
  after(() => sandbox.running.close());

  test('create payment request (fiat): 200, {data}, life_time a string, no network_name, optionals only when given', async () => {
    const before = Math.floor(Date.now() / 1000);
    const answer = await sandbox.createPaymentRequest({
      foreign_id: 'shape-1',
      end_user_email: 'ada@example.com',
    });
    assert.equal(answer.status, 200);
    assert.match(String(answer.headers['content-type']), /^application\/json/);
    const { data } = paymentRequestResponseSchema.parse(answer.json);
    const raw = (answer.json as { data: Record<string, unknown> }).data;
    assert.deepEqual(
      Object.keys(raw).sort(),
      [
        'amount',
        'currency',
        'end_user_email',
        'foreign_id',
        'id',
        'life_time',
        'payment_link',
        'status',
        'user_fee_percent',
      ].sort(),
    );
    assert.equal(typeof raw.life_time, 'string');
    assert.ok(Number(data.life_time) >= before + 3600 && Number(data.life_time) <= before + 3602);
    assert.deepEqual(data.currency, { iso: 'EUR' });
    assert.equal(data.status, 'created');
    assert.equal(data.user_fee_percent, 0);
    assert.ok(data.payment_link.startsWith(`${sandbox.running.url}/`));
  });

  test('create payment request (crypto, forced payment currency): network names present', async () => {
    const answer = await sandbox.createPaymentRequest({
      amount: '150.5',
      currency: { iso: 'USDT', network_name: 'tron' },
      payment_currency: { iso: 'BTC', network_name: 'bitcoin' },
      user_fee_percent: 100,
      description: 'Tickets',
      url_store: 'https://shop.example.com',
      url_success: 'https://shop.example.com/ok',
      url_failed: 'https://shop.example.com/ko',
    });
    assert.equal(answer.status, 200, answer.text);
    const { data } = paymentRequestResponseSchema.parse(answer.json);
    assert.equal(data.amount, '150.5');
    assert.deepEqual(data.currency, { iso: 'USDT', network_name: 'tron' });
    assert.deepEqual(data.payment_currency, { iso: 'BTC', network_name: 'bitcoin' });
    assert.equal(data.user_fee_percent, 100);
    assert.equal(data.url_store, 'https://shop.example.com');
  });

  test('the payment link serves the hosted payment page', async () => {
    const answer = await sandbox.createPaymentRequest();
    const { data } = paymentRequestResponseSchema.parse(answer.json);
    const page = await fetch(data.payment_link);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await page.text(), /25\.00 EUR/);
  });

  test('list currencies: the spec entry, 6-decimal fee percents, the sandbox list', async () => {
    const answer = await sandbox.general('/currencies/list', {});
    assert.equal(answer.status, 200);
    const { data } = currenciesResponseSchema.parse(answer.json);
    // Exactly the set: USDT once per network (USDTE ethereum, USDTT tron).
    assert.deepEqual(data.map((entry) => entry.currency).sort(), [
      'BTC',
      'DOGE',
      'ETH',
      'EUR',
      'LTC',
      'USD',
      'USDC',
      'USDTE',
      'USDTT',
      'XRP',
    ]);
    for (const entry of data) {
      assert.deepEqual(Object.keys(entry).sort(), [
        'currency',
        'deposit_confirmations',
        'deposit_fee_percent',
        'id',
        'minimum_amount',
        'minimum_withdrawal_amount',
        'precision',
        'type',
        'withdrawal_fee_percent',
      ]);
      assert.match(entry.deposit_fee_percent, /^\d+\.\d{6}$/);
      assert.match(entry.withdrawal_fee_percent, /^\d+\.\d{6}$/);
    }
    const precision = Object.fromEntries(
      data.map((entry) => [entry.currency, [entry.type, entry.precision]]),
    );
    assert.deepEqual(precision.EUR, ['fiat', 2]);
    assert.deepEqual(precision.BTC, ['crypto', 8]);
    assert.deepEqual(precision.USDTT, ['crypto', 6]);
  });

  test('list balances: one entry per currency, zeros included, seeded crypto', async () => {
    const answer = await sandbox.general('/accounts/list', {});
    assert.equal(answer.status, 200);
    const { data } = balancesResponseSchema.parse(answer.json);
    const currencies = currenciesResponseSchema.parse(
      (await sandbox.general('/currencies/list', {})).json,
    ).data;
    assert.deepEqual(
      data.map((entry) => entry.currency),
      currencies.map((entry) => entry.currency),
    );
    const balance = Object.fromEntries(data.map((entry) => [entry.currency, entry]));
    assert.deepEqual(balance.EUR, { currency: 'EUR', type: 'fiat', balance: '0.00' });
    assert.equal(balance.BTC!.type, 'crypto');
    assert.equal(compareDecimal(balance.BTC!.balance, '0'), 1, 'a BTC balance above zero');
  });

  test('operations without fields take exactly {}', async () => {
    const answer = await sandbox.general('/accounts/list', { page: 2 });
    assert.equal(answer.status, 422);
  });

  test('create invoice: 201, amount with 8 decimals from the JSON number digits, null payment fields', async () => {
    const answer = await sandbox.createInvoice({ foreign_id: 'inv-shape' }, '10.1');
    assert.equal(answer.status, 201, answer.text);
    const { data } = invoiceResponseSchema.parse(answer.json);
    assert.ok(Number.isInteger(data.id));
    assert.equal(data.amount, '10.10000000');
    assert.equal(data.status, 'created');
    assert.equal(data.foreign_id, 'inv-shape');
    assert.equal(data.end_user_reference, 'customer-1');
    assert.equal(data.title, 'Order 42');
    assert.equal(data.currency, 'EUR');
    for (const field of INVOICE_FIELDS_EMPTY_AT_CREATE) assert.equal(data[field], null, field);
    const page = await fetch(data.url);
    assert.equal(page.status, 200);
  });

  test('create invoice with timer and sender_currency: address and sender amount fixed for 15 minutes', async () => {
    const before = Math.floor(Date.now() / 1000);
    const answer = await sandbox.createInvoice(
      { foreign_id: 'inv-timer', timer: true, sender_currency: 'BTC' },
      '120',
    );
    assert.equal(answer.status, 201, answer.text);
    const { data } = invoiceResponseSchema.parse(answer.json);
    assert.equal(data.status, 'created');
    assert.equal(data.amount, '120.00000000');
    assert.equal(data.sender_currency, 'BTC');
    // 120 EUR at 60000 EUR per BTC.
    assert.equal(data.sender_amount, '0.00200000');
    assert.equal(typeof data.address, 'string');
    // The spec does not show these types; the sandbox sends Unix seconds and a count.
    const { fixed_at: fixedAt, seconds_left: secondsLeft } = data as { [key: string]: unknown };
    assert.ok(typeof fixedAt === 'number' && fixedAt >= before && fixedAt <= before + 2);
    assert.equal(data.release_at, fixedAt + 15 * 60);
    assert.ok(typeof secondsLeft === 'number' && secondsLeft <= 900 && secondsLeft >= 898);
  });

  test('create invoice keeps every digit of a long amount', async () => {
    const answer = await sandbox.createInvoice(
      { foreign_id: 'inv-digits', currency: 'BTC' },
      '0.12345678',
    );
    assert.equal(invoiceResponseSchema.parse(answer.json).data.amount, '0.12345678');
  });

  test('cancel invoice: 200 with an empty array', async () => {
    await sandbox.createInvoice({ foreign_id: 'inv-cancel' });
    const answer = await sandbox.general('/invoices/inv-cancel/cancel/', {});
    assert.equal(answer.status, 200);
    assert.equal(answer.text, '[]');
  });

  test('create crypto withdrawal: 201, status processing, 8-decimal amounts', async () => {
    const answer = await sandbox.createWithdrawal(
      { foreign_id: 'wd-shape', tag: '' },
      '0.00100000',
    );
    assert.equal(answer.status, 201, answer.text);
    const { data } = withdrawalResponseSchema.parse(answer.json);
    assert.equal(data.type, 'withdrawal');
    assert.equal(data.status, 'processing');
    assert.equal(data.foreign_id, 'wd-shape');
    for (const field of ['amount', 'sender_amount', 'receiver_amount'] as const) {
      assert.match(data[field], EIGHT_DECIMALS, field);
    }
    assert.equal(data.amount, '0.00100000');
    assert.equal(data.sender_currency, 'BTC');
    assert.equal(data.receiver_currency, 'BTC');
  });

  test('create crypto withdrawal with conversion', async () => {
    const answer = await sandbox.createWithdrawal(
      { foreign_id: 'wd-convert', currency: 'USDTE', convert_to: 'ETH' },
      '300',
    );
    assert.equal(answer.status, 201, answer.text);
    const { data } = withdrawalResponseSchema.parse(answer.json);
    assert.equal(data.sender_currency, 'USDTE');
    assert.equal(data.receiver_currency, 'ETH');
    // 300 USDT at 0.92 EUR is 276 EUR, at 3000 EUR per ETH.
    assert.equal(data.receiver_amount, '0.09200000');
  });
});
