/**
 * Stale checkouts on either database: still created or processing `staleAfterMs` past their
 * payment request's expiry with nothing heard since. `stale_at` marks each once (when found),
 * so however many proxies sweep, and across restarts, a checkout is announced once; a change it
 * gets later (`advanceCheckout`) clears the mark, and having moved on since, it is not marked
 * again.
 */

import type { Kysely, Selectable } from 'kysely';
import type { Db, StoreDialect } from './dialect.ts';
import type { CheckoutsTable, Tables } from './tables.ts';

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
        // The partial index `checkouts_unannounced_expiry` holds exactly these rows.
        .where('stale_at', 'is', null)
        .where('status', 'in', ['created', 'processing'])
        .where('expires_at', '<=', Math.floor((now - staleAfterMs) / 1000))
        // Nothing heard since it became stale: one that moved on later is not stale again. One
        // never changed is, even if made after that time (the service's clock runs behind).
        .where((eb) =>
          eb.or([
            eb('version', '=', 1),
            eb('updated_at', '<', eb(eb('expires_at', '*', 1000), '+', staleAfterMs)),
          ]),
        )
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

/** How many checkouts are stale now: the rows of the small partial index `checkouts_stale`. */
export async function countStale(db: Kysely<Tables>, now: number): Promise<number> {
  const { count } = await db
    .selectFrom('checkouts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('stale_at', 'is not', null)
    .where('stale_at', '<=', now)
    .executeTakeFirstOrThrow();
  return Number(count);
}
