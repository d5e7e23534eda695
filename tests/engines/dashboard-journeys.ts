/**
 * The dashboard's main journeys, described once and run in each engine through its driver
 * (Chromium runs them and more in tests/e2e/dashboard*.test.ts): an owner signs in with the
 * form, finds a failed payment by the reference the customer's end view showed in the same
 * engine and reads why it failed; redelivers a webhook its receiver had answered with a 500 and
 * sees the attempt succeed; rotates an endpoint's secret (shown once); sends a withdrawal after
 * its confirmation; creates an invoice that the customer pays on the service's page; and a
 * viewer is offered none of these and refused when forcing them.
 */

import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { groupReference } from '@crypto-pay/protocol/reference';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { companyDetails } from '@crypto-pay/test-kit/details-form';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { freePort } from '@crypto-pay/test-kit/process';
import type { Stack } from '@crypto-pay/test-kit/stack';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { merchantApi } from '../e2e/dashboard-support.ts';
import { type Engine, type EngineBrowser, playDetails, type Tab } from './driver.ts';
import type { Target } from './target.ts';

/** What the journeys run on: the stack, the browser and the shop's origin (journeys.ts). */
type Running = () => { stack: Stack; browser: EngineBrowser; shop: string };

interface Account {
  name: string;
  password: string;
}

/** A timeline entry, as far as these journeys read it (GET /admin/checkouts/{id}/timeline). */
interface TimelineEntry {
  kind: string;
  type?: string;
  event_id?: string;
  endpoint_id?: string;
  status_code?: number;
}

const SEARCH = 'Search by reference, checkout id, foreign_id or payment request id';
const ADDRESS = 'tb1qexampleaddress000000000000000000000';
/** The invoice's reference (its foreign_id), as the merchant types it. */
const INVOICE = 'engine-invoice-1042';
/** The sections' navigation, where a journey follows a link as a merchant does. */
const NAV: Target = { css: 'nav' };
/** The webhooks page's endpoints table (the delivery tables name endpoint URLs too). */
const ENDPOINTS: Target = { css: 'table', text: 'Endpoints' };
/** The webhooks page's table of failed deliveries (renamed "Failing deliveries" later). */
const FAILURES: Target = { css: 'table', text: 'Fail' };

/** Signs in with the form the dashboard sent `tab` to; resolves once it shows who is in. */
async function signIn(tab: Tab, account: Account, role: string) {
  await tab.waitForUrl(/\/dashboard\/sign-in/);
  await tab.type({ label: 'Name' }, account.name);
  await tab.type({ label: 'Password' }, account.password);
  await tab.click({ role: 'button', name: 'Sign in' });
  await tab.waitFor({ text: `${account.name} (${role})` });
}

/** Registers the dashboard's journeys for `engine`, on the stack and browser `running` gives. */
export function dashboardJourneys(engine: Engine, running: Running) {
  const api = merchantApi({
    get stack() {
      return { proxyUrl: running().stack.proxy.url };
    },
  });
  const dashboard = (path: string) =>
    running().browser.open(`${running().stack.proxy.url}/dashboard${path}`);
  const timeline = async (id: string) =>
    ((await api.adminGet(`/admin/checkouts/${id}/timeline`)) as { data: TimelineEntry[] }).data;

  /** The endpoint the journeys share (made in `before`) and its receiver, answering 204. */
  let endpoint: { id: string; url: string; secret: string };
  let receiver: WebhookReceiver;

  const attemptsOf = async (checkoutId: string) =>
    (await timeline(checkoutId)).filter(
      (entry) => entry.kind === 'delivery_attempt' && entry.endpoint_id === endpoint.id,
    );

  /**
   * A new checkout whose checkout.created the receiver answered with a 500 (recorded), and that
   * event's id; the receiver answers 204 again after it. The next try is an hour away.
   */
  async function failedDelivery() {
    receiver.mode = 'error';
    try {
      const checkout = await createdCheckout(running().stack.proxy.url, { product: 'kettle' });
      await eventually(
        async () => (await attemptsOf(checkout.id)).some((attempt) => attempt.status_code === 500),
        'the receiver’s 500 recorded',
      );
      const eventId = (await timeline(checkout.id)).find((entry) => entry.kind === 'event')
        ?.event_id as string;
      return { checkoutId: checkout.id, eventId };
    } finally {
      receiver.mode = 'ok';
    }
  }

  describe(`the dashboard's main journeys in ${engine.name}`, { timeout: 120_000 }, () => {
    before(async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/hooks`;
      const created = await api.adminPost('/admin/webhook-endpoints', {
        url,
        event_types: ['checkout.created'],
      });
      endpoint = { id: created.id, url, secret: created.secret };
      receiver = await startWebhookReceiver(endpoint.secret, '/hooks', port);
    });
    afterEach(async () => {
      assert.deepEqual(running().browser.takePageErrors(), [], 'no uncaught error on a page');
      await running().browser.closeTabs();
    });
    after(() => receiver?.close());

    it('finds a failed payment by the reference the customer was shown, and says why', async () => {
      const { stack, browser, shop } = running();
      const owner = await api.account('owner');
      // The customer: a company pays a cart too little; the shop's failure page shows the
      // reference to quote.
      const tab = await browser.open(`${shop}/checkout.html`);
      await tab.waitFor({ css: '[part="total"]', text: '42.00' });
      await playDetails(tab, companyDetails());
      await tab.click({ role: 'button', name: 'Continue to payment' });
      await tab.waitForUrl(new RegExp(`^${stack.sandbox.url}/`));
      await tab.click({ css: 'button[value="underpaid"]' });
      const back = await tab.waitForUrl(/\/failed\.html\?(.*&)?checkout=/);
      const reference = await tab.textOf({ css: '[part="reference-value"]' });
      assert.equal(reference, groupReference(new URL(back).searchParams.get('checkout')!));

      // The merchant types what the customer read out into the dashboard's search.
      const office = await dashboard('/');
      await signIn(office, owner, 'owner');
      await office.type({ label: SEARCH }, reference);
      await office.click({ role: 'button', name: 'Search' });
      await office.waitForUrl(/[?&]q=/);
      // Found alone: the list (other payments before the search) down to this one row.
      const found: Target = { css: 'tbody tr:only-child', text: reference };
      await office.click({ role: 'link', name: reference, within: found });
      await office.waitFor({ role: 'heading', name: `Payment ${reference}` });
      await office.waitFor({ text: 'Underpaid: less than the amount due arrived' });
    });

    it('redelivers a webhook its receiver had answered with a 500, and shows it delivered', async () => {
      const owner = await api.account('owner');
      const { checkoutId, eventId } = await failedDelivery();

      const tab = await dashboard(`/payments/${checkoutId}`);
      await signIn(tab, owner, 'owner');
      await tab.waitFor({ css: 'li', text: `to ${endpoint.url}: answered 500 in` });
      // To the endpoint it failed at alone: the button names the event and the address.
      const url = endpoint.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await tab.click({
        role: 'button',
        name: new RegExp(`^Redeliver to this endpoint \\(checkout\\.created \\S+, ${url}\\)$`),
      });
      await tab.waitFor({ text: 'Queued for delivery again.' });
      await eventually(
        async () => (await attemptsOf(checkoutId)).some((attempt) => attempt.status_code === 204),
        'the redelivery answered 204',
      );
      // No retry of its own came between (an hour away): the 500, then the redelivery's 204.
      assert.deepEqual(
        (await attemptsOf(checkoutId)).map((attempt) => attempt.status_code),
        [500, 204],
      );
      await tab.reload();
      await tab.waitFor({ css: 'li', text: `to ${endpoint.url}: answered 204 in` });
      assert.ok(receiver.delivered().has(eventId), 'the receiver has the event');
      const audit = await api.adminGet('/admin/audit-log?action=event_redelivered');
      assert.equal(audit.data[0]?.target, eventId);
    });

    it('rotates an endpoint’s secret, showing the new one once', async () => {
      const owner = await api.account('owner');
      const tab = await dashboard('/webhooks');
      await signIn(tab, owner, 'owner');
      await tab.click({ role: 'button', name: `Rotate secret ${endpoint.url}` });
      const secret = await tab.textOf({
        css: 'code',
        // Named by its endpoint's address, as shown with it.
        within: { css: '[role="group"]', text: `The new signing secret of ${endpoint.url}.` },
      });
      assert.match(secret, /^whsec_/);
      assert.notEqual(secret, endpoint.secret);
      assert.equal(await tab.has({ text: secret }), true);
      // Shown once: the page loaded again lists the endpoint, not the secret.
      await tab.reload();
      await tab.waitFor({ css: 'td', text: endpoint.url, within: ENDPOINTS });
      assert.equal(await tab.has({ text: secret }), false);
      const rotations = await api.adminGet('/admin/audit-log?action=secret_rotated');
      assert.equal(rotations.data[0]?.target, endpoint.id);
    });

    it('sends an owner’s withdrawal after its confirmation, and shows the service’s answer', async () => {
      const { stack } = running();
      const owner = await api.account('owner');
      const withdrawals = async () =>
        (await (await fetch(`${stack.sandbox.url}/_sandbox/withdrawals`)).json()) as {
          id: string;
        }[];
      const sentBefore = (await withdrawals()).length;
      const tab = await dashboard('/money');
      await signIn(tab, owner, 'owner');
      const form: Target = { css: 'form', text: 'Send a withdrawal' };
      await tab.type({ label: 'Amount', within: form }, '0.001');
      await tab.type(
        { label: 'Currency code (as in Balances: EUR, BTC, USDTT…)', within: form },
        'BTC',
      );
      await tab.type({ label: 'Address', within: form }, ADDRESS);
      await tab.type({ label: 'Legal name', within: form }, 'Demo Shop BV');
      await tab.type(
        { label: 'Country of registration (3-letter ISO code, e.g. NLD)', within: form },
        'NLD',
      );
      await tab.click({ role: 'button', name: 'Review', within: form });
      const confirmation: Target = { css: 'section', name: 'Confirm the withdrawal' };
      for (const line of ['0.001', 'BTC', ADDRESS, 'none']) {
        assert.equal(await tab.textOf({ css: 'dd', text: line, within: confirmation }), line);
      }
      // Nothing is sent before the confirmation; then the service has it, as its answer says.
      assert.equal((await withdrawals()).length, sentBefore);
      await tab.click({ role: 'button', name: 'Send it', within: confirmation });
      // The service's answer in words: which withdrawal, its status, what the receiver gets.
      await tab.waitFor({ role: 'heading', name: /was taken by the service$/ });
      const heading = await tab.textOf({ css: 'h3', text: 'was taken by the service' });
      const answer: Target = { css: 'section', text: 'was taken by the service' };
      assert.equal(
        await tab.textOf({ css: 'dd', text: 'processing', within: answer }),
        'processing',
      );
      assert.equal(
        await tab.textOf({ css: 'dd', text: '0.00100000 BTC', within: answer }),
        '0.00100000 BTC',
      );
      const sent = await withdrawals();
      assert.equal(sent.length, sentBefore + 1);
      assert.ok(
        heading.startsWith(`Withdrawal ${sent[0]?.id} (`),
        'the service has the withdrawal',
      );
    });

    it('creates an invoice, and the customer pays it on the service’s page', async () => {
      const owner = await api.account('owner');
      const tab = await dashboard('/money');
      await signIn(tab, owner, 'owner');
      const form: Target = { css: 'form', text: 'Create an invoice' };
      await tab.type({ label: 'Title (the customer sees it)', within: form }, 'Order 1042');
      await tab.type({ label: 'Amount', within: form }, '0.00012345');
      await tab.type(
        { label: 'Currency code (as in Balances: EUR, BTC, USDTT…)', within: form },
        'BTC',
      );
      await tab.type({ label: 'Reference (your foreign_id, optional)', within: form }, INVOICE);
      await tab.type({ label: 'Customer’s email', within: form }, 'buyer@example.com');
      const returnTo: Target = { label: 'Where the customer returns after paying', within: form };
      await tab.clear(returnTo);
      await tab.type(returnTo, `${running().shop}/success.html`);
      await tab.type({ label: 'First name', within: form }, 'Ann');
      await tab.type({ label: 'Last name', within: form }, 'Lee');
      await tab.fillDate({ label: 'Date of birth', within: form }, '1990-01-02');
      await tab.click({ role: 'button', name: 'Create', within: form });
      const notice: Target = { css: 'p', text: 'Invoice link to send the customer' };
      await tab.waitFor({ text: `${INVOICE}: Done.` });

      // The customer opens the link the merchant sent and pays on the service's page.
      const invoicePage = await tab.clickToNewTab({ role: 'link', within: notice });
      await invoicePage.waitFor({ role: 'heading', name: 'Order 1042' });
      await invoicePage.click({ css: 'button[value="confirmed"]' });
      // Paid, the service sends the customer to the invoice's return address.
      await invoicePage.waitForUrl(/\/success\.html/);

      // The service's callback reaches the proxy (sent on its own time); then the list shows it.
      await eventually(async () => {
        const { data } = await api.adminGet(`/admin/callbacks?type=invoice&foreign_id=${INVOICE}`);
        return (data as { status?: string }[]).some((callback) => callback.status === 'confirmed');
      }, 'the confirmed invoice’s callback');
      await tab.reload();
      // The status cell of the invoice's row (a row's text runs its cells together).
      await tab.waitFor({ css: 'td', text: 'confirmed', within: { css: 'tr', text: INVOICE } });
    });

    it('offers a viewer none of these, and the API refuses them when forced', async () => {
      const viewer = await api.account('viewer');
      // A failure to be listed with no Redeliver for the viewer.
      const { checkoutId, eventId } = await failedDelivery();
      const rotationsBefore = (await api.adminGet('/admin/audit-log?action=secret_rotated')).data;
      const tab = await dashboard(`/payments/${checkoutId}`);
      await signIn(tab, viewer, 'viewer');
      await tab.waitFor({ text: 'Webhook event checkout.created' });
      assert.equal(await tab.has({ role: 'button', name: /^Redeliver/ }), false, 'Redeliver');

      await tab.click({ role: 'link', name: 'Webhooks', within: NAV });
      // Each of the page's lists drawn (they load apart) before looking for what is not there.
      await tab.waitFor({ css: 'td', text: endpoint.url, within: ENDPOINTS });
      await tab.waitFor({ css: 'td', text: eventId, within: FAILURES });
      for (const action of [
        'Disable',
        'Rotate secret',
        'Send test event',
        'Delete',
        'Add',
        'Redeliver',
      ]) {
        const offered = await tab.has({ role: 'button', name: new RegExp(`^${action}`) });
        assert.equal(offered, false, action);
      }
      assert.equal(await tab.has({ role: 'link', name: 'Accounts', within: NAV }), false);
      await tab.click({ role: 'link', name: 'Money', within: NAV });
      await tab.waitFor({ text: 'Only an owner can send withdrawals.' });
      assert.equal(await tab.has({ role: 'heading', name: 'Send a withdrawal' }), false);
      assert.equal(await tab.has({ role: 'heading', name: 'Create an invoice' }), false);

      // Forced from the page, with the viewer's session: each refused by the merchant API.
      const forced = await tab.evaluate(
        async (calls: [string, object][]) => {
          const answers: string[] = [];
          for (const [path, body] of calls) {
            const response = await fetch(path, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(body),
            });
            const { code } = (await response.json()) as { code: string };
            answers.push(`${path}: ${response.status} ${code}`);
          }
          return answers;
        },
        [
          [`/admin/events/${eventId}/redeliver`, {}],
          [`/admin/webhook-endpoints/${endpoint.id}/rotate-secret`, {}],
          ['/admin/withdrawals', { amount: 0.001, currency: 'BTC', address: ADDRESS }],
          ['/admin/invoices', { amount: 0.001, currency: 'BTC' }],
        ] as [string, object][],
      );
      assert.deepEqual(forced, [
        `/admin/events/${eventId}/redeliver: 403 forbidden_role`,
        `/admin/webhook-endpoints/${endpoint.id}/rotate-secret: 403 forbidden_role`,
        '/admin/withdrawals: 403 forbidden_role',
        '/admin/invoices: 403 forbidden_role',
      ]);
      const rotations = await api.adminGet('/admin/audit-log?action=secret_rotated');
      assert.deepEqual(rotations.data, rotationsBefore, 'no rotation by the viewer');
    });
  });
}
