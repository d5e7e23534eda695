/**
 * Markup stored through the real paths shows as text on every page of the dashboard, in
 * Chromium: a checkout session's foreign_id and result addresses (merchant API), the sandbox's
 * callbacks that carry them back, a webhook endpoint's URL, what its receiver answered (a
 * redirect to markup, with markup for a body), an invoice's reference made in the dashboard's
 * own form, and the audit log's entries of these. On each page: the text is there, no element
 * was made from it, no script ran, no dialog opened, nothing broke the CSP.
 */

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import type { Locator, Page } from 'playwright-core';
import { createInvoice, useDashboard } from './dashboard-support.ts';
import { visible } from './support.ts';

const { state, openDashboard, injectedMarkup, admin, adminGet, adminPost, signIn, pendingInvoice } =
  useDashboard();

/**
 * A script and an element with a handler, either of which would run if read as markup; no
 * space, so that URLs hold it too, and short enough for an invoice's title.
 */
const MARKUP = '"><script>__x=1</script><svg/onload=alert(1)>';
/** Markup as the reference of an invoice made over the merchant API (the form makes `MARKUP`'s). */
const API_INVOICE = MARKUP.replace('__x=1', '__x=2');

/** A receiver that answers every webhook with a redirect to markup and markup for a body. */
const receiver = createServer((_request, response) => {
  response.writeHead(307, { Location: MARKUP, 'Content-Type': 'text/html' }).end(MARKUP);
});

let checkoutId: string;
let endpointUrl: string;
/** The checkout's success_url and failed_url as the merchant API answers them. */
let resultUrls: string[];

/** Waits for `locator`, then finds no element made from markup and no script run on the page. */
async function shownAsText(page: Page, locator: Locator, where: string) {
  await visible(locator);
  assert.deepEqual(await injectedMarkup(page), { found: [], ran: undefined }, where);
}

describe('markup in what the dashboard shows', () => {
  before(async () => {
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    const { port } = receiver.address() as AddressInfo;
    // Kept as the WHATWG URL's href (markup in it escaped): what the pages show is the API's.
    const endpoint = await adminPost('/admin/webhook-endpoints', {
      url: `http://127.0.0.1:${port}/hooks?m=${MARKUP}`,
      event_types: ['checkout.created'],
    });
    endpointUrl = endpoint.url;
    const session = await adminPost('/admin/checkout-sessions', {
      amount: '10.00',
      currency: 'EUR',
      foreign_id: MARKUP,
      url_success: `${state.stack.demoUrl}/success.html?m=${MARKUP}`,
      url_failed: `${state.stack.demoUrl}/failed.html?m=${MARKUP}`,
    });
    const created = await fetch(`${state.stack.proxyUrl}/api/checkouts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(checkoutBody({ session: session.session })),
    });
    assert.equal(created.status, 201, await created.clone().text());
    checkoutId = (await created.json()).id;
    const merchant = await adminGet(`/admin/checkouts/${checkoutId}`);
    resultUrls = [merchant.success_url, merchant.failed_url];
    await state.control(`payment-requests/${merchant.payment_request_id}/simulate`, {
      outcome: 'paid',
    });
    // The callback applied and the receiver's answer kept: both are on the payment's timeline.
    await eventually(async () => {
      const { data } = await adminGet(`/admin/checkouts/${checkoutId}/timeline`);
      return (
        data.some((entry: { kind: string }) => entry.kind === 'callback') &&
        data.some((entry: { kind: string; error?: string }) => entry.error?.includes(MARKUP))
      );
    }, 'the callback and a delivery attempt answered with markup');
    // An invoice's callback and audit entry carrying markup, for the lists that show them.
    await pendingInvoice(API_INVOICE);
  });
  after(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('creates an invoice whose reference is markup, in the dashboard’s own form', async () => {
    const { context, page, problems } = await openDashboard('/dashboard/money');
    await signIn(page);
    const invoiceReference = MARKUP;
    await createInvoice(page, { title: MARKUP, amount: '0.0002', reference: invoiceReference });
    await shownAsText(page, page.getByText(`${MARKUP}: Done.`), 'the result line');
    // The service's callback carries the reference back: pending, then in the list.
    await state.control(`invoices/${encodeURIComponent(invoiceReference)}/simulate`, {
      outcome: 'pending',
    });
    await eventually(
      async () =>
        (await adminGet('/admin/callbacks?type=invoice')).data.some(
          (callback: { foreign_id?: string }) => callback.foreign_id === invoiceReference,
        ),
      'the invoice’s callback stored',
    );
    await page.reload();
    const list = page.getByRole('table', {
      name: 'Invoices made, newest first, with their statuses',
    });
    await shownAsText(
      page,
      list.getByRole('rowheader', { name: MARKUP, exact: true }),
      'the invoices list',
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('shows a payment’s foreign_id, result addresses and webhook answers as text', async () => {
    const { context, page, problems } = await openDashboard(`/dashboard/payments/${checkoutId}`);
    await signIn(page);
    await shownAsText(page, page.getByRole('definition').filter({ hasText: MARKUP }), 'foreign_id');
    for (const url of resultUrls) {
      assert.match(url, /\?m=/);
      await shownAsText(page, page.getByText(url, { exact: true }), url);
    }
    const timeline = page.getByRole('list').filter({ hasText: 'Checkout created' });
    const attempt = timeline.getByRole('listitem').filter({ hasText: `to ${endpointUrl}:` });
    await shownAsText(page, attempt.first(), 'the endpoint’s URL');
    await shownAsText(
      page,
      attempt.getByText(`redirect not followed (${MARKUP})`).first(),
      'the error',
    );
    // A short answer is shown as it came, not collapsed.
    await shownAsText(
      page,
      attempt.locator('code').getByText(MARKUP, { exact: true }).first(),
      'the answer',
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('shows the endpoint, its failed attempts, the callbacks and the audit log as text', async () => {
    const { context, page, problems } = await openDashboard('/dashboard/webhooks');
    await signIn(page);
    await shownAsText(
      page,
      page.getByRole('cell', { name: endpointUrl, exact: true }).first(),
      'endpoint URL',
    );
    await shownAsText(
      page,
      page.getByText(`redirect not followed (${MARKUP})`).first(),
      'an attempt’s error',
    );

    for (const [path, what, markup] of [
      ['/dashboard/callbacks?type=payment_request', 'a payment request’s callback', MARKUP],
      ['/dashboard/callbacks?type=invoice', 'an invoice’s callback', API_INVOICE],
    ] as const) {
      await page.goto(`${state.stack.proxyUrl}${path}`);
      const row = page.getByRole('row').filter({ hasText: markup });
      await shownAsText(
        page,
        row.getByRole('cell').filter({ hasText: markup }).first(),
        `${what}: its foreign_id`,
      );
      await row.locator('summary').first().click();
      // The part a JSON view shows as it is (the quote comes escaped there).
      await shownAsText(page, row.locator('pre').getByText(markup.slice(2)).first(), what);
    }

    // The audit log: the invoice made, its foreign_id in the detail.
    await page.goto(`${state.stack.proxyUrl}/dashboard/audit`);
    const audited = (await adminGet('/admin/audit-log?action=invoice_created')).data;
    assert.ok(
      audited.some(
        (entry: { detail?: { foreign_id?: string } }) => entry.detail?.foreign_id === API_INVOICE,
      ),
    );
    await shownAsText(page, page.getByText(API_INVOICE.slice(2)).first(), 'the audit log’s detail');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('refuses markup where a name is kept: an account’s name', async () => {
    // Names are letters, digits and a few marks (so the Accounts and Audit pages never get one).
    const refused = await admin('/admin/accounts', 'POST', {
      name: MARKUP,
      password: 'a password long enough',
      role: 'viewer',
    });
    assert.equal(refused.status, 422);
    assert.equal((await refused.json()).field, 'name');
  });
});
