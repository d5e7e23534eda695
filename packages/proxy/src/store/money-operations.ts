/**
 * The invoices and withdrawals the proxy made through its merchant API, on either database: a
 * row each, written when the service took it, whose status then follows the service's callbacks
 * for it. The back office lists them from here, since the service tells of an object only once
 * something happens to it. Only what staff need: no sender or receiver, no email, no address.
 */

import type { Kysely, Selectable } from 'kysely';
import type { Db } from './dialect.ts';
import type { CallbackEntry } from './store.ts';
import type { MoneyOperationsTable, Tables } from './tables.ts';

export const MONEY_OPERATION_KINDS = ['invoice', 'withdrawal'] as const;
export type MoneyOperationKind = (typeof MONEY_OPERATION_KINDS)[number];

/** One invoice or withdrawal the proxy made. */
export interface MoneyOperation {
  kind: MoneyOperationKind;
  /** The service's id of it. */
  objectId: string;
  foreignId: string;
  /** Decimal digits, as the service answered them. */
  amount: string;
  currency: string;
  /** The service's status: at creation, then as its callbacks tell. */
  status: string;
  /** An invoice's page for the customer. */
  url?: string;
  /** The account that made it (`admin-token` for the bearer token). */
  createdBy: string;
  /** The checkout a withdrawal sends money back for. */
  refundOf?: string;
  /** Unix ms. */
  createdAt: number;
  updatedAt: number;
}

export interface StoredMoneyOperation extends MoneyOperation {
  id: number;
}

/** A page of them, newest first. */
export interface MoneyOperationQuery {
  kind?: MoneyOperationKind;
  /** Only the refunds of this checkout. */
  refundOf?: string;
  /** The last id of the page before. */
  before?: number;
  limit: number;
}

export interface MoneyOperationsPart {
  /** Keeps one the service took. */
  recordMoneyOperation(operation: MoneyOperation): Promise<void>;
  /**
   * Sets the status of the `kind` whose foreign_id is `foreignId` (a cancel the service took),
   * unless it is final already.
   */
  setMoneyOperationStatus(
    kind: MoneyOperationKind,
    foreignId: string,
    status: string,
    at: number,
  ): Promise<void>;
  listMoneyOperations(query: MoneyOperationQuery): Promise<StoredMoneyOperation[]>;
}

/**
 * The order statuses come in: an invoice's `created`, `pending`, `processing`, then a final one
 * (`confirmed`, `failed`, `cancelled`; a withdrawal's `confirmed` or `cancelled`). Callbacks
 * arrive more than once and out of order: a status only replaces those before it, so a late
 * `pending` never reopens a confirmed invoice. A status the spec does not name counts as one
 * on the way, which a final one still replaces.
 */
const ORDER: Record<string, number> = { created: 0, pending: 1, processing: 2 };
const FINAL = new Set(['confirmed', 'failed', 'cancelled', 'declined']);
const rank = (status: string) => (FINAL.has(status) ? 3 : (ORDER[status] ?? 2));

/** The statuses `status` may replace. */
export function statusesBefore(status: string): string[] {
  return Object.keys(ORDER).filter((earlier) => ORDER[earlier]! < rank(status));
}

/**
 * Moves the operation a recorded invoice or withdrawal callback is about to its status, inside
 * the transaction that logs the callback. Another kind, or one the proxy did not make, changes
 * nothing.
 */
export async function followCallback(trx: Db, entry: CallbackEntry): Promise<void> {
  const kind = MONEY_OPERATION_KINDS.find((known) => known === entry.type);
  if (!kind || entry.foreignId === undefined || entry.status === undefined) return;
  await advance(trx, kind, entry.foreignId, entry.status, entry.receivedAt);
}

async function advance(
  db: Db,
  kind: MoneyOperationKind,
  foreignId: string,
  status: string,
  at: number,
): Promise<void> {
  const before = statusesBefore(status);
  if (before.length === 0) return;
  // One statement: a callback and a cancel on two proxies cannot both read the old status.
  await db
    .updateTable('money_operations')
    .set({ status, updated_at: at })
    .where('kind', '=', kind)
    .where('foreign_id', '=', foreignId)
    .where('status', 'in', before)
    .execute();
}

const operationOf = (row: Selectable<MoneyOperationsTable>): StoredMoneyOperation => {
  const operation: StoredMoneyOperation = {
    id: Number(row.id),
    kind: row.kind,
    objectId: row.object_id,
    foreignId: row.foreign_id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  if (row.url !== null) operation.url = row.url;
  if (row.refund_of !== null) operation.refundOf = row.refund_of;
  return operation;
};

export function moneyOperations(db: Kysely<Tables>): MoneyOperationsPart {
  return {
    async recordMoneyOperation(operation) {
      await db
        .insertInto('money_operations')
        .values({
          kind: operation.kind,
          object_id: operation.objectId,
          foreign_id: operation.foreignId,
          amount: operation.amount,
          currency: operation.currency,
          status: operation.status,
          url: operation.url ?? null,
          created_by: operation.createdBy,
          refund_of: operation.refundOf ?? null,
          created_at: operation.createdAt,
          updated_at: operation.updatedAt,
        })
        .execute();
    },
    setMoneyOperationStatus: (kind, foreignId, status, at) =>
      advance(db, kind, foreignId, status, at),
    async listMoneyOperations({ kind, refundOf, before, limit }) {
      const rows = await db
        .selectFrom('money_operations')
        .selectAll()
        .$if(kind !== undefined, (query) => query.where('kind', '=', kind!))
        .$if(refundOf !== undefined, (query) => query.where('refund_of', '=', refundOf!))
        .$if(before !== undefined, (query) => query.where('id', '<', before!))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(operationOf);
    },
  };
}
