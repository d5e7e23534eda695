/**
 * A checkout's timeline for the back office, oldest first: its creation, each callback about its
 * payment request with what it did, each status change, each webhook event about it and every
 * attempt to deliver one, and the stale mark. Status changes come from the checkout's events;
 * once retention has pruned those, the current status still shows, at the checkout's last
 * change. No personal data: callbacks are kept allow-listed, events carry the merchant's view.
 */

import type { CheckoutStatus } from '@crypto-pay/protocol/checkout-status';
import type { CallbackOutcome, TimelineEntry } from '@crypto-pay/protocol/merchant-api';
import { STATUS_DETAILS, type StatusDetail } from '@crypto-pay/protocol/proxy-api';
import type { CheckoutHistory } from '../store/payments.ts';
import type { CheckoutRecord } from '../store/store.ts';
import { attemptResultView } from '../webhooks/attempt-view.ts';
import { seconds } from './views.ts';

/** Where entries of the same millisecond go: in the order a change makes them. */
const RANK: Record<TimelineEntry['kind'], number> = {
  created: 0,
  callback: 1,
  status: 2,
  event: 3,
  delivery_attempt: 4,
  stale: 5,
};

const isStatusDetail = (value: unknown): value is StatusDetail =>
  (STATUS_DETAILS as readonly unknown[]).includes(value);

/**
 * What a payment request callback did. Rows logged before the store told them apart say
 * `ignored` for both a repeat of the status the checkout had (`duplicate`) and a status behind
 * it (`late`) (newer rows say which), told apart here by the status
 * the checkout had when it came: its status events up to then, and the callbacks applied. When
 * retention has pruned the older ones, the replay starts from the oldest status event left
 * (`checkout.created` while nothing is pruned), else from the status the checkout has now: a
 * repeat of a status whose change was pruned is still a duplicate, not late.
 */
function callbackOutcomes(
  checkout: CheckoutRecord,
  history: CheckoutHistory,
): Map<number, CallbackOutcome> {
  const changes = history.events
    .filter((event) => event.type !== 'checkout.stale')
    .map((event) => ({ at: event.createdAt, status: event.type.slice('checkout.'.length) }));
  const outcomes = new Map<number, CallbackOutcome>();
  let current = changes[0]?.status ?? checkout.status;
  let next = 0;
  for (const entry of history.callbacks) {
    for (; next < changes.length && changes[next]!.at <= entry.receivedAt; next++) {
      current = changes[next]!.status;
    }
    if (entry.outcome === 'applied' && entry.status !== undefined) current = entry.status;
    const ignored = entry.status === current ? 'duplicate' : 'late';
    outcomes.set(entry.id, entry.outcome === 'ignored' ? ignored : entry.outcome);
  }
  return outcomes;
}

export function timelineOf(checkout: CheckoutRecord, history: CheckoutHistory): TimelineEntry[] {
  const entries: { ms: number; order: number; entry: TimelineEntry }[] = [];
  const add = (ms: number, order: number, entry: TimelineEntry) =>
    entries.push({ ms, order, entry });

  add(checkout.createdAt, 0, { kind: 'created', at: seconds(checkout.createdAt) });
  const outcomes = callbackOutcomes(checkout, history);
  for (const entry of history.callbacks) {
    add(entry.receivedAt, entry.id, {
      kind: 'callback',
      at: seconds(entry.receivedAt),
      callback_id: entry.id,
      type: entry.type,
      ...(entry.status === undefined ? {} : { status: entry.status }),
      outcome: outcomes.get(entry.id) ?? entry.outcome,
    });
  }
  const statuses = new Set<string>();
  for (const [index, event] of history.events.entries()) {
    const status = event.type.slice('checkout.'.length);
    if (status !== 'created' && status !== 'stale') {
      statuses.add(status);
      const detail = event.data.status_detail;
      add(event.createdAt, index, {
        kind: 'status',
        at: seconds(event.createdAt),
        // A checkout's event types are `checkout.` + its status (or `stale`, left out above).
        status: status as CheckoutStatus,
        ...(isStatusDetail(detail) ? { detail } : {}),
      });
    }
    add(event.createdAt, index, {
      kind: 'event',
      at: seconds(event.createdAt),
      event_id: event.id,
      type: event.type,
    });
  }
  // Its events pruned: the status it has now, when it last changed.
  if (checkout.status !== 'created' && !statuses.has(checkout.status)) {
    add(checkout.updatedAt, 0, {
      kind: 'status',
      at: seconds(checkout.updatedAt),
      status: checkout.status,
      ...(checkout.statusDetail === undefined ? {} : { detail: checkout.statusDetail }),
    });
  }
  for (const attempt of history.attempts) {
    add(attempt.attemptedAt, attempt.id, {
      kind: 'delivery_attempt',
      at: seconds(attempt.attemptedAt),
      event_id: attempt.eventId,
      delivery_id: attempt.deliveryId,
      endpoint_id: attempt.endpointId,
      endpoint_url: attempt.endpointUrl,
      ...attemptResultView(attempt),
    });
  }
  // The mark while it lasts; once a final status cleared it, the event that announced it.
  const staleAt =
    checkout.staleAt ?? history.events.find((e) => e.type === 'checkout.stale')?.createdAt;
  if (staleAt !== undefined) add(staleAt, 0, { kind: 'stale', at: seconds(staleAt) });
  entries.sort(
    (a, b) => a.ms - b.ms || RANK[a.entry.kind] - RANK[b.entry.kind] || a.order - b.order,
  );
  return entries.map(({ entry }) => entry);
}
