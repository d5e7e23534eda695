/**
 * The webhook workers' part of the outbox on either database: claiming the deliveries that are
 * due (under a lease, `FOR UPDATE SKIP LOCKED` on PostgreSQL, `dialect.ts`), settling or giving
 * back an attempt with its log line, when the next one is due, and the attempts' log.
 */

import { type Kysely, sql } from 'kysely';
import type { Db, StoreDialect } from './dialect.ts';
import { attemptSearch, droppedSearch } from './log-search.ts';
import {
  type AttemptClaim,
  type AttemptResult,
  CLAIMS_PER_ENDPOINT,
  type ClaimedDelivery,
  settlementOf,
  type WebhookStore,
} from './outbox.ts';
import { attemptOf, attemptRow, endpointWithSecretsOf, eventOf } from './rows.ts';
import type { Tables } from './tables.ts';

/**
 * Logs one attempt of a delivery, inside the caller's transaction; once, should its record be
 * written again (a COMMIT whose answer was lost is retried by the worker).
 */
async function logAttempt(
  trx: Db,
  delivery: AttemptClaim,
  result: Omit<AttemptResult, 'retryAt'>,
): Promise<void> {
  const logged = await trx
    .selectFrom('webhook_attempts')
    .select('id')
    .where('delivery_id', '=', delivery.id)
    .where('attempt', '=', delivery.attempt)
    .where('attempted_at', '=', result.attemptedAt)
    .executeTakeFirst();
  if (logged) return;
  await trx.insertInto('webhook_attempts').values(attemptRow(delivery, result)).execute();
}

export function deliveryClaims(
  db: Kysely<Tables>,
  dialect: StoreDialect,
): Pick<
  WebhookStore,
  | 'claimDeliveries'
  | 'finishAttempt'
  | 'releaseClaim'
  | 'nextDeliveryAt'
  | 'listAttempts'
  | 'listDroppedDeliveries'
> {
  return {
    async claimDeliveries(now, leaseMs, limit) {
      const rows = await db.transaction().execute(async (trx) => {
        const claimed = await dialect.claimDeliveries(trx, now, now + leaseMs, limit);
        if (claimed.length === 0) return [];
        return trx
          .selectFrom('webhook_deliveries as d')
          .innerJoin('webhook_events as e', 'e.seq', 'd.event_seq')
          .innerJoin('webhook_endpoints as p', 'p.id', 'd.endpoint_id')
          .select([
            'd.id as delivery_id',
            'd.attempt',
            'e.id as event_id',
            'e.type as event_type',
            'e.created_at as event_created_at',
            'e.data as event_data',
          ])
          .select(['p.id', 'p.url', 'p.secret', 'p.previous_secret', 'p.previous_secret_until'])
          .select(['p.event_types', 'p.created_at', 'p.failing_since'])
          .where(
            'd.id',
            'in',
            claimed.map((row) => row.id),
          )
          .orderBy('d.id')
          .execute();
      });
      return rows.map(
        (row): ClaimedDelivery => ({
          id: row.delivery_id,
          attempt: row.attempt,
          event: eventOf({
            id: row.event_id,
            type: row.event_type,
            created_at: row.event_created_at,
            data: row.event_data,
          }),
          endpoint: endpointWithSecretsOf(row),
        }),
      );
    },
    async finishAttempt(delivery, result) {
      await db.transaction().execute(async (trx) => {
        await logAttempt(trx, delivery, result);
        const current = await trx
          .selectFrom('webhook_deliveries')
          .select(['attempt', 'endpoint_id'])
          .where('id', '=', delivery.id)
          .where('state', '=', 'pending')
          .$if(dialect.sharedByProcesses, (query) => query.forUpdate())
          .executeTakeFirst();
        // Another worker took it over (this one's lease ran out): its outcome decides, not ours.
        if (current?.attempt !== delivery.attempt) return;
        await trx
          .updateTable('webhook_endpoints')
          .set((eb) => ({
            failing_since: result.delivered
              ? null
              : eb.fn.coalesce('failing_since', eb.val(result.attemptedAt)),
          }))
          .where('id', '=', current.endpoint_id)
          .execute();
        const { state, nextAttemptAt } = settlementOf(result);
        await trx
          .updateTable('webhook_deliveries')
          .set({ state, next_attempt_at: nextAttemptAt, claimed_until: null })
          .where('id', '=', delivery.id)
          .execute();
      });
    },
    async releaseClaim(delivery, result) {
      await db.transaction().execute(async (trx) => {
        // Kept in the log (the receiver may have had it), under the number the next try reuses.
        await logAttempt(trx, delivery, result);
        await trx
          .updateTable('webhook_deliveries')
          .set((eb) => ({ attempt: eb('attempt', '-', 1), claimed_until: null }))
          .where('id', '=', delivery.id)
          .where('attempt', '=', delivery.attempt)
          .where('state', '=', 'pending')
          .execute();
        // This proxy is stopping: another one sends it now, not when its poll comes round.
        await dialect.announce(trx, { outbox: true });
      });
    },
    async nextDeliveryAt(now) {
      // A delivery's time: not before its own lease ends, nor before its endpoint has a place.
      const due = dialect.greatest(
        sql`d.next_attempt_at`,
        sql`COALESCE(d.claimed_until, 0)`,
        sql`CASE WHEN f.claims >= ${CLAIMS_PER_ENDPOINT} THEN f.first_lease_end ELSE 0 END`,
      );
      const { rows } = await sql<{ due: number | null }>`WITH ${dialect.inFlight(now)}
        SELECT MIN(${due}) AS due
        FROM webhook_deliveries d LEFT JOIN in_flight f USING (endpoint_id)
        WHERE d.state = 'pending'`.execute(db);
      return rows[0]?.due ?? undefined;
    },
    async listAttempts(query) {
      const rows = await attemptSearch(db, query).execute();
      return rows.map(attemptOf);
    },
    async listDroppedDeliveries(query) {
      const rows = await droppedSearch(db, query).execute();
      return rows.map((row) => ({
        id: row.id,
        eventId: row.event_id,
        eventType: row.event_type,
        endpointId: row.endpoint_id,
        endpointUrl: row.endpoint_url,
        queuedAt: row.created_at,
      }));
    },
  };
}
