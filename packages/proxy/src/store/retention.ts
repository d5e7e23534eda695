/**
 * Pruning by age (`Store.pruneBefore`), on either database: each kind of row in its own short
 * statement or transaction of at most `limit` rows, so a pass holds no lock long however large
 * the backlog, and gives the event loop back between kinds. Where several proxies prune one
 * database at once (PostgreSQL), each batch takes rows `FOR UPDATE SKIP LOCKED`: two proxies take
 * different rows and neither waits for the other. Of the audit log only the failed sign-ins go
 * (anyone can add them); what signed-in people did is kept.
 */

import { setImmediate } from 'node:timers/promises';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { StoreDialect } from './dialect.ts';
import type { PrunedRows } from './store.ts';
import type { Tables } from './tables.ts';

export function pruner(
  db: Kysely<Tables>,
  dialect: StoreDialect,
): (before: number, limit: number) => Promise<PrunedRows> {
  // biome-ignore lint/suspicious/noExplicitAny: any select of rows to take, whatever it picks.
  const skipLocked = <Q extends SelectQueryBuilder<any, any, any>>(query: Q): Q =>
    dialect.sharedByProcesses ? (query.forUpdate().skipLocked() as Q) : query;

  return async (before, limit) => {
    const callbacks = await db
      .deleteFrom('callbacks')
      .where('id', 'in', (eb) =>
        skipLocked(
          eb.selectFrom('callbacks').select('id').where('received_at', '<', before).limit(limit),
        ),
      )
      .executeTakeFirst();
    await setImmediate();
    const settled = await db.transaction().execute(async (trx) => {
      // A pending delivery is never taken: it is still within its retry window.
      const rows = await skipLocked(
        trx
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('state', 'in', ['delivered', 'failed', 'cancelled'])
          .where('next_attempt_at', '<', before)
          .limit(limit),
      ).execute();
      if (rows.length === 0) return { deliveries: 0, attempts: 0 };
      const ids = rows.map((row) => row.id);
      const attempts = await trx
        .deleteFrom('webhook_attempts')
        .where('delivery_id', 'in', ids)
        .executeTakeFirst();
      const deliveries = await trx
        .deleteFrom('webhook_deliveries')
        .where('id', 'in', ids)
        .executeTakeFirst();
      return {
        deliveries: Number(deliveries.numDeletedRows),
        attempts: Number(attempts.numDeletedRows),
      };
    });
    await setImmediate();
    // After the deliveries: an event whose last delivery just went goes in the same pass. One a
    // redelivery is fanning out right now is locked by its new delivery's key check: skipped.
    const events = await db
      .deleteFrom('webhook_events')
      .where('seq', 'in', (eb) =>
        skipLocked(
          eb
            .selectFrom('webhook_events as e')
            .select('e.seq')
            .where('e.created_at', '<', before)
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('webhook_deliveries as d')
                    .select('d.id')
                    .whereRef('d.event_seq', '=', 'e.seq'),
                ),
              ),
            )
            .limit(limit),
        ),
      )
      .executeTakeFirst();
    await setImmediate();
    const failedSignIns = await db
      .deleteFrom('audit_log')
      .where('id', 'in', (eb) =>
        skipLocked(
          eb
            .selectFrom('audit_log')
            .select('id')
            .where('action', '=', 'sign_in_failed')
            .where('at', '<', before)
            .limit(limit),
        ),
      )
      .executeTakeFirst();
    return {
      callbacks: Number(callbacks.numDeletedRows),
      ...settled,
      events: Number(events.numDeletedRows),
      failedSignIns: Number(failedSignIns.numDeletedRows),
    };
  };
}
