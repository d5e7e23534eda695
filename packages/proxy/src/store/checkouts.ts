/**
 * Checkouts and the callback log, on either database: a checkout saved with what its create
 * held, read and listed, and moved forward by a callback, its event (and on PostgreSQL the
 * notices that tell the other proxies) committed with the change in one transaction.
 */

import { FINAL_CHECKOUT_STATUSES, isAhead } from '@crypto-pay/protocol/checkout-status';
import type { CheckoutStatus } from '@crypto-pay/protocol/proxy-api';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { compiledQuery } from './compiled.ts';
import { type HeldClaims, owns } from './create-claims.ts';
import type { Db, StoreDialect } from './dialect.ts';
import { callbackSearch } from './log-search.ts';
import { followCallback } from './money-operations.ts';
import type { NewEvent } from './outbox.ts';
import { filtered } from './payments.ts';
import { CHECKOUT_COLUMNS, callbackOf, callbackRow, checkoutOf, checkoutRowOf } from './rows.ts';
import { countStale, markStale } from './stale.ts';
import type { CheckoutAdvance, CheckoutRecord, CheckoutsPart } from './store.ts';
import type { CallbacksTable, CheckoutsTable, Tables } from './tables.ts';

/**
 * How many checkouts a SQLite store keeps in memory: about 1 KiB each, and a checkout is read
 * while its customer pays, so the ones read lately are the ones read next.
 */
const RECENT_CHECKOUTS = 10_000;

/**
 * The checkouts part of the store; `writeEvent` is the outbox's, run inside its transactions
 * (true when it queued a delivery).
 */
export function checkouts(
  db: Kysely<Tables>,
  dialect: StoreDialect,
  writeEvent: (trx: Db, event: NewEvent) => Promise<boolean>,
  held?: HeldClaims,
): CheckoutsPart {
  // A SQLite file has one process (`lock.ts`), so every change to a checkout is made here, and a
  // copy of each one read lately, replaced when it changes, is exact: a status read skips the
  // database (BENCHMARKS.md, "Session 12"). On PostgreSQL other proxies change checkouts: no copy
  // here. Its status copy (`status-copy.ts`) stays apart: fed by notices, it may lag another
  // proxy's change, holds only the public fields and is dropped while the feed is deaf, so it
  // answers status reads only, where this one is exact and answers every caller.
  const recent = dialect.sharedByProcesses
    ? undefined
    : new LRUCache<string, CheckoutRecord>({ max: RECENT_CHECKOUTS });
  const remember = (checkout: CheckoutRecord) => {
    const known = recent?.get(checkout.id);
    // A read that began before a change ends after it: the copy keeps the newer version.
    if (known && known.version >= checkout.version) return known;
    recent?.set(checkout.id, frozen(checkout));
    return checkout;
  };

  // The statements of a create and of a read, compiled once (`compiled.ts`).
  const insertRow = compiledQuery<Insertable<CheckoutsTable>>((db, param) =>
    db
      .insertInto('checkouts')
      .values(
        Object.fromEntries(
          CHECKOUT_COLUMNS.map((column) => [column, param(column)]),
        ) as Insertable<CheckoutsTable>,
      ),
  );
  const linkKey = compiledQuery<{ id: string; key: string }>((db, param) =>
    db
      .updateTable('idempotency_keys')
      .set({ checkout_id: param('id') })
      .where('key', '=', param('key')),
  );
  // A key claimed in memory (SQLite) is written here, done: its first row, or over one past its
  // day that the purge has not deleted yet.
  const keepKey = compiledQuery<{ id: string; key: string; requestHash: string; at: number }>(
    (db, param) =>
      db
        .insertInto('idempotency_keys')
        .values({
          key: param('key'),
          request_hash: param('requestHash'),
          checkout_id: param('id'),
          created_at: param('at'),
        })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet((eb) => ({
            request_hash: eb.ref('excluded.request_hash'),
            checkout_id: eb.ref('excluded.checkout_id'),
            created_at: eb.ref('excluded.created_at'),
          })),
        ),
  );
  const linkSession = compiledQuery<{ id: string; tokenHash: string }>((db, param) =>
    db
      .updateTable('checkout_sessions')
      .set({ checkout_id: param('id') })
      .where('token_hash', '=', param('tokenHash')),
  );
  const selectRow = compiledQuery<{ id: string }, Selectable<CheckoutsTable>>((db, param) =>
    db.selectFrom('checkouts').selectAll().where('id', '=', param('id')),
  );
  // The row lock makes concurrent callbacks (on any proxy) decide one after the other, each on
  // the status the one before it committed: a final status stays final.
  const selectStatus = compiledQuery<{ id: string }, { status: CheckoutStatus }>((db, param) =>
    db
      .selectFrom('checkouts')
      .select('status')
      .where('id', '=', param('id'))
      .$if(dialect.sharedByProcesses, (query) => query.forUpdate()),
  );
  const insertCallback = compiledQuery<Insertable<CallbacksTable>>((db, param) =>
    db.insertInto('callbacks').values({
      received_at: param('received_at'),
      type: param('type'),
      object_id: param('object_id'),
      foreign_id: param('foreign_id'),
      status: param('status'),
      outcome: param('outcome'),
      body: param('body'),
    }),
  );
  const updateStatus = compiledQuery<
    {
      id: string;
      status: CheckoutStatus;
      at: number;
      paymentIso: string | null;
      paymentNetwork: string | null;
      statusDetail: CheckoutsTable['status_detail'];
      refundInstructions: CheckoutsTable['refund_instructions'];
    },
    Selectable<CheckoutsTable>
  >((db, param) =>
    db
      .updateTable('checkouts')
      .set((eb) => ({
        status: param('status'),
        updated_at: param('at'),
        version: eb('version', '+', 1),
        // Stale until final: a late `processing` is still stuck, and stays counted and listed.
        stale_at: eb
          .case()
          .when(eb.val(param('status')), 'in', FINAL_CHECKOUT_STATUSES)
          .then(null)
          .else(eb.ref('stale_at'))
          .end(),
        payment_currency_iso: eb.fn.coalesce('payment_currency_iso', eb.val(param('paymentIso'))),
        payment_currency_network: eb
          .case()
          .when('payment_currency_iso', 'is', null)
          .then(eb.val(param('paymentNetwork')))
          .else(eb.ref('payment_currency_network'))
          .end(),
        status_detail: eb.fn.coalesce(eb.val(param('statusDetail')), 'status_detail'),
        refund_instructions: eb.fn.coalesce(
          eb.val(param('refundInstructions')),
          'refund_instructions',
        ),
      }))
      .where('id', '=', param('id'))
      .returningAll(),
  );

  const getCheckout = async (id: string) => {
    const known = recent?.get(id);
    if (known) return known;
    const [row] = (await selectRow(db, { id })).rows;
    return row && remember(checkoutOf(row));
  };

  /** Writes `event`; other proxies' workers wake for its deliveries. True when it queued any. */
  const writeAndAnnounce = async (trx: Db, event: NewEvent | undefined) => {
    const queued = event !== undefined && (await writeEvent(trx, event));
    if (queued) await dialect.announce(trx, { outbox: true });
    return queued;
  };

  return {
    async insertCheckout(checkout, links, event) {
      if (dialect.insertCheckout && event !== undefined && event.dedupeKey === undefined) {
        return dialect.insertCheckout(db, checkoutRowOf(checkout), links, event);
      }
      const key = links.idempotencyKey;
      const heldKey = key === undefined ? undefined : held?.keys.get(key);
      const ownsKey = owns(heldKey, links.keyClaimedAt);
      const queued = await db.transaction().execute(async (trx) => {
        await insertRow(trx, checkoutRowOf(checkout));
        // A key held in memory reaches the file here, by its owner only: a create whose claim was
        // taken over leaves the key to the one that took it.
        if (key !== undefined && ownsKey) {
          await keepKey(trx, { id: checkout.id, key, ...heldKey! });
        } else if (key !== undefined && !held) {
          await linkKey(trx, { id: checkout.id, key });
        }
        if (links.sessionTokenHash !== undefined) {
          await linkSession(trx, { id: checkout.id, tokenHash: links.sessionTokenHash });
        }
        return writeAndAnnounce(trx, event);
      });
      // Committed: the rows answer for the key and the session from now on.
      if (ownsKey && held?.keys.get(key!) === heldKey) held?.keys.delete(key!);
      const session = links.sessionTokenHash;
      if (session !== undefined && owns(held?.sessions.get(session), links.sessionClaimedAt)) {
        held?.sessions.delete(session);
      }
      return queued;
    },
    getCheckout,
    // The PostgreSQL store answers it from its own copy (`status-copy.ts`), on this read.
    readCheckout: getCheckout,
    async findCheckoutByPaymentRequest(paymentRequestId, foreignId) {
      const row = await db
        .selectFrom('checkouts')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('payment_request_id', '=', paymentRequestId),
            ...(foreignId === undefined ? [] : [eb('foreign_id', '=', foreignId)]),
          ]),
        )
        .orderBy(sql`payment_request_id = ${paymentRequestId}`, 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && checkoutOf(row);
    },
    async advanceCheckout(id, change, callback, eventOf) {
      const advance = await db.transaction().execute(async (trx): Promise<CheckoutAdvance> => {
        const [current] = (await selectStatus(trx, { id })).rows;
        const ahead = current !== undefined && isAhead(current.status, change.status);
        const outcome =
          current === undefined
            ? 'unknown'
            : ahead
              ? 'applied'
              : current.status === change.status
                ? 'duplicate'
                : 'late';
        await insertCallback(trx, callbackRow({ ...callback, outcome }));
        if (outcome !== 'applied') return { outcome };
        const [row] = (
          await updateStatus(trx, {
            id,
            status: change.status,
            at: change.at,
            paymentIso: change.paymentCurrency?.iso ?? null,
            paymentNetwork: change.paymentCurrency?.network_name ?? null,
            statusDetail: change.statusDetail ?? null,
            refundInstructions: change.refundInstructions ?? null,
          })
        ).rows;
        if (!row) throw new Error(`Checkout ${id} vanished while it was changed`);
        const checkout = checkoutOf(row);
        const queued = eventOf !== undefined && (await writeEvent(trx, eventOf(checkout)));
        // Delivered to the other proxies when this commits: their streams and workers.
        await dialect.announce(trx, { checkout, outbox: queued });
        return { outcome: 'applied', checkout };
      });
      // Remembered once the transaction has returned, that is once the change is committed.
      return advance.checkout
        ? { outcome: 'applied', checkout: remember(advance.checkout) }
        : advance;
    },
    async listCheckouts({ before, limit, ...filter }) {
      const rows = await filtered(db.selectFrom('checkouts').selectAll(), filter, dialect)
        .$if(before !== undefined, (query) =>
          query.where('seq', '<', (eb) =>
            eb.selectFrom('checkouts').select('seq').where('id', '=', before!),
          ),
        )
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
      return rows.map(checkoutOf);
    },
    async markStaleCheckouts(sweep, eventOf) {
      const marked = await db.transaction().execute(async (trx) => {
        const found = (await markStale(trx, dialect, sweep)).map(checkoutOf);
        let queued = false;
        for (const checkout of found) queued = (await writeEvent(trx, eventOf(checkout))) || queued;
        if (queued) await dialect.announce(trx, { outbox: true });
        return found;
      });
      // The copies held lack the mark, and the version did not move to replace them.
      for (const checkout of marked) recent?.delete(checkout.id);
      return marked;
    },
    countStaleCheckouts: (now) => countStale(db, now),
    recordCallback(entry, event) {
      return db.transaction().execute(async (trx) => {
        await trx.insertInto('callbacks').values(callbackRow(entry)).execute();
        await followCallback(trx, entry);
        return writeAndAnnounce(trx, event);
      });
    },
    async listCallbacks(query) {
      return (await callbackSearch(db, query).execute()).map(callbackOf);
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
