/**
 * The store on PostgreSQL (node-postgres, a pool), for several proxies on one database: every
 * decision that two proxies could race on is one conditional statement or a row lock, so the
 * database, not a process, answers for the cluster. Its queries are the ones both databases
 * share, through Kysely's PostgreSQL dialect on the pool (`kyselyPool`); here the store is
 * opened, migrated under an advisory lock, told of other proxies' changes, and closed.
 */

import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { assembleStore, probeQuery } from './assemble.ts';
import { DEFAULT_CLAIM_LEASE_MS } from './create-claims.ts';
import { type DatabaseTimeouts, DEFAULT_POOL_SIZE, DEFAULT_TIMEOUTS } from './database-timeouts.ts';
import { postgresDialect } from './dialect.postgres.ts';
import { postgresRefusal } from './open-failure.ts';
import { changeFeed } from './postgres-changes.ts';
import { createPool, kyselyPool, serverSockets, storeError } from './postgres-connection.ts';
import { migrationPlan, SCHEMA_MIGRATIONS_TABLE } from './schema.ts';
import { DEFAULT_STATUS_COPY_SIZE, statusCopy } from './status-copy.ts';
import type { Store } from './store.ts';
import type { Tables } from './tables.ts';

export { DEFAULT_CLAIM_LEASE_MS };

/** The key of the advisory lock migrations hold: the same in every proxy, of every release. */
const MIGRATION_LOCK = 7_301_018_001;

/**
 * Brings the schema to this release's (`schema.ts`), each step in its own transaction, holding
 * the session-level advisory lock throughout: a second proxy (of this release or an older one)
 * blocks on it until the first is done, then finds nothing left to do.
 */
async function migrate(client: pg.ClientBase, builder: Kysely<Tables>): Promise<void> {
  // No statement timeout here: waiting for another proxy's migration, or building an index on a
  // large table, may rightly take longer than any request should.
  await client.query('SET statement_timeout = 0');
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query(SCHEMA_MIGRATIONS_TABLE('postgres'));
    const { rows } = await client.query<{ version: number }>(
      'SELECT version FROM schema_migrations',
    );
    const plan = migrationPlan(
      builder,
      'postgres',
      rows.map((row) => row.version),
    );
    for (const step of plan) {
      await client.query('BEGIN');
      try {
        if (step.script !== undefined) await client.query(step.script);
        for (const statement of step.statements) {
          await client.query(statement.sql, [...statement.parameters]);
        }
        await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [
          step.version,
          Date.now(),
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    await client.query('RESET statement_timeout');
  }
}

export interface PostgresStoreOptions {
  poolSize?: number;
  /**
   * How long a create holds a session or an Idempotency-Key before either counts as left by a
   * proxy that died mid-create and is given to the customer's retry. SQLite gives them back at
   * open instead (one process owns the file); here other proxies may be in the middle of their
   * creates, so a claim is a lease that must outlast the longest create (the upstream calls).
   */
  claimLeaseMs?: number;
  /** Connect and statement timeouts (`DATABASE_CONNECT_TIMEOUT_MS`, `DATABASE_STATEMENT_TIMEOUT_MS`). */
  timeouts?: DatabaseTimeouts;
  /** Awaited before listening again after the listening connection was lost (tests). */
  beforeRelisten?: () => Promise<void>;
  /** Checkouts the status reads' copy keeps (`STATUS_COPY_SIZE`; 0: no copy, every read a query). */
  statusCopySize?: number;
  /**
   * Longest `close` waits for the server to see its connections out before it cuts them
   * (default `DEFAULT_CLOSE_TIMEOUT_MS`).
   */
  closeTimeoutMs?: number;
}

/**
 * How long a close waits for the database. Ending a connection waits for the server's goodbye:
 * with the way to the server gone (a pod whose network went first) it never comes, and a stop
 * would hang until the process is killed.
 */
export const DEFAULT_CLOSE_TIMEOUT_MS = 5000;

/**
 * Connects to `url` (`postgres://` or `postgresql://`; TLS by its `sslmode`, `sslrootcert`, …
 * as pg reads them), migrates under an advisory lock and returns the store. A database that
 * cannot be reached throws `StoreUnavailableError`; one that refuses what the URL asks (the
 * login, the database, TLS, the right to make tables) throws `DatabaseRefusedError`.
 */
export async function openPostgresStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<Store> {
  const lease = options.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS;
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const sockets = serverSockets();
  const pool = createPool(url, options.poolSize ?? DEFAULT_POOL_SIZE, timeouts, sockets);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: kyselyPool(pool) }) });
  try {
    const client = await pool.connect();
    try {
      await migrate(client, db);
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw postgresRefusal(error) ?? storeError(error);
  }
  const changes = changeFeed(url, {
    timeouts,
    sockets,
    ...(options.beforeRelisten ? { beforeRelisten: options.beforeRelisten } : {}),
  });
  const { origin } = changes;

  const store = assembleStore(db, postgresDialect(origin), lease);
  const size = options.statusCopySize ?? DEFAULT_STATUS_COPY_SIZE;
  const copy = size > 0 ? statusCopy(size) : undefined;
  // Fed from the first read on: the feed listens (or tries to) from then, and the copy serves
  // once it does.
  let fed = false;

  return {
    ...store,
    ...(copy && {
      readCheckout(id) {
        if (!fed) {
          fed = true;
          changes.subscribe(copy.listener);
        }
        return copy.read(id, (id) => store.getCheckout(id));
      },
      async advanceCheckout(id, change, callback, eventOf) {
        const advance = await store.advanceCheckout(id, change, callback, eventOf);
        // Committed here, so no notice of it comes here: a read after the callback's answer sees
        // it, even when the feed was lost and back during the transaction (an entry kept since
        // may be older).
        if (advance.checkout) copy.changed(advance.checkout);
        return advance;
      },
      statusCopy: copy.figures,
    }),
    subscribeChanges: (listener) => changes.subscribe(listener),
    poolConnections: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async ping() {
      // On the listening connection once there is one: a proxy whose pool is taken by requests
      // stays ready, and one that cannot hear the others' changes is not.
      if (!changes.started()) return store.ping();
      const probe = probeQuery(db, Date.now()).compile();
      await changes.probe(probe.sql, [...probe.parameters]);
    },
    async close() {
      const ended = (async () => {
        await changes.close();
        if (!pool.ending) await pool.end();
      })();
      let deadline: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<'late'>((resolve) => {
        deadline = setTimeout(
          () => resolve('late'),
          options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS,
        );
      });
      try {
        if ((await Promise.race([ended, late])) === 'late') {
          // The server never said goodbye: cut the sockets, and every wait on them ends.
          sockets.destroyAll();
          ended.catch(() => undefined);
        }
      } finally {
        clearTimeout(deadline);
      }
    },
  };
}
