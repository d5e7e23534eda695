import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { currencyEntrySchema, emptyRequestSchema } from './account.ts';
import { callbackSchema } from './callbacks.ts';
import { errorBody } from './error-body.ts';
import { errors } from './errors.ts';
import { createdInvoice, LEGAL_SENDER } from './examples.ts';
import { createInvoiceSchema, invoiceSchema } from './invoice.ts';
import { parseJson } from './json.ts';
import {
  publicTransactionStatus,
  transactionInfoRequestSchema,
  transactionSchema,
} from './transaction.ts';
import { errorForMessage, validate } from './validation.ts';
import { createWithdrawalSchema } from './withdrawal.ts';

const company = LEGAL_SENDER.sender_data;

describe('the error catalogue', () => {
  it('gives each spec row its status, code and exact text', () => {
    assert.deepEqual(errorBody(errors.missingSignature), {
      error: 'No signature header',
      code: 'required_header_signature',
    });
    assert.deepEqual(errorBody(errors.merchantDisabled), {
      error: 'Merchant is disabled.',
      code: 403,
    });
    assert.deepEqual(errorBody(errors.currencyIsoUnknown), {
      error: 'The currency.iso is incorrect.',
      code: 404,
    });
    assert.equal(errors.foreignIdTaken.status, 400);
  });

  it('fills in the placeholders of parameterised texts', () => {
    assert.equal(errors.amountBelowMinimum('1.00').message, 'The minimum amount is 1.00 EUR.');
    assert.equal(
      errors.amountAboveMaximum('100000.00').message,
      'The maximum amount is 100000.00 EUR.',
    );
    assert.equal(
      errors.amountTooManyDecimals('BTC', 8).message,
      'The amount for BTC cannot have more than 8 decimal places.',
    );
    assert.equal(
      errors.exchangeRateUnavailable('EUR', 'DOGE').message,
      'Exchange rate is not available between EUR and DOGE.',
    );
    assert.equal(
      errors.lifespanTooShort(5, 'minutes').message,
      'The lifespan must be longer than or equal to 5 minutes.',
    );
    assert.equal(
      errors.lifespanTooLong(60, 'days').message,
      'The lifespan must be shorter than or equal 60 days.',
    );
  });
});

describe('invoice', () => {
  const invoice = {
    end_user_reference: 'customer-1',
    timer: true,
    title: 'Order 42',
    foreign_id: 'inv-42',
    currency: 'BTC',
    url_success: 'https://shop.example.com/ok',
    url_failed: 'https://shop.example.com/failed',
    email_user: 'ada@example.com',
    sender_type: 'legal',
    sender_data: company,
  };

  it('reads a JSON-number amount with its exact digits', () => {
    const body = parseJson(`{"amount":0.00000001,${JSON.stringify(invoice).slice(1)}`);
    const result = validate(createInvoiceSchema, body);
    assert.equal(result.success && result.data.amount, '0.00000001');
  });

  it('reads an amount with an exponent as the decimal it denotes (Python, PHP)', () => {
    // json.dumps(0.00005) in Python and json_encode(0.00005) in PHP.
    for (const literal of ['5e-05', '5.0e-5']) {
      const body = parseJson(`{"amount":${literal},${JSON.stringify(invoice).slice(1)}`);
      const result = validate(createInvoiceSchema, body);
      assert.equal(result.success && result.data.amount, '0.00005', literal);
    }
  });

  it('refuses an exponent that would write out past the length of any amount', () => {
    const body = parseJson(`{"amount":1e-99999,${JSON.stringify(invoice).slice(1)}`);
    const result = validate(createInvoiceSchema, body);
    assert.equal(
      result.success ? '' : result.failure.error.message,
      'The amount must be at most 1024 characters long written out in decimal digits.',
    );
  });

  it('refuses an amount sent as a string, a long title and a bad type', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '5' }, 'The amount must be a number.'],
      [{ amount: 5, title: 't'.repeat(51) }, 'The title must be between 1 and 50 characters.'],
      [
        { amount: 5, type: 'partial' },
        'The type must be either ‘fill_or_kill’ or ‘good_until_expired’.',
      ],
      [
        { amount: 5, sender_data: { ...company, country_of_registration: 'XX' } },
        errors.countryOfRegistrationLength.message,
      ],
    ];
    for (const [change, message] of cases) {
      const result = validate(createInvoiceSchema, { ...invoice, ...change });
      assert.equal(result.success ? undefined : result.failure.error.message, message);
    }
  });

  it('refuses a foreign_id of . or .., which no cancel address could name', () => {
    for (const foreignId of ['.', '..']) {
      const result = validate(createInvoiceSchema, {
        ...invoice,
        amount: 5,
        foreign_id: foreignId,
      });
      assert.equal(
        result.success ? undefined : result.failure.error.message,
        'The foreign_id of an invoice must not be “.” or “..”: it is a path segment of the cancel address.',
        foreignId,
      );
    }
    for (const foreignId of ['...', '.a', 'a.']) {
      const result = validate(createInvoiceSchema, {
        ...invoice,
        amount: 5,
        foreign_id: foreignId,
      });
      assert.equal(result.success, true, foreignId);
    }
  });

  it('parses the invoice object of the spec', () => {
    const created = createdInvoice;
    assert.deepEqual(invoiceSchema.parse(created), created);
    // Once filled, their types are not in the spec: a date as text or a number is the answer.
    const fixed = { ...created, fixed_at: '2026-11-22 21:00:00', sender_amount: 0.0012 };
    assert.deepEqual(invoiceSchema.parse(fixed), fixed);
  });
});

describe('crypto withdrawal', () => {
  const withdrawal = {
    currency: 'BTC',
    amount: 1,
    address: 'bc1qexample',
    foreign_id: 'wd-1',
    end_user_reference: 'customer-1',
    sender_type: 'legal',
    sender_data: company,
    receiver_type: 'self',
  };

  it('accepts self as receiver without receiver data', () => {
    assert.equal(validate(createWithdrawalSchema, withdrawal).success, true);
  });

  it('takes exactly one of amount and amount_to', () => {
    const message = (body: unknown) => {
      const result = validate(createWithdrawalSchema, body);
      return result.success ? undefined : result.failure.error.message;
    };
    assert.equal(
      message({ ...withdrawal, amount: undefined }),
      'Either amount or amount_to must be given.',
    );
    assert.equal(
      message({ ...withdrawal, amount_to: 2, convert_to: 'USDT' }),
      'Only one of amount and amount_to may be given.',
    );
    assert.equal(
      message({ ...withdrawal, amount: undefined, amount_to: 2 }),
      'The amount_to can be given only with convert_to.',
    );
    assert.equal(
      message({ ...withdrawal, amount: undefined, amount_to: 2, convert_to: 'USDT' }),
      undefined,
    );
  });

  it('needs receiver data for a natural or legal receiver', () => {
    const result = validate(createWithdrawalSchema, { ...withdrawal, receiver_type: 'natural' });
    assert.equal(
      result.success ? '' : result.failure.error.message,
      'The receiver_data object is mandatory.',
    );
  });
});

describe('transaction lookup', () => {
  it('takes exactly one of id and foreign_id', () => {
    assert.equal(transactionInfoRequestSchema.safeParse({ id: 3 }).success, true);
    assert.equal(transactionInfoRequestSchema.safeParse({ foreign_id: 'wd-1' }).success, true);
    assert.equal(transactionInfoRequestSchema.safeParse({}).success, false);
    assert.equal(
      transactionInfoRequestSchema.safeParse({ id: 3, foreign_id: 'wd-1' }).success,
      false,
    );
    assert.equal(transactionInfoRequestSchema.safeParse({ id: 0 }).success, false);
  });

  it('maps internal statuses as the spec table says', () => {
    assert.equal(publicTransactionStatus('processing'), 'not_confirmed');
    assert.equal(publicTransactionStatus('verifying'), 'not_confirmed');
    assert.equal(publicTransactionStatus('error'), 'cancelled');
    assert.equal(publicTransactionStatus('rejected'), 'cancelled');
    assert.equal(publicTransactionStatus('confirmed'), 'confirmed');
    assert.throws(() => publicTransactionStatus('lost'), RangeError);
  });

  it('keeps entries as sent: the spec names their fields but not their types', () => {
    const movement = {
      id: 1,
      currency: 'BTC',
      type: 'withdrawal',
      address: 'bc1q',
      tag: null,
      amount: '1.00000000',
      txid: null,
      confirmations: 0,
    };
    const transaction = {
      id: 9,
      type: 'withdrawal',
      status: 'not_confirmed',
      fees: [{ type: 'withdrawal', currency: 'BTC', amount: '0.00010000' }],
      transactions: [
        { transaction_type: 'blockchain', ...movement, riskscore: null },
        { transaction_type: 'exchange', currency_to: 'USDT', amount_to: '90000.000000' },
      ],
    };
    assert.deepEqual(transactionSchema.parse(transaction), transaction);
    // A risk score as a number, a field the table does not list: still the service's answer.
    const otherTypes = {
      ...transaction,
      transactions: [{ transaction_type: 'blockchain', ...movement, riskscore: 0.12, memo: 'x' }],
    };
    assert.deepEqual(transactionSchema.parse(otherTypes), otherTypes);
    const withoutKind = { ...transaction, transactions: [movement] };
    assert.equal(transactionSchema.safeParse(withoutKind).success, false);
  });
});

describe('callbacks and lists', () => {
  it('reads a payment request callback in the documented shape', () => {
    const callback = {
      payment_request_id: 'pr_1',
      foreign_id: 'order-42',
      type: 'payment_request',
      status: 'paid',
      payment_request_amount: {
        currency: { iso: 'BTC', network_name: 'bitcoin' },
        amount: '0.00150000',
      },
      fixed_at: 1_900_000_000,
      expires_at: 1_900_003_600,
    };
    assert.deepEqual(callbackSchema.parse(callback), callback);
    assert.equal(callbackSchema.safeParse({ ...callback, status: 'lost' }).success, false);
    assert.equal(
      callbackSchema.safeParse({ type: 'invoice', id: 1, foreign_id: 'inv', status: 'confirmed' })
        .success,
      true,
    );
  });

  it('wants fee percents with six decimals and {} for bodiless operations', () => {
    const entry = {
      id: 1,
      type: 'crypto',
      currency: 'BTC',
      minimum_amount: '0.00010000',
      minimum_withdrawal_amount: '0.00050000',
      deposit_confirmations: 2,
      deposit_fee_percent: '0.400000',
      withdrawal_fee_percent: '0.500000',
      precision: 8,
    };
    assert.equal(currencyEntrySchema.safeParse(entry).success, true);
    assert.equal(
      currencyEntrySchema.safeParse({ ...entry, deposit_fee_percent: '0.4' }).success,
      false,
    );
    assert.equal(emptyRequestSchema.safeParse({}).success, true);
    assert.equal(emptyRequestSchema.safeParse({ page: 2 }).success, false);
  });
});

describe('errorForMessage', () => {
  it('finds the entry of a text, with the field it concerns', () => {
    assert.equal(
      errorForMessage('payment_currency.iso is disabled.'),
      errors.paymentCurrencyIsoDisabled,
    );
    assert.equal(errors.paymentCurrencyIsoDisabled.field, 'payment_currency.iso');
    assert.equal(
      errorForMessage('The first_name must be provided for sender_type = natural.').field,
      'sender_data.first_name',
    );
  });

  it('finds texts with placeholders filled in', () => {
    const found = errorForMessage('Exchange rate is not available between EUR and DOGE.');
    assert.equal(found.name, 'exchange_rate_unavailable');
    assert.equal(found.field, 'payment_currency.iso');
    assert.equal(found.message, 'Exchange rate is not available between EUR and DOGE.');
    assert.equal(
      errorForMessage('The amount for BTC cannot have more than 8 decimal places.').field,
      'amount',
    );
    assert.equal(
      errorForMessage('The lifespan must be longer than or equal to 5 minutes.').name,
      'lifespan_too_short',
    );
  });

  it('makes any other text a 422 without a field', () => {
    assert.deepEqual(errorForMessage('Something else.'), {
      name: 'validation',
      status: 422,
      code: 422,
      message: 'Something else.',
    });
  });
});
