/**
 * The invoices and withdrawals made, on each store: listed newest first by kind, by the checkout
 * a refund pays back and a page at a time, each one's status following its callbacks (never
 * back from a final one, even those told before its row was written), and a cancel; a refund
 * claimed before the service is asked, once per checkout until void.
 */

import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { MoneyOperation, MoneyOperationKind, WithdrawalClaim } from './money-operations.ts';
import type { CallbackEntry } from './store.ts';
import { describeStores } from './stores.test-helpers.ts';

const made = (
  kind: MoneyOperationKind,
  foreignId: string,
  overrides: Partial<MoneyOperation> = {},
): MoneyOperation => ({
  kind,
  objectId: foreignId.replace(/\D/g, '') || '1',
  foreignId,
  amount: '0.00100000',
  currency: 'BTC',
  status: kind === 'invoice' ? 'created' : 'processing',
  createdBy: 'olga',
  createdAt: 1_000,
  updatedAt: 1_000,
  ...overrides,
});

const told = (type: string, foreignId: string, status: string, at = 2_000): CallbackEntry => ({
  receivedAt: at,
  type,
  foreignId,
  status,
  outcome: 'recorded',
  body: {},
});

const claim = (foreignId: string, refundOf = 'c9'): WithdrawalClaim => ({
  foreignId,
  amount: '0.00040000',
  currency: 'BTC',
  refundOf,
  createdBy: 'olga',
  at: 1_000,
});

describeStores('Money operations', (open) => {
  it('lists them newest first, by kind, by the checkout paid back, a page at a time', async () => {
    const store = await open();
    await store.recordMoneyOperation(
      made('invoice', 'inv-1', { url: 'https://pay.example/inv-1' }),
    );
    await store.recordMoneyOperation(made('withdrawal', 'wd-1'));
    await store.recordMoneyOperation(made('withdrawal', 'refund_c1', { refundOf: 'c1' }));
    const ids = async (query: Parameters<typeof store.listMoneyOperations>[0]) =>
      (await store.listMoneyOperations(query)).map((operation) => operation.foreignId);
    assert.deepEqual(await ids({ limit: 10 }), ['refund_c1', 'wd-1', 'inv-1']);
    assert.deepEqual(await ids({ kind: 'withdrawal', limit: 10 }), ['refund_c1', 'wd-1']);
    assert.deepEqual(await ids({ refundOf: 'c1', limit: 10 }), ['refund_c1']);
    const [newest] = await store.listMoneyOperations({ limit: 1 });
    assert.deepEqual(await ids({ before: newest!.id, limit: 10 }), ['wd-1', 'inv-1']);
    const [invoice] = await store.listMoneyOperations({ kind: 'invoice', limit: 1 });
    assert.deepEqual(invoice, {
      id: invoice!.id,
      ...made('invoice', 'inv-1', { url: 'https://pay.example/inv-1' }),
    });
    assert.equal(newest!.refundOf, 'c1');
    await store.close();
  });

  it('follows the callbacks of each, forward only, and a cancel', async () => {
    const store = await open();
    await store.recordMoneyOperation(made('invoice', 'inv-2'));
    await store.recordMoneyOperation(made('invoice', 'inv-3'));
    await store.recordMoneyOperation(made('withdrawal', 'wd-2'));
    const status = async (kind: MoneyOperationKind, foreignId: string) =>
      (await store.listMoneyOperations({ kind, limit: 10 })).find(
        (operation) => operation.foreignId === foreignId,
      );
    await store.recordCallback(told('invoice', 'inv-2', 'processing', 2_000));
    assert.equal((await status('invoice', 'inv-2'))?.status, 'processing');
    assert.equal((await status('invoice', 'inv-2'))?.updatedAt, 2_000);
    await store.recordCallback(told('invoice', 'inv-2', 'confirmed', 3_000));
    // Repeated, late or out of order: a final status stays.
    await store.recordCallback(told('invoice', 'inv-2', 'pending', 4_000));
    await store.recordCallback(told('invoice', 'inv-2', 'failed', 5_000));
    assert.deepEqual(
      [(await status('invoice', 'inv-2'))?.status, (await status('invoice', 'inv-2'))?.updatedAt],
      ['confirmed', 3_000],
    );
    // Another kind's callback with the same foreign_id is not about it.
    await store.recordCallback(told('withdrawal', 'inv-3', 'confirmed'));
    await store.recordCallback(told('deposit', 'wd-2', 'confirmed'));
    assert.equal((await status('invoice', 'inv-3'))?.status, 'created');
    assert.equal((await status('withdrawal', 'wd-2'))?.status, 'processing');
    await store.recordCallback(told('withdrawal', 'wd-2', 'cancelled'));
    assert.equal((await status('withdrawal', 'wd-2'))?.status, 'cancelled');

    await store.setMoneyOperationStatus('invoice', 'inv-3', 'cancelled', 6_000);
    await store.setMoneyOperationStatus('invoice', 'inv-2', 'cancelled', 6_000);
    assert.equal((await status('invoice', 'inv-3'))?.status, 'cancelled');
    assert.equal((await status('invoice', 'inv-2'))?.status, 'confirmed');
    // The callback log keeps every one, as before.
    assert.equal((await store.listCallbacks({ limit: 50 })).length, 7);
    await store.close();
  });

  it('moves a withdrawal the spec does not order, not_confirmed, on to confirmed', async () => {
    const store = await open();
    await store.recordMoneyOperation(made('withdrawal', 'wd-3'));
    await store.recordCallback(told('withdrawal', 'wd-3', 'not_confirmed', 2_000));
    await store.recordCallback(told('withdrawal', 'wd-3', 'pending', 2_500));
    await store.recordCallback(told('withdrawal', 'wd-3', 'confirmed', 3_000));
    const [withdrawal] = await store.listMoneyOperations({ limit: 1 });
    assert.deepEqual([withdrawal?.status, withdrawal?.updatedAt], ['confirmed', 3_000]);
    await store.close();
  });

  it('applies the callbacks told before the row was written', async () => {
    const store = await open();
    await store.recordCallback(told('invoice', 'inv-4', 'processing', 1_500));
    await store.recordCallback(told('invoice', 'inv-4', 'confirmed', 1_800));
    await store.recordCallback(told('invoice', 'inv-4', 'pending', 1_900));
    await store.recordMoneyOperation(made('invoice', 'inv-4', { updatedAt: 2_000 }));
    const [invoice] = await store.listMoneyOperations({ limit: 1 });
    assert.deepEqual([invoice?.status, invoice?.updatedAt], ['confirmed', 1_800]);
    await store.close();
  });

  it('claims a refund once per checkout, atomically, until the one claimed is void', async () => {
    const store = await open();
    // Two at once under two foreign_ids, as two proxies would: one row is written.
    const claims = await Promise.all([
      store.claimWithdrawal(claim('r-1')),
      store.claimWithdrawal(claim('r-2')),
    ]);
    const won = claims.filter((answer) => 'claimed' in answer);
    assert.equal(won.length, 1);
    const lost = claims.find((answer) => 'inTheWay' in answer);
    assert.ok(lost && 'inTheWay' in lost);
    assert.equal(lost.inTheWay.status, 'requested');
    assert.equal(lost.inTheWay.objectId, undefined);
    const [requested] = await store.listMoneyOperations({ refundOf: 'c9', limit: 10 });
    assert.equal(requested?.status, 'requested');
    // Another checkout is not in its way; a foreign_id taken is.
    assert.ok('claimed' in (await store.claimWithdrawal(claim('r-3', 'c10'))));
    const taken = await store.claimWithdrawal(claim('r-3', 'c11'));
    assert.ok('inTheWay' in taken && taken.inTheWay.refundOf === 'c10');

    // Filled with the service's answer, then declined by it: the checkout is free again.
    const id = 'claimed' in won[0]! ? won[0].claimed : 0;
    const foreignId = requested!.foreignId;
    await store.fillWithdrawal(id, {
      objectId: '77',
      foreignId,
      amount: '0.00040000',
      currency: 'BTC',
      status: 'processing',
      at: 2_000,
    });
    const [filled] = await store.listMoneyOperations({ refundOf: 'c9', limit: 10 });
    assert.deepEqual([filled?.objectId, filled?.status], ['77', 'processing']);
    assert.ok('inTheWay' in (await store.claimWithdrawal(claim('r-4'))));
    await store.recordCallback(told('withdrawal', foreignId, 'declined', 3_000));
    assert.ok('claimed' in (await store.claimWithdrawal(claim('r-4'))));
    await store.close();
  });

  it('fills a claimed refund with a callback told before the answer, and releases one refused', async () => {
    const store = await open();
    const first = await store.claimWithdrawal(claim('r-5'));
    assert.ok('claimed' in first);
    await store.recordCallback(told('withdrawal', 'r-5', 'confirmed', 1_500));
    await store.fillWithdrawal(first.claimed, {
      objectId: '78',
      foreignId: 'r-5',
      amount: '0.00040000',
      currency: 'BTC',
      status: 'processing',
      at: 2_000,
    });
    const [sent] = await store.listMoneyOperations({ refundOf: 'c9', limit: 10 });
    assert.deepEqual([sent?.objectId, sent?.status], ['78', 'confirmed']);

    const other = await store.claimWithdrawal(claim('r-6', 'c12'));
    assert.ok('claimed' in other);
    await store.releaseWithdrawal(other.claimed);
    assert.deepEqual(await store.listMoneyOperations({ refundOf: 'c12', limit: 10 }), []);
    assert.ok('claimed' in (await store.claimWithdrawal(claim('r-6', 'c12'))));
    await store.close();
  });
});
