/**
 * The Webhooks page's view of deliveries, in Chromium against the real merchant API: with an
 * endpoint's receiver down, the backlog line counts the waiting delivery and the failing
 * deliveries' table lists it; its Redeliver (by keyboard) reaches the receiver once it is up,
 * and that receiver alone (the shop's own endpoint had the event already), and All deliveries
 * shows that attempt delivered (the redelivery replaced the delivery waiting for its retry);
 * disabling the endpoint asks first, saying what it drops, and the line says nothing is waiting.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { DASHBOARD_PROXY_ENV, loaded, useDashboard } from './dashboard-support.ts';
import { visible } from './support.ts';

// An hour to the worker's next try: what waits is the refused delivery, and a delivery that
// succeeds is the redelivery's.
const { state, axeFindings, openDashboard, adminGet, signIn, tabTo, endpointWithReceiverDown } =
  useDashboard(DASHBOARD_PROXY_ENV);

/** The failures' table; the ui branch renames "Failed deliveries" to "Failing deliveries". */
const FAILURES = /^Fail(ed|ing) deliveries$/;

describe('the Webhooks page’s backlog and failing deliveries', () => {
  let endpoint: { id: string; url: string; secret: string; port: number };
  let eventId: string;
  let receiver: WebhookReceiver | undefined;
  after(() => receiver?.close());

  before(async () => {
    // Its deliveries are refused until a receiver starts on its port.
    endpoint = await endpointWithReceiverDown();
    const checkout = await createdCheckout(state.stack.proxyUrl, { product: 'kettle' });
    await eventually(async () => {
      const { data } = await adminGet(`/admin/checkouts/${checkout.id}/timeline`);
      eventId = data.find((entry: { kind: string }) => entry.kind === 'event')?.event_id;
      return data.some(
        (entry: { kind: string; endpoint_id?: string }) =>
          entry.kind === 'delivery_attempt' && entry.endpoint_id === endpoint.id,
      );
    }, 'a refused delivery attempt');
    // The demo shop's own endpoint (WEBHOOK_URL) takes the same event: delivered, it waits no more.
    await eventually(
      async () => (await adminGet('/admin/webhook-backlog')).pending === 1,
      'the refused delivery alone waiting',
    );
  });

  it('counts what waits, lists the failure and redelivers it by keyboard', async () => {
    receiver = await startWebhookReceiver(endpoint.secret, '/hooks', endpoint.port);
    const { context, page, problems } = await openDashboard('/dashboard/webhooks');
    await signIn(page);
    await visible(page.getByText(/^Waiting to be delivered: 1, oldest since .+/));
    const failure = page
      .getByRole('table', { name: FAILURES })
      .getByRole('row')
      .filter({ hasText: eventId });
    await visible(failure.getByRole('cell', { name: endpoint.url, exact: true }));
    await visible(failure.getByRole('cell', { name: /^failed:\s+no answer/ }));
    await loaded(page);
    assert.deepEqual(await axeFindings(page), []);

    await tabTo(page, failure.getByRole('button', { name: /^Redeliver/ }));
    await page.keyboard.press('Enter');
    await visible(page.getByText('Queued for delivery again.'));
    await eventually(async () => receiver?.delivered().has(eventId) === true, 'delivered');
    const audit = await adminGet('/admin/audit-log?action=event_redelivered');
    assert.equal(audit.data[0]?.target, eventId);
    // The redelivery's attempt, answered 2xx, among all deliveries.
    await eventually(async () => {
      const { data } = await adminGet('/admin/webhook-deliveries');
      return data.some(
        (attempt: { event_id: string; status_code?: number }) =>
          attempt.event_id === eventId && attempt.status_code === 204,
      );
    }, 'the redelivery recorded');
    // To that endpoint alone: the shop's own endpoint, which had it, was not sent it again.
    const attempts = await adminGet(`/admin/webhook-deliveries?event_id=${eventId}`);
    assert.deepEqual(
      attempts.data
        .filter((attempt: { endpoint_id: string }) => attempt.endpoint_id !== endpoint.id)
        .map((attempt: { status_code?: number }) => attempt.status_code),
      [204],
    );
    await page.reload();
    const delivered = page
      .getByRole('table', { name: 'All deliveries' })
      .getByRole('row')
      .filter({ hasText: eventId })
      .filter({ hasText: /delivered:\s+answered 204 in/ });
    await visible(delivered.getByRole('cell', { name: endpoint.url, exact: true }));

    // Disabling asks first, the focus on the question, which says what it drops: nothing here,
    // since the redelivery replaced the delivery that waited for its retry.
    await tabTo(page, page.getByRole('button', { name: `Disable ${endpoint.url}` }));
    await page.keyboard.press('Enter');
    await visible(
      page.getByText(`Disable the endpoint ${endpoint.url}? Nothing waits for it now.`),
    );
    await tabTo(page, page.getByRole('button', { name: 'Disable endpoint', exact: true }));
    await page.keyboard.press('Enter');
    await visible(page.getByText(`Disabled: nothing is sent to ${endpoint.url}`, { exact: false }));
    await visible(page.getByText('Nothing waiting', { exact: true }));
    assert.equal((await adminGet('/admin/webhook-backlog')).pending, 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
