import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { errorBody, JsonNumber, jsonNumber, withdrawalResponseSchema } from '@crypto-pay/protocol';
import { withdrawalRequest } from '@crypto-pay/test-kit/processing-requests';
import { type TestSandbox, testSandbox } from '../sandbox.test-helpers.ts';
import { sandboxErrors } from '../sandbox-errors.ts';

/** Creates the shared withdrawal body with `overrides` (undefined removes a field). */
function withdraw(sandbox: TestSandbox, overrides: Record<string, unknown> = {}) {
  return sandbox.general('/withdrawal/crypto', withdrawalRequest(overrides));
}

describe('crypto withdrawals', () => {
  test('creates with 201, status processing, 8-decimal amounts, the fee held from the balance', async (t) => {
    const sandbox = testSandbox(t);
    const response = await withdraw(sandbox);
    assert.equal(response.status, 201);
    const { data } = withdrawalResponseSchema.parse(await response.json());
    assert.deepEqual(
      { ...data, id: 0 },
      {
        id: 0,
        foreign_id: 'payout-1',
        end_user_reference: 'customer-1',
        type: 'withdrawal',
        status: 'processing',
        amount: '0.10000000',
        sender_amount: '0.10050000',
        sender_currency: 'BTC',
        receiver_currency: 'BTC',
        receiver_amount: '0.10000000',
      },
    );
    assert.equal(sandbox.store.balances.get('BTC'), '1.14950000');
  });

  test('converts with convert_to, from amount_to too', async (t) => {
    const sandbox = testSandbox(t);
    const byAmountTo = await withdraw(sandbox, {
      amount: undefined,
      convert_to: 'USDTT',
      amount_to: jsonNumber('920'),
      tag: '',
    });
    const { data } = withdrawalResponseSchema.parse(await byAmountTo.json());
    assert.equal(data.receiver_currency, 'USDTT');
    assert.equal(data.receiver_amount, '920.00000000');
    // 920 USDT at 0.92 EUR is 846.40 EUR, at 60000 EUR per BTC.
    assert.equal(data.amount, '0.01410667');
  });

  test("writes each entry's amount to its currency's places, as deposits do", async (t) => {
    const sandbox = testSandbox(t);
    const response = await withdraw(sandbox, { convert_to: 'ETH' });
    const { data } = withdrawalResponseSchema.parse(await response.json());
    const transaction = sandbox.store.transactions.get(data.id)!;
    assert.deepEqual(
      transaction.entries.map((entry) => [entry.transaction_type, entry.currency, entry.amount]),
      [
        ['exchange', 'BTC', '0.10000000'],
        ['blockchain', 'ETH', '2.00000000'],
      ],
    );
  });

  test('reads amounts with an exponent (Python, PHP) as the decimals they denote', async (t) => {
    const sandbox = testSandbox(t);
    // BTC's minimum withdrawal, 0.0005, in the exponent forms of Python's and PHP's encoders
    // (they write it so from 0.00005 down: `5e-05`, `5.0e-5`).
    const python = await withdraw(sandbox, { foreign_id: 'py', amount: new JsonNumber('5e-04') });
    const php = await withdraw(sandbox, { foreign_id: 'php', amount: new JsonNumber('5.0e-4') });
    for (const response of [python, php]) {
      assert.equal(response.status, 201);
      const { data } = withdrawalResponseSchema.parse(await response.json());
      assert.equal(data.amount, '0.00050000');
    }
    const byAmountTo = await withdraw(sandbox, {
      foreign_id: 'to',
      amount: undefined,
      convert_to: 'USDTT',
      amount_to: new JsonNumber('9.2E+2'),
    });
    const { data } = withdrawalResponseSchema.parse(await byAmountTo.json());
    assert.equal(data.receiver_amount, '920.00000000');
    const under = await withdraw(sandbox, { foreign_id: 'under', amount: new JsonNumber('1e-4') });
    assert.deepEqual(
      await under.json(),
      errorBody(sandboxErrors.withdrawalBelowMinimum('0.0005', 'BTC')),
    );
  });

  test('accepts receiver data for a natural receiver and a numeric foreign_id', async (t) => {
    const sandbox = testSandbox(t);
    const response = await withdraw(sandbox, {
      foreign_id: 77,
      receiver_type: 'legal',
      receiver_data: { legal_name: 'ACME Ltd', country_of_registration: 'GBR' },
    });
    assert.equal(response.status, 201);
    assert.equal(
      ((await response.json()) as { data: { foreign_id: string } }).data.foreign_id,
      '77',
    );
  });

  const broken: [string, Record<string, unknown>, ReturnType<typeof errorBody>][] = [
    ['unknown currency', { currency: 'ZZZ' }, errorBody(sandboxErrors.currencyUnknown('currency'))],
    [
      'fiat without convert_to',
      { currency: 'EUR', amount: jsonNumber('20') },
      errorBody(sandboxErrors.notCrypto('currency')),
    ],
    [
      'convert_to the same currency',
      { convert_to: 'BTC' },
      errorBody(sandboxErrors.convertToSameCurrency),
    ],
    [
      'convert_to without a rate',
      { convert_to: 'DOGE' },
      errorBody(sandboxErrors.exchangeRateUnavailable('BTC', 'DOGE')),
    ],
    [
      'nine decimals',
      { amount: jsonNumber('0.000000001') },
      errorBody(sandboxErrors.amountTooManyDecimals('amount', 'BTC', 8)),
    ],
    [
      'under the minimum withdrawal',
      { amount: jsonNumber('0.0001') },
      errorBody(sandboxErrors.withdrawalBelowMinimum('0.0005', 'BTC')),
    ],
    [
      'a conversion under the minimum withdrawal of convert_to',
      // 10 USDT is 9.20 EUR, 0.00015333 BTC: above USDT's minimum, under BTC's.
      { currency: 'USDTE', amount: jsonNumber('10'), convert_to: 'BTC' },
      errorBody(sandboxErrors.withdrawalBelowMinimum('0.0005', 'BTC')),
    ],
    [
      'more than the balance',
      { amount: jsonNumber('1.25') },
      errorBody(sandboxErrors.insufficientBalance('BTC')),
    ],
    [
      'both amount and amount_to',
      { convert_to: 'ETH', amount_to: jsonNumber('1') },
      { error: 'Only one of amount and amount_to may be given.', code: 422 },
    ],
    [
      'receiver data for self',
      { receiver_data: { legal_name: 'X', country_of_registration: 'GBR' } },
      { error: 'The receiver_data must not be included for receiver_type = self.', code: 422 },
    ],
  ];
  for (const [name, overrides, expected] of broken) {
    test(`refuses ${name}: ${expected.error}`, async (t) => {
      const sandbox = testSandbox(t);
      const response = await withdraw(sandbox, overrides);
      assert.equal(response.status, expected.code);
      assert.deepEqual(await response.json(), expected);
      assert.equal(sandbox.store.balances.get('BTC'), '1.25000000');
    });
  }

  test('says what is wrong with a field sent in the wrong form, rather than calling it missing', async (t) => {
    const sandbox = testSandbox(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ currency: { iso: 'BTC', network_name: 'bitcoin' } }, 'The currency must be a string.'],
      [{ address: 42 }, 'The address must be a string.'],
      [{ end_user_reference: 42 }, 'The end_user_reference must be a string.'],
      [{ convert_to: '' }, 'The convert_to must not be empty if provided.'],
      [{ convert_to: null }, 'The convert_to must be a string.'],
      // The spec: for self, receiver_data must not be included; null is included.
      [{ receiver_data: null }, 'The receiver_data must not be included for receiver_type = self.'],
      [
        { receiver_type: 'natural', receiver_data: null },
        'The receiver_data must be a valid object.',
      ],
      [{ address: undefined }, 'The address is a mandatory field.'],
    ];
    for (const [change, error] of cases) {
      const response = await withdraw(sandbox, change);
      assert.equal(response.status, 422, error);
      assert.deepEqual(await response.json(), { error, code: 422 });
    }
    assert.equal(sandbox.store.balances.get('BTC'), '1.25000000');
  });

  test('refuses a foreign_id used before with 400', async (t) => {
    const sandbox = testSandbox(t);
    await withdraw(sandbox);
    const again = await withdraw(sandbox);
    assert.equal(again.status, 400);
    assert.deepEqual(await again.json(), errorBody(sandboxErrors.withdrawalForeignIdTaken));
  });

  test('cancelled gives the hold back; confirmed keeps it; neither twice', async (t) => {
    const sandbox = testSandbox(t);
    const first = withdrawalResponseSchema.parse(await (await withdraw(sandbox)).json()).data;
    const second = withdrawalResponseSchema.parse(
      await (await withdraw(sandbox, { foreign_id: 'payout-2' })).json(),
    ).data;
    assert.equal(
      (await sandbox.control(`/withdrawals/${first.id}/simulate`, { outcome: 'cancelled' })).status,
      200,
    );
    assert.equal(
      (await sandbox.control(`/withdrawals/${second.id}/simulate`, { outcome: 'confirmed' }))
        .status,
      200,
    );
    assert.equal(sandbox.store.balances.get('BTC'), '1.14950000');
    assert.equal(
      (await sandbox.control(`/withdrawals/${first.id}/simulate`, { outcome: 'confirmed' })).status,
      409,
    );
    await sandbox.callbacks.idle();
    assert.deepEqual(
      sandbox.store.callbacks.map((attempt) => {
        const body = JSON.parse(attempt.body);
        return [body.type, body.id, body.status];
      }),
      [
        ['withdrawal', first.id, 'cancelled'],
        ['withdrawal', second.id, 'confirmed'],
      ],
    );
  });

  test('confirmed and cancelled callbacks carry the amounts as the create response does (8 decimals)', async (t) => {
    const sandbox = testSandbox(t);
    const created = [];
    for (const [foreignId, amount] of [
      ['payout-c', '0.01'],
      ['payout-x', '0.1'],
    ] as const) {
      const response = await withdraw(sandbox, {
        foreign_id: foreignId,
        amount: jsonNumber(amount),
      });
      created.push(withdrawalResponseSchema.parse(await response.json()).data);
    }
    const [confirmed, cancelled] = created as [(typeof created)[0], (typeof created)[0]];
    assert.equal(confirmed.amount, '0.01000000');
    await sandbox.control(`/withdrawals/${confirmed.id}/simulate`, { outcome: 'confirmed' });
    await sandbox.control(`/withdrawals/${cancelled.id}/simulate`, { outcome: 'cancelled' });
    await sandbox.callbacks.idle();
    const bodies = sandbox.store.callbacks.map((attempt) => JSON.parse(attempt.body));
    assert.deepEqual(
      bodies.map((body) => [body.status, body.amount, body.sender_amount, body.receiver_amount]),
      [
        ['confirmed', confirmed.amount, confirmed.sender_amount, confirmed.receiver_amount],
        ['cancelled', cancelled.amount, cancelled.sender_amount, cancelled.receiver_amount],
      ],
    );
    assert.match(sandbox.store.callbacks[0]!.body, /"amount":"0\.01000000"/);
  });
});
