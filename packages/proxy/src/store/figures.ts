/**
 * The cheap reads behind the cluster's metrics (`metrics/cluster-figures.ts`): each one an
 * index lookup or a bounded scan, on either database, so a poller may run them every few
 * seconds. They read the shared database: the same answer on every proxy.
 */

import type { Kysely } from 'kysely';
import type { Db } from './dialect.ts';
import type { FiguresPart } from './store.ts';
import type { Tables } from './tables.ts';

/** The backlog per endpoint: the pending rows, read by an index of the state, grouped. */
export function pendingByEndpoint(db: Db) {
  return db
    .selectFrom('webhook_deliveries')
    .select((eb) => [
      'endpoint_id',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .where('state', '=', 'pending')
    .groupBy('endpoint_id')
    .orderBy('endpoint_id');
}

export function figures(db: Kysely<Tables>): FiguresPart {
  return {
    async pendingDeliveries() {
      // The `webhook_deliveries_due` index (state, next_attempt_at) holds the pending rows.
      const row = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .where('state', '=', 'pending')
        .executeTakeFirst();
      const oldest = row?.oldest;
      return {
        count: Number(row?.count ?? 0),
        oldestCreatedAt: oldest === null || oldest === undefined ? undefined : Number(oldest),
      };
    },
    async pendingDeliveriesByEndpoint() {
      const rows = await pendingByEndpoint(db).execute();
      return rows.map((row) => ({
        endpointId: row.endpoint_id,
        count: Number(row.count),
        oldestCreatedAt: Number(row.oldest),
      }));
    },
    async lastCallbackAt() {
      // `callbacks_received` index: the maximum is its last entry.
      const row = await db
        .selectFrom('callbacks')
        .select((eb) => eb.fn.max('received_at').as('last'))
        .executeTakeFirst();
      const last = row?.last;
      return last === null || last === undefined ? undefined : Number(last);
    },
  };
}
