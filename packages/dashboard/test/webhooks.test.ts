/**
 * `<cp-webhooks>` in Chromium: the failing deliveries, one row each with its Redeliver (to that
 * delivery's endpoint alone); an action keeps the lists on screen while they reload, so focus
 * stays on the button pressed; and a secret shown once is gone with the next action, a
 * redelivery too.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { Webhooks } from '../src/pages/webhooks.ts';
import type { DeliveryAttempt } from '../src/types.ts';
import '../src/pages/webhooks.ts';
import { fakeApi, textOf, until } from './fake-api.ts';

const FAILING: DeliveryAttempt = {
  id: 41,
  event_id: 'evt_1',
  event_type: 'checkout.paid',
  endpoint_id: 'whe_1',
  endpoint_url: 'https://hooks.example/in',
  attempted_at: 1_780_000_000,
  attempt: 3,
  status_code: 500,
  duration_ms: 12,
};

describe('<cp-webhooks>', () => {
  let api: ReturnType<typeof fakeApi>;
  afterEach(() => api.restore());

  it('redelivers a failing delivery, focus kept on its button and the secret shown gone', async () => {
    api = fakeApi({
      'GET /admin/webhook-backlog': { status: 200, body: { pending: 0, endpoints: [] } },
      'GET /admin/webhook-endpoints': { status: 200, body: { data: [] } },
      'GET /admin/webhook-deliveries': { status: 200, body: { data: [FAILING] } },
      'POST /admin/webhook-endpoints': {
        status: 201,
        body: { id: 'whe_2', secret: 'whsec_c2VjcmV0' },
      },
      // To the endpoint the delivery failed at alone: the others have the event.
      'POST /admin/webhook-endpoints/whe_1/redeliver': { status: 202, body: {} },
    });
    const el = await fixture<Webhooks>(
      html`<cp-webhooks .account=${{ name: 'otto', role: 'operator' }}></cp-webhooks>`,
    );
    const redeliver = () =>
      [...el.shadowRoot!.querySelectorAll('button')].find((b) =>
        b.textContent?.trim().startsWith('Redeliver'),
      );
    await until(() => redeliver() !== undefined, 'the failing deliveries listed');
    expect(textOf(el)).to.contain('Failing deliveries');
    expect(api.calls.map((call) => call.path)).to.include(
      '/admin/webhook-deliveries?failed=true&limit=25',
    );
    await expect(el).to.be.accessible();

    el.shadowRoot!.querySelector<HTMLInputElement>('[name="url"]')!.value =
      'https://hooks.example/b';
    el.shadowRoot!.querySelector<HTMLFormElement>('form')!.requestSubmit();
    await until(() => textOf(el).includes('whsec_c2VjcmV0'), 'the new secret shown');

    const button = redeliver()!;
    button.focus();
    const loadsBefore = api.calls.length;
    button.click();
    await until(() => textOf(el).includes('evt_1: Queued for delivery again.'), 'the result line');
    await until(() => api.calls.length >= loadsBefore + 5, 'the lists reloaded');
    await el.updateComplete;
    expect(textOf(el)).not.to.contain('whsec_c2VjcmV0');
    expect(el.shadowRoot!.activeElement).to.equal(button);
    expect(button.isConnected).to.equal(true);
    expect(
      api.calls.find((call) => call.method === 'POST' && call.path.endsWith('/redeliver')),
    ).to.deep.include({ body: { event_id: 'evt_1' } });
  });
});
