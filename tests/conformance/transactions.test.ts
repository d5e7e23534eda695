/**
 * Transaction lookup: `GET {base_url}/transactions/info` with a JSON body, signed like any
 * request, by id or by foreign_id; internal statuses mapped as the spec's table says.
 */

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { paymentRequestResponseSchema, transactionSchema } from '@crypto-pay/protocol';
import { type SandboxUnderTest, sandboxUnderTest } from './support/sandbox.ts';

describe('transaction lookup with a GET body', () => {
  let sandbox: SandboxUnderTest;
  const lookup = (body: object | string) =>
    sandbox.general('/transactions/info', body, { method: 'GET' });
  let withdrawalId: number;

  before(async () => {
    sandbox = await sandboxUnderTest(null);
    const created = await sandbox.createWithdrawal(
      { foreign_id: 'wd-look', convert_to: 'USDTT', tag: 'memo-1' },
      '0.01',
    );
    withdrawalId = (created.json as { data: { id: number } }).data.id;
  });
  after(() => sandbox.running.close());

  test('finds a withdrawal by its id: processing maps to not_confirmed', async () => {
    const answer = await lookup({ id: withdrawalId });
    assert.equal(answer.status, 200, answer.text);
    const transaction = transactionSchema.parse(answer.json);
    assert.equal(transaction.id, withdrawalId);
    assert.equal(transaction.type, 'withdrawal');
    assert.equal(transaction.status, 'not_confirmed');
    assert.equal(transaction.foreign_id, 'wd-look');
    assert.equal(transaction.end_user_reference, 'customer-1');
    assert.deepEqual(
      transaction.transactions.map((entry) => entry.transaction_type),
      ['exchange', 'blockchain'],
    );
    const exchange = transaction.transactions[0]!;
    assert.ok(exchange.transaction_type === 'exchange');
    assert.equal(exchange.currency_to, 'USDTT');
    const blockchain = transaction.transactions[1]!;
    assert.ok(blockchain.transaction_type === 'blockchain');
    assert.equal(blockchain.tag, 'memo-1');
    assert.deepEqual(transaction.fees, [
      { type: 'fee_crypto_withdrawal', currency: 'BTC', amount: '0.00005000' },
    ]);
    assert.equal(transaction.crypto_address?.address, 'tb1qdestination');
  });

  test('finds the same transaction by foreign_id', async () => {
    const answer = await lookup({ foreign_id: 'wd-look' });
    assert.equal(answer.status, 200);
    assert.equal(transactionSchema.parse(answer.json).id, withdrawalId);
  });

  test('maps statuses as they move: confirmed, and cancelled for a rejected deposit', async () => {
    await sandbox.control(`/withdrawals/${withdrawalId}/simulate`, { outcome: 'confirmed' });
    assert.equal(
      transactionSchema.parse((await lookup({ id: withdrawalId })).json).status,
      'confirmed',
    );

    const underpaid = paymentRequestResponseSchema.parse(
      (await sandbox.createPaymentRequest({ foreign_id: 'order-under' })).json,
    ).data;
    await sandbox.control(`/payment-requests/${underpaid.id}/simulate`, { outcome: 'underpaid' });
    const rejected = transactionSchema.parse((await lookup({ foreign_id: 'order-under' })).json);
    assert.equal(rejected.type, 'deposit');
    assert.equal(rejected.status, 'cancelled');
    assert.equal(typeof rejected.error, 'string');
  });

  test('a failed payment (sent, never confirmed) maps its internal error to cancelled', async () => {
    const failed = paymentRequestResponseSchema.parse(
      (await sandbox.createPaymentRequest({ foreign_id: 'order-failed' })).json,
    ).data;
    await sandbox.control(`/payment-requests/${failed.id}/simulate`, { outcome: 'failed' });
    const transaction = transactionSchema.parse(
      (await lookup({ foreign_id: 'order-failed' })).json,
    );
    assert.equal(transaction.status, 'cancelled');
    assert.equal(transaction.error, 'The payment was not confirmed in time.');
    assert.equal(transaction.currency_sent, undefined);
  });

  test('a paid payment request is a confirmed deposit with sent and received amounts', async () => {
    const paid = paymentRequestResponseSchema.parse(
      (await sandbox.createPaymentRequest({ foreign_id: 'order-paid', amount: '600.00' })).json,
    ).data;
    await sandbox.control(`/payment-requests/${paid.id}/simulate`, {
      outcome: 'paid',
      payment_currency: { iso: 'BTC' },
    });
    const deposit = transactionSchema.parse((await lookup({ foreign_id: 'order-paid' })).json);
    assert.equal(deposit.status, 'confirmed');
    assert.deepEqual(deposit.currency_sent, { currency: 'BTC', amount: '0.01000000' });
    assert.deepEqual(deposit.currency_received, {
      currency: 'BTC',
      amount: '0.01000000',
      amount_minus_fee: '0.00990000',
    });
    const [entry] = deposit.transactions;
    assert.ok(entry?.transaction_type === 'blockchain');
    assert.equal(entry.type, 'deposit');
  });

  test('an invoice paid in another currency shows its exchange entry; pending stays pending', async () => {
    await sandbox.createInvoice({ foreign_id: 'inv-look', sender_currency: 'ETH' }, '30');
    await sandbox.control('/invoices/inv-look/simulate', { outcome: 'pending' });
    const pending = transactionSchema.parse((await lookup({ foreign_id: 'inv-look' })).json);
    assert.equal(pending.status, 'pending');
    assert.deepEqual(
      pending.transactions.map((entry) => entry.transaction_type),
      ['blockchain', 'exchange'],
    );
  });

  const refused: [string, object | string, number, string][] = [
    [
      'both id and foreign_id',
      { id: 1001, foreign_id: 'wd-look' },
      422,
      'Exactly one of id and foreign_id must be given.',
    ],
    ['neither', {}, 422, 'Exactly one of id and foreign_id must be given.'],
    ['an unknown id', { id: 999999 }, 404, 'Transaction not found.'],
    ['an unknown foreign_id', { foreign_id: 'nope' }, 404, 'Transaction not found.'],
    ["another merchant's transaction", { id: 1 }, 404, 'Transaction not found.'],
  ];
  for (const [name, body, status, text] of refused) {
    test(`refuses ${name} with ${status}`, async () => {
      const answer = await lookup(body);
      assert.equal(answer.status, status);
      assert.deepEqual(answer.json, { error: text, code: status });
    });
  }

  test('a GET without a body is a bad content format', async () => {
    const answer = await lookup('');
    assert.equal(answer.status, 403);
    assert.deepEqual(answer.json, { error: 'Bad content format', code: 'bad_content_format' });
  });

  test('the GET body is signed like any other: a signature of other bytes fails', async () => {
    const answer = await sandbox.general(
      '/transactions/info',
      { id: withdrawalId },
      {
        method: 'GET',
        headers: { 'X-Processing-Signature': 'a'.repeat(128) },
      },
    );
    assert.equal(answer.status, 403);
    assert.deepEqual(answer.json, { error: 'Bad signature header', code: 'bad_header_signature' });
  });
});
