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
  return run(() => sendAgain(eventId, endpointId), `${eventId}: `);
}

/** The call itself, and the line saying what it did (to how many endpoints, for every one). */
export async function sendAgain(eventId: string, endpointId?: string): Promise<string> {
  if (endpointId !== undefined) {
    await api(`/admin/webhook-endpoints/${encodeURIComponent(endpointId)}/redeliver`, {
      method: 'POST',
      body: { event_id: eventId },
    });
    return strings.redelivered;
  }
  // The proxy's 202 (`redeliveredSchema` in its OpenAPI answers): the endpoints it is queued for.
  const { deliveries } = await api<{ deliveries: number }>(
    `/admin/events/${encodeURIComponent(eventId)}/redeliver`,
    { method: 'POST' },
  );
  return strings.redeliveredToEvery(deliveries);
}

/**
 * A timeline's request for a redelivery, typed, so a listener reads `event.eventId`: to one
 * endpoint (`endpointId`), or to every one, which reaches those that already have it too, so
 * the page asks `question` first.
 */
export class RedeliverEvent extends Event {
  static readonly type = 'cp-redeliver';
  readonly endpointId: string | undefined;
  readonly question: string | undefined;

  constructor(
    readonly eventId: string,
    to: { endpointId: string } | { question: string },
  ) {
    super(RedeliverEvent.type, { bubbles: true, composed: true });
    this.endpointId = 'endpointId' in to ? to.endpointId : undefined;
    this.question = 'question' in to ? to.question : undefined;
  }
}

declare global {
  interface HTMLElementEventMap {
    'cp-redeliver': RedeliverEvent;
  }
}
