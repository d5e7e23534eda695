/**
 * The back office's logs searched a page at a time, newest first, on either database: the
 * callback log and the webhook delivery attempts. Each filter walks an index
 * (`payments-plans.test.ts` explains them); `before` is the last id of the page before.
 */

import type { Db } from './dialect.ts';
import type { AttemptQuery } from './outbox.ts';
import type { CallbackQuery } from './store.ts';

/** A page of the callback log, as `listCallbacks` reads it. */
export function callbackSearch(db: Db, query: CallbackQuery) {
  const { type, foreignId, objectId, status, before, limit } = query;
  return db
    .selectFrom('callbacks')
    .selectAll()
    .$if(type !== undefined, (q) => q.where('type', '=', type!))
    .$if(foreignId !== undefined, (q) => q.where('foreign_id', '=', foreignId!))
    .$if(objectId !== undefined, (q) => q.where('object_id', '=', objectId!))
    .$if(status !== undefined, (q) => q.where('status', '=', status!))
    .$if(before !== undefined, (q) => q.where('id', '<', before!))
    .orderBy('id', 'desc')
    .limit(limit);
}

/**
 * Deliveries (`d`) with their event (`e`) and endpoint (`p`), and the event's id and type and
 * the endpoint's id selected: what the delivery log and the dropped list both show of one.
 */
function deliveriesJoined(db: Db) {
  return (
    db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.seq', 'd.event_seq')
      // An endpoint's row stays when it is deleted (deleted_at): old attempts keep a URL.
      .innerJoin('webhook_endpoints as p', 'p.id', 'd.endpoint_id')
      .select(['e.id as event_id', 'e.type as event_type', 'd.endpoint_id'])
  );
}

/**
 * Delivery attempts with their event and endpoint, as the delivery log and a checkout's
 * timeline read them; `endpoint_url` is where each went (the endpoint's URL now for rows
 * logged before the attempts kept theirs).
 */
export function attemptsJoined(db: Db) {
  return deliveriesJoined(db)
    .innerJoin('webhook_attempts as a', 'a.delivery_id', 'd.id')
    .selectAll('a')
    .select((eb) => [
      eb.fn.coalesce('a.url', 'p.url').as('endpoint_url'),
      // The latest attempt of a delivery still to be retried says when the next is due; an
      // attempt in flight has bumped `d.attempt`, so none does then.
      eb
        .case()
        .when(eb.and([eb('d.state', '=', 'pending'), eb('a.attempt', '=', eb.ref('d.attempt'))]))
        .then(eb.ref('d.next_attempt_at'))
        .end()
        .as('next_attempt_at'),
    ]);
}

/** A page of delivery attempts with their event and endpoint, as `listAttempts` reads it. */
export function attemptSearch(db: Db, query: AttemptQuery) {
  const { eventId, endpointId, failed, before, limit } = query;
  return (
    attemptsJoined(db)
      .$if(eventId !== undefined, (q) => q.where('e.id', '=', eventId!))
      .$if(endpointId !== undefined, (q) => q.where('d.endpoint_id', '=', endpointId!))
      // Every failed attempt has its error (`webhooks/send.ts`): the partial index's condition.
      .$if(failed === true, (q) =>
        q
          .where('a.error', 'is not', null)
          // An endpoint since deleted is sent nothing more: its deliveries are no longer failing.
          .where('p.deleted_at', 'is', null)
          .where(({ exists, not, selectFrom }) =>
            // Nothing since for the same event and endpoint (a redelivery is a new delivery):
            // no later attempt, and no delivery of it delivered (a success logged before a slow
            // failure of a lease that ran out still counts).
            not(
              exists(
                selectFrom('webhook_deliveries as s')
                  .select('s.id')
                  .whereRef('s.event_seq', '=', 'd.event_seq')
                  .whereRef('s.endpoint_id', '=', 'd.endpoint_id')
                  .where((s) =>
                    s.or([
                      s.and([s('s.state', '=', 'delivered'), s('s.id', '>=', s.ref('d.id'))]),
                      s.exists(
                        s
                          .selectFrom('webhook_attempts as b')
                          .select('b.id')
                          .whereRef('b.delivery_id', '=', 's.id')
                          .whereRef('b.id', '>', 'a.id'),
                      ),
                    ]),
                  ),
              ),
            ),
          ),
      )
      .$if(before !== undefined, (q) => q.where('a.id', '<', before!))
      .orderBy('a.id', 'desc')
      .limit(limit)
  );
}

/**
 * A page of the deliveries dropped before any attempt, as `listDroppedDeliveries` reads it:
 * cancelled with no attempt logged, to an endpoint not deleted, and not superseded by a later
 * delivery of the same event to the same endpoint (a redelivery, or one queued again since).
 */
export function droppedSearch(db: Db, query: { before?: number; limit: number }) {
  const { before, limit } = query;
  return deliveriesJoined(db)
    .select(['d.id', 'p.url as endpoint_url', 'd.created_at'])
    .where('d.state', '=', 'cancelled')
    .where('p.deleted_at', 'is', null)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_attempts as a').select('a.id').whereRef('a.delivery_id', '=', 'd.id'),
        ),
      ),
    )
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as s')
            .select('s.id')
            .whereRef('s.event_seq', '=', 'd.event_seq')
            .whereRef('s.endpoint_id', '=', 'd.endpoint_id')
            .whereRef('s.id', '>', 'd.id'),
        ),
      ),
    )
    .$if(before !== undefined, (q) => q.where('d.id', '<', before!))
    .orderBy('d.id', 'desc')
    .limit(limit);
}
