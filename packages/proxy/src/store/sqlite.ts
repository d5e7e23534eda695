/**
 * The store on SQLite (better-sqlite3): one file, WAL journal, migrations applied at open.
 * Calls are synchronous underneath; the interface is asynchronous for other databases.
 */

import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { type FileLock, lockDatabase } from './lock.ts';
import { migrate } from './migrations.ts';
import { DatabaseFileError, NativeAddonError, openFailure } from './open-failure.ts';
import type { NewEvent } from './outbox.ts';
import { privateDirectory, privateFile } from './private-files.ts';
import {
  type CallbackRow,
  type CheckoutRow,
  callbackOf,
  checkoutOf,
  type SessionRow,
  sessionOf,
} from './rows.ts';
import { sqliteOutbox } from './sqlite-outbox.ts';
import { sqliteRateLimit } from './sqlite-rate-limit.ts';
import { sqlitePruner } from './sqlite-retention.ts';
import {
  type CallbackEntry,
  type CheckoutChange,
  type CheckoutRecord,
  type CheckoutSession,
  IDEMPOTENCY_TTL_MS,
  type IdempotencyReservation,
  isAhead,
  type Store,
} from './store.ts';

/**
 * One process owns the file (`lockDatabase`), so at open no create is in flight: an idempotency key or a session
 * still held by one was left by a crash or a shutdown that cut it off, and would refuse the
 * customer's retry (409, or an unusable session) until it expired. Give them back, as a failed
 * create does.
 */
function releaseAbandoned(db: Database.Database): void {
  db.prepare('DELETE FROM idempotency_keys WHERE checkout_id IS NULL').run();
  db.prepare(
    'UPDATE checkout_sessions SET claimed = 0 WHERE claimed = 1 AND checkout_id IS NULL',
  ).run();
  // A webhook a dead process was sending is due again now, not when its lease runs out.
  db.prepare(
    "UPDATE webhook_deliveries SET claimed_until = NULL WHERE state = 'pending' AND claimed_until IS NOT NULL",
  ).run();
}

/**
 * Opens, locks, configures and migrates the database; every failure becomes `openFailure`'s
 * error, or `lockDatabase`'s when another process has the file.
 */
function openDatabase(file: string): { db: Database.Database; lock: FileLock | undefined } {
  let db: Database.Database | undefined;
  let lock: FileLock | undefined;
  try {
    if (file !== ':memory:') {
      privateDirectory(dirname(file));
      privateFile(file);
    }
    db = new Database(file);
    // A read first: a path that is no database is refused before a lock file is made next to it.
    db.pragma('schema_version');
    if (file !== ':memory:') lock = lockDatabase(file);
    db.pragma('journal_mode = WAL');
    // Every commit reaches the disk before it is acknowledged: an answered create or a callback
    // answered 200 must survive a power cut, not only a crash of this process (NORMAL would).
    // What it costs a create is measured in BENCHMARKS.md (create overhead).
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    migrate(db);
    releaseAbandoned(db);
    return { db, lock };
  } catch (error) {
    if (db?.open) db.close();
    lock?.release();
    if (error instanceof DatabaseFileError || error instanceof NativeAddonError) throw error;
    throw openFailure(error, file);
  }
}

/**
 * Opens (creating if needed) the database at `file` (`:memory:` for tests) and migrates it.
 * Throws `DatabaseFileError` or `NativeAddonError`.
 */
export function openSqliteStore(
  file: string,
  options: {
    /** Runs on the connection once it is open and migrated (tests: make writes fail). */
    onOpen?: (db: Database.Database) => void;
  } = {},
): Store {
  const { db, lock } = openDatabase(file);
  // Its TEMP table is made first: what `onOpen` does to the connection holds for it too.
  const rateLimit = sqliteRateLimit(db);
  options.onOpen?.(db);
  const outbox = sqliteOutbox(db);
  const prune = sqlitePruner(db);

  const statements = {
    insertCheckout: db.prepare(`INSERT INTO checkouts (id, status, payment_link, expires_at, amount,
      currency_iso, currency_network, payment_currency_iso, payment_currency_network, success_url,
      failed_url, payment_request_id, foreign_id, pricing, product, created_at, updated_at, version)
      VALUES (@id, @status, @payment_link, @expires_at, @amount, @currency_iso, @currency_network,
      @payment_currency_iso, @payment_currency_network, @success_url, @failed_url,
      @payment_request_id, @foreign_id, @pricing, @product, @created_at, @updated_at, @version)`),
    getCheckout: db.prepare('SELECT * FROM checkouts WHERE id = ?'),
    byPaymentRequest: db.prepare('SELECT * FROM checkouts WHERE payment_request_id = ?'),
    byForeignId: db.prepare('SELECT * FROM checkouts WHERE foreign_id = ?'),
    advance: db.prepare(`UPDATE checkouts SET status = @status, updated_at = @at,
      version = version + 1,
      payment_currency_iso = COALESCE(payment_currency_iso, @payment_currency_iso),
      payment_currency_network = CASE WHEN payment_currency_iso IS NULL
        THEN @payment_currency_network ELSE payment_currency_network END,
      status_detail = COALESCE(@status_detail, status_detail),
      refund_instructions = COALESCE(@refund_instructions, refund_instructions)
      WHERE id = @id`),
    insertCallback: db.prepare(`INSERT INTO callbacks (received_at, type, object_id, foreign_id,
      status, outcome, body) VALUES (@received_at, @type, @object_id, @foreign_id, @status,
      @outcome, @body)`),
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
    useSession: db.prepare('UPDATE checkout_sessions SET checkout_id = ? WHERE token_hash = ?'),
    endSession:
      db.prepare(`UPDATE checkout_sessions SET claimed = 0, expires_at = MIN(expires_at, ?)
      WHERE token_hash = ? AND checkout_id IS NULL`),
    purgeKeys: db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?'),
    insertKey: db.prepare(`INSERT INTO idempotency_keys (key, request_hash, created_at)
      VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING`),
    getKey: db.prepare('SELECT request_hash, checkout_id FROM idempotency_keys WHERE key = ?'),
    releaseKey: db.prepare('DELETE FROM idempotency_keys WHERE key = ? AND checkout_id IS NULL'),
    completeKey: db.prepare('UPDATE idempotency_keys SET checkout_id = ? WHERE key = ?'),
    probe: db.prepare(`INSERT INTO store_probe (id, checked_at) VALUES (1, ?)
      ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`),
  };

  const callbackParams = (entry: CallbackEntry) => ({
    received_at: entry.receivedAt,
    type: entry.type,
    object_id: entry.objectId ?? null,
    foreign_id: entry.foreignId ?? null,
    status: entry.status ?? null,
    outcome: entry.outcome,
    body: JSON.stringify(entry.body),
  });

  const insertCheckout = db.transaction(
    (
      checkout: CheckoutRecord,
      links: { idempotencyKey?: string; sessionTokenHash?: string },
      event: NewEvent | undefined,
    ) => {
      statements.insertCheckout.run({
        id: checkout.id,
        status: checkout.status,
        payment_link: checkout.paymentLink,
        expires_at: checkout.expiresAt,
        amount: checkout.amount,
        currency_iso: checkout.currency.iso,
        currency_network: checkout.currency.network_name ?? null,
        payment_currency_iso: checkout.paymentCurrency?.iso ?? null,
        payment_currency_network: checkout.paymentCurrency?.network_name ?? null,
        success_url: checkout.successUrl ?? null,
        failed_url: checkout.failedUrl ?? null,
        payment_request_id: checkout.paymentRequestId,
        foreign_id: checkout.foreignId,
        pricing: checkout.pricing,
        product: checkout.product ?? null,
        created_at: checkout.createdAt,
        updated_at: checkout.updatedAt,
        version: checkout.version,
      });
      if (links.idempotencyKey !== undefined) {
        statements.completeKey.run(checkout.id, links.idempotencyKey);
      }
      if (links.sessionTokenHash !== undefined) {
        statements.useSession.run(checkout.id, links.sessionTokenHash);
      }
      if (event) outbox.writeEvent(event);
    },
  );

  const advance = db.transaction(
    (
      id: string,
      change: CheckoutChange,
      callback: CallbackEntry,
      eventOf: ((checkout: CheckoutRecord) => NewEvent) | undefined,
    ): CheckoutRecord | undefined => {
      const row = statements.getCheckout.get(id) as CheckoutRow | undefined;
      const ahead = row !== undefined && isAhead(row.status, change.status);
      statements.insertCallback.run(
        callbackParams({ ...callback, outcome: ahead ? 'applied' : 'ignored' }),
      );
      if (!ahead) return undefined;
      statements.advance.run({
        id,
        status: change.status,
        at: change.at,
        payment_currency_iso: change.paymentCurrency?.iso ?? null,
        payment_currency_network: change.paymentCurrency?.network_name ?? null,
        status_detail: change.statusDetail ?? null,
        refund_instructions: change.refundInstructions ?? null,
      });
      const changed = checkoutOf(statements.getCheckout.get(id) as CheckoutRow);
      if (eventOf) outbox.writeEvent(eventOf(changed));
      return changed;
    },
  );

  const recordCallback = db.transaction((entry: CallbackEntry, event: NewEvent | undefined) => {
    statements.insertCallback.run(callbackParams(entry));
    if (event) outbox.writeEvent(event);
  });

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
    ...outbox.store,
    async insertCheckout(checkout, links, event) {
      insertCheckout(checkout, links, event);
    },
    // Read from the database every time, never from a copy in this process's memory: with
    // several proxies on one database, such a copy would answer what another one changed since.
    async getCheckout(id) {
      const row = statements.getCheckout.get(id) as CheckoutRow | undefined;
      return row && checkoutOf(row);
    },
    async findCheckoutByPaymentRequest(paymentRequestId, foreignId) {
      const row = (statements.byPaymentRequest.get(paymentRequestId) ??
        (foreignId === undefined ? undefined : statements.byForeignId.get(foreignId))) as
        | CheckoutRow
        | undefined;
      return row && checkoutOf(row);
    },
    async advanceCheckout(id, change, callback, eventOf) {
      return advance(id, change, callback, eventOf);
    },
    async listCheckouts({ status, foreignId, before, limit }) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (status !== undefined) {
        where.push('status = ?');
        params.push(status);
      }
      if (foreignId !== undefined) {
        where.push('foreign_id = ?');
        params.push(foreignId);
      }
      if (before !== undefined) {
        where.push('seq < (SELECT seq FROM checkouts WHERE id = ?)');
        params.push(before);
      }
      const sql = `SELECT * FROM checkouts ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY seq DESC LIMIT ?`;
      const rows = db.prepare(sql).all(...params, limit) as CheckoutRow[];
      return rows.map(checkoutOf);
    },
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
    async recordCallback(entry, event) {
      recordCallback(entry, event);
    },
    async listCallbacks({ type, foreignId, limit }) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (type !== undefined) {
        where.push('type = ?');
        params.push(type);
      }
      if (foreignId !== undefined) {
        where.push('foreign_id = ?');
        params.push(foreignId);
      }
      const sql = `SELECT * FROM callbacks ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY id DESC LIMIT ?`;
      // SQLite keeps the body as JSON text: parsed here, the row takes the shared mapper.
      const rows = db.prepare(sql).all(...params, limit) as (Omit<CallbackRow, 'body'> & {
        body: string;
      })[];
      return rows.map((row) =>
        callbackOf({ ...row, body: JSON.parse(row.body) as Record<string, unknown> }),
      );
    },
    async pruneBefore(before, limit) {
      return prune(before, limit);
    },
    ...rateLimit,
    // One process owns the file: every change is its own, published where it is made.
    subscribeChanges: () => () => {},
    async ping() {
      statements.probe.run(Date.now());
    },
    async close() {
      if (db.open) db.close();
      lock?.release();
    },
  };
}
