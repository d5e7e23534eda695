/**
 * The dashboard's journeys that act, in Chromium, signed in through the form: a failed payment
 * found by the reference the customer read off the widget's end view, and why it failed; a
 * webhook that failed (its receiver down) redelivered once the receiver is up; an endpoint disabled and enabled, its secret rotated (the
 * new one shown once) and a test event signed with it; a viewer who can do none of these.
 */

import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { groupReference } from '@crypto-pay/protocol/reference';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { DASHBOARD_PROXY_ENV, forced, loaded, useDashboard } from './dashboard-support.ts';
import { expectReference, playOutcome, screenshots, visible } from './support.ts';

// A failed attempt is tried again only after an hour: an attempt that succeeds after a refused
// one is the redelivery's, not the worker's own retry.
const {
  state,
  axeFindings,
  openDashboard,
  admin,
  adminGet,
  signIn,
  signInAs,
  account,
  endpointWithReceiverDown,
} = useDashboard(DASHBOARD_PROXY_ENV);

interface TimelineAnswer {
  data: {
    kind: string;
    event_id?: string;
    type?: string;
    endpoint_id?: string;
    status_code?: number;
  }[];
}

/** The endpoint the journeys share: made over the bearer API, its receiver down at first. */
let endpoint: { id: string; url: string; secret: string; port: number };
let receiver: WebhookReceiver | undefined;

describe('the dashboard’s actions', () => {
  after(() => receiver?.close());

  it('finds a failed payment by the customer’s reference and says why it failed', async () => {
    const shot = screenshots('dashboard-actions');
    // The customer pays too little in the shop, and reads the reference off the widget's end view.
    const shop = await state.openShop('product.html');
    // Stay on the widget's own end view (no redirect to the shop's result page).
    await shop.page.evaluate(() => {
      for (const type of ['crypto-pay-success', 'crypto-pay-failure']) {
        document.addEventListener(type, (event) => event.preventDefault());
      }
    });
    await shop.fillPerson();
    await shop.widget.getByRole('button', { name: 'Continue to payment' }).click();
    const link = shop.widget.getByRole('link', { name: /Open the payment page/ });
    await visible(link);
    // Kept by the widget while the payment is open (the end view forgets it).
    const checkout = { id: (await shop.checkoutId()) ?? '' };
    const [paymentPage] = await Promise.all([shop.context.waitForEvent('page'), link.click()]);
    await playOutcome(paymentPage, 'underpaid');
    await visible(shop.widget.getByRole('heading', { name: 'Payment failed' }));
    await expectReference(shop.widget, checkout.id);
    const told = (await shop.widget.locator('[part="reference-value"]').textContent()) ?? '';
    await shop.context.close();

    const { context, page, problems } = await openDashboard('/dashboard/');
    await signIn(page);
    // What the customer reads out, as the end view showed it (the id in fours).
    const search = page.getByLabel(
      'Search by reference, checkout id, foreign_id or payment request id',
    );
    await search.fill(told);
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === told);
    const found = page.getByRole('link', { name: groupReference(checkout.id) });
    await visible(found);
    assert.equal(await page.getByRole('table').last().getByRole('link').count(), 1);
    await shot(page, 'found-by-reference');
    await found.click();
    await visible(page.getByRole('heading', { name: `Payment ${groupReference(checkout.id)}` }));
    await visible(page.getByText('Underpaid: less than the amount due arrived'));
    // The copy button gives the id itself, not its grouped form.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy the checkout id' }).click();
    await visible(page.getByText('Copied the checkout id.'));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), checkout.id);
    assert.deepEqual(await axeFindings(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('redelivers a webhook that failed while its receiver was down, and shows it delivered', async () => {
    // Its deliveries are refused until a receiver starts on its port.
    endpoint = await endpointWithReceiverDown();
    const checkout = await createdCheckout(state.stack.proxyUrl, { product: 'kettle' });
    const attempts = async () =>
      ((await adminGet(`/admin/checkouts/${checkout.id}/timeline`)) as TimelineAnswer).data.filter(
        (entry) => entry.kind === 'delivery_attempt' && entry.endpoint_id === endpoint.id,
      );
    await eventually(async () => (await attempts()).length > 0, 'a refused delivery attempt');
    assert.equal((await attempts())[0]?.status_code, undefined);
    receiver = await startWebhookReceiver(endpoint.secret, '/hooks', endpoint.port);

    const { context, page, problems } = await openDashboard(`/dashboard/payments/${checkout.id}`);
    await signIn(page);
    const timeline = page.getByRole('list').filter({ hasText: 'Checkout created' });
    await visible(timeline.getByText(`to ${endpoint.url}: no answer`).first());
    // To the endpoint it failed at alone, named in the button's name.
    const url = endpoint.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await page
      .getByRole('button', {
        name: new RegExp(`^Redeliver to this endpoint \\(checkout\\.created \\S+, ${url}\\)$`),
      })
      .click();
    await visible(page.getByText(/: Queued for delivery again\./));
    const eventId = (await adminGet(`/admin/checkouts/${checkout.id}/timeline`)).data.find(
      (entry: TimelineAnswer['data'][number]) =>
        entry.kind === 'event' && entry.type === 'checkout.created',
    ).event_id;
    await eventually(async () => receiver?.delivered().has(eventId) === true, 'delivered');
    // No retry of the worker's came between (an hour away): the refusal, then the redelivery's 2xx.
    await eventually(async () => (await attempts()).length === 2, 'the redelivery recorded');
    const answers = (await attempts()).map((attempt) => attempt.status_code);
    assert.equal(answers[0], undefined);
    assert.match(String(answers[1]), /^2\d\d$/);
    await page.reload();
    await visible(
      timeline
        .getByRole('listitem')
        .filter({ hasText: `to ${endpoint.url}:` })
        .filter({ hasText: /answered 2\d\d in/ })
        .first(),
    );
    const audit = await adminGet('/admin/audit-log?action=event_redelivered');
    assert.equal(audit.data[0]?.target, eventId);
    assert.deepEqual(await axeFindings(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('rotates an endpoint’s secret (shown once), queues a test event, disables and enables it', async () => {
    const shot = screenshots('dashboard-actions');
    const { context, page, problems } = await openDashboard('/dashboard/webhooks');
    await signIn(page);
    await page.getByRole('button', { name: `Rotate secret ${endpoint.url}` }).click();
    // Named by its endpoint's address: which receiver takes it is not a guess.
    const notice = page
      .getByRole('group')
      .filter({ hasText: `The new signing secret of ${endpoint.url}.` });
    await visible(notice);
    const secret = (await notice.locator('code').textContent()) ?? '';
    assert.match(secret, /^whsec_/);
    assert.notEqual(secret, endpoint.secret);
    await shot(page, 'secret-rotated');
    assert.deepEqual(await axeFindings(page), []);
    // Shown once: a reload does not bring it back.
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Endpoints', exact: true }));
    await loaded(page);
    assert.equal(await page.getByText(secret).count(), 0);

    // The test event is queued, sent at once (signed with the new secret and, in its grace
    // period, the old one the receiver knows) and audited.
    await page.getByRole('button', { name: `Send test event ${endpoint.url}` }).click();
    await visible(page.getByText('Test event queued.'));
    await eventually(
      async () =>
        [...(receiver?.delivered().values() ?? [])].some((event) => event.type === 'webhook.test'),
      'the test event at the receiver',
    );
    const tested = await adminGet('/admin/audit-log?action=endpoint_tested');
    assert.equal(tested.data[0]?.target, endpoint.id);
    await page.getByRole('button', { name: `Disable ${endpoint.url}` }).click();
    await page.getByRole('button', { name: 'Disable endpoint', exact: true }).click();
    await visible(page.getByText(`Disabled: nothing is sent to ${endpoint.url}`, { exact: false }));
    await visible(page.getByRole('cell', { name: 'Disabled', exact: true }));
    assert.equal(
      await page.getByRole('button', { name: `Send test event ${endpoint.url}` }).count(),
      0,
    );
    await page.getByRole('button', { name: `Enable ${endpoint.url}` }).click();
    await visible(page.getByText('Enabled: new events are sent to it again.'));
    await visible(page.getByRole('button', { name: `Disable ${endpoint.url}` }));
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('shows a viewer no action, and the API’s refusal when one is forced', async () => {
    const viewer = await account('viewer');
    const checkout = await createdCheckout(state.stack.proxyUrl, { product: 'kettle' });
    await eventually(
      async () =>
        ((await adminGet(`/admin/checkouts/${checkout.id}/timeline`)) as TimelineAnswer).data.some(
          (entry) => entry.kind === 'event',
        ),
      'the checkout’s first event',
    );
    const { context, page, problems } = await openDashboard(`/dashboard/payments/${checkout.id}`);
    await page.waitForURL(/\/dashboard\/sign-in/);
    await signInAs(page, viewer);
    await visible(page.getByText(`${viewer.name} (viewer)`));
    await visible(page.getByText('Checkout created'));
    assert.equal(await page.getByRole('button', { name: /^Redeliver/ }).count(), 0);

    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Webhooks' })
      .click();
    // The endpoints table's own cell: the delivery tables name the endpoint's URL too.
    const endpoints = page.getByRole('table', { name: 'Endpoints', exact: true });
    await visible(endpoints.getByRole('cell', { name: endpoint.url, exact: true }));
    for (const action of [
      'Disable',
      'Rotate secret',
      'Send test event',
      'Delete',
      'Add endpoint',
    ]) {
      assert.equal(
        await page.getByRole('button', { name: new RegExp(`^${action}`) }).count(),
        0,
        action,
      );
    }
    assert.equal(await page.getByRole('link', { name: 'Accounts' }).count(), 0);

    // Forced: the merchant API refuses the viewer's session, and the dashboard says so.
    assert.deepEqual(await forced(page, `/admin/webhook-endpoints/${endpoint.id}/rotate-secret`), {
      status: 403,
      code: 'forbidden_role',
    });
    await page.goto(`${state.stack.proxyUrl}/dashboard/accounts`);
    await visible(page.getByText('Your role does not allow this.'));
    const rotations = await (await admin('/admin/audit-log?action=secret_rotated')).json();
    assert.equal(rotations.data.length, 1, 'only the owner’s rotation');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
