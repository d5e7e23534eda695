/**
 * Checkouts and the callback log on PostgreSQL: a checkout saved with what its create held, read
 * and listed, and moved forward by a callback under a row lock, its event and the notices that
 * tell the other proxies committed with the change.
 */

import { isAhead } from '@crypto-pay/protocol/checkout-status';
import type pg from 'pg';
import { checkoutNotice, notify, outboxNotice } from './postgres-changes.ts';
import { listFilters, query, transaction } from './postgres-connection.ts';
import { writeEvent } from './postgres-outbox.ts';
import { type CallbackRow, type CheckoutRow, callbackOf, checkoutOf } from './rows.ts';
import type { CallbackEntry, CheckoutsPart } from './store.ts';

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

/** The checkouts half of the store; `origin` names it in the notices that wake other proxies. */
export function postgresCheckouts(pool: pg.Pool, origin: string): CheckoutsPart {
  return {
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
  };
}
