/**
 * Checkout sessions and Idempotency-Keys on SQLite, the two things a create claims before it
 * runs: a session saved once per open foreign_id, shown, claimed, given back or ended; a key
 * reserved, replayed or released. One process owns the file, so a claim is a flag, and what a
 * process that died left claimed is given back at open (`openSqliteStore`).
 */

import type Database from 'better-sqlite3';
import { type SessionRow, sessionOf } from './rows.ts';
import {
  type CheckoutSession,
  type CreateClaimsPart,
  IDEMPOTENCY_TTL_MS,
  type IdempotencyReservation,
} from './store.ts';

/** The sessions and keys half of the store. */
export function sqliteCreateClaims(db: Database.Database): CreateClaimsPart {
  const statements = {
    insertSession: db.prepare(`INSERT INTO checkout_sessions (token_hash, amount, currency_iso,
      currency_network, foreign_id, end_user_reference, description, url_store, url_success,
      url_failed, expires_at, created_at) VALUES (@token_hash, @amount, @currency_iso,
      @currency_network, @foreign_id, @end_user_reference, @description, @url_store,
      @url_success, @url_failed, @expires_at, @created_at)`),
    foreignIdTaken: db.prepare(`SELECT 1 FROM checkouts WHERE foreign_id = @foreign_id
      UNION ALL SELECT 1 FROM checkout_sessions WHERE foreign_id = @foreign_id
        AND checkout_id IS NULL AND expires_at > @now
      LIMIT 1`),
    openSession: db.prepare(`SELECT * FROM checkout_sessions
      WHERE token_hash = ? AND checkout_id IS NULL AND expires_at > ?`),
    claimSession: db.prepare(`UPDATE checkout_sessions SET claimed = 1
      WHERE token_hash = ? AND claimed = 0 AND checkout_id IS NULL AND expires_at > ?
      RETURNING *`),
    releaseSession: db.prepare(
      'UPDATE checkout_sessions SET claimed = 0 WHERE token_hash = ? AND checkout_id IS NULL',
    ),
    endSession:
      db.prepare(`UPDATE checkout_sessions SET claimed = 0, expires_at = MIN(expires_at, ?)
      WHERE token_hash = ? AND checkout_id IS NULL`),
    purgeKeys: db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?'),
    insertKey: db.prepare(`INSERT INTO idempotency_keys (key, request_hash, created_at)
      VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING`),
    getKey: db.prepare('SELECT request_hash, checkout_id FROM idempotency_keys WHERE key = ?'),
    releaseKey: db.prepare('DELETE FROM idempotency_keys WHERE key = ? AND checkout_id IS NULL'),
  };

  const createSession = db.transaction(
    (session: CheckoutSession): 'created' | 'foreign_id_taken' => {
      if (
        session.foreignId !== undefined &&
        statements.foreignIdTaken.get({ foreign_id: session.foreignId, now: session.createdAt })
      ) {
        return 'foreign_id_taken';
      }
      statements.insertSession.run({
        token_hash: session.tokenHash,
        amount: session.amount,
        currency_iso: session.currency.iso,
        currency_network: session.currency.network_name ?? null,
        foreign_id: session.foreignId ?? null,
        end_user_reference: session.endUserReference ?? null,
        description: session.description ?? null,
        url_store: session.urlStore ?? null,
        url_success: session.urlSuccess ?? null,
        url_failed: session.urlFailed ?? null,
        expires_at: session.expiresAt,
        created_at: session.createdAt,
      });
      return 'created';
    },
  );

  const reserve = db.transaction(
    (key: string, requestHash: string, now: number): IdempotencyReservation => {
      statements.purgeKeys.run(now - IDEMPOTENCY_TTL_MS);
      if (statements.insertKey.run(key, requestHash, now).changes === 1) {
        return { kind: 'reserved' };
      }
      const row = statements.getKey.get(key) as {
        request_hash: string;
        checkout_id: string | null;
      };
      if (row.request_hash !== requestHash) return { kind: 'conflict' };
      return row.checkout_id === null
        ? { kind: 'in_progress' }
        : { kind: 'replay', checkoutId: row.checkout_id };
    },
  );

  return {
    async createSession(session) {
      return createSession(session);
    },
    async openSession(tokenHash, now) {
      const row = statements.openSession.get(tokenHash, now) as SessionRow | undefined;
      return row && sessionOf(row);
    },
    async claimSession(tokenHash, now) {
      const row = statements.claimSession.get(tokenHash, now) as SessionRow | undefined;
      return row && sessionOf(row);
    },
    async releaseSession(tokenHash) {
      statements.releaseSession.run(tokenHash);
    },
    async endSession(tokenHash, now) {
      statements.endSession.run(now, tokenHash);
    },
    async reserveIdempotencyKey(key, requestHash, now) {
      return reserve(key, requestHash, now);
    },
    async releaseIdempotencyKey(key) {
      statements.releaseKey.run(key);
    },
  };
}
