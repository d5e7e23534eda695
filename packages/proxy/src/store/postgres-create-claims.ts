/**
 * Checkout sessions and Idempotency-Keys on PostgreSQL, the two things a create claims before it
 * runs, each taken by one proxy of several: a session saved once per open foreign_id, shown,
 * claimed, given back or ended; a key reserved, replayed or released. A claim is a lease, so a
 * proxy that dies mid-create gives it up by time.
 */

import type pg from 'pg';
import { query, transaction } from './postgres-connection.ts';
import { type SessionRow, sessionOf } from './rows.ts';
import { type CreateClaimsPart, IDEMPOTENCY_TTL_MS } from './store.ts';

/** The sessions and keys half of the store; `lease` is how long a create may hold either (ms). */
export function postgresCreateClaims(pool: pg.Pool, lease: number): CreateClaimsPart {
  return {
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
  };
}
