/**
 * Errors of invoices and withdrawals, where the spec shows none and the sandbox words them
 * (its README lists each): answered over real HTTP with the sandbox catalogue's texts.
 */

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ProcessingError } from '@crypto-pay/protocol';
import { sandboxErrors } from '@crypto-pay/sandbox';
import { invoiceRequest, withdrawalRequest } from '@crypto-pay/test-kit/processing-requests';
import { type SandboxUnderTest, sandboxUnderTest } from './support/sandbox.ts';

const expectError = (answer: { status: number; json: unknown }, error: ProcessingError) => {
  assert.equal(answer.status, error.status);
  assert.deepEqual(answer.json, { error: error.message, code: error.status });
};

describe('invoice and withdrawal errors the sandbox decides', () => {
  let sandbox: SandboxUnderTest;
  before(async () => {
    sandbox = await sandboxUnderTest(null);
  });
  after(() => sandbox.running.close());

  test('cancel: unknown 404; confirmed, failed and cancelled 409', async () => {
    expectError(await sandbox.general('/invoices/nope/cancel/', {}), sandboxErrors.invoiceNotFound);
    for (const [id, outcome] of [
      ['inv-confirmed', 'confirmed'],
      ['inv-failed', 'failed'],
    ] as const) {
      await sandbox.createInvoice({ foreign_id: id });
      await sandbox.control(`/invoices/${id}/simulate`, { outcome });
      expectError(
        await sandbox.general(`/invoices/${id}/cancel/`, {}),
        sandboxErrors.invoiceNotCancellable(outcome),
      );
    }
    await sandbox.createInvoice({ foreign_id: 'inv-twice' });
    assert.equal((await sandbox.general('/invoices/inv-twice/cancel/', {})).status, 200);
    expectError(
      await sandbox.general('/invoices/inv-twice/cancel/', {}),
      sandboxErrors.invoiceNotCancellable('cancelled'),
    );
  });

  const invoices: [string, string, ProcessingError][] = [
    [
      invoiceRequest({ foreign_id: 'i1', currency: 'ZZZ' }),
      'unknown currency',
      sandboxErrors.currencyUnknown('currency'),
    ],
    [
      invoiceRequest({ foreign_id: 'i2', currency: 'XRP' }),
      'disabled currency',
      sandboxErrors.currencyDisabled('currency'),
    ],
    [
      invoiceRequest({ foreign_id: 'i3' }, '-5'),
      'negative amount',
      sandboxErrors.amountNotPositive('amount'),
    ],
    [
      invoiceRequest({ foreign_id: 'i4', sender_currency: 'EUR' }),
      'fiat sender_currency',
      sandboxErrors.notCrypto('sender_currency'),
    ],
  ];
  for (const [body, name, error] of invoices) {
    test(`invoice with ${name}: ${error.message}`, async () => {
      expectError(await sandbox.general('/invoices/create', body), error);
    });
  }

  const withdrawals: [string, string, ProcessingError][] = [
    [
      withdrawalRequest({ foreign_id: 'w1' }, '500'),
      'more than the balance',
      sandboxErrors.insufficientBalance('BTC'),
    ],
    [
      withdrawalRequest({ foreign_id: 'w2' }, '0.0001'),
      'less than the minimum',
      sandboxErrors.withdrawalBelowMinimum('0.0005', 'BTC'),
    ],
    [
      withdrawalRequest({ foreign_id: 'w3', currency: 'XRP' }),
      'a disabled currency',
      sandboxErrors.currencyDisabled('currency'),
    ],
    [
      withdrawalRequest({ foreign_id: 'w4', convert_to: 'EUR' }),
      'a fiat convert_to',
      sandboxErrors.notCrypto('convert_to'),
    ],
  ];
  for (const [body, name, error] of withdrawals) {
    test(`withdrawal of ${name}: ${error.message}`, async () => {
      expectError(await sandbox.general('/withdrawal/crypto', body), error);
    });
  }

  test('a withdrawal foreign_id is unique', async () => {
    assert.equal((await sandbox.createWithdrawal({ foreign_id: 'w-once' })).status, 201);
    expectError(
      await sandbox.createWithdrawal({ foreign_id: 'w-once' }),
      sandboxErrors.withdrawalForeignIdTaken,
    );
  });

  test('a withdrawal foreign_id may be any JSON value (spec: "any"), answered as its text', async () => {
    const values: [string, string][] = [
      ['9007199254740993', '9007199254740993'],
      ['1.5', '1.5'],
      ['true', 'true'],
      ['{"order":7}', '{"order":7}'],
    ];
    for (const [json, text] of values) {
      const body = withdrawalRequest().replace(/"foreign_id":"[^"]*"/, `"foreign_id":${json}`);
      const response = await sandbox.general('/withdrawal/crypto', body);
      assert.equal(response.status, 201, json);
      assert.equal((response.json as { data: { foreign_id: string } }).data.foreign_id, text);
    }
    for (const json of ['null', '""']) {
      const body = withdrawalRequest().replace(/"foreign_id":"[^"]*"/, `"foreign_id":${json}`);
      const response = await sandbox.general('/withdrawal/crypto', body);
      assert.equal(response.status, 422, json);
      assert.deepEqual(response.json, { error: 'The foreign_id is a mandatory field.', code: 422 });
    }
  });
});
