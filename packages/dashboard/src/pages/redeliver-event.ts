/**
 * `cp-redeliver`: a timeline asks its page to send a webhook event again (the page holds the
 * action and its result line). Typed, so a listener reads `event.eventId` without a cast.
 */
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
