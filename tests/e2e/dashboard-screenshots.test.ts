/**
 * A screenshot of each page of the dashboard at 1280x800, in Chromium against the built stack,
 * with something on it to see: payments paid, underpaid and open, a webhook endpoint and its
 * deliveries, an invoice, a viewer's account. They go to artifacts/e2e/dashboard-pages/NN-page.png;
 * the dashboard's README shows copies of them (packages/dashboard/docs/screenshots/).
 */

import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { groupReference } from '@crypto-pay/protocol/reference';
import { createdCheckout, invoiceBody } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { freePort } from '@crypto-pay/test-kit/process';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { loaded, openSection, useDashboard } from './dashboard-support.ts';
import { screenshots, visible } from './support.ts';

const { state, openDashboard, adminGet, adminPost, signIn, account, checkoutThatEnded } =
  useDashboard();

/** The README's size: a laptop's window, the page as it first shows (no full-page scroll). */
const VIEWPORT = { width: 1280, height: 800 };

describe('the dashboard’s pages, for the README', () => {
  let receiver: WebhookReceiver | undefined;
  after(() => receiver?.close());

  it('saves a screenshot of each page at 1280x800', async () => {
    // Something to show: an endpoint that receives, payments that ended three ways, an invoice.
    const port = await freePort();
    const endpoint = await adminPost('/admin/webhook-endpoints', {
      url: `http://127.0.0.1:${port}/hooks`,
    });
    receiver = await startWebhookReceiver(endpoint.secret, '/hooks', port);
    const ended = {
      paid: (await checkoutThatEnded('paid', 'paid')).id,
      underpaid: (await checkoutThatEnded('underpaid', 'failed')).id,
    };
    await createdCheckout(state.stack.proxyUrl, { product: 'kettle' });
    // The underpaid payment's webhook delivered before its page is loaded (the page shows it).
    await eventually(async () => {
      const { data } = await adminGet(`/admin/checkouts/${ended.underpaid}/timeline`);
      return data.some(
        (entry: { kind: string; status_code?: number }) =>
          entry.kind === 'delivery_attempt' && entry.status_code === 204,
      );
    }, 'a delivery answered 204');
    await adminPost('/admin/invoices', invoiceBody({ foreign_id: 'order-1042' }));
    await account('viewer');

    const shot = screenshots('dashboard-pages');
    const { context, page, problems } = await openDashboard('/dashboard/sign-in', {
      viewport: VIEWPORT,
    });
    await visible(page.getByRole('heading', { name: 'Sign in', exact: true }));
    await shot(page, 'sign-in');
    await page.goto(`${state.stack.proxyUrl}/dashboard/`);
    await signIn(page);

    // The chart drawn (its figures came: the table under it has its summary).
    await visible(page.getByText('Payments per day, as a table'));
    await visible(page.getByRole('link', { name: groupReference(ended.underpaid) }));
    await loaded(page);
    await shot(page, 'payments');

    await page.goto(`${state.stack.proxyUrl}/dashboard/payments/${ended.underpaid}`);
    await visible(page.getByText('Underpaid: less than the amount due arrived'));
    await visible(page.getByText(/answered 204 in/).first());
    await loaded(page);
    await shot(page, 'payment');
    // The same page at its timeline: each callback, status, webhook event and attempt.
    await page
      .getByRole('heading', { name: 'Timeline' })
      .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await shot(page, 'payment-timeline');

    for (const [section, heading] of [
      ['Webhooks', 'Endpoints'],
      ['Money', 'Balances'],
      ['Callbacks', 'Callbacks'],
      ['Audit', 'Audit log'],
      ['Accounts', 'Accounts'],
    ] as const) {
      await openSection(page, section, heading);
      await shot(page, section.toLowerCase());
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
});
