/**
 * Migration 10 on a database that held checkouts before it (at version 9): the ones already past
 * the default deadline are marked as announced with no event, so the first sweep after an
 * upgrade sends nothing for them; the others are swept as usual.
 */

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { queryOnce } from '@crypto-pay/test-kit/postgres';
import Database from 'better-sqlite3';
import { staleEvent } from '../webhooks/events.ts';
import { openPostgresStore } from './postgres.ts';
import { LATEST_VERSION } from './schema.ts';
import { openSqliteStore } from './sqlite.ts';
import type { Store } from './store.ts';
import { checkout, usePostgres } from './stores.test-helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'crypto-pay-stale-upgrade-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const HOUR = 3600;

/** Back to version 9: what migrations 10 and after added, taken away again (the last first). */
const REWIND = [
  // 14: the invoices and withdrawals made through the merchant API (their indexes go with it).
  'DROP TABLE money_operations',
  'DELETE FROM schema_migrations WHERE version = 14',
  // 13: the back office's log searches; the URL each attempt went to.
  'DROP INDEX callbacks_status',
  'DROP INDEX webhook_attempts_failed',
  'ALTER TABLE webhook_attempts DROP COLUMN url',
  'DELETE FROM schema_migrations WHERE version = 13',
  // 12: the back office's payments.
  ...[
    'checkouts_amount',
    'checkouts_created',
    'checkouts_currency',
    'checkouts_detail',
    'checkouts_pricing',
    'checkouts_id_pattern',
    'callbacks_object',
    'webhook_events_checkout',
  ].map((index) => `DROP INDEX IF EXISTS ${index}`),
  'DELETE FROM schema_migrations WHERE version = 12',
  // 11: the dashboard's accounts, sessions and audit log; endpoints it can disable.
  ...['audit_log', 'dashboard_sessions', 'accounts'].map((table) => `DROP TABLE ${table}`),
  'ALTER TABLE webhook_endpoints DROP COLUMN disabled_at',
  'DELETE FROM schema_migrations WHERE version = 11',
  // 10: stale checkouts.
  'DROP INDEX checkouts_unannounced_expiry',
  'DROP INDEX checkouts_stale',
  'ALTER TABLE checkouts DROP COLUMN stale_at',
  'DELETE FROM schema_migrations WHERE version = 10',
];

// A migration added after this test was written must be taken back here too: else the upgrade
// below would start past 10 and mark nothing.
const rewound = REWIND.map((statement) => /WHERE version = (\d+)$/.exec(statement)?.[1]).filter(
  (version) => version !== undefined,
);
assert.deepEqual(
  rewound.map(Number).sort((a, b) => a - b),
  Array.from({ length: LATEST_VERSION - 9 }, (_, index) => 10 + index),
  'REWIND takes back every migration after version 9',
);

/** A database with checkouts written before migration 10, then opened by this release. */
async function checkUpgrade(open: () => Promise<Store>, rewind: () => Promise<void>) {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const abandoned = checkout({ expiresAt: nowSeconds - 400 * 24 * HOUR });
  const stuck = checkout({ expiresAt: nowSeconds - 2 * HOUR, status: 'processing', version: 2 });
  const recent = checkout({ expiresAt: nowSeconds - 600 });
  const paid = checkout({ expiresAt: nowSeconds - 30 * 24 * HOUR, status: 'paid', version: 2 });
  const waiting = checkout({ expiresAt: nowSeconds + HOUR });
  const before = await open();
  for (const saved of [abandoned, stuck, recent, paid, waiting]) {
    await before.insertCheckout(saved, {});
  }
  await before.close();
  await rewind();

  const startedAt = Date.now();
  const store = await open();
  try {
    const staleAt = async (id: string) => (await store.getCheckout(id))?.staleAt;
    for (const id of [abandoned.id, stuck.id]) {
      const at = await staleAt(id);
      assert.ok(at !== undefined && at >= startedAt && at <= Date.now(), `${id} marked`);
    }
    for (const id of [recent.id, paid.id, waiting.id]) assert.equal(await staleAt(id), undefined);
    assert.deepEqual(await store.listEvents({ type: 'checkout.stale', limit: 10 }), []);
    assert.equal(await store.countStaleCheckouts(Date.now()), 2);

    // The first sweep finds nothing to announce; one that counts `recent` stale announces it.
    const sweep = { now: Date.now(), staleAfterMs: HOUR * 1000, limit: 100 };
    assert.deepEqual(await store.markStaleCheckouts(sweep, staleEvent), []);
    const later = await store.markStaleCheckouts({ ...sweep, staleAfterMs: 0 }, staleEvent);
    assert.deepEqual(
      later.map((found) => found.id),
      [recent.id],
    );
    assert.equal((await store.listEvents({ type: 'checkout.stale', limit: 10 })).length, 1);
  } finally {
    await store.close();
  }
}

describe('Migration 10 on a SQLite database with checkouts', () => {
  it('marks the ones already stale as announced, with no event', async () => {
    const file = join(dir, 'v9.db');
    await checkUpgrade(
      async () => openSqliteStore(file),
      async () => {
        const raw = new Database(file);
        for (const statement of REWIND) raw.exec(statement);
        raw.close();
      },
    );
  });
});

describe('Migration 10 on a PostgreSQL database with checkouts', () => {
  const cluster = usePostgres();

  it('marks the ones already stale as announced, with no event', async () => {
    const url = await cluster().createDatabase('v9');
    await checkUpgrade(
      () => openPostgresStore(url),
      async () => {
        for (const statement of REWIND) await queryOnce(url, statement);
      },
    );
  });
});
