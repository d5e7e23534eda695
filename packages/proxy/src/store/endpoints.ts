/**
 * What the dashboard does to a webhook endpoint besides adding, rotating and deleting it, on
 * either database: change its URL or event types, disable it (its pending deliveries end, no
 * event is queued for it) or enable it again, and send it a test event through the outbox.
 */

import type { Kysely } from 'kysely';
import type { Db, StoreDialect } from './dialect.ts';
import { TEST_EVENT_TYPE, type WebhookStore } from './outbox.ts';
import { endpointOf } from './rows.ts';
import type { Tables } from './tables.ts';

/** Ends the pending deliveries to an endpoint deleted or disabled, inside the caller's transaction. */
export async function cancelPendingDeliveries(trx: Db, endpointId: string): Promise<void> {
  await trx
    .updateTable('webhook_deliveries')
    .set({ state: 'cancelled', claimed_until: null })
    .where('endpoint_id', '=', endpointId)
    .where('state', '=', 'pending')
    .execute();
}

export function endpointChanges(
  db: Kysely<Tables>,
  dialect: StoreDialect,
): Pick<WebhookStore, 'testEndpoint' | 'changeEndpoint'> {
  return {
    async testEndpoint(id, now) {
      return db.transaction().execute(async (trx) => {
        const endpoint = await trx
          .selectFrom('webhook_endpoints')
          .select(['id', 'disabled_at'])
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!endpoint) return undefined;
        if (endpoint.disabled_at !== null) return 'disabled' as const;
        const seq = await dialect.insertEvent(trx, {
          type: TEST_EVENT_TYPE,
          createdAt: now,
          data: { endpoint_id: id },
        });
        if (seq === undefined) return undefined;
        // This endpoint only, whatever its event types: it is the one being tried.
        await trx
          .insertInto('webhook_deliveries')
          .values({
            event_seq: seq,
            endpoint_id: id,
            state: 'pending',
            next_attempt_at: now,
            created_at: now,
          })
          .execute();
        await dialect.announce(trx, { outbox: true });
        const event = await trx
          .selectFrom('webhook_events')
          .select('id')
          .where('seq', '=', seq)
          .executeTakeFirstOrThrow();
        return event.id;
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
        if (change.disabled === true) await cancelPendingDeliveries(trx, id);
        const row = await trx
          .selectFrom('webhook_endpoints')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return endpointOf(row);
      });
    },
  };
}
