/**
 * What the dashboard does to a webhook endpoint besides adding, rotating and deleting it, on
 * either database: change its URL or event types, disable it (its pending deliveries end, no
 * event is queued for it) or enable it again, and send it a test event, or an event again,
 * through the outbox.
 */

import type { Kysely } from 'kysely';
import { auditLog } from './audit-log.ts';
import type { Db, StoreDialect } from './dialect.ts';
import { TEST_EVENT_TYPE, type WebhookStore } from './outbox.ts';
import { endpointOf } from './rows.ts';
import type { Tables } from './tables.ts';

/**
 * Ends pending deliveries, inside the caller's transaction: to `endpointId` and of event
 * `eventSeq`, either or both. With `waitingAt`, only those waiting for their next retry at that
 * time, not one a worker is sending: a redelivery replaces them, else that retry would send the
 * event a second time after it, and the backlog would count it until then. Without it, all of
 * them (an endpoint deleted or disabled: nothing more goes there).
 */
export async function cancelPendingDeliveries(
  trx: Db,
  which: { endpointId?: string; eventSeq?: number; waitingAt?: number },
): Promise<void> {
  const { endpointId, eventSeq, waitingAt } = which;
  await trx
    .updateTable('webhook_deliveries')
    .set({ state: 'cancelled', claimed_until: null })
    .$if(endpointId !== undefined, (query) => query.where('endpoint_id', '=', endpointId!))
    .$if(eventSeq !== undefined, (query) => query.where('event_seq', '=', eventSeq!))
    .where('state', '=', 'pending')
    .$if(waitingAt !== undefined, (query) =>
      query.where((eb) =>
        eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', waitingAt!)]),
      ),
    )
    .execute();
}

/**
 * Whether endpoint `id` can be sent an event: `missing` (unknown or deleted), `disabled` or
 * `enabled`.
 */
async function endpointState(trx: Db, id: string): Promise<'missing' | 'disabled' | 'enabled'> {
  const endpoint = await trx
    .selectFrom('webhook_endpoints')
    .select('disabled_at')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!endpoint) return 'missing';
  return endpoint.disabled_at === null ? 'enabled' : 'disabled';
}

/**
 * Queues event `seq` for endpoint `endpointId` alone, whatever its event types, and wakes the
 * workers.
 */
async function queueForEndpoint(
  trx: Db,
  dialect: StoreDialect,
  seq: number,
  endpointId: string,
  now: number,
): Promise<void> {
  await trx
    .insertInto('webhook_deliveries')
    .values({
      event_seq: seq,
      endpoint_id: endpointId,
      state: 'pending',
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
  await dialect.announce(trx, { outbox: true });
}

export function endpointChanges(
  db: Kysely<Tables>,
  dialect: StoreDialect,
): Pick<
  WebhookStore,
  'testEndpoint' | 'redeliverToEndpoint' | 'changeEndpoint' | 'disableGoneEndpoint'
> {
  return {
    async testEndpoint(id, now) {
      return db.transaction().execute(async (trx) => {
        const state = await endpointState(trx, id);
        if (state === 'missing') return undefined;
        if (state === 'disabled') return state;
        const seq = await dialect.insertEvent(trx, {
          type: TEST_EVENT_TYPE,
          createdAt: now,
          data: { endpoint_id: id },
        });
        if (seq === undefined) return undefined;
        // This endpoint only, whatever its event types: it is the one being tried.
        await queueForEndpoint(trx, dialect, seq, id, now);
        const event = await trx
          .selectFrom('webhook_events')
          .select('id')
          .where('seq', '=', seq)
          .executeTakeFirstOrThrow();
        return event.id;
      });
    },
    async redeliverToEndpoint(eventId, endpointId, now) {
      return db.transaction().execute(async (trx) => {
        const event = await trx
          .selectFrom('webhook_events')
          .select('seq')
          .where('id', '=', eventId)
          .executeTakeFirst();
        if (!event) return 'no_event' as const;
        const state = await endpointState(trx, endpointId);
        if (state === 'missing') return 'no_endpoint' as const;
        if (state === 'disabled') return state;
        // Its retry still waiting there is replaced; another endpoint's stays.
        await cancelPendingDeliveries(trx, { eventSeq: event.seq, endpointId, waitingAt: now });
        await queueForEndpoint(trx, dialect, event.seq, endpointId, now);
        return 'queued' as const;
      });
    },
    async changeEndpoint(id, change, now) {
      return db.transaction().execute(async (trx) => {
        const set: {
          url?: string;
          event_types?: string | null;
          disabled_at?: number | null;
          failing_since?: null;
        } = {};
        if (change.url !== undefined) set.url = change.url;
        if (change.eventTypes !== undefined) {
          set.event_types = change.eventTypes === null ? null : JSON.stringify(change.eventTypes);
        }
        if (change.disabled !== undefined) set.disabled_at = change.disabled ? now : null;
        const found = await trx
          .selectFrom('webhook_endpoints')
          .select(['id', 'disabled_at'])
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!found) return undefined;
        // Disabled already: it keeps the time it was first disabled.
        if (change.disabled === true && found.disabled_at !== null) delete set.disabled_at;
        // Enabled again: its waiting deliveries ended when it was disabled, so nothing is being
        // retried; it is failing again only once a delivery to it fails from now on.
        if (change.disabled === false && found.disabled_at !== null) set.failing_since = null;
        if (Object.keys(set).length > 0) {
          await trx.updateTable('webhook_endpoints').set(set).where('id', '=', id).execute();
        }
        if (change.disabled === true) await cancelPendingDeliveries(trx, { endpointId: id });
        const row = await trx
          .selectFrom('webhook_endpoints')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return endpointOf(row);
      });
    },
    disableGoneEndpoint: (id, url, now) =>
      db.transaction().execute(async (trx) => {
        // One statement decides: a change of URL or a disabling on another proxy, committed
        // first, leaves nothing to match.
        const disabled = await trx
          .updateTable('webhook_endpoints')
          .set({ disabled_at: now })
          .where('id', '=', id)
          .where('url', '=', url)
          .where('disabled_at', 'is', null)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (disabled.numUpdatedRows === 0n) return false;
        await cancelPendingDeliveries(trx, { endpointId: id });
        await auditLog(trx).writeAudit({
          at: now,
          actor: WEBHOOK_SENDER_ACTOR,
          action: 'endpoint_changed',
          target: id,
          detail: { disabled: true, reason: 'answered 410 Gone' },
        });
        return true;
      }),
  };
}

/** The audit log's actor of what the webhook sender did by itself (an endpoint disabled on 410). */
export const WEBHOOK_SENDER_ACTOR = 'webhook-sender';
