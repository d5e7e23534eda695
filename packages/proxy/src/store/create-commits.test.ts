/**
 * How many commits (and on PostgreSQL, round trips) a create's writes cost, read from each
 * database's own record: the commit frames in SQLite's write-ahead log, PostgreSQL's statement
 * log and the transaction ids (xmin) on the rows. A create that went back to several commits,
 * or to a transaction of several statements, fails here.
 */

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { queryOnce } from '@crypto-pay/test-kit/postgres';
import type Database from 'better-sqlite3';
import pg from 'pg';
import { checkoutEvent } from '../webhooks/events.ts';
import { openPostgresStore } from './postgres.ts';
import { LISTEN_APPLICATION_NAME, OUTBOX_CHANNEL } from './postgres-changes.ts';
import { openSqliteStore } from './sqlite.ts';
import type { Store } from './store.ts';
import { checkout, usePostgres } from './stores.test-helpers.ts';

const SESSION = {
  tokenHash: 'session-hash',
  amount: '25.00',
  currency: { iso: 'EUR' },
  foreignId: 'order-1',
  expiresAt: 10_000_000,
  createdAt: 1_000,
};

/**
 * What a session create's store calls are, an endpoint taking its event: after `claiming`, the
 * key's reservation and the session's claim, then the final write, which `between` runs.
 */
async function create(
  store: Store,
  claiming: () => void,
  between: (write: () => Promise<boolean>) => Promise<void>,
) {
  await store.createEndpoint({ id: 'whe_1', url: 'http://127.0.0.1:9/hook', createdAt: 1 }, 'x');
  await store.createSession(SESSION);
  claiming();
  assert.deepEqual(await store.reserveIdempotencyKey('key-1', 'hash', 2_000), { kind: 'reserved' });
  assert.deepEqual(await store.reserveIdempotencyKey('key-1', 'hash', 2_001), {
    kind: 'in_progress',
  });
  assert.ok(await store.claimSession(SESSION.tokenHash, 2_000));
  assert.equal(await store.claimSession(SESSION.tokenHash, 2_001), undefined, 'held');
  const made = checkout({ pricing: 'session', foreignId: SESSION.foreignId });
  const links = { idempotencyKey: 'key-1', sessionTokenHash: SESSION.tokenHash };
  await between(async () => store.insertCheckout(made, links, checkoutEvent(made)));
  // Everything the write was to do, done: the key replays it, the session is used.
  assert.deepEqual(await store.reserveIdempotencyKey('key-1', 'hash', 3_000), {
    kind: 'replay',
    checkoutId: made.id,
  });
  assert.deepEqual(await store.reserveIdempotencyKey('key-1', 'other', 3_000), {
    kind: 'conflict',
  });
  assert.equal(await store.claimSession(SESSION.tokenHash, 3_000), undefined);
  return made;
}

/**
 * The commits in a SQLite write-ahead log: frames whose header names the database's size after
 * them (bytes 4 to 8; zero for the other frames of a transaction), written since the log's last
 * restart (their salts are the header's).
 */
function walCommits(file: string): number {
  const wal = readFileSync(`${file}-wal`);
  if (wal.length < 32) return 0;
  const pageSize = wal.readUInt32BE(8);
  let commits = 0;
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
    if (!wal.subarray(at + 8, at + 16).equals(wal.subarray(16, 24))) break;
    if (wal.readUInt32BE(at + 4) !== 0) commits++;
  }
  return commits;
}

describe('A create’s writes on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crypto-pay-commits-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('commit once, key, session and all: a rate take and the claims commit nothing to the file', async () => {
    const file = join(dir, 'proxy.db');
    let connection: Database.Database | undefined;
    const store = await openSqliteStore(file, { onOpen: (db) => (connection = db) });
    // An empty log to count from: the file holds every commit so far.
    const emptyLog = () => connection!.pragma('wal_checkpoint(TRUNCATE)');
    emptyLog();
    assert.equal(await store.takeRateToken({ key: 'client', perMinute: 20 }), 0);
    assert.equal(walCommits(file), 0, 'a rate take is in the process’s memory');
    await create(store, emptyLog, async (write) => {
      assert.equal(walCommits(file), 0, 'the key and the session are claimed in memory');
      assert.equal(await write(), true, 'a delivery queued');
      assert.equal(walCommits(file), 1);
    });
    await store.close();
    // What the one commit wrote survives the process: the key still replays its checkout, and
    // the session stays used.
    const reopened = await openSqliteStore(file);
    assert.equal((await reopened.reserveIdempotencyKey('key-1', 'hash', 4_000)).kind, 'replay');
    assert.equal(await reopened.claimSession(SESSION.tokenHash, 4_000), undefined);
    await reopened.close();
  });
});

describe('A create’s writes on PostgreSQL', () => {
  const cluster = usePostgres({
    // Every statement the server runs, with its database and client's name: the round trips.
    log_statement: "'all'",
    log_line_prefix: "'%d|%a|'",
  });

  it('are one statement, one transaction, whose commit tells the outbox', async () => {
    const url = await cluster().createDatabase('one_statement');
    const store = await openPostgresStore(url);
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const notices: string[] = [];
    listener.on('notification', (notice) => notices.push(notice.channel));
    await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
    const made = await create(
      store,
      () => {},
      async (write) => {
        const logged = cluster().log().length;
        assert.equal(await write(), true, 'a delivery queued');
        // The store's statements only: not the proxy's listening connection, nor this test's.
        const statements = cluster()
          .log()
          .slice(logged)
          .split('\n')
          .filter(
            (line) =>
              line.startsWith('one_statement|') && / (statement|execute [^:]*): /.test(line),
          )
          .filter((line) => !line.includes(`|${LISTEN_APPLICATION_NAME}|`) && !/LISTEN/.test(line));
        assert.equal(statements.length, 1, statements.join('\n'));
        assert.doesNotMatch(statements[0]!, /statement: begin/i);
      },
    );
    // The one transaction that wrote them all.
    const { rows } = await queryOnce<{ xmin: string }>(
      url,
      `SELECT xmin::text FROM checkouts WHERE id = $1
       UNION ALL SELECT xmin::text FROM idempotency_keys WHERE checkout_id = $1
       UNION ALL SELECT xmin::text FROM checkout_sessions WHERE checkout_id = $1
       UNION ALL SELECT xmin::text FROM webhook_events WHERE data->>'id' = $1
       UNION ALL SELECT d.xmin::text FROM webhook_deliveries d
         JOIN webhook_events e ON e.seq = d.event_seq WHERE e.data->>'id' = $1`,
      [made.id],
    );
    assert.equal(rows.length, 5);
    assert.equal(new Set(rows.map((row) => row.xmin)).size, 1);
    await eventually(() => notices.includes(OUTBOX_CHANNEL), 'the outbox notice');
    await listener.end();
    await store.close();
  });

  it('link the key and session before taking the order lock, never waiting on a row holding it', async () => {
    const url = await cluster().createDatabase('links_first');
    // No statement timeout: the create waits on the row for as long as the test looks at it.
    const store = await openPostgresStore(url, { timeouts: { connectMs: 5000, statementMs: 0 } });
    await store.reserveIdempotencyKey('key-2', 'hash', 2_000);
    // Another transaction holds the key's row: the create's link waits for it.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query(`SELECT 1 FROM idempotency_keys WHERE key = 'key-2' FOR UPDATE`);
    const made = checkout();
    const written = store.insertCheckout(made, { idempotencyKey: 'key-2' }, checkoutEvent(made));
    const waiting = await eventually(async () => {
      // Asked outside the holder's transaction, whose view of the activity stays as first read.
      const { rows } = await queryOnce<{ pid: number }>(
        url,
        `SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%linked_key%'`,
      );
      return rows[0]?.pid;
    }, 'the create waiting on the key’s row');
    const { rows } = await queryOnce<{ held: number }>(
      url,
      `SELECT COUNT(*)::int AS held FROM pg_locks
       WHERE locktype = 'advisory' AND granted AND pid = $1`,
      [waiting],
    );
    await holder.query('COMMIT');
    await holder.end();
    await written;
    assert.equal(rows[0]!.held, 0, 'no order lock held while waiting: other events go on');
    assert.deepEqual(await store.reserveIdempotencyKey('key-2', 'hash', 3_000), {
      kind: 'replay',
      checkoutId: made.id,
    });
    await store.close();
  });
});
