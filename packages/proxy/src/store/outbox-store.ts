/**
 * The webhook outbox on either database (`outbox.ts` says what it keeps): `writeEvent` runs
 * inside the caller's transaction (the change and its event commit together); the rest is the
 * `WebhookStore` part of the store: the events and endpoints here, the workers' claims and
 * attempts in `delivery-claims.ts`. What a claim and an event's number take differs by
 * database (`dialect.ts`).
 */

import type { Kysely, Selectable } from 'kysely';
import { compiledQuery } from './compiled.ts';
import { deliveryClaims } from './delivery-claims.ts';
import type { Db, StoreDialect } from './dialect.ts';
import { cancelPendingDeliveries, endpointChanges } from './endpoints.ts';
import {
  ENV_ENDPOINT_ID,
  eventSeq,
  type NewEvent,
  TEST_EVENT_TYPE,
  type WebhookStore,
} from './outbox.ts';
import { endpointOf, eventOf, json } from './rows.ts';
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
 * With `only`, that endpoint alone, whatever its types (a test event belongs to one endpoint).
 * The endpoints' lists are read here rather than matched in SQL: JSON is text on SQLite. A
 * create on PostgreSQL applies the same rule in SQL (`dialect.postgres.ts`, `insertCheckoutRow`):
 * change both together (`outbox.test.ts` checks them alike).
 */
async function fanOut(
  trx: Db,
  seq: number,
  type: string,
  now: number,
  only?: string,
): Promise<number> {
  const { rows: endpoints } = await activeEndpoints(trx, {});
  const taking = endpoints.filter((endpoint) =>
    only === undefined
      ? endpoint.event_types === null || json(endpoint.event_types).includes(type)
      : endpoint.id === only,
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
  await cancelPendingDeliveries(trx, { endpointId: id });
  return true;
}

/** The outbox part of the store. */
export function outboxStore(db: Kysely<Tables>, dialect: StoreDialect): WebhookStore {
  return {
    ...endpointChanges(db, dialect),
    ...deliveryClaims(db, dialect),
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
          .select(['seq', 'type', 'data'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!event) return undefined;
        await cancelPendingDeliveries(trx, { eventSeq: event.seq, waitingAt: now });
        // A test event goes again where it was sent: another endpoint's receiver never asked for it.
        const only =
          event.type === TEST_EVENT_TYPE ? String(json(event.data).endpoint_id) : undefined;
        const queued = await fanOut(trx, event.seq, event.type, now, only);
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
  };
}
