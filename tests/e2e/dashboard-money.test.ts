/**
 * Money in the dashboard, in Chromium: an invoice created in the dashboard and paid on the
 * sandbox's invoice page (the customer's part), its status in the list following the service's
 * callback; and the roles: a viewer sees no action of Money's and cannot open one by its
 * address, an operator makes and cancels invoices but cannot withdraw (no form, no refund link,
 * the merchant API's 403 when forced).
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '@crypto-pay/test-kit/eventually';
import type { Page } from 'playwright-core';
import { createInvoice, forced, useDashboard } from './dashboard-support.ts';
import { screenshots, visible } from './support.ts';

const {
  state,
  openDashboard,
  adminGet,
  signIn,
  signInAs,
  account,
  checkoutThatEnded,
  invoiceCallbacks,
  pendingInvoice,
} = useDashboard();

const INVOICE_LIST = 'Invoices made, newest first, with their statuses';

/** The list's row of the invoice whose reference is `reference`. */
const invoiceRow = (page: Page, reference: string) =>
  page
    .getByRole('table', { name: INVOICE_LIST })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: reference, exact: true }) });

describe('money in the dashboard', () => {
  it('creates an invoice, the customer pays it on the sandbox’s page, and the list says so', async () => {
    const shot = screenshots('dashboard-invoice-paid');
    const { context, page, problems } = await openDashboard('/dashboard/money');
    await signIn(page);
    await createInvoice(page, { title: 'Order 88', amount: '0.0005', reference: 'e2e-paid-88' });
    await visible(page.getByText('e2e-paid-88: Done.'));
    // Listed at once, as made: nothing came from the service about it yet.
    await visible(
      invoiceRow(page, 'e2e-paid-88').getByRole('cell', { name: 'created', exact: true }),
    );

    // The customer opens the link the merchant sent and pays on the service's page.
    const link = page.getByText('Invoice link to send the customer').getByRole('link');
    const [invoicePage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await visible(invoicePage.getByRole('heading', { name: 'Order 88' }));
    await invoicePage.getByRole('button', { name: 'Payment confirmed' }).click();
    await eventually(
      async () => (await invoiceCallbacks('e2e-paid-88')).some((cb) => cb.status === 'confirmed'),
      'the confirmed invoice’s callback',
    );
    await invoicePage.close();

    await page.reload();
    const row = invoiceRow(page, 'e2e-paid-88');
    await visible(row.getByRole('cell', { name: 'confirmed', exact: true }));
    // Paid: nothing to cancel.
    assert.equal(await row.getByRole('button', { name: /^Cancel/ }).count(), 0);
    await shot(page, 'invoice-confirmed');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('shows a viewer balances and lists, no action, even by the address that prefills one', async () => {
    await pendingInvoice('e2e-viewer-1');
    const viewer = await account('viewer');
    // The address a payment page's refund link opens, typed by hand.
    const { context, page, problems } = await openDashboard(
      '/dashboard/money?amount=0.0001&currency=BTC',
    );
    await page.waitForURL(/\/dashboard\/sign-in/);
    await signInAs(page, viewer);
    await page.waitForURL('**/dashboard/money?**');
    await visible(page.getByRole('heading', { name: 'Balances' }));
    // The service's codes beside the asset on its network, as the forms take them.
    const balances = page.getByRole('table', { name: 'Balances' });
    for (const [currency, code] of [
      ['USDT on Tron', 'USDTT'],
      ['USDT on Ethereum', 'USDTE'],
      ['BTC on Bitcoin', 'BTC'],
      ['EUR', 'EUR'],
    ] as const) {
      const line = balances.getByRole('row').filter({ has: page.getByText(code, { exact: true }) });
      // EUR's two cells read the same: its code is its name.
      await visible(line.getByRole('cell', { name: currency, exact: true }).first());
    }
    // Every digit of the service's balance, grouped as the widget writes amounts in English.
    const usdte = balances
      .getByRole('row')
      .filter({ has: page.getByText('USDTE', { exact: true }) });
    const balance = usdte.getByRole('cell', { name: /^\d{1,3}(,\d{3})+\.\d{6}$/ });
    await visible(balance);
    // Aligned to the end, so amounts one under another compare.
    assert.equal(await balance.evaluate((cell) => getComputedStyle(cell).textAlign), 'end');
    const row = invoiceRow(page, 'e2e-viewer-1');
    await visible(row.getByRole('cell', { name: 'pending', exact: true }));
    await visible(page.getByText('Only an owner can send withdrawals.'));
    for (const heading of ['Create an invoice', 'Send a withdrawal', 'Confirm the withdrawal']) {
      assert.equal(await page.getByRole('heading', { name: heading }).count(), 0, heading);
    }
    assert.equal(
      await page
        .getByRole('button')
        .filter({ hasText: /Cancel|Review|Send/ })
        .count(),
      0,
    );
    assert.equal(await page.getByRole('textbox').count(), 0);

    // Forced: the merchant API refuses each of Money's changes to a viewer.
    assert.deepEqual(await forced(page, '/admin/invoices/e2e-viewer-1/cancel', {}), {
      status: 403,
      code: 'forbidden_role',
    });
    assert.deepEqual(await forced(page, '/admin/invoices', {}), {
      status: 403,
      code: 'forbidden_role',
    });
    assert.deepEqual(await forced(page, '/admin/withdrawals', {}), {
      status: 403,
      code: 'forbidden_role',
    });
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('lets an operator make and cancel invoices but never withdraw', async () => {
    await pendingInvoice('e2e-operator-1');
    const checkout = await checkoutThatEnded('underpaid', 'failed');
    const operator = await account('operator');
    const { context, page, problems } = await openDashboard(`/dashboard/payments/${checkout.id}`);
    await page.waitForURL(/\/dashboard\/sign-in/);
    await signInAs(page, operator);
    await visible(page.getByText('Underpaid: less than the amount due arrived'));
    // The owner's refund link is not offered.
    assert.equal(await page.getByRole('link', { name: /^Send .+ back/ }).count(), 0);

    await page.goto(`${state.stack.proxyUrl}/dashboard/money?amount=0.0001&currency=BTC`);
    await visible(page.getByRole('heading', { name: 'Create an invoice' }));
    await visible(page.getByText('Only an owner can send withdrawals.'));
    assert.equal(await page.getByRole('heading', { name: 'Send a withdrawal' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Review' }).count(), 0);
    await page.getByRole('button', { name: 'Cancel e2e-operator-1' }).click();
    await page.getByRole('button', { name: 'Cancel invoice' }).click();
    await visible(page.getByText('e2e-operator-1: Invoice cancelled.'));
    const cancelled = await adminGet('/admin/audit-log?action=invoice_cancelled');
    assert.equal(cancelled.data[0]?.target, 'e2e-operator-1');
    assert.equal(cancelled.data[0]?.actor, operator.name);

    assert.deepEqual(
      await forced(page, '/admin/withdrawals', {
        amount: '0.0001',
        currency: 'BTC',
        address: 'tb1qexampleaddress000000000000000000000',
      }),
      { status: 403, code: 'forbidden_role' },
    );
    const withdrawals = await adminGet('/admin/audit-log?action=withdrawal_created');
    assert.equal(withdrawals.data.length, 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
