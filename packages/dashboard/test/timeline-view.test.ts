/**
 * `<cp-timeline-view>` in Chromium: a payment's timeline, every value from outside as text,
 * and its Redeliver buttons, which fire a typed `RedeliverEvent` for the page to act on.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { RedeliverEvent } from '../src/pages/redeliver-event.ts';
import type { TimelineView } from '../src/pages/timeline-view.ts';
import type { TimelineEntry } from '../src/types.ts';
import '../src/pages/timeline-view.ts';

const MARKUP = '"><img src=x onerror="window.__xss=1">';

const ENTRIES: TimelineEntry[] = [
  { kind: 'created', at: 1_780_000_000 },
  {
    kind: 'callback',
    at: 1_780_000_010,
    callback_id: 7,
    type: 'payment_request',
    status: 'failed',
    outcome: 'late',
  },
  { kind: 'status', at: 1_780_000_010, status: 'failed', detail: 'underpaid' },
  { kind: 'event', at: 1_780_000_011, event_id: 'evt_1', type: 'checkout.failed' },
  {
    kind: 'delivery_attempt',
    at: 1_780_000_012,
    event_id: 'evt_1',
    delivery_id: 3,
    endpoint_id: 'whe_1',
    endpoint_url: `https://hooks.example/${MARKUP}`,
    attempt: 1,
    status_code: 500,
    duration_ms: 12,
    error: MARKUP,
    response_excerpt: MARKUP,
  },
];

const render = (canRedeliver: boolean) =>
  fixture<TimelineView>(
    html`<cp-timeline-view .entries=${ENTRIES} .canRedeliver=${canRedeliver}></cp-timeline-view>`,
  );

const text = (el: TimelineView) => el.shadowRoot?.textContent?.replace(/\s+/g, ' ') ?? '';

describe('<cp-timeline-view>', () => {
  it('is accessible', async () => {
    await expect(await render(true)).to.be.accessible();
  });

  it('tells each step in words: the outcome, the status and why it failed', async () => {
    const shown = text(await render(false));
    expect(shown).to.contain('Checkout created');
    expect(shown).to.contain(
      'Callback payment_request failed received: late (behind the status it already had)',
    );
    expect(shown).to.contain('Status became Failed: underpaid');
    expect(shown).to.contain('Webhook event checkout.failed');
    expect(shown).to.contain('answered 500 in 12 ms');
  });

  it('shows what a receiver or the service wrote as text, never as markup', async () => {
    const el = await render(true);
    expect(el.shadowRoot?.querySelector('img')).to.equal(null);
    expect(text(el)).to.contain(MARKUP);
  });

  it('asks its page to redeliver an event, by its id', async () => {
    const el = await render(true);
    const button = el.shadowRoot?.querySelector('button');
    expect(button?.getAttribute('aria-label')).to.equal('Redeliver checkout.failed evt_1');
    setTimeout(() => button?.click());
    const event: Event = await oneEvent(el, RedeliverEvent.type);
    expect(event).to.be.instanceOf(RedeliverEvent);
    expect((event as RedeliverEvent).eventId).to.equal('evt_1');
  });

  it('offers no Redeliver to a role that may not', async () => {
    const el = await render(false);
    expect(el.shadowRoot?.querySelector('button')).to.equal(null);
  });
});
