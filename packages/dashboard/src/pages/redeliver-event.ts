/**
 * Sending a webhook event again: `cp-redeliver`, by which a timeline asks its page (which holds
 * the action and its result line), and the call itself, which every page's Redeliver makes.
 */
import type { Action } from '../action.ts';
import { api } from '../api.ts';
import { strings } from '../strings.ts';

/**
 * Queues event `eventId` for delivery again as an action of `run` (a page's `Action.run`, or
 * its wrapper): the result line names the event. To every endpoint that takes its type, or to
 * `endpointId` alone (a delivery failing there: the others already have it).
 */
export function redeliverEvent(
  run: Action['run'],
  eventId: string,
  endpointId?: string,
): Promise<boolean> {
  return run(async () => {
    if (endpointId === undefined) {
      await api(`/admin/events/${encodeURIComponent(eventId)}/redeliver`, { method: 'POST' });
    } else {
      await api(`/admin/webhook-endpoints/${encodeURIComponent(endpointId)}/redeliver`, {
        method: 'POST',
        body: { event_id: eventId },
      });
    }
    return strings.redelivered;
  }, `${eventId}: `);
}

/** A timeline's request for a redelivery; typed, so a listener reads `event.eventId`. */
export class RedeliverEvent extends Event {
  static readonly type = 'cp-redeliver';

  constructor(readonly eventId: string) {
    super(RedeliverEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'cp-redeliver': RedeliverEvent;
  }
}
