/**
 * `<cp-payment>` in Chromium, against a fake merchant API: its timeline's Redeliver to an
 * endpoint a delivery failed at sends the event there alone, at once; its Redeliver to every
 * endpoint, which reaches the endpoints that already have the event too, asks first and sends
 * nothing until confirmed.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { Payment } from '../src/pages/payment.ts';
import type { MerchantCheckout, TimelineEntry, WebhookEndpoint } from '../src/types.ts';
import '../src/pages/payment.ts';
import { fakeApi, textOf, until } from './fake-api.ts';

const CHECKOUT: MerchantCheckout = {
  id: 'co_1',
  status: 'paid',
  payment_link: 'https://pay.example/co_1',
  expires_at: 1_780_003_600,
  amount: '129.00',
  currency: { iso: 'USD' },
  foreign_id: 'order-1',
  payment_request_id: 'pr_1',
  pricing: 'product',
  product: 'grinder',
  created_at: 1_780_000_000,
  updated_at: 1_780_000_010,
  version: 2,
};

const FAILING = 'http://127.0.0.1:9702/hooks';

const attempt = (at: number, endpoint: 'whe_a' | 'whe_b', status: number): TimelineEntry => ({
  kind: 'delivery_attempt',
  at,
  event_id: 'evt_2',
  delivery_id: endpoint === 'whe_a' ? 1 : 2,
  endpoint_id: endpoint,
  endpoint_url: endpoint === 'whe_a' ? 'https://shop.example/hooks' : FAILING,
  attempt: 1,
  status_code: status,
  duration_ms: 12,
});

const TIMELINE: TimelineEntry[] = [
  { kind: 'created', at: 1_780_000_000 },
  { kind: 'status', at: 1_780_000_010, status: 'paid' },
  { kind: 'event', at: 1_780_000_010, event_id: 'evt_2', type: 'checkout.paid' },
  attempt(1_780_000_011, 'whe_a', 204),
  attempt(1_780_000_011, 'whe_b', 500),
];

const ENDPOINTS: WebhookEndpoint[] = ['whe_a', 'whe_b'].map((id) => ({
  id,
  url: `https://${id}.example/`,
  source: 'merchant_api',
  created_at: 1_780_000_000,
  status: 'ok',
}));

/** The element the keyboard is on, through the shadow roots it is inside. */
function focused(): Element | null {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element;
}

describe('<cp-payment>', () => {
  let api: ReturnType<typeof fakeApi>;
  afterEach(() => api.restore());

  async function render() {
    api = fakeApi({
      'GET /admin/checkouts/co_1': { status: 200, body: CHECKOUT },
      'GET /admin/callbacks': { status: 200, body: { data: [] } },
      'GET /admin/checkouts/co_1/timeline': {
        status: 200,
        body: { checkout: CHECKOUT, data: TIMELINE },
      },
      'GET /admin/webhook-endpoints': { status: 200, body: { data: ENDPOINTS } },
      'POST /admin/events/evt_2/redeliver': {
        status: 202,
        body: { id: 'evt_2', queued: true, deliveries: 2 },
      },
      'POST /admin/webhook-endpoints/whe_b/redeliver': {
        status: 202,
        body: { id: 'evt_2', endpoint_id: 'whe_b', queued: true },
      },
    });
    const el = await fixture<Payment>(
      html`<cp-payment .account=${{ name: 'otto', role: 'operator' }} .checkoutId=${'co_1'}></cp-payment>`,
    );
    const view = () => el.shadowRoot!.querySelector('cp-timeline-view');
    await until(() => textOf(view() ?? el).includes('Redeliver to all 2'), 'the timeline');
    const button = (start: string) =>
      [...view()!.shadowRoot!.querySelectorAll('button')].find((b) =>
        b.textContent?.trim().startsWith(start),
      )!;
    const posts = () => api.calls.filter((call) => call.method === 'POST');
    return { el, button, posts };
  }

  it('redelivers to the endpoint a delivery failed at, and to it alone', async () => {
    const { el, button, posts } = await render();
    button('Redeliver to this endpoint').click();
    await until(() => textOf(el).includes('evt_2: Queued for delivery again.'), 'the result');
    expect(posts()).to.deep.equal([
      {
        method: 'POST',
        path: '/admin/webhook-endpoints/whe_b/redeliver',
        body: { event_id: 'evt_2' },
      },
    ]);
  });

  it('asks before redelivering to every endpoint, saying the healthy ones get it twice', async () => {
    const { el, button, posts } = await render();
    const every = button('Redeliver to all 2 endpoints that take it');
    every.focus();
    every.click();
    await until(() => textOf(el).includes('will receive it twice'), 'the question');
    expect(textOf(el)).to.contain(
      'Send checkout.paid (evt_2) again to all 2 endpoints that take it? One of them already has it (answered 2xx) and will receive it twice.',
    );
    expect(posts()).to.deep.equal([]);
    await expect(el).to.be.accessible();

    // Kept: nothing sent, the focus back on the button that asked.
    const keep = [...el.shadowRoot!.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Keep it',
    )!;
    keep.click();
    await until(() => !textOf(el).includes('will receive it twice'), 'the question gone');
    await el.updateComplete;
    expect(posts()).to.deep.equal([]);
    await until(() => focused() === every, 'the focus back on the button that asked');

    every.click();
    await until(() => textOf(el).includes('will receive it twice'), 'asked again');
    const confirm = [...el.shadowRoot!.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Redeliver to every endpoint',
    )!;
    confirm.click();
    await until(
      () => textOf(el).includes('evt_2: Queued for delivery again to 2 endpoints.'),
      'the result line',
    );
    expect(posts().map((call) => call.path)).to.deep.equal(['/admin/events/evt_2/redeliver']);
  });
});
