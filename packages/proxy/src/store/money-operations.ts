/**
 * The invoices and withdrawals the proxy made through its merchant API, on either database: a
 * row each, whose status then follows the service's callbacks for it. An invoice is written when
 * the service took it; a withdrawal is claimed first, its row written before the service is
 * asked, so one the service never answered stays listed (`requested`: money may have left), its
 * foreign_id is not sent twice, and a second refund of the same checkout is refused by the
 * database itself (a unique index), on any number of proxies. The back office lists them from here, since the
 * service tells of an object only once something happens to it. Only what staff need: no
 * sender or receiver, no email, no address.
 */

import {
  MONEY_OPERATION_KINDS,
  type MoneyOperationKind,
  REFUND_VOID_STATUSES,
} from '@crypto-pay/protocol/merchant-api';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db } from './dialect.ts';
import { put } from './rows.ts';
import type { CallbackEntry } from './store.ts';
import type { MoneyOperationsTable, Tables } from './tables.ts';

export type { MoneyOperationKind };

/** One invoice or withdrawal the proxy made. */
export interface MoneyOperation {
  kind: MoneyOperationKind;
  /** The service's id of it; absent while a withdrawal is requested and the answer not known. */
  objectId?: string;
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

/** A withdrawal about to be asked of the service: its row, status `requested`. */
export interface WithdrawalClaim {
  foreignId: string;
  /** What was asked, in `currency`; empty when only the amount received was given. */
  amount: string;
  currency: string;
  /** The checkout it sends money back for, when it does. */
  refundOf?: string | undefined;
  createdBy: string;
  /** Unix ms. */
  at: number;
}

/** What the service answered for a claimed withdrawal. */
export interface WithdrawalAnswer {
  objectId: string;
  foreignId: string;
  amount: string;
  currency: string;
  status: string;
  /** Unix ms. */
  at: number;
}

export interface MoneyOperationsPart {
  /**
   * Keeps one the service took, with what its callbacks told already (one may come before the
   * service's answer reaches the proxy).
   */
  recordMoneyOperation(operation: MoneyOperation): Promise<void>;
  /**
   * Writes a withdrawal's row before the service is asked. Refused, atomically, while its
   * foreign_id is taken or, for a refund, the checkout has a refund not void: then the one in
   * the way comes back.
   */
  claimWithdrawal(
    claim: WithdrawalClaim,
  ): Promise<{ claimed: number } | { inTheWay: StoredMoneyOperation }>;
  /** Fills a claimed withdrawal's row with the service's answer and the callbacks told already. */
  fillWithdrawal(id: number, answer: WithdrawalAnswer): Promise<void>;
  /** Deletes a claimed withdrawal's row: the service refused it, so nothing was sent. */
  releaseWithdrawal(id: number): Promise<void>;
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
 * The order statuses come in: a refund's `requested`, an invoice's `created`, `pending`,
 * `processing`, then a final one (`confirmed`, `failed`, `cancelled`, `declined`). Callbacks
 * arrive more than once and out of order: a final status replaces any that is not, and one on
 * the way only those before it, so a late `pending` never reopens a confirmed invoice. A status
 * the spec does not order (a withdrawal's `not_confirmed`) counts as one on the way, after
 * `pending`, which a final one still replaces.
 */
const ORDER: Record<string, number> = { requested: 0, created: 1, pending: 2, processing: 3 };
// Final: money arrived or left (`confirmed`), or it never will (the void ones).
const FINAL = ['confirmed', ...REFUND_VOID_STATUSES];
const rank = (status: string) => ORDER[status] ?? 3;

/**
 * Moves the operation a recorded invoice or withdrawal callback is about to its status, inside
 * the transaction that logs the callback. Another kind, or one the proxy did not make (yet),
 * changes nothing: the callback stays in the log, where its row reads it once written.
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
  const replaced = FINAL.includes(status)
    ? undefined
    : Object.keys(ORDER).filter((earlier) => ORDER[earlier]! < rank(status));
  if (replaced?.length === 0) return;
  // One statement: a callback and a cancel on two proxies cannot both read the old status.
  await db
    .updateTable('money_operations')
    .set({ status, updated_at: at })
    .where('kind', '=', kind)
    .where('foreign_id', '=', foreignId)
    .where('status', replaced ? 'in' : 'not in', replaced ?? FINAL)
    .execute();
}

/** Applies the callbacks logged for one before its row was written or filled, in their order. */
async function catchUp(trx: Db, kind: MoneyOperationKind, foreignId: string): Promise<void> {
  const told = await trx
    .selectFrom('callbacks')
    .select(['status', 'received_at'])
    .where('type', '=', kind)
    .where('foreign_id', '=', foreignId)
    .where('status', 'is not', null)
    .orderBy('id')
    .execute();
  for (const { status, received_at } of told) {
    await advance(trx, kind, foreignId, status!, Number(received_at));
  }
}

const operationOf = (row: Selectable<MoneyOperationsTable>): StoredMoneyOperation => {
  const operation: StoredMoneyOperation = {
    id: Number(row.id),
    kind: row.kind,
    foreignId: row.foreign_id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  put(operation, 'objectId', row.object_id);
  put(operation, 'url', row.url);
  put(operation, 'refundOf', row.refund_of);
  return operation;
};

/** The row of one, as written: `operationOf` read back. */
const rowOf = (operation: MoneyOperation): Insertable<MoneyOperationsTable> => ({
  kind: operation.kind,
  object_id: operation.objectId ?? null,
  foreign_id: operation.foreignId,
  amount: operation.amount,
  currency: operation.currency,
  status: operation.status,
  url: operation.url ?? null,
  created_by: operation.createdBy,
  refund_of: operation.refundOf ?? null,
  created_at: operation.createdAt,
  updated_at: operation.updatedAt,
});

export function moneyOperations(db: Kysely<Tables>): MoneyOperationsPart {
  const claimWithdrawal: MoneyOperationsPart['claimWithdrawal'] = async (claim) => {
    // Either unique index may refuse the row: no conflict target, so both answer "nothing".
    const [written] = await db
      .insertInto('money_operations')
      .values(
        rowOf({
          kind: 'withdrawal',
          foreignId: claim.foreignId,
          amount: claim.amount,
          currency: claim.currency,
          status: 'requested',
          createdBy: claim.createdBy,
          ...(claim.refundOf === undefined ? {} : { refundOf: claim.refundOf }),
          createdAt: claim.at,
          updatedAt: claim.at,
        }),
      )
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .execute();
    if (written) return { claimed: Number(written.id) };
    const [inTheWay] = await db
      .selectFrom('money_operations')
      .selectAll()
      .where((eb) => {
        const taken = eb.and([
          eb('kind', '=', 'withdrawal'),
          eb('foreign_id', '=', claim.foreignId),
        ]);
        if (claim.refundOf === undefined) return taken;
        return eb.or([
          eb.and([
            eb('refund_of', '=', claim.refundOf),
            eb('status', 'not in', REFUND_VOID_STATUSES),
          ]),
          taken,
        ]);
      })
      .orderBy('id')
      .limit(1)
      .execute();
    // Voided between the two statements: the checkout is free again, so claim once more.
    return inTheWay ? { inTheWay: operationOf(inTheWay) } : claimWithdrawal(claim);
  };
  return {
    recordMoneyOperation: (operation) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('money_operations').values(rowOf(operation)).execute();
        await catchUp(trx, operation.kind, operation.foreignId);
      }),
    claimWithdrawal,
    fillWithdrawal: (id, answer) =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('money_operations')
          .set({
            object_id: answer.objectId,
            foreign_id: answer.foreignId,
            amount: answer.amount,
            currency: answer.currency,
          })
          .where('id', '=', id)
          .execute();
        await advance(trx, 'withdrawal', answer.foreignId, answer.status, answer.at);
        await catchUp(trx, 'withdrawal', answer.foreignId);
      }),
    async releaseWithdrawal(id) {
      await db.deleteFrom('money_operations').where('id', '=', id).execute();
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
