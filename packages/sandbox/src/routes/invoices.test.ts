import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { errorBody, invoiceResponseSchema } from '@crypto-pay/protocol';
import {
  INVOICE_FIELDS_EMPTY_AT_CREATE,
  invoiceRequest,
} from '@crypto-pay/test-kit/processing-requests';
import { type TestSandbox, testSandbox } from '../sandbox.test-helpers.ts';
import { sandboxErrors } from '../sandbox-errors.ts';

const CREATE = '/api/v2/invoices/create';
const NOW = 1_800_000_000;

async function createInvoice(sandbox: TestSandbox, overrides: Record<string, unknown> = {}) {
  const { amount = '12.5', ...rest } = overrides;
  const response = await sandbox.call(CREATE, invoiceRequest(rest, String(amount)));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('invoices', () => {
  test('creates with 201 and the spec object: 8-decimal amount, null payment fields', async (t) => {
    const sandbox = testSandbox(t);
    const { status, body } = await createInvoice(sandbox);
    assert.equal(status, 201);
    const { data } = invoiceResponseSchema.parse(body);
    assert.equal(data.amount, '12.50000000');
    assert.equal(data.status, 'created');
    assert.equal(data.currency, 'EUR');
    assert.equal(data.url, 'http://sandbox.test/invoice/invoice-1');
    for (const field of INVOICE_FIELDS_EMPTY_AT_CREATE) assert.equal(data[field], null, field);
  });

  test('reads an amount with an exponent as Python and PHP write it, then judges its value', async (t) => {
    const sandbox = testSandbox(t);
    // json.dumps(0.00005) and json_encode(0.00005): BTC's minimum invoice amount.
    for (const [foreignId, amount] of [
      ['python', '5e-05'],
      ['php', '5.0e-5'],
    ]) {
      const { status, body } = await createInvoice(sandbox, {
        currency: 'BTC',
        foreign_id: foreignId,
        amount,
      });
      assert.equal(status, 201, amount);
      assert.equal(invoiceResponseSchema.parse(body).data.amount, '0.00005000');
    }
    const refusals: [string, ReturnType<typeof errorBody>][] = [
      ['4.9e-5', errorBody(sandboxErrors.amountBelowCurrencyMinimum('0.00005', 'BTC'))],
      ['1e-9', errorBody(sandboxErrors.amountTooManyDecimals('amount', 'BTC', 8))],
      ['-5e-05', errorBody(sandboxErrors.amountNotPositive('amount'))],
      ['-0e0', errorBody(sandboxErrors.amountNotPositive('amount'))],
    ];
    for (const [amount, expected] of refusals) {
      const { status, body } = await createInvoice(sandbox, { currency: 'BTC', amount });
      assert.equal(status, expected.code, amount);
      assert.deepEqual(body, expected, amount);
    }
    const euros = await createInvoice(sandbox, { foreign_id: 'eur', amount: '1.25E+2' });
    assert.equal(invoiceResponseSchema.parse(euros.body).data.amount, '125.00000000');
  });

  test('timer with sender_currency fixes the address and amount for 15 minutes', async (t) => {
    const sandbox = testSandbox(t);
    const { body } = await createInvoice(sandbox, {
      timer: true,
      sender_currency: 'BTC',
      amount: '600',
    });
    const { data } = invoiceResponseSchema.parse(body);
    assert.equal(data.sender_currency, 'BTC');
    assert.equal(data.sender_amount, '0.01000000');
    assert.match(String(data.address), /^tb1q/);
    assert.equal(data.fixed_at, NOW);
    assert.equal(data.release_at, NOW + 900);
    assert.equal(data.seconds_left, 900);
  });

  test('a timer invoice nobody paid fails when its 15 minutes run out', async (t) => {
    const sandbox = testSandbox(t);
    await createInvoice(sandbox, { timer: true });
    await sandbox.control('/clock', { advance_seconds: 900 });
    assert.equal(sandbox.store.invoices.get('invoice-1')!.status, 'failed');
  });

  const broken: [string, Record<string, unknown>, ReturnType<typeof errorBody>][] = [
    ['unknown currency', { currency: 'ZZZ' }, errorBody(sandboxErrors.currencyUnknown('currency'))],
    [
      'disabled currency',
      { currency: 'XRP' },
      errorBody(sandboxErrors.currencyDisabled('currency')),
    ],
    ['zero amount', { amount: '0' }, errorBody(sandboxErrors.amountNotPositive('amount'))],
    [
      'three decimals in EUR',
      { amount: '1.005' },
      errorBody(sandboxErrors.amountTooManyDecimals('amount', 'EUR', 2)),
    ],
    [
      'amount under the currency minimum',
      { amount: '0.5' },
      errorBody(sandboxErrors.amountBelowCurrencyMinimum('1.00', 'EUR')),
    ],
    [
      'fiat sender_currency',
      { sender_currency: 'USD' },
      errorBody(sandboxErrors.notCrypto('sender_currency')),
    ],
    [
      'sender_currency without a rate',
      { sender_currency: 'DOGE' },
      errorBody(sandboxErrors.exchangeRateUnavailable('EUR', 'DOGE')),
    ],
    [
      'title over 50 characters',
      { title: 'x'.repeat(51) },
      { error: 'The title must be between 1 and 50 characters.', code: 422 },
    ],
  ];
  for (const [name, overrides, expected] of broken) {
    test(`refuses ${name}: ${expected.error}`, async (t) => {
      const sandbox = testSandbox(t);
      const { status, body } = await createInvoice(sandbox, overrides);
      assert.equal(status, expected.code);
      assert.deepEqual(body, expected);
    });
  }

  test('says what is wrong with a field sent in the wrong form, rather than calling it missing', async (t) => {
    const sandbox = testSandbox(t);
    const valid = JSON.parse(invoiceRequest()) as Record<string, unknown>;
    const cases: [Record<string, unknown>, string][] = [
      // The payment request's shape, where invoices take a code.
      [{ currency: { iso: 'EUR' } }, 'The currency must be a string.'],
      [{ sender_currency: '' }, 'The sender_currency must not be empty if provided.'],
      [{ sender_currency: null }, 'The sender_currency must be a string.'],
      [{ title: 42 }, 'The title must be a string.'],
      [{ email_user: ['ada@example.com'] }, 'The email_user must be a string.'],
      [{ timer: 'true' }, 'The timer must be true or false.'],
      [{ timer: undefined }, 'The timer is a mandatory field.'],
      [{ amount: undefined }, 'The amount is a mandatory field.'],
      [{ currency: undefined }, 'The currency is a mandatory field.'],
    ];
    for (const [change, error] of cases) {
      const response = await sandbox.call(CREATE, JSON.stringify({ ...valid, ...change }));
      assert.equal(response.status, 422, error);
      assert.deepEqual(await response.json(), { error, code: 422 });
    }
  });

  test('refuses a foreign_id used before with 400', async (t) => {
    const sandbox = testSandbox(t);
    await createInvoice(sandbox);
    const { status, body } = await createInvoice(sandbox);
    assert.equal(status, 400);
    assert.deepEqual(body, errorBody(sandboxErrors.invoiceForeignIdTaken));
  });

  test('cancels while open with 200 [], then refuses: cancelled, confirmed, unknown', async (t) => {
    const sandbox = testSandbox(t);
    await createInvoice(sandbox);
    await createInvoice(sandbox, { foreign_id: 'invoice-2' });
    const cancel = (id: string) => sandbox.call(`/api/v2/invoices/${id}/cancel/`, {});
    const first = await cancel('invoice-1');
    assert.equal(first.status, 200);
    assert.deepEqual(await first.json(), []);
    const twice = await cancel('invoice-1');
    assert.equal(twice.status, 409);
    assert.deepEqual(
      await twice.json(),
      errorBody(sandboxErrors.invoiceNotCancellable('cancelled')),
    );
    await sandbox.control('/invoices/invoice-2/simulate', { outcome: 'confirmed' });
    assert.deepEqual(
      await (await cancel('invoice-2')).json(),
      errorBody(sandboxErrors.invoiceNotCancellable('confirmed')),
    );
    const unknown = await cancel('nope');
    assert.equal(unknown.status, 404);
    assert.deepEqual(await unknown.json(), errorBody(sandboxErrors.invoiceNotFound));
  });

  test('confirmed credits the invoice currency net of the deposit fee, with an exchange entry', async (t) => {
    const sandbox = testSandbox(t);
    await createInvoice(sandbox, { amount: '600', sender_currency: 'ETH' });
    for (const outcome of ['pending', 'processing', 'confirmed']) {
      assert.equal(
        (await sandbox.control('/invoices/invoice-1/simulate', { outcome })).status,
        200,
      );
    }
    // 600 EUR is 0.2 ETH; the 1% deposit fee (0.002 ETH) leaves 0.198 ETH, i.e. 594.00 EUR.
    assert.equal(sandbox.store.balances.get('EUR'), '594.00');
    const invoice = sandbox.store.invoices.get('invoice-1')!;
    const transaction = sandbox.store.transactions.get(invoice.transactionId!)!;
    assert.equal(transaction.internalStatus, 'confirmed');
    assert.deepEqual(transaction.fees, [
      { type: 'fee_crypto_deposit', currency: 'ETH', amount: '0.00200000' },
    ]);
    assert.deepEqual(
      transaction.entries.map((entry) => [entry.transaction_type, entry.amount]),
      [
        ['blockchain', '0.20000000'],
        ['exchange', '0.19800000'],
      ],
    );
    const exchange = transaction.entries[1]!;
    assert.ok(exchange.transaction_type === 'exchange');
    assert.deepEqual([exchange.currency_to, exchange.amount_to], ['EUR', '594.00']);
    await sandbox.callbacks.idle();
    assert.deepEqual(
      sandbox.store.callbacks.map((attempt) => JSON.parse(attempt.body).status),
      ['pending', 'processing', 'confirmed'],
    );
  });
});

describe('the invoice page', () => {
  const page = async (sandbox: TestSandbox, foreignId: string) =>
    (await sandbox.app.request(`http://sandbox.test/invoice/${foreignId}`)).text();

  test('an open invoice asks for payment; its buttons say what they play, in a plain form', async (t) => {
    const sandbox = testSandbox(t);
    await createInvoice(sandbox);
    await sandbox.control('/invoices/invoice-1/simulate', { outcome: 'pending' });
    const open = await page(sandbox, 'invoice-1');
    assert.match(open, /Pay <strong>[\d.]+ BTC<\/strong> to <code>/);
    assert.match(open, /<form method="post">/);
    for (const [outcome, label] of [
      ['pending', 'Send the payment (seen, not confirmed yet)'],
      ['processing', 'Payment is confirming'],
      ['confirmed', 'Payment confirmed'],
      ['failed', 'Payment fails'],
    ] as const) {
      assert.match(
        open,
        new RegExp(`value="${outcome}"[^>]*>${label.replace(/[()]/g, '\\$&')}</button>`),
      );
    }
  });

  test('a confirmed, failed or cancelled invoice says so and asks for nothing', async (t) => {
    const sandbox = testSandbox(t);
    for (const foreignId of ['paid-1', 'failed-1', 'cancelled-1']) {
      await createInvoice(sandbox, { foreign_id: foreignId });
      await sandbox.control(`/invoices/${foreignId}/simulate`, { outcome: 'pending' });
    }
    const played = await sandbox.app.request('http://sandbox.test/invoice/paid-1', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'outcome=confirmed',
    });
    assert.equal(played.status, 303);
    await sandbox.control('/invoices/failed-1/simulate', { outcome: 'failed' });
    assert.equal((await sandbox.call('/api/v2/invoices/cancelled-1/cancel/', {})).status, 200);
    for (const [foreignId, words, back] of [
      ['paid-1', 'This invoice is paid.', 'https://shop.example.com/ok'],
      ['failed-1', 'This invoice failed: no payment was confirmed.', 'https://shop.example.com/ko'],
      ['cancelled-1', 'This invoice was cancelled by the store.', 'https://shop.example.com/ko'],
    ] as const) {
      const closed = await page(sandbox, foreignId);
      assert.ok(closed.includes(`<p>${words}</p>`), foreignId);
      assert.ok(closed.includes(`<a href="${back}">Back to the store</a>`), foreignId);
      assert.doesNotMatch(closed, /Pay <strong>/);
      assert.doesNotMatch(closed, /<form|<button/);
    }
  });
});
