/**
 * Stale checkouts on either database: still created or processing `staleAfterMs` past their
 * payment request's expiry. `stale_at` is the announcement: set once, when a sweep finds one (so
 * however many proxies sweep, and across restarts, a checkout is announced once), kept while it
 * is not final (one that moves to processing late is still stuck, and still counted), and
 * cleared by `advanceCheckout` only when a final status comes.
 */

import { CHECKOUT_STATUSES, isFinalStatus } from '@crypto-pay/protocol/checkout-status';
import type { Kysely, Selectable } from 'kysely';
import type { Db, StoreDialect } from './dialect.ts';
import type { CheckoutsTable, Tables } from './tables.ts';

/** The statuses a stale checkout is in: the ones a callback may still move it on from. */
const NOT_FINAL = CHECKOUT_STATUSES.filter((status) => !isFinalStatus(status));

/** What one sweep pass looks for. */
export interface StaleSweep {
  /** Unix milliseconds. */
  now: number;
  /** `STALE_AFTER_SECONDS`, in milliseconds. */
  staleAfterMs: number;
  /** Marked at most in one transaction. */
  limit: number;
}

/**
 * Marks the newly stale checkouts at `now` and answers their rows. On PostgreSQL the candidates
 * are locked and those another proxy holds are skipped; the outer `stale_at IS NULL` settles a
 * race with one that committed meanwhile: each row is marked by one sweep only.
 */
export function markStale(
  trx: Db,
  dialect: StoreDialect,
  { now, staleAfterMs, limit }: StaleSweep,
): Promise<Selectable<CheckoutsTable>[]> {
  // A CTE, evaluated once: PostgreSQL may run an `IN (… LIMIT)` subquery again per row.
  return trx
    .with('candidates', (db) =>
      db
        .selectFrom('checkouts')
        .select('id')
        // The partial index `checkouts_unannounced_expiry` holds exactly these rows, and every
        // one past its deadline leaves it here: no row is scanned by sweep after sweep.
        .where('stale_at', 'is', null)
        .where('status', 'in', NOT_FINAL)
        .where('expires_at', '<=', Math.floor((now - staleAfterMs) / 1000))
        .orderBy('expires_at')
        .limit(limit)
        .$if(dialect.sharedByProcesses, (query) => query.forUpdate().skipLocked()),
    )
    .updateTable('checkouts')
    .set({ stale_at: now })
    .where('id', 'in', (eb) => eb.selectFrom('candidates').select('id'))
    .where('stale_at', 'is', null)
    .returningAll()
    .execute();
}

/**
 * How many checkouts are stale (announced by `now`, still not final): the rows of the small
 * partial index `checkouts_stale`.
 */
export async function countStale(db: Kysely<Tables>, now: number): Promise<number> {
  const { count } = await db
    .selectFrom('checkouts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('stale_at', 'is not', null)
    .where('stale_at', '<=', now)
    .where('status', 'in', NOT_FINAL)
    .executeTakeFirstOrThrow();
  return Number(count);
}
