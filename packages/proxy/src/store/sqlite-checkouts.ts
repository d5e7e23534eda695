/**
 * Checkouts and the callback log on SQLite: a checkout saved with what its create held, read
 * and listed, and moved forward by a callback, its event committed with the change in one
 * `db.transaction`.
 */

import type Database from 'better-sqlite3';
import type { NewEvent } from './outbox.ts';
import { type CallbackRow, type CheckoutRow, callbackOf, checkoutOf } from './rows.ts';
import {
  type CallbackEntry,
  type CheckoutChange,
  type CheckoutRecord,
  type CheckoutsPart,
  isAhead,
} from './store.ts';

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
