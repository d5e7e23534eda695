/**
 * `<cp-timeline-view>` in Chromium: a payment's timeline, every value from outside as text,
 * each webhook event with its deliveries under it (delivered or not, per endpoint), and its
 * Redeliver buttons, which fire a typed `RedeliverEvent` for the page to act on: to an endpoint
 * it failed at, or to every endpoint with the question to ask first.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { RedeliverEvent } from '../src/pages/redeliver-event.ts';
import type { TimelineView } from '../src/pages/timeline-view.ts';
import type { TimelineEntry, WebhookEndpoint } from '../src/types.ts';
import '../src/pages/timeline-view.ts';

const MARKUP = '"><img src=x onerror="window.__xss=1">';
const HEALTHY = 'https://shop.example/hooks';
const FAILING = 'http://127.0.0.1:9702/hooks';

const attempt = (
  at: number,
  eventId: string,
  endpoint: 'whe_a' | 'whe_b',
  number: number,
  status: number,
): TimelineEntry => ({
  kind: 'delivery_attempt',
  at,
  event_id: eventId,
  delivery_id: endpoint === 'whe_a' ? 1 : 2,
  endpoint_id: endpoint,
  endpoint_url: endpoint === 'whe_a' ? HEALTHY : FAILING,
  attempt: number,
  status_code: status,
  duration_ms: 12,
});

/** A paid payment whose second endpoint keeps failing: its retries come after later events. */
const ENTRIES: TimelineEntry[] = [
  { kind: 'created', at: 1_780_000_000 },
  { kind: 'event', at: 1_780_000_000, event_id: 'evt_1', type: 'checkout.created' },
  attempt(1_780_000_001, 'evt_1', 'whe_a', 1, 200),
  attempt(1_780_000_001, 'evt_1', 'whe_b', 1, 500),
  {
    kind: 'callback',
    at: 1_780_000_010,
    callback_id: 7,
    type: 'payment_request',
    status: 'paid',
    outcome: 'applied',
  },
  { kind: 'status', at: 1_780_000_010, status: 'paid' },
  { kind: 'event', at: 1_780_000_010, event_id: 'evt_2', type: 'checkout.paid' },
  attempt(1_780_000_011, 'evt_2', 'whe_a', 1, 204),
  attempt(1_780_000_011, 'evt_2', 'whe_b', 1, 500),
  attempt(1_780_000_060, 'evt_1', 'whe_b', 2, 500),
  attempt(1_780_000_070, 'evt_2', 'whe_b', 2, 500),
  attempt(1_780_000_600, 'evt_2', 'whe_b', 3, 500),
];

const endpoint = (id: string, more: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id,
  url: `https://${id}.example/`,
  source: 'merchant_api',
  created_at: 1_780_000_000,
  status: 'ok',
  ...more,
});

/** Two take checkout.paid; a disabled one and one for invoices only do not. */
const ENDPOINTS = [
  endpoint('whe_a'),
  endpoint('whe_b', { event_types: ['checkout.paid', 'checkout.created'] }),
  endpoint('whe_c', { status: 'disabled', disabled: true }),
  endpoint('whe_d', { event_types: ['invoice.confirmed'] }),
];

const render = (canRedeliver: boolean, entries = ENTRIES) =>
  fixture<TimelineView>(
    html`<cp-timeline-view
      .entries=${entries}
      .endpoints=${ENDPOINTS}
      .canRedeliver=${canRedeliver}
    ></cp-timeline-view>`,
  );

/** The text of an element (of its shadow root, if it has one), its spaces collapsed. */
const text = (el: Element | null | undefined) =>
  ((el?.shadowRoot ?? el)?.textContent ?? '').replace(/\s+/g, ' ');

/** The timeline's own steps (its outer list's items), in order. */
const steps = (el: TimelineView) => [...el.shadowRoot!.querySelector('ol')!.children];
/** The step of webhook event `type`. */
const eventStep = (el: TimelineView, type: string) =>
  steps(el).find((li) => text(li).includes(`Webhook event ${type} `));
/** The button whose text (what a screen reader names it by) is `name`. */
const buttonNamed = (el: TimelineView, name: string) =>
  [...el.shadowRoot!.querySelectorAll('button')].find((button) => text(button).trim() === name);

describe('<cp-timeline-view>', () => {
  it('is accessible', async () => {
    await expect(await render(true)).to.be.accessible();
  });

  it('tells each step in words: the outcome and the status', async () => {
    const shown = text(await render(false));
    expect(shown).to.contain('Checkout created');
    expect(shown).to.contain('Callback payment_request paid received: applied');
    expect(shown).to.contain('Status became Paid');
    expect(shown).to.contain('Webhook event checkout.paid evt_2');
  });

  it('puts each delivery attempt under the event it delivers, not among later events', async () => {
    const el = await render(false);
    // No step of its own: a retry no longer reads as a bare line after later events.
    expect(steps(el).map((li) => text(li).includes('Delivery attempt'))).to.deep.equal([
      false,
      true,
      false,
      false,
      true,
    ]);
    const paid = text(eventStep(el, 'checkout.paid'));
    expect(paid).to.contain(`Delivered to ${HEALTHY}`);
    expect(paid).to.contain(`Not delivered to ${FAILING}`);
    expect(
      paid.match(new RegExp(`Delivery attempt \\d to ${FAILING}: answered 500`, 'g')),
    ).to.have.length(3);
    const created = text(eventStep(el, 'checkout.created'));
    expect(created.match(/Delivery attempt/g)).to.have.length(3);
    expect(created).to.contain(`Delivery attempt 2 to ${FAILING}: answered 500`);
  });

  it('groups an attempt whose event the timeline lacks under that event’s id', async () => {
    const el = await render(false, [
      { kind: 'created', at: 1_780_000_000 },
      attempt(1_780_000_001, 'evt_9', 'whe_b', 1, 500),
      attempt(1_780_000_060, 'evt_9', 'whe_b', 2, 500),
    ]);
    expect(steps(el)).to.have.length(2);
    expect(text(steps(el)[1])).to.contain('Webhook event evt_9');
    expect(text(steps(el)[1])).to.contain(`Not delivered to ${FAILING}`);
  });

  it('shows what a receiver or the service wrote as text, never as markup', async () => {
    const el = await render(true, [
      { kind: 'event', at: 1_780_000_011, event_id: 'evt_1', type: 'checkout.failed' },
      {
        ...(attempt(1_780_000_012, 'evt_1', 'whe_b', 1, 500) as object),
        endpoint_url: `https://hooks.example/${MARKUP}`,
        error: MARKUP,
        response_excerpt: MARKUP,
      } as TimelineEntry,
    ]);
    expect(el.shadowRoot?.querySelector('img')).to.equal(null);
    expect(text(el)).to.contain(MARKUP);
  });

  it('offers a Redeliver to the endpoint a delivery failed at, and none where it arrived', async () => {
    const el = await render(true);
    const to = (url: string) => `Redeliver to this endpoint (checkout.paid evt_2, ${url})`;
    expect(buttonNamed(el, to(HEALTHY))).to.equal(undefined);
    const button = buttonNamed(el, to(FAILING))!;
    setTimeout(() => button.click());
    const event = (await oneEvent(el, RedeliverEvent.type)) as RedeliverEvent;
    expect(event).to.be.instanceOf(RedeliverEvent);
    expect(event.eventId).to.equal('evt_2');
    expect(event.endpointId).to.equal('whe_b');
    expect(event.question).to.equal(undefined);
  });

  it('says a redelivery of the event goes to every endpoint taking it, and how many, asking first', async () => {
    const el = await render(true);
    const button = buttonNamed(
      el,
      'Redeliver to all 2 endpoints that take it (checkout.paid evt_2)',
    )!;
    setTimeout(() => button.click());
    const event = (await oneEvent(el, RedeliverEvent.type)) as RedeliverEvent;
    expect(event.eventId).to.equal('evt_2');
    expect(event.endpointId).to.equal(undefined);
    expect(event.question).to.equal(
      'Send checkout.paid (evt_2) again to all 2 endpoints that take it? One of them already has it (answered 2xx) and will receive it twice.',
    );
  });

  it('offers no Redeliver to a role that may not', async () => {
    const el = await render(false);
    expect(el.shadowRoot?.querySelector('button')).to.equal(null);
  });
});
