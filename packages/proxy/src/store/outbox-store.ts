/**
 * The webhook outbox on either database (`outbox.ts` says what it keeps): `writeEvent` runs
 * inside the caller's transaction (the change and its event commit together); the rest is the
 * `WebhookStore` part of the store. What a claim and an event's number take differs by
 * database (`dialect.ts`).
 */

import { type Kysely, type Selectable, sql } from 'kysely';
import { compiledQuery } from './compiled.ts';
import type { Db, StoreDialect } from './dialect.ts';
import { cancelPendingDeliveries, endpointChanges } from './endpoints.ts';
import { attemptSearch } from './log-search.ts';
import {
  type AttemptClaim,
  type AttemptResult,
  CLAIMS_PER_ENDPOINT,
  type ClaimedDelivery,
  ENV_ENDPOINT_ID,
  eventSeq,
  type NewEvent,
  settlementOf,
  type WebhookStore,
} from './outbox.ts';
import { attemptOf, attemptRow, endpointOf, endpointWithSecretsOf, eventOf, json } from './rows.ts';
import type { Tables, WebhookEndpointsTable } from './tables.ts';

// Read at every event, so compiled once (`compiled.ts`); by the first store to run it, as its SQL
// is the same on both databases (no values, nothing either database spells its own way).
const activeEndpoints = compiledQuery<
  Record<never, never>,
  Pick<Selectable<WebhookEndpointsTable>, 'id' | 'event_types'>
>((db) =>
  db
    .selectFrom('webhook_endpoints')
    .select(['id', 'event_types'])
    .where('deleted_at', 'is', null)
    .where('disabled_at', 'is', null),
);

/**
 * Every active endpoint that takes events of `type` gets a pending delivery of `seq`; how many.
 * The endpoints' lists are read here rather than matched in SQL: JSON is text on SQLite. A
 * create on PostgreSQL applies the same rule in SQL (`dialect.postgres.ts`, `insertCheckoutRow`):
 * change both together (`outbox.test.ts` checks them alike).
 */
async function fanOut(trx: Db, seq: number, type: string, now: number): Promise<number> {
  const { rows: endpoints } = await activeEndpoints(trx, {});
  const taking = endpoints.filter(
    (endpoint) => endpoint.event_types === null || json(endpoint.event_types).includes(type),
  );
  if (taking.length === 0) return 0;
  await trx
    .insertInto('webhook_deliveries')
    .values(
      taking.map((endpoint) => ({
        event_seq: seq,
        endpoint_id: endpoint.id,
        state: 'pending' as const,
        next_attempt_at: now,
        created_at: now,
      })),
    )
    .execute();
  return taking.length;
}

/**
 * Writes `event` and its deliveries inside the caller's transaction. True when it queued a
 * delivery: the outbox has work, and the workers are woken. False when no endpoint takes the
 * event (it is kept, for the list of events and a redelivery) or its dedupe key was seen
 * (nothing written): no worker looks for work that is not there.
 */
export async function writeEvent(
  dialect: StoreDialect,
  trx: Db,
  event: NewEvent,
): Promise<boolean> {
  // Kept past pruning: a key once written never makes a second event. Before the event, so a
  // repeat racing the first (another proxy) waits for its commit here, then finds the key.
  if (event.dedupeKey !== undefined) {
    const kept = await trx
      .insertInto('webhook_dedupe_keys')
      .values({ dedupe_key: event.dedupeKey, created_at: event.createdAt })
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
      .executeTakeFirst();
    if (kept.numInsertedOrUpdatedRows === 0n) return false;
  }
  const seq = await dialect.insertEvent(trx, event);
  if (seq === undefined) return false;
  return (await fanOut(trx, seq, event.type, event.createdAt)) > 0;
}

async function deleteEndpoint(trx: Db, id: string, now: number): Promise<boolean> {
  const deleted = await trx
    .updateTable('webhook_endpoints')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (deleted.numUpdatedRows === 0n) return false;
  await cancelPendingDeliveries(trx, id);
  return true;
}

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

/** The outbox part of the store. */
export function outboxStore(db: Kysely<Tables>, dialect: StoreDialect): WebhookStore {
  return {
    ...endpointChanges(db, dialect),
    async listEvents({ after, type, limit }) {
      const rows = await db
        .selectFrom('webhook_events')
        .selectAll()
        .where('seq', '>', after === undefined ? 0 : (eventSeq(after) ?? 0))
        .$if(type !== undefined, (query) => query.where('type', '=', type!))
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map(eventOf);
    },
    async lastEventId() {
      const row = await db
        .selectFrom('webhook_events')
        .select('id')
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },
    async hasEvent(id) {
      // By its unique index: the id's number alone could be another database's event.
      const row = await db
        .selectFrom('webhook_events')
        .select('seq')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },
    async redeliverEvent(id, now) {
      return db.transaction().execute(async (trx) => {
        const event = await trx
          .selectFrom('webhook_events')
          .select(['seq', 'type'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!event) return undefined;
        // The redelivery replaces a delivery still waiting for its next retry (not one a worker
        // is sending now): else that retry would send the event a second time after it, and
        // the backlog would count it until then.
        await trx
          .updateTable('webhook_deliveries')
          .set({ state: 'cancelled', claimed_until: null })
          .where('event_seq', '=', event.seq)
          .where('state', '=', 'pending')
          .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
          .execute();
        const queued = await fanOut(trx, event.seq, event.type, now);
        if (queued > 0) await dialect.announce(trx, { outbox: true });
        return queued;
      });
    },
    async setEnvEndpoint(url, now) {
      if (url === undefined) {
        await db.transaction().execute((trx) => deleteEndpoint(trx, ENV_ENDPOINT_ID, now));
        return;
      }
      await db
        .insertInto('webhook_endpoints')
        .values({ id: ENV_ENDPOINT_ID, url, created_at: now })
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet((eb) => ({
            url: eb.ref('excluded.url'),
            deleted_at: null,
          })),
        )
        .execute();
    },
    async createEndpoint(endpoint, secret) {
      await db
        .insertInto('webhook_endpoints')
        .values({
          id: endpoint.id,
          url: endpoint.url,
          secret,
          event_types:
            endpoint.eventTypes === undefined ? null : JSON.stringify(endpoint.eventTypes),
          created_at: endpoint.createdAt,
        })
        .execute();
    },
    async listEndpoints() {
      const rows = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('deleted_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(endpointOf);
    },
    async deleteEndpoint(id, now) {
      return db.transaction().execute((trx) => deleteEndpoint(trx, id, now));
    },
    async rotateEndpointSecret(id, secret, previousUntil) {
      const rotated = await db
        .updateTable('webhook_endpoints')
        .set((eb) => ({
          previous_secret: eb.ref('secret'),
          previous_secret_until: previousUntil,
          secret,
        }))
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where('secret', 'is not', null)
        .executeTakeFirst();
      return rotated.numUpdatedRows === 1n;
    },
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
  };
}
