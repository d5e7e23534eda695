import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { openSqliteStore } from './sqlite.ts';
import type { CallbackEntry, CheckoutRecord } from './store.ts';
import { storeUnavailableReason } from './unavailable.ts';

const dir = mkdtempSync(join(tmpdir(), 'crypto-pay-store-'));
after(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function checkout(overrides: Partial<CheckoutRecord> = {}): CheckoutRecord {
  counter++;
  return {
    id: `checkout-id-${String(counter).padStart(10, '0')}`,
    status: 'created',
    paymentLink: `https://pay.example/${counter}`,
    expiresAt: 1_900_000_000,
    amount: '25.00',
    currency: { iso: 'EUR' },
    paymentRequestId: `pr-${counter}`,
    foreignId: `cp_${counter}`,
    pricing: 'product',
    product: 'kettle',
    createdAt: 1000 + counter,
    updatedAt: 1000 + counter,
    version: 1,
    ...overrides,
  };
}

const callback: CallbackEntry = {
  receivedAt: 5000,
  type: 'payment_request',
  outcome: '',
  body: { status: 'paid' },
};

describe('SQLite store', () => {
  it('migrates a new file, uses WAL, and keeps checkouts across a reopen', async () => {
    const file = join(dir, 'nested', 'reopen.db');
    const store = openSqliteStore(file);
    const saved = checkout({ paymentCurrency: { iso: 'BTC', network_name: 'bitcoin' } });
    await store.insertCheckout(saved, {});
    await store.close();

    const raw = new Database(file, { readonly: true });
    assert.equal(raw.pragma('journal_mode', { simple: true }), 'wal');
    assert.deepEqual(raw.prepare('SELECT version FROM schema_migrations').all(), [
      { version: 1 },
      { version: 2 },
      { version: 3 },
      { version: 4 },
    ]);
    raw.close();

    const reopened = openSqliteStore(file);
    assert.deepEqual(await reopened.getCheckout(saved.id), saved);
    assert.deepEqual(await reopened.findCheckoutByPaymentRequest(saved.paymentRequestId), saved);
    assert.deepEqual(await reopened.findCheckoutByPaymentRequest('other', saved.foreignId), saved);
    await reopened.close();
  });

  it('reads a checkout, always its latest version', async () => {
    const store = openSqliteStore(':memory:');
    const saved = checkout();
    await store.insertCheckout(saved, {});
    const first = await store.getCheckout(saved.id);
    assert.deepEqual(first, saved);
    const paid = await store.advanceCheckout(saved.id, { status: 'paid', at: 3000 }, callback);
    const read = await store.getCheckout(saved.id);
    assert.deepEqual(read, paid);
    assert.equal(read?.status, 'paid');
    assert.equal(read?.version, 2);
    // A refused change leaves the stored version as it is.
    await store.advanceCheckout(saved.id, { status: 'failed', at: 3001 }, callback);
    assert.equal((await store.getCheckout(saved.id))?.status, 'paid');
    await store.close();
  });

  it('moves a checkout only forward, and never out of a final status', async () => {
    const store = openSqliteStore(':memory:');
    const saved = checkout();
    await store.insertCheckout(saved, {});
    const processing = await store.advanceCheckout(
      saved.id,
      { status: 'processing', at: 2000, paymentCurrency: { iso: 'LTC', network_name: 'litecoin' } },
      callback,
    );
    assert.equal(processing?.status, 'processing');
    assert.equal(processing?.version, 2);
    assert.deepEqual(processing?.paymentCurrency, { iso: 'LTC', network_name: 'litecoin' });
    assert.equal(
      await store.advanceCheckout(saved.id, { status: 'created', at: 2001 }, callback),
      undefined,
    );
    assert.equal(
      (await store.advanceCheckout(saved.id, { status: 'failed', at: 2002 }, callback))?.status,
      'failed',
    );
    for (const status of ['paid', 'expired', 'processing'] as const) {
      assert.equal(
        await store.advanceCheckout(saved.id, { status, at: 2003 }, callback),
        undefined,
      );
    }
    const final = await store.getCheckout(saved.id);
    assert.equal(final?.status, 'failed');
    assert.equal(final?.version, 3);
    const log = await store.listCallbacks({ limit: 10 });
    assert.deepEqual(
      log.map((entry) => entry.outcome),
      ['ignored', 'ignored', 'ignored', 'applied', 'ignored', 'applied'],
    );
    await store.close();
  });

  it('hands a session out once, gives it back after a failure, and refuses it expired', async () => {
    const store = openSqliteStore(':memory:');
    const session = {
      tokenHash: 'hash-1',
      amount: '42.00',
      currency: { iso: 'EUR' },
      foreignId: 'order-1',
      expiresAt: 10_000,
      createdAt: 1_000,
    };
    await store.createSession(session);
    assert.deepEqual(await store.claimSession('hash-1', 2_000), session);
    assert.equal(await store.claimSession('hash-1', 2_000), undefined);
    await store.releaseSession('hash-1');
    assert.ok(await store.claimSession('hash-1', 2_000));
    const made = checkout({ pricing: 'session' });
    await store.insertCheckout(made, { sessionTokenHash: 'hash-1' });
    await store.releaseSession('hash-1');
    assert.equal(await store.claimSession('hash-1', 2_000), undefined, 'used for good');

    await store.createSession({ ...session, tokenHash: 'hash-2' });
    assert.equal(await store.claimSession('hash-2', 10_000), undefined, 'expired');
    await store.close();
  });

  it('reserves idempotency keys: replay, conflict, in progress, released', async () => {
    const store = openSqliteStore(':memory:');
    assert.deepEqual(await store.reserveIdempotencyKey('k1', 'h1', 1000), { kind: 'reserved' });
    assert.deepEqual(await store.reserveIdempotencyKey('k1', 'h1', 1001), { kind: 'in_progress' });
    assert.deepEqual(await store.reserveIdempotencyKey('k1', 'h2', 1001), { kind: 'conflict' });
    const made = checkout();
    await store.insertCheckout(made, { idempotencyKey: 'k1' });
    assert.deepEqual(await store.reserveIdempotencyKey('k1', 'h1', 1002), {
      kind: 'replay',
      checkoutId: made.id,
    });
    await store.reserveIdempotencyKey('k2', 'h1', 1000);
    await store.releaseIdempotencyKey('k2');
    assert.deepEqual(await store.reserveIdempotencyKey('k2', 'h9', 1003), { kind: 'reserved' });
    // After a day a key is forgotten.
    assert.deepEqual(await store.reserveIdempotencyKey('k1', 'h2', 1002 + 86_400_001), {
      kind: 'reserved',
    });
    await store.close();
  });

  it('gives back at open the keys and sessions a create cut off by a crash still held', async () => {
    const file = join(dir, 'abandoned.db');
    const before = openSqliteStore(file);
    await before.createSession({
      tokenHash: 'hash-9',
      amount: '42.00',
      currency: { iso: 'EUR' },
      foreignId: 'order-9',
      expiresAt: 10_000,
      createdAt: 1_000,
    });
    // A create in flight holds both; another finished and keeps its key.
    assert.ok(await before.claimSession('hash-9', 2_000));
    assert.deepEqual(await before.reserveIdempotencyKey('cut', 'h1', 1000), { kind: 'reserved' });
    await before.reserveIdempotencyKey('done', 'h1', 1000);
    const made = checkout();
    await before.insertCheckout(made, { idempotencyKey: 'done' });
    await before.close();

    const after = openSqliteStore(file);
    assert.deepEqual(await after.reserveIdempotencyKey('cut', 'h1', 1001), { kind: 'reserved' });
    assert.ok(await after.claimSession('hash-9', 2_000), 'the session can be used again');
    assert.deepEqual(await after.reserveIdempotencyKey('done', 'h1', 1001), {
      kind: 'replay',
      checkoutId: made.id,
    });
    await after.close();
  });

  it('pings with a real write, so a store that cannot write is not ready', async () => {
    const file = join(dir, 'probe.db');
    const store = openSqliteStore(file);
    await store.ping();
    const raw = new Database(file);
    const probed = () => raw.prepare('SELECT id FROM store_probe').all();
    assert.deepEqual(probed(), [{ id: 1 }]);
    raw.prepare('DELETE FROM store_probe').run();
    await store.ping();
    assert.deepEqual(probed(), [{ id: 1 }], 'written again: one row');
    await store.ping();
    assert.deepEqual(probed(), [{ id: 1 }]);
    raw.close();
    await store.close();

    const readOnly = openSqliteStore(':memory:', { onOpen: (db) => db.pragma('query_only = 1') });
    await assert.rejects(readOnly.ping(), (error) => {
      assert.equal(storeUnavailableReason(error), 'SQLITE_READONLY');
      return true;
    });
    await readOnly.close();
  });

  it('fails a write on a full disk with an error known as the store being unavailable', async () => {
    // The database may not grow past its size at open: the next page it needs is "the disk full".
    const store = openSqliteStore(':memory:', {
      onOpen: (db) => db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`),
    });
    let failure: unknown;
    for (let i = 0; i < 1000 && failure === undefined; i++) {
      await store.insertCheckout(checkout(), {}).catch((error) => {
        failure = error;
      });
    }
    assert.equal(storeUnavailableReason(failure), 'SQLITE_FULL');
    assert.equal((failure as Error).message, 'database or disk is full');
    // A bug is no store failure: it stays a 500.
    assert.equal(storeUnavailableReason(new TypeError('x is undefined')), undefined);
    await store.close();
  });

  it('never writes sender data: the database file holds none of it', async () => {
    const file = join(dir, 'scan.db');
    const store = openSqliteStore(file);
    await store.insertCheckout(checkout(), {});
    await store.recordCallback({
      receivedAt: 1,
      type: 'invoice',
      outcome: 'recorded',
      body: { id: 1, foreign_id: 'inv-1', status: 'confirmed' },
    });
    await store.close();
    const columns = new Database(file, { readonly: true })
      .prepare("SELECT name FROM pragma_table_info('checkouts')")
      .all()
      .map((row) => (row as { name: string }).name);
    for (const personal of [
      'sender_data',
      'first_name',
      'email',
      'end_user_email',
      'date_of_birth',
    ]) {
      assert.ok(!columns.some((column) => column.includes(personal)), personal);
    }
    assert.ok(readFileSync(file).length > 0);
  });
});
