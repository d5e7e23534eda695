import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { relayedEvent } from '../webhooks/events.ts';
import { SQLITE_HISTORY } from './legacy/sqlite-history.ts';
import { LATEST_VERSION } from './schema.ts';
import { openSqliteStore } from './sqlite.ts';
import { callback, checkout, depositCallback, session } from './stores.test-helpers.ts';
import { storeUnavailableReason } from './unavailable.ts';

const dir = mkdtempSync(join(tmpdir(), 'crypto-pay-store-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite store, what only a file has', () => {
  it('migrates a new file, uses WAL, and keeps checkouts across a reopen', async () => {
    const file = join(dir, 'nested', 'reopen.db');
    const store = openSqliteStore(file);
    const saved = checkout({ paymentCurrency: { iso: 'BTC', network_name: 'bitcoin' } });
    await store.insertCheckout(saved, {});
    await store.close();

    const raw = new Database(file, { readonly: true });
    assert.equal(raw.pragma('journal_mode', { simple: true }), 'wal');
    // A new file starts at the one history's baseline (9), then takes what follows it.
    assert.deepEqual(
      raw.prepare('SELECT version FROM schema_migrations').all(),
      Array.from({ length: LATEST_VERSION - 8 }, (_, index) => ({ version: 9 + index })),
    );
    raw.close();

    const reopened = openSqliteStore(file);
    assert.deepEqual(await reopened.getCheckout(saved.id), saved);
    assert.deepEqual(await reopened.findCheckoutByPaymentRequest(saved.paymentRequestId), saved);
    assert.deepEqual(await reopened.findCheckoutByPaymentRequest('other', saved.foreignId), saved);
    await reopened.close();
  });

  it('keeps the dedupe keys of the events an older schema holds when it upgrades', async () => {
    const file = join(dir, 'schema-6.db');
    const raw = new Database(file);
    raw.exec(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)',
    );
    SQLITE_HISTORY.slice(0, 6).forEach((sql, index) => {
      raw.exec(sql);
      raw.prepare('INSERT INTO schema_migrations VALUES (?, 0)').run(index + 1);
    });
    raw
      .prepare(`INSERT INTO webhook_events (id, type, created_at, data, dedupe_key)
        VALUES ('evt_old', 'deposit.completed', 10, '{}', 'deposit:dep-1:Completed')`)
      .run();
    raw.close();

    const store = openSqliteStore(file);
    // Pruned since (any way the event goes): the key alone still stops the repeat.
    const pruned = new Database(file);
    pruned.prepare('DELETE FROM webhook_events').run();
    pruned.close();
    const entry = depositCallback('dep-1');
    await store.recordCallback(entry, relayedEvent(entry));
    assert.deepEqual(await store.listEvents({ limit: 10 }), []);
    await store.close();
  });

  it('makes no second event of a key an older version wrote beside its event alone', async () => {
    // An older version run on the migrated file (a rollback) wrote its events without keeping
    // their keys in webhook_dedupe_keys.
    const file = join(dir, 'older-writer.db');
    const entry = depositCallback('dep-2');
    const event = relayedEvent(entry);
    const store = openSqliteStore(file);
    const older = new Database(file);
    older
      .prepare(`INSERT INTO webhook_events (id, type, created_at, data, dedupe_key)
        VALUES ('evt_older', ?, 10, '{}', ?)`)
      .run(event.type, event.dedupeKey);
    older.close();
    await store.recordCallback(entry, event);
    assert.deepEqual(
      (await store.listEvents({ limit: 10 })).map((kept) => kept.id),
      ['evt_older'],
    );
    assert.equal((await store.listCallbacks({ limit: 10 })).length, 1);
    await store.close();
  });

  it('gives back at open the keys and sessions a create cut off by a crash still held', async () => {
    const file = join(dir, 'abandoned.db');
    const before = openSqliteStore(file);
    await before.createSession(session('hash-9'));
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

  it('answers for a key or a session a create holds without reading the file', async () => {
    let connection: Database.Database | undefined;
    const store = openSqliteStore(join(dir, 'held.db'), { onOpen: (db) => (connection = db) });
    await store.createSession(session('hash-4'));
    assert.deepEqual(await store.reserveIdempotencyKey('k', 'h1', 1000), { kind: 'reserved' });
    assert.ok(await store.claimSession('hash-4', 1000));
    // A read now would fail: the holder's commit cannot slip in between a read and its answer.
    connection!.close();
    assert.deepEqual(await store.reserveIdempotencyKey('k', 'h1', 1001), { kind: 'in_progress' });
    assert.deepEqual(await store.reserveIdempotencyKey('k', 'h2', 1001), { kind: 'conflict' });
    assert.equal(await store.claimSession('hash-4', 1001), undefined);
    await store.close();
  });

  it('answers a checkout read before from memory, with every change it made since', async () => {
    let connection: Database.Database | undefined;
    const store = openSqliteStore(join(dir, 'recent.db'), {
      onOpen: (db) => {
        connection = db;
      },
    });
    const saved = checkout();
    await store.insertCheckout(saved, {});
    assert.deepEqual(await store.getCheckout(saved.id), saved);

    // With the table out of reach, only a copy in memory can answer.
    connection!.exec('ALTER TABLE checkouts RENAME TO checkouts_away');
    assert.deepEqual(await store.getCheckout(saved.id), saved);
    connection!.exec('ALTER TABLE checkouts_away RENAME TO checkouts');

    const { checkout: paid } = await store.advanceCheckout(
      saved.id,
      { status: 'paid', at: 3000 },
      callback,
    );
    connection!.exec('ALTER TABLE checkouts RENAME TO checkouts_away');
    assert.deepEqual(await store.getCheckout(saved.id), paid, 'the change, not the copy before');
    assert.equal(paid?.version, 2);
    connection!.exec('ALTER TABLE checkouts_away RENAME TO checkouts');

    // What a caller is handed cannot change what the next caller reads.
    const read = await store.getCheckout(saved.id);
    assert.throws(() => {
      (read as { status: string }).status = 'failed';
    }, TypeError);
    assert.throws(() => {
      (read!.currency as { iso: string }).iso = 'USD';
    }, TypeError);
    assert.equal((await store.getCheckout(saved.id))?.status, 'paid');
    await store.close();
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

  it('keeps its temporary tables and sorts in memory, never in /tmp (a read-only root)', async () => {
    let tempStore: unknown;
    const store = openSqliteStore(join(dir, 'temp-store.db'), {
      onOpen: (db) => {
        tempStore = db.pragma('temp_store', { simple: true });
      },
    });
    assert.equal(tempStore, 2, 'temp_store = MEMORY');
    await store.close();
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

  it('keeps rate-limit buckets in memory: no table of them, temporary or not', async () => {
    let db: Database.Database | undefined;
    const store = openSqliteStore(join(dir, 'buckets.db'), {
      onOpen: (opened) => {
        db = opened;
      },
    });
    const take = (key: string, now: number) => store.takeRateToken({ key, perMinute: 2, now });
    assert.equal(await take('busy', 1_000_000), 0);
    assert.equal(await take('busy', 1_000_000), 0);
    assert.equal(await take('busy', 1_000_000), 30, 'the bucket is held between takes');
    // Nothing of it in the connection: a take writes nothing, not even to a TEMP table.
    for (const schema of ['main', 'temp']) {
      assert.deepEqual(
        db!
          .prepare(`SELECT count(*) AS n FROM ${schema}.sqlite_master WHERE name = 'rate_buckets'`)
          .get(),
        { n: 0 },
        schema,
      );
    }
    await store.close();
  });
});
