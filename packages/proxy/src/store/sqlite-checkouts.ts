/**
 * Checkouts and the callback log on SQLite: a checkout saved with what its create held, read
 * and listed, and moved forward by a callback, its event committed with the change in one
 * `db.transaction`. The recently read checkouts are kept in memory (`recent` says why).
 */

import { isAhead } from '@crypto-pay/protocol/checkout-status';
import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type { NewEvent } from './outbox.ts';
import { type CallbackRow, type CheckoutRow, callbackOf, checkoutOf } from './rows.ts';
import type { CallbackEntry, CheckoutChange, CheckoutRecord, CheckoutsPart } from './store.ts';

/**
 * How many checkouts a process keeps in memory: about 1 KiB each, and a checkout is read while
 * its customer pays, so the ones read lately are the ones read next.
 */
const RECENT_CHECKOUTS = 10_000;

/** The checkouts half of the store; `writeEvent` is the outbox's, run inside its transactions. */
export function sqliteCheckouts(
  db: Database.Database,
  writeEvent: (event: NewEvent) => void,
): CheckoutsPart {
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
    useSession: db.prepare('UPDATE checkout_sessions SET checkout_id = ? WHERE token_hash = ?'),
    completeKey: db.prepare('UPDATE idempotency_keys SET checkout_id = ? WHERE key = ?'),
  };

  // One process owns the file (`lock.ts` refuses a second), so every change to a checkout is
  // made here, and a copy of each one read lately, replaced when it changes, is exact. A status
  // read then skips the database, what issue 15's figure for reads needs (BENCHMARKS.md,
  // "Session 12: status reads on SQLite skip the database"). The PostgreSQL store keeps no
  // copy: other proxies change its checkouts.
  const recent = new LRUCache<string, CheckoutRecord>({ max: RECENT_CHECKOUTS });
  const remember = (checkout: CheckoutRecord) => {
    recent.set(checkout.id, frozen(checkout));
    return checkout;
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
      if (event) writeEvent(event);
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
      if (eventOf) writeEvent(eventOf(changed));
      return changed;
    },
  );

  const recordCallback = db.transaction((entry: CallbackEntry, event: NewEvent | undefined) => {
    statements.insertCallback.run(callbackParams(entry));
    if (event) writeEvent(event);
  });

  return {
    async insertCheckout(checkout, links, event) {
      insertCheckout(checkout, links, event);
    },
    async getCheckout(id) {
      const known = recent.get(id);
      if (known) return known;
      const row = statements.getCheckout.get(id) as CheckoutRow | undefined;
      return row && remember(checkoutOf(row));
    },
    async findCheckoutByPaymentRequest(paymentRequestId, foreignId) {
      const row = (statements.byPaymentRequest.get(paymentRequestId) ??
        (foreignId === undefined ? undefined : statements.byForeignId.get(foreignId))) as
        | CheckoutRow
        | undefined;
      return row && checkoutOf(row);
    },
    async advanceCheckout(id, change, callback, eventOf) {
      // Remembered once the transaction has returned, that is once the change is committed.
      const changed = advance(id, change, callback, eventOf);
      return changed && remember(changed);
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
  };
}

/** `value` and every object in it made read-only: no caller can change what the next one reads. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}
