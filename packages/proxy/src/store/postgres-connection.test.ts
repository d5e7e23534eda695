/**
 * The store's PostgreSQL connections (Kysely's statements on the pool, through `kyselyPool`)
 * when the server ends one it holds (a restart's 57P01,
 * `pg_terminate_backend`): between two statements of a transaction, the connection checked out
 * of the pool has no listener of the pool's own, and an 'error' emitted to no one would end the
 * process. It must become 503 store_unavailable and a pool that carries on. A server gone
 * silent is given up after the read timeout all the same.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startTcpRelay } from '@crypto-pay/test-kit/tcp-relay';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { DEFAULT_TIMEOUTS } from './database-timeouts.ts';
import { createPool, kyselyPool, serverSockets } from './postgres-connection.ts';
import { usePostgres } from './stores.test-helpers.ts';
import type { Tables } from './tables.ts';
import { storeUnavailableReason } from './unavailable.ts';

/** Statements as the store makes them: Kysely on the pool. */
const kyselyOn = (pool: pg.Pool) =>
  new Kysely<Tables>({ dialect: new PostgresDialect({ pool: kyselyPool(pool) }) });

describe('PostgreSQL connections the server ends', () => {
  const cluster = usePostgres();

  it('a transaction whose connection is ended between two statements fails as unavailable; the process and the pool carry on', async () => {
    const pool = createPool(cluster().url, 2, DEFAULT_TIMEOUTS, serverSockets());
    try {
      // The connection's end, heard without an 'error' listener of the test's own (which
      // would hide the missing one: events.once listens to 'error' too).
      let ended!: Promise<void>;
      pool.once('connect', (client) => {
        ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
      });
      const db = kyselyOn(pool);
      const failure = await db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
          await cluster().asSuperuser('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
          await ended;
          return sql`SELECT 1`.execute(trx);
        })
        .then(
          () => assert.fail('the transaction went on on a terminated connection'),
          (error: unknown) => error,
        );
      assert.match(storeUnavailableReason(failure) ?? String(failure), /^postgres /);
      // The broken connection was dropped, not given back: the next statement gets a new one.
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
      assert.deepEqual(rows, [{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('gives up on a server gone silent (a partition) after its read timeout: unavailable', async () => {
    const server = new URL(cluster().url);
    const relay = await startTcpRelay({ host: server.hostname, port: Number(server.port) });
    server.port = String(relay.port);
    const pool = createPool(server.href, 2, { connectMs: 1000, statementMs: 300 }, serverSockets());
    try {
      const db = kyselyOn(pool);
      await sql`SELECT 1`.execute(db);
      relay.silence();
      const failure = await sql`SELECT 1`.execute(db).then(
        () => assert.fail('a silent server answered'),
        (error: unknown) => error,
      );
      assert.equal(storeUnavailableReason(failure), 'postgres connection lost');
    } finally {
      await relay.close();
      await pool.end();
    }
  });
});
