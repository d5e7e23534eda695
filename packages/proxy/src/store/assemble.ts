/**
 * A store put together from its parts, the same on both databases: checkouts and the callback
 * log, what a create claims, the webhook outbox, the rate limits, the dashboard's accounts and
 * audit log, the invoices and withdrawals made, pruning, and readiness's probe.
 * What differs comes in with `dialect`; opening, following changes and closing are the
 * database's own (`sqlite.ts`, `postgres.ts`).
 */

import type { Kysely } from 'kysely';
import { accounts } from './accounts.ts';
import { auditLog } from './audit-log.ts';
import { checkouts } from './checkouts.ts';
import { createClaims, type HeldClaims } from './create-claims.ts';
import type { StoreDialect } from './dialect.ts';
import { figures } from './figures.ts';
import { moneyOperations } from './money-operations.ts';
import { outboxStore, writeEvent } from './outbox-store.ts';
import { payments } from './payments.ts';
import { rateLimit } from './rate-limit.ts';
import { pruner } from './retention.ts';
import type { Store } from './store.ts';
import type { Tables } from './tables.ts';

/** Readiness's write: one row rewritten (the store can still write, not only read). */
export const probeQuery = (db: Kysely<Tables>, now: number) =>
  db
    .insertInto('store_probe')
    .values({ id: 1, checked_at: now })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({ checked_at: eb.ref('excluded.checked_at') })),
    );

/** Every part of the store but `subscribeChanges` and `close`; `lease` is a create's claim (ms). */
export function assembleStore(
  db: Kysely<Tables>,
  dialect: StoreDialect,
  lease: number,
): Omit<Store, 'subscribeChanges' | 'close'> {
  const prune = pruner(db, dialect);
  // Where a create's Idempotency-Key and session are claimed in memory: SQLite (`create-claims.ts`).
  const held: HeldClaims | undefined = dialect.sharedByProcesses
    ? undefined
    : { keys: new Map(), sessions: new Map() };
  return {
    ...outboxStore(db, dialect),
    ...checkouts(db, dialect, (trx, event) => writeEvent(dialect, trx, event), held),
    ...createClaims(db, dialect, lease, held),
    ...rateLimit(db, dialect),
    ...accounts(db, dialect),
    ...auditLog(db),
    ...figures(db),
    ...payments(db, dialect),
    ...moneyOperations(db),
    pruneBefore: prune,
    async ping() {
      await probeQuery(db, Date.now()).execute();
    },
  };
}
