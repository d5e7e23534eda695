/**
 * The invoices and withdrawals made, on each store: listed newest first by kind, by the checkout
 * a refund pays back and a page at a time, each one's status following its callbacks (never
 * back from a final one), and a cancel.
 */

import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { MoneyOperation, MoneyOperationKind } from './money-operations.ts';
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
});
