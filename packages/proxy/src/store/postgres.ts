/**
 * The store on PostgreSQL (node-postgres, a pool), for several proxies on one database: every
 * decision that two proxies could race on is one conditional statement or a row lock, so the
 * database, not a process, answers for the cluster. Rows map to records as SQLite's do. Here
 * the store is opened, put together from its parts (checkouts and the callback log, what a
 * create holds, the webhook outbox, the rate limit, pruning) and closed.
 */

import { type DatabaseTimeouts, DEFAULT_POOL_SIZE, DEFAULT_TIMEOUTS } from './database-timeouts.ts';
import { changeFeed } from './postgres-changes.ts';
import { postgresCheckouts } from './postgres-checkouts.ts';
import { createPool, query, serverSockets, storeError } from './postgres-connection.ts';
import { postgresCreateClaims } from './postgres-create-claims.ts';
import { migratePostgres } from './postgres-migrations.ts';
import { postgresOutbox } from './postgres-outbox.ts';
import { postgresRateLimit } from './postgres-rate-limit.ts';
import { prunePostgres } from './postgres-retention.ts';
import type { Store } from './store.ts';

/** How long a create may hold a session or an Idempotency-Key unless the caller says. */
export const DEFAULT_CLAIM_LEASE_MS = 5 * 60 * 1000;

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

/** Readiness's write: one row rewritten (the store can still write, not only read). */
const PROBE = `INSERT INTO store_probe (id, checked_at) VALUES (1, $1)
  ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`;

/**
 * Connects to `url` (`postgres://` or `postgresql://`; TLS by its `sslmode`, `sslrootcert`, …
 * as pg reads them), migrates under an advisory lock and returns the store. A database that
 * cannot be reached throws `StoreUnavailableError`.
 */
export async function openPostgresStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<Store> {
  const lease = options.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS;
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const sockets = serverSockets();
  const pool = createPool(url, options.poolSize ?? DEFAULT_POOL_SIZE, timeouts, sockets);
  try {
    const client = await pool.connect();
    try {
      await migratePostgres(client);
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw storeError(error);
  }
  const changes = changeFeed(url, {
    timeouts,
    sockets,
    ...(options.beforeRelisten ? { beforeRelisten: options.beforeRelisten } : {}),
  });
  const { origin } = changes;

  return {
    ...postgresOutbox(pool, origin),
    ...postgresRateLimit(pool),
    ...postgresCheckouts(pool, origin),
    ...postgresCreateClaims(pool, lease),
    subscribeChanges: (listener) => changes.subscribe(listener),
    async pruneBefore(before, limit) {
      return prunePostgres(pool, before, limit);
    },
    async ping() {
      // On the listening connection once there is one: a proxy whose pool is taken by requests
      // stays ready, and one that cannot hear the others' changes is not.
      if (changes.started()) await changes.probe(PROBE, [Date.now()]);
      else await query(pool, PROBE, [Date.now()]);
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
