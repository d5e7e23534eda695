/**
 * `<cp-webhooks>` in Chromium: the failing deliveries, one row each with its Redeliver (to that
 * delivery's endpoint alone); the deliveries dropped before any attempt, listed with the same
 * Redeliver (none for a viewer), a refusal said; an action keeps the lists on screen while they reload, so focus
 * stays on the button pressed; a secret shown once is gone with the next action, a redelivery
 * too; and the focus goes to a secret just made, which its Copy secret button puts on the
 * clipboard (or says how to copy it by hand).
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { Webhooks } from '../src/pages/webhooks.ts';
import type { DeliveryAttempt, DroppedDelivery, WebhookEndpoint } from '../src/types.ts';
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

const ENDPOINT: WebhookEndpoint = {
  id: 'whe_1',
  url: 'https://hooks.example/in',
  source: 'merchant_api',
  created_at: 1_780_000_000,
  status: 'ok',
};

/** The element the keyboard is on, through the shadow roots it is inside. */
function focused(): Element | null {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element;
}

const buttonNamed = (el: Webhooks, name: string) =>
  [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

/** The page of an owner, an endpoint listed, after adding another one by its form. */
async function afterAdding(api: ReturnType<typeof fakeApi>, secret: string) {
  const el = await fixture<Webhooks>(
    html`<cp-webhooks .account=${{ name: 'ann', role: 'owner' }}></cp-webhooks>`,
  );
  await until(() => textOf(el).includes(ENDPOINT.url), 'the endpoints listed');
  el.shadowRoot!.querySelector<HTMLInputElement>('[name="url"]')!.value = 'https://hooks.example/b';
  const add = buttonNamed(el, 'Add endpoint')!;
  add.focus();
  add.click();
  await until(() => textOf(el).includes(secret), 'the new secret shown');
  expect(api.calls.find((call) => call.method === 'POST')).to.deep.include({
    path: '/admin/webhook-endpoints',
    body: { url: 'https://hooks.example/b' },
  });
  return el;
}

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
        body: { id: 'whe_2', url: 'https://hooks.example/b', secret: 'whsec_c2VjcmV0' },
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
    await until(() => el.shadowRoot!.activeElement === button, 'the focus kept on Redeliver');
    expect(button.isConnected).to.equal(true);
    expect(
      api.calls.find((call) => call.method === 'POST' && call.path.endsWith('/redeliver')),
    ).to.deep.include({ body: { event_id: 'evt_1' } });
  });

  describe('when a delivery was dropped before any attempt', () => {
    const DROPPED: DroppedDelivery = {
      id: 7,
      event_id: 'evt_dropped',
      event_type: 'checkout.paid',
      endpoint_id: 'whe_1',
      endpoint_url: 'https://hooks.example/in',
      queued_at: 1_780_000_000,
    };
    const page = (role: 'viewer' | 'operator', redeliver: { status: number; body?: unknown }) => {
      api = fakeApi({
        'GET /admin/webhook-backlog': { status: 200, body: { pending: 0, endpoints: [] } },
        'GET /admin/webhook-endpoints': { status: 200, body: { data: [ENDPOINT] } },
        'GET /admin/webhook-deliveries': { status: 200, body: { data: [] } },
        'GET /admin/webhook-deliveries/dropped': { status: 200, body: { data: [DROPPED] } },
        'POST /admin/webhook-endpoints/whe_1/redeliver': redeliver,
      });
      return fixture<Webhooks>(
        html`<cp-webhooks .account=${{ name: 'otto', role }}></cp-webhooks>`,
      );
    };
    const redeliverButton = (el: Webhooks) =>
      [...el.shadowRoot!.querySelectorAll('button')].find((b) =>
        b.textContent?.includes('evt_dropped'),
      );

    it('lists it, and its Redeliver sends the event to that endpoint alone', async () => {
      const el = await page('operator', { status: 202, body: {} });
      await until(() => redeliverButton(el) !== undefined, 'the dropped delivery listed');
      const text = textOf(el);
      expect(text).to.contain('Dropped before any attempt');
      expect(text).to.contain('nothing tries it again by itself');
      expect(text).to.contain('No delivery is failing.');
      expect(api.calls.map((call) => call.path)).to.include(
        '/admin/webhook-deliveries/dropped?limit=25',
      );
      await expect(el).to.be.accessible();
      redeliverButton(el)!.click();
      await until(
        () => textOf(el).includes('evt_dropped: Queued for delivery again.'),
        'the result line',
      );
      expect(
        api.calls.find((call) => call.method === 'POST' && call.path.endsWith('/redeliver')),
      ).to.deep.include({
        path: '/admin/webhook-endpoints/whe_1/redeliver',
        body: { event_id: 'evt_dropped' },
      });
    });

    it('says why when the proxy refuses it (its endpoint still disabled)', async () => {
      const el = await page('operator', {
        status: 409,
        body: {
          error:
            'This endpoint is disabled: enable it first (in the dashboard, or PATCH with {"disabled": false}), then send it the event again.',
          code: 'webhook_endpoint_disabled',
        },
      });
      await until(() => redeliverButton(el) !== undefined, 'the dropped delivery listed');
      redeliverButton(el)!.click();
      await until(() => textOf(el).includes('enable it first'), 'the refusal said');
    });

    it('shows it to a viewer without a Redeliver', async () => {
      const el = await page('viewer', { status: 202, body: {} });
      await until(() => textOf(el).includes('evt_dropped'), 'the dropped delivery listed');
      expect(redeliverButton(el)).to.equal(undefined);
    });
  });

  describe('when an endpoint is added', () => {
    const SECRET = 'whsec_bmV3IHNlY3JldA==';
    const ROTATED = 'whsec_cm90YXRlZA==';
    const clipboard = navigator.clipboard;
    /** What Copy secret wrote; `refuse` makes the clipboard say no, as a denied permission does. */
    let written: string[];
    let refuse: boolean;

    beforeEach(() => {
      written = [];
      refuse = false;
      clipboard.writeText = async (text) => {
        if (refuse) throw new DOMException('Write permission denied.', 'NotAllowedError');
        written.push(text);
      };
      api = fakeApi({
        'GET /admin/webhook-backlog': { status: 200, body: { pending: 0, endpoints: [] } },
        'GET /admin/webhook-endpoints': { status: 200, body: { data: [ENDPOINT] } },
        'GET /admin/webhook-deliveries': { status: 200, body: { data: [] } },
        'POST /admin/webhook-endpoints': {
          status: 201,
          // The address as the proxy keeps it, which the result line names.
          body: { id: 'whe_2', url: 'https://hooks.example/b', secret: SECRET },
        },
        'POST /admin/webhook-endpoints/whe_1/rotate-secret': {
          status: 200,
          body: { secret: ROTATED, previous_secret_expires_at: 1_780_086_400 },
        },
      });
    });
    // Back to the browser's own method, on its prototype.
    afterEach(() => Reflect.deleteProperty(clipboard, 'writeText'));

    it('takes the focus to the secret, which Copy secret puts on the clipboard as it is', async () => {
      const el = await afterAdding(api, SECRET);
      const panel = el.shadowRoot!.querySelector('[role="group"][aria-labelledby="new-secret"]')!;
      expect(panel.textContent).to.contain(SECRET);
      expect(focused()?.contains(panel)).to.equal(true);
      // Read first: what was added, then the secret.
      expect(focused()?.textContent).to.contain(
        'Added: events are sent to https://hooks.example/b, signed with the secret below.',
      );
      expect(focused()?.textContent).to.contain(
        'The new signing secret of https://hooks.example/b. It is shown only now',
      );
      await expect(el).to.be.accessible();

      buttonNamed(el, 'Copy secret')!.click();
      await until(() => textOf(el).includes('Copied.'), 'the copy said');
      expect(written).to.deep.equal([SECRET]);
      expect(textOf(el)).to.contain(SECRET);
    });

    it('says to copy the secret by hand when the browser refuses the clipboard', async () => {
      const el = await afterAdding(api, SECRET);
      refuse = true;
      buttonNamed(el, 'Copy secret')!.click();
      await until(() => textOf(el).includes('The browser did not copy it'), 'the refusal said');
      expect(textOf(el)).to.contain(
        'The browser did not copy it: select the secret above and copy it by hand.',
      );
      expect(textOf(el)).not.to.contain('Copied.');
      expect(textOf(el)).to.contain(SECRET);
    });

    it('keeps the secret while a delete is kept from, and shows a rotated one the same way', async () => {
      const el = await afterAdding(api, SECRET);
      const remove = buttonNamed(el, `Delete ${ENDPOINT.url}`)!;
      remove.click();
      await until(() => textOf(el).includes('Keep it'), 'the question asked');
      buttonNamed(el, 'Keep it')!.click();
      await until(() => focused() === remove, 'the focus back on Delete');
      expect(textOf(el)).to.contain(SECRET);

      buttonNamed(el, `Rotate secret ${ENDPOINT.url}`)!.click();
      await until(() => textOf(el).includes(ROTATED), 'the rotated secret shown');
      await el.updateComplete;
      expect(textOf(el)).not.to.contain(SECRET);
      expect(textOf(el)).to.contain('The old secret keeps signing too until');
      expect(focused()?.textContent).to.contain(ROTATED);
      // Named by its address, as an added one is: which receiver gets it is not a guess.
      expect(focused()?.textContent).to.contain(
        `Rotated: new events to ${ENDPOINT.url} are signed with the secret below.`,
      );
      expect(focused()?.textContent).to.contain(`The new signing secret of ${ENDPOINT.url}.`);
      buttonNamed(el, 'Copy secret')!.click();
      await until(() => textOf(el).includes('Copied.'), 'the copy said');
      expect(written).to.deep.equal([ROTATED]);
    });
  });
  describe('when an operator disables an endpoint', () => {
    beforeEach(() => {
      api = fakeApi({
        'GET /admin/webhook-backlog': {
          status: 200,
          body: {
            pending: 12,
            oldest_pending_at: 1_780_000_000,
            endpoints: [{ endpoint_id: 'whe_1', pending: 12, oldest_pending_at: 1_780_000_000 }],
          },
        },
        'GET /admin/webhook-endpoints': { status: 200, body: { data: [ENDPOINT] } },
        'GET /admin/webhook-deliveries': { status: 200, body: { data: [] } },
        'PATCH /admin/webhook-endpoints/whe_1': {
          status: 200,
          body: { ...ENDPOINT, status: 'disabled', disabled: true },
        },
      });
    });

    it('asks first, saying how many waiting deliveries are dropped; Keep it sends nothing', async () => {
      const el = await fixture<Webhooks>(
        html`<cp-webhooks .account=${{ name: 'otto', role: 'operator' }}></cp-webhooks>`,
      );
      await until(() => textOf(el).includes('Waiting to be delivered: 12'), 'the backlog');
      const disable = buttonNamed(el, `Disable ${ENDPOINT.url}`)!;
      disable.click();
      await until(() => textOf(el).includes('Keep it'), 'the question asked');
      expect(focused()?.textContent).to.equal(
        `Disable the endpoint ${ENDPOINT.url}? The 12 deliveries waiting for it are dropped. ` +
          'Enabling it again does not bring back what was dropped or sent while it was disabled: ' +
          'it gets only the events from then on. What was dropped is listed, to redeliver once it ' +
          'is enabled: under “Dropped before any attempt” if it was never tried, under “Failing ' +
          'deliveries” if it was tried and failed.',
      );
      await expect(el).to.be.accessible();
      buttonNamed(el, 'Keep it')!.click();
      await until(() => focused() === disable, 'the focus back on Disable');
      expect(api.calls.filter((call) => call.method === 'PATCH')).to.deep.equal([]);

      disable.click();
      await until(() => buttonNamed(el, 'Disable endpoint') !== undefined, 'asked again');
      buttonNamed(el, 'Disable endpoint')!.click();
      await until(() => textOf(el).includes('Disabled: nothing is sent'), 'the result line');
      expect(focused()?.textContent).to.contain(
        `Disabled: nothing is sent to ${ENDPOINT.url} (what waited for it was dropped) until it is enabled.`,
      );
      expect(api.calls.filter((call) => call.method === 'PATCH')).to.deep.equal([
        { method: 'PATCH', path: '/admin/webhook-endpoints/whe_1', body: { disabled: true } },
      ]);
    });
  });

  describe('the endpoints table', () => {
    it('heads its columns by what they show, the hints left on the form', async () => {
      api = fakeApi({
        'GET /admin/webhook-backlog': { status: 200, body: { pending: 0, endpoints: [] } },
        'GET /admin/webhook-endpoints': {
          status: 200,
          body: { data: [{ ...ENDPOINT, url: 'http://127.0.0.1:3000/hooks' }] },
        },
        'GET /admin/webhook-deliveries': { status: 200, body: { data: [] } },
      });
      const el = await fixture<Webhooks>(
        html`<cp-webhooks .account=${{ name: 'otto', role: 'operator' }}></cp-webhooks>`,
      );
      await until(() => textOf(el).includes('127.0.0.1:3000'), 'the endpoints listed');
      const table = [...el.shadowRoot!.querySelectorAll('table')].find(
        (t) => t.querySelector('caption')?.textContent === 'Endpoints',
      )!;
      expect(
        [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim()),
      ).to.deep.equal(['Address', 'Event types', 'State', 'Created', 'What to do with it']);
      expect(el.shadowRoot!.querySelector('label:has([name="url"])')?.textContent).to.contain(
        'Address (https)',
      );
      expect(
        el.shadowRoot!.querySelector('label:has([name="event_types"])')?.textContent,
      ).to.contain('Event types (comma-separated; empty for all)');
    });
  });

  describe('a failing delivery’s answer', () => {
    const BODY = `{"error":"database is down","trace":"${'x'.repeat(120)}"}`;
    const RETRYING: DeliveryAttempt = {
      ...FAILING,
      error: 'answered 500',
      response_excerpt: BODY,
      next_attempt_at: 1_780_000_600,
    };
    const REDIRECTED: DeliveryAttempt = {
      ...FAILING,
      id: 40,
      event_id: 'evt_2',
      status_code: 302,
      error: 'redirect not followed (https://hooks.example/login)',
      response_excerpt: 'Found',
    };

    it('says the status once, the start of the answer, and when it is tried next', async () => {
      api = fakeApi({
        'GET /admin/webhook-backlog': { status: 200, body: { pending: 1, endpoints: [] } },
        'GET /admin/webhook-endpoints': { status: 200, body: { data: [] } },
        'GET /admin/webhook-deliveries': { status: 200, body: { data: [RETRYING, REDIRECTED] } },
      });
      const el = await fixture<Webhooks>(
        html`<cp-webhooks .account=${{ name: 'vic', role: 'viewer' }}></cp-webhooks>`,
      );
      await until(() => textOf(el).includes('Failing deliveries'), 'the page');
      await until(() => el.shadowRoot!.querySelector('td.error') !== null, 'the failures listed');
      // The failures' table comes first (the same attempts are among all deliveries).
      const [retrying, redirected] = el.shadowRoot!.querySelectorAll('td.error');
      const said = retrying!.textContent!.replace(/\s+/g, ' ').trim();
      expect(said.match(/500/g)).to.have.length(1);
      expect(said).to.contain('failed: answered 500 in 12 ms');
      expect(said).to.contain('Next attempt at 28 May 2026, 20:36:40 UTC');
      // A long answer is collapsed under its label, as text.
      const details = retrying!.querySelector('details')!;
      expect(details.open).to.equal(false);
      expect(details.querySelector('summary')?.textContent).to.equal('Start of the answer');
      expect(details.querySelector('pre')?.textContent).to.equal(BODY);
      // A redirect's error says where to: kept; a short answer shows as it is.
      const other = redirected!.textContent!.replace(/\s+/g, ' ');
      expect(other).to.contain('failed: answered 302 in 12 ms');
      expect(other).to.contain('redirect not followed (https://hooks.example/login)');
      expect(other).to.contain('Start of the answer: Found');
      expect(other).not.to.contain('Next attempt');
      await expect(el).to.be.accessible();
    });

    it('says that one whose endpoint is disabled is not retried, and how to turn it back on, its Redeliver disabled', async () => {
      const DISABLED: WebhookEndpoint = {
        ...ENDPOINT,
        status: 'disabled',
        disabled: true,
        failing_since: 1_780_000_000,
      };
      const ENABLED: WebhookEndpoint = {
        ...ENDPOINT,
        id: 'whe_2',
        url: 'https://other.example/in',
      };
      // Its waiting retry ended when the endpoint was disabled: no next attempt.
      const STOPPED: DeliveryAttempt = { ...FAILING, error: 'answered 410', status_code: 410 };
      const ELSEWHERE: DeliveryAttempt = {
        ...RETRYING,
        id: 42,
        event_id: 'evt_3',
        endpoint_id: 'whe_2',
        endpoint_url: ENABLED.url,
      };
      api = fakeApi({
        'GET /admin/webhook-backlog': { status: 200, body: { pending: 1, endpoints: [] } },
        'GET /admin/webhook-endpoints': { status: 200, body: { data: [DISABLED, ENABLED] } },
        'GET /admin/webhook-deliveries': { status: 200, body: { data: [STOPPED, ELSEWHERE] } },
      });
      const el = await fixture<Webhooks>(
        html`<cp-webhooks .account=${{ name: 'otto', role: 'operator' }}></cp-webhooks>`,
      );
      await until(() => textOf(el).includes('Not retried'), 'the failure said not retried');
      const failures = [...el.shadowRoot!.querySelectorAll('table')].find(
        (table) => table.querySelector('caption')?.textContent === 'Failing deliveries',
      )!;
      const [stopped, elsewhere] = [...failures.querySelectorAll('td.error')].map((cell) =>
        cell.textContent!.replace(/\s+/g, ' '),
      );
      expect(stopped).to.contain(
        `Not retried: ${DISABLED.url} is disabled. An operator turns it back on with its Enable button under Endpoints below; then Redeliver sends this event there again.`,
      );
      expect(stopped).not.to.contain('Next attempt');
      expect(elsewhere).to.contain('Next attempt at 28 May 2026, 20:36:40 UTC');
      expect(elsewhere).not.to.contain('Not retried');
      // The Enable button it names is there, on that endpoint.
      expect(buttonNamed(el, `Enable ${DISABLED.url}`)).not.to.equal(undefined);
      // Its Redeliver, which the proxy would refuse (409), is disabled, and says why.
      const [stoppedRedeliver, elsewhereRedeliver] = [
        ...failures.querySelectorAll<HTMLButtonElement>('button'),
      ];
      expect(stoppedRedeliver?.textContent?.trim()).to.equal('Redeliver checkout.paid evt_1');
      // aria-disabled, so it stays in the tab order and its reason is heard; a click sends nothing.
      expect(stoppedRedeliver?.getAttribute('aria-disabled')).to.equal('true');
      expect(stoppedRedeliver?.disabled).to.equal(false);
      const callsBefore = api.calls.length;
      stoppedRedeliver!.click();
      await el.updateComplete;
      expect(api.calls.slice(callsBefore).filter((call) => call.method === 'POST')).to.deep.equal(
        [],
      );
      const why = el.shadowRoot!.getElementById(
        stoppedRedeliver!.getAttribute('aria-describedby') ?? '',
      );
      expect(why?.textContent).to.equal(
        `Not retried: ${DISABLED.url} is disabled. An operator turns it back on with its Enable button under Endpoints below; then Redeliver sends this event there again.`,
      );
      expect(elsewhereRedeliver?.textContent?.trim()).to.equal('Redeliver checkout.paid evt_3');
      expect(elsewhereRedeliver?.hasAttribute('aria-disabled')).to.equal(false);
      expect(elsewhereRedeliver?.hasAttribute('aria-describedby')).to.equal(false);
      // Among all deliveries, an attempt says only what happened then.
      expect(textOf(el).match(/Not retried/g)).to.have.length(1);
      await expect(el).to.be.accessible();
    });
  });
});
