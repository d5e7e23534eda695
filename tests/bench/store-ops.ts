/**
 * Store operations: the CPU the SQLite store spends per create (a rate-limit take, an
 * Idempotency-Key's reservation, the checkout's insert with its event) and per read of a
 * checkout not in its memory, in this process, against the same writes and reads as statements
 * prepared straight on better-sqlite3 (the floor: what SQLite itself costs). On a file with
 * `synchronous = FULL`, as deployed; the wall time is mostly fsyncs, so CPU is the figure.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CheckoutRecord, openSqliteStore } from '@crypto-pay/proxy';
import Database from 'better-sqlite3';
import type { BenchmarkResult } from './report.ts';

const checkout = (i: number): CheckoutRecord => ({
  id: `chk_${i}`,
  status: 'created',
  paymentLink: `https://pay.example/${i}`,
  expiresAt: 1_900_000_000,
  amount: '25.00',
  currency: { iso: 'EUR' },
  paymentRequestId: `pr_${i}`,
  foreignId: `f_${i}`,
  pricing: 'product',
  product: 'kettle',
  createdAt: i,
  updatedAt: i,
  version: 1,
});

/** CPU microseconds (user and system) per run of `op`, over `count` runs. */
async function cpuPer(count: number, op: (i: number) => unknown): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) await op(i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / count;
}

export async function storeOps(creates: number): Promise<BenchmarkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'store-ops-'));
  try {
    const file = join(dir, 'store.db');
    let store = openSqliteStore(file);
    const create = async (i: number) => {
      await store.takeRateToken({ key: `ip_${i % 50}`, perMinute: 1e9 });
      await store.reserveIdempotencyKey(`key_${i}`, 'hash', Date.now());
      await store.insertCheckout(
        checkout(i),
        { idempotencyKey: `key_${i}` },
        { type: 'checkout.created', createdAt: i, data: { i } },
      );
    };
    const warm = creates / 10;
    for (let i = -warm; i < 0; i++) await create(i);
    const storeCreate = await cpuPer(creates, create);
    await store.close();
    // Reopened: no checkout in its memory, every read goes to the file.
    store = openSqliteStore(file);
    const storeRead = await cpuPer(creates, (i) => store.getCheckout(`chk_${i}`));
    await store.close();

    const db = new Database(join(dir, 'floor.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(`CREATE TABLE keys (key TEXT PRIMARY KEY, hash TEXT, created_at INTEGER, checkout_id TEXT);
      CREATE TABLE rows (id TEXT PRIMARY KEY, body TEXT);
      CREATE TABLE events (seq INTEGER PRIMARY KEY AUTOINCREMENT, type TEXT, data TEXT);
      CREATE TEMP TABLE buckets (key TEXT PRIMARY KEY, tokens REAL) WITHOUT ROWID`);
    const take = db.prepare(`INSERT INTO buckets VALUES (?, 1) ON CONFLICT (key) DO UPDATE
      SET tokens = tokens + 1 RETURNING tokens`);
    const reserve = db.prepare('INSERT INTO keys (key, hash, created_at) VALUES (?, ?, ?)');
    const insert = db.prepare('INSERT INTO rows VALUES (?, ?)');
    const link = db.prepare('UPDATE keys SET checkout_id = ? WHERE key = ?');
    const event = db.prepare('INSERT INTO events (type, data) VALUES (?, ?)');
    const read = db.prepare<[string], { body: string }>('SELECT * FROM rows WHERE id = ?');
    const save = db.transaction((i: number) => {
      insert.run(`chk_${i}`, JSON.stringify(checkout(i)));
      link.run(`chk_${i}`, `key_${i}`);
      event.run('checkout.created', JSON.stringify({ i }));
    });
    const floorCreate = await cpuPer(creates, (i) => {
      take.get(`ip_${i % 50}`);
      reserve.run(`key_${i}`, 'hash', Date.now());
      save(i);
    });
    const floorRead = await cpuPer(creates, (i) =>
      JSON.parse(read.get(`chk_${i}`)?.body ?? 'null'),
    );
    db.close();

    const floor = 'prepared better-sqlite3 statements';
    return {
      benchmark: 'store operations (SQLite)',
      figures: [
        {
          name: 'create, CPU',
          value: storeCreate,
          unit: 'µs',
          baseline: { name: floor, value: floorCreate },
        },
        {
          name: 'read not in memory, CPU',
          value: storeRead,
          unit: 'µs',
          baseline: { name: floor, value: floorRead },
        },
      ],
      notes: [
        `${creates} creates and as many reads, in process, synchronous = FULL; CPU time of the process per operation.`,
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
