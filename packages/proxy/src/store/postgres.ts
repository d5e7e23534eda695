/**
 * The store on PostgreSQL (node-postgres, a pool), for several proxies on one database: every
 * decision that two proxies could race on is one conditional statement or a row lock, so the
 * database, not a process, answers for the cluster. Rows map to records as SQLite's do.
 */

import { type DatabaseTimeouts, DEFAULT_TIMEOUTS } from './database-timeouts.ts';
import { changeFeed, checkoutNotice, notify, outboxNotice } from './postgres-changes.ts';
import {
  createPool,
  listFilters,
  query,
  serverSockets,
  storeError,
  transaction,
} from './postgres-connection.ts';
import { migratePostgres } from './postgres-migrations.ts';
import { postgresOutbox, writeEvent } from './postgres-outbox.ts';
import { postgresRateLimit } from './postgres-rate-limit.ts';
import { prunePostgres } from './postgres-retention.ts';
import {
  type CallbackRow,
  type CheckoutRow,
  callbackOf,
  checkoutOf,
  type SessionRow,
  sessionOf,
} from './rows.ts';
import { type CallbackEntry, isAhead, type Store } from './store.ts';

/** Idempotency keys are kept this long, like the payment request they name at most. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Connections per proxy unless `DATABASE_POOL_SIZE` says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

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

const INSERT_CALLBACK = `INSERT INTO callbacks (received_at, type, object_id, foreign_id, status,
  outcome, body) VALUES ($1, $2, $3, $4, $5, $6, $7)`;

const callbackParams = (entry: CallbackEntry) => [
  entry.receivedAt,
  entry.type,
  entry.objectId ?? null,
  entry.foreignId ?? null,
  entry.status ?? null,
  entry.outcome,
  JSON.stringify(entry.body),
];

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
    subscribeChanges: (listener) => changes.subscribe(listener),
    async insertCheckout(checkout, links, event) {
      await transaction(pool, async (client) => {
        await client.query(
          `INSERT INTO checkouts (id, status, payment_link, expires_at, amount, currency_iso,
          currency_network, payment_currency_iso, payment_currency_network, success_url,
          failed_url, payment_request_id, foreign_id, pricing, product, created_at, updated_at,
          version) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
          $17, $18)`,
          [
            checkout.id,
            checkout.status,
            checkout.paymentLink,
            checkout.expiresAt,
            checkout.amount,
            checkout.currency.iso,
            checkout.currency.network_name ?? null,
            checkout.paymentCurrency?.iso ?? null,
            checkout.paymentCurrency?.network_name ?? null,
            checkout.successUrl ?? null,
            checkout.failedUrl ?? null,
            checkout.paymentRequestId,
            checkout.foreignId,
            checkout.pricing,
            checkout.product ?? null,
            checkout.createdAt,
            checkout.updatedAt,
            checkout.version,
          ],
        );
        if (links.idempotencyKey !== undefined) {
          await client.query('UPDATE idempotency_keys SET checkout_id = $1 WHERE key = $2', [
            checkout.id,
            links.idempotencyKey,
          ]);
        }
        if (links.sessionTokenHash !== undefined) {
          await client.query(
            'UPDATE checkout_sessions SET checkout_id = $1 WHERE token_hash = $2',
            [checkout.id, links.sessionTokenHash],
          );
        }
        // Other proxies' workers wake for its deliveries (no stream can follow it yet).
        if (event && (await writeEvent(client, event))) {
          await notify(client, [outboxNotice(origin)]);
        }
      });
    },
    // Read from the database every time, never from a copy in this process's memory: another
    // proxy may have changed it since.
    async getCheckout(id) {
      const { rows } = await query<CheckoutRow>(pool, 'SELECT * FROM checkouts WHERE id = $1', [
        id,
      ]);
      return rows[0] && checkoutOf(rows[0]);
    },
    async findCheckoutByPaymentRequest(paymentRequestId, foreignId) {
      const { rows } = await query<CheckoutRow>(
        pool,
        `SELECT * FROM checkouts WHERE payment_request_id = $1 OR foreign_id = $2
        ORDER BY payment_request_id = $1 DESC LIMIT 1`,
        [paymentRequestId, foreignId ?? null],
      );
      return rows[0] && checkoutOf(rows[0]);
    },
    async advanceCheckout(id, change, callback, eventOf) {
      return transaction(pool, async (client) => {
        // The row lock makes concurrent callbacks (on any proxy) decide one after the other,
        // each on the status the one before it committed: a final status stays final.
        const { rows } = await client.query<CheckoutRow>(
          'SELECT status FROM checkouts WHERE id = $1 FOR UPDATE',
          [id],
        );
        const ahead = rows[0] !== undefined && isAhead(rows[0].status, change.status);
        await client.query(
          INSERT_CALLBACK,
          callbackParams({ ...callback, outcome: ahead ? 'applied' : 'ignored' }),
        );
        if (!ahead) return undefined;
        const updated = await client.query<CheckoutRow>(
          `UPDATE checkouts SET status = $2, updated_at = $3, version = version + 1,
            payment_currency_iso = COALESCE(payment_currency_iso, $4),
            payment_currency_network = CASE WHEN payment_currency_iso IS NULL
              THEN $5 ELSE payment_currency_network END,
            status_detail = COALESCE($6, status_detail),
            refund_instructions = COALESCE($7, refund_instructions)
          WHERE id = $1 RETURNING *`,
          [
            id,
            change.status,
            change.at,
            change.paymentCurrency?.iso ?? null,
            change.paymentCurrency?.network_name ?? null,
            change.statusDetail ?? null,
            change.refundInstructions ?? null,
          ],
        );
        const changed = checkoutOf(updated.rows[0]!);
        const written = eventOf !== undefined && (await writeEvent(client, eventOf(changed)));
        // Delivered to the other proxies when this commits: their streams and workers.
        await notify(client, [
          checkoutNotice(origin, changed),
          ...(written ? [outboxNotice(origin)] : []),
        ]);
        return changed;
      });
    },
    async listCheckouts({ status, foreignId, before, limit }) {
      const filters = listFilters();
      if (status !== undefined) filters.where((n) => `status = ${n}`, status);
      if (foreignId !== undefined) filters.where((n) => `foreign_id = ${n}`, foreignId);
      if (before !== undefined) {
        filters.where((n) => `seq < (SELECT seq FROM checkouts WHERE id = ${n})`, before);
      }
      const { rows } = await query<CheckoutRow>(
        pool,
        `SELECT * FROM checkouts ${filters.clause()}
        ORDER BY seq DESC LIMIT ${filters.param(limit)}`,
        filters.params,
      );
      return rows.map(checkoutOf);
    },
    async createSession(session) {
      return transaction(pool, async (client) => {
        if (session.foreignId !== undefined) {
          // Two proxies creating sessions for one foreign_id at once check it one at a time.
          await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [session.foreignId]);
          const taken = await client.query(
            `SELECT 1 FROM checkouts WHERE foreign_id = $1
            UNION ALL SELECT 1 FROM checkout_sessions WHERE foreign_id = $1
              AND checkout_id IS NULL AND expires_at > $2
            LIMIT 1`,
            [session.foreignId, session.createdAt],
          );
          if (taken.rows.length > 0) return 'foreign_id_taken' as const;
        }
        await client.query(
          `INSERT INTO checkout_sessions (token_hash, amount, currency_iso, currency_network,
          foreign_id, end_user_reference, description, url_store, url_success, url_failed,
          expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [
            session.tokenHash,
            session.amount,
            session.currency.iso,
            session.currency.network_name ?? null,
            session.foreignId ?? null,
            session.endUserReference ?? null,
            session.description ?? null,
            session.urlStore ?? null,
            session.urlSuccess ?? null,
            session.urlFailed ?? null,
            session.expiresAt,
            session.createdAt,
          ],
        );
        return 'created' as const;
      });
    },
    async openSession(tokenHash, now) {
      const { rows } = await query<SessionRow>(
        pool,
        `SELECT * FROM checkout_sessions
        WHERE token_hash = $1 AND checkout_id IS NULL AND expires_at > $2`,
        [tokenHash, now],
      );
      return rows[0] && sessionOf(rows[0]);
    },
    async claimSession(tokenHash, now) {
      // One conditional UPDATE: of several proxies claiming at once, one gets the row.
      const { rows } = await query<SessionRow>(
        pool,
        `UPDATE checkout_sessions SET claimed_until = $2::bigint + $3
        WHERE token_hash = $1 AND (claimed_until IS NULL OR claimed_until <= $2)
          AND checkout_id IS NULL AND expires_at > $2
        RETURNING *`,
        [tokenHash, now, lease],
      );
      return rows[0] && sessionOf(rows[0]);
    },
    async releaseSession(tokenHash) {
      await query(
        pool,
        'UPDATE checkout_sessions SET claimed_until = NULL WHERE token_hash = $1 AND checkout_id IS NULL',
        [tokenHash],
      );
    },
    async endSession(tokenHash, now) {
      await query(
        pool,
        `UPDATE checkout_sessions SET claimed_until = NULL, expires_at = LEAST(expires_at, $1)
        WHERE token_hash = $2 AND checkout_id IS NULL`,
        [now, tokenHash],
      );
    },
    async reserveIdempotencyKey(key, requestHash, now) {
      await query(pool, 'DELETE FROM idempotency_keys WHERE created_at < $1', [
        now - IDEMPOTENCY_TTL_MS,
      ]);
      // A key released or purged between the insert and the read is tried again.
      for (;;) {
        // ON CONFLICT waits for a concurrent insert of the key to commit: one proxy reserves it,
        // or takes over one whose create outlived the lease (its proxy died).
        const inserted = await query(
          pool,
          `INSERT INTO idempotency_keys (key, request_hash, created_at) VALUES ($1, $2, $3)
          ON CONFLICT (key) DO UPDATE SET request_hash = excluded.request_hash,
            created_at = excluded.created_at
          WHERE idempotency_keys.checkout_id IS NULL AND idempotency_keys.created_at <= $4`,
          [key, requestHash, now, now - lease],
        );
        if (inserted.rowCount === 1) return { kind: 'reserved' };
        const { rows } = await query<{ request_hash: string; checkout_id: string | null }>(
          pool,
          'SELECT request_hash, checkout_id FROM idempotency_keys WHERE key = $1',
          [key],
        );
        const row = rows[0];
        if (!row) continue;
        if (row.request_hash !== requestHash) return { kind: 'conflict' };
        return row.checkout_id === null
          ? { kind: 'in_progress' }
          : { kind: 'replay', checkoutId: row.checkout_id };
      }
    },
    async releaseIdempotencyKey(key) {
      await query(pool, 'DELETE FROM idempotency_keys WHERE key = $1 AND checkout_id IS NULL', [
        key,
      ]);
    },
    async recordCallback(entry, event) {
      await transaction(pool, async (client) => {
        await client.query(INSERT_CALLBACK, callbackParams(entry));
        if (event && (await writeEvent(client, event))) {
          await notify(client, [outboxNotice(origin)]);
        }
      });
    },
    async listCallbacks({ type, foreignId, limit }) {
      const filters = listFilters();
      if (type !== undefined) filters.where((n) => `type = ${n}`, type);
      if (foreignId !== undefined) filters.where((n) => `foreign_id = ${n}`, foreignId);
      const { rows } = await query<CallbackRow>(
        pool,
        `SELECT * FROM callbacks ${filters.clause()}
        ORDER BY id DESC LIMIT ${filters.param(limit)}`,
        filters.params,
      );
      return rows.map(callbackOf);
    },
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
