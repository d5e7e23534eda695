/**
 * The dashboard's lists against the real merchant API, in Chromium: the payments list paged
 * with Older and Newer (by keyboard) over more checkouts than a page holds, what a search that
 * finds nothing says, and an amount filter refused at its field; the callback log searched on
 * the server by object id, foreign id and status.
 */

import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import { groupReference } from '@crypto-pay/protocol/reference';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import type { Page } from 'playwright-core';
import { loaded, useDashboard } from './dashboard-support.ts';
import { visible } from './support.ts';

// More checkouts from one address than the demo's limit lets a shop make in a minute.
const { state, axeFindings, openDashboard, adminGet, signIn, tabTo, checkoutThatEnded } =
  useDashboard({ RATE_LIMIT_CHECKOUTS_PER_MINUTE: '1000' });

/** The payments list's page size (the dashboard asks for 50). */
const PAGE = 50;

/** Tabs to the button named `name` (exactly) and presses Enter on it. */
async function pressButton(page: Page, name: string) {
  await tabTo(page, page.getByRole('button', { name, exact: true }));
  await page.keyboard.press('Enter');
}

describe('the payments list, paged and filtered', () => {
  /** More checkouts than a page holds, the oldest first. */
  const made: Checkout[] = [];
  before(async () => {
    for (let index = 0; index <= PAGE; index++) {
      made.push(await createdCheckout(state.stack.proxyUrl, { product: 'kettle' }));
    }
  });

  it('goes to the older page and back to the newer one by keyboard', async () => {
    const { context, page, problems } = await openDashboard('/dashboard/');
    const oldest = page.getByRole('link', { name: groupReference(made[0]!.id) });
    const newest = page.getByRole('link', { name: groupReference(made.at(-1)!.id) });
    await signIn(page);
    const rows = page.getByRole('table').last().locator('tbody tr');
    await visible(newest);
    assert.equal(await rows.count(), PAGE);
    assert.equal(await oldest.count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Newer', exact: true }).count(), 0);

    const older = page.waitForResponse((response) =>
      new URL(response.url()).searchParams.has('before'),
    );
    await pressButton(page, 'Older');
    assert.equal((await older).status(), 200);
    await visible(oldest);
    assert.equal(await newest.count(), 0);
    await loaded(page);
    assert.deepEqual(await axeFindings(page), []);

    await pressButton(page, 'Newer');
    await visible(newest);
    assert.equal(await oldest.count(), 0);
    assert.equal(await rows.count(), PAGE);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('says why a search by the customer’s name finds nothing, and what to search by', async () => {
    const { context, page, problems } = await openDashboard('/dashboard/');
    await signIn(page);
    const form = page.getByRole('search');
    await form.getByRole('searchbox').fill('Donald Knuth');
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'Donald Knuth');
    await visible(page.getByText('names and email addresses are not kept here', { exact: false }));
    await visible(page.getByText('search by the reference the customer sees', { exact: false }));
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('refuses an amount filter that is no decimal at the field, before asking the proxy', async () => {
    const { context, page, problems } = await openDashboard('/dashboard/');
    await signIn(page);
    const form = page.getByRole('search');
    const least = form.getByLabel('Amount at least', { exact: true });
    await least.fill('-5');
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    // The browser holds the form and says what the field takes, in the field's own words.
    assert.equal(await least.evaluate((field: HTMLInputElement) => field.validity.valid), false);
    assert.match(
      await least.evaluate((field: HTMLInputElement) => field.validationMessage),
      /A decimal amount in the price currency, such as 25\.00/,
    );
    assert.equal(new URL(page.url()).searchParams.has('amount_min'), false);
    await least.fill('25.00');
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('amount_min') === '25.00');
    await loaded(page);
    assert.equal(await page.getByText('Could not load this').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

interface StoredCallback {
  object_id?: string;
  foreign_id?: string;
  status?: string;
}

describe('the callback log, searched on the server', () => {
  /** The newest callback about a payment paid and one underpaid, and how many each had. */
  let paid: StoredCallback;
  let underpaid: StoredCallback;
  let paidCount: number;
  let underpaidCount: number;
  before(async () => {
    const callbacksOf = async (checkout: Checkout) => {
      const { payment_request_id } = await adminGet(`/admin/checkouts/${checkout.id}`);
      return (await adminGet(`/admin/callbacks?object_id=${payment_request_id}`))
        .data as StoredCallback[];
    };
    const paidOnes = await callbacksOf(await checkoutThatEnded('paid', 'paid'));
    const underpaidOnes = await callbacksOf(await checkoutThatEnded('underpaid', 'failed'));
    [paid, underpaid] = [paidOnes[0]!, underpaidOnes[0]!];
    [paidCount, underpaidCount] = [paidOnes.length, underpaidOnes.length];
    assert.ok(paid.object_id && paid.foreign_id && paid.status, JSON.stringify(paid));
    assert.ok(underpaid.foreign_id && underpaid.status, JSON.stringify(underpaid));
    assert.notEqual(paid.status, underpaid.status);
  });

  it('finds callbacks by object id, foreign id and status', async () => {
    const { context, page, problems } = await openDashboard('/dashboard/callbacks');
    await signIn(page);
    const rows = page.getByRole('table', { name: 'Callbacks', exact: true }).locator('tbody tr');
    const search = async (field: string, param: string, value: string) => {
      const form = page.getByRole('search');
      for (const label of ['Object id', 'Foreign id', 'Status']) {
        await form.getByLabel(label, { exact: true }).fill(label === field ? value : '');
      }
      await form.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get(param) === value);
      await loaded(page);
      return rows;
    };

    // Each search: the rows it should find, and only those.
    const byObject = await search('Object id', 'object_id', paid.object_id!);
    await visible(byObject.filter({ hasText: paid.object_id! }).first());
    assert.equal(await byObject.count(), paidCount);
    assert.equal(await byObject.filter({ hasText: paid.object_id! }).count(), paidCount);

    const byForeign = await search('Foreign id', 'foreign_id', underpaid.foreign_id!);
    await visible(byForeign.filter({ hasText: underpaid.foreign_id! }).first());
    assert.equal(await byForeign.count(), underpaidCount);
    assert.equal(
      await byForeign.filter({ hasText: underpaid.foreign_id! }).count(),
      underpaidCount,
    );

    // By status: every row has it (the Status column), the other payment's callback is not there.
    const byStatus = await search('Status', 'status', underpaid.status!);
    await visible(byStatus.filter({ hasText: underpaid.foreign_id! }).first());
    const statuses = await byStatus.locator('td:nth-child(3)').allTextContents();
    assert.deepEqual([...new Set(statuses.map((text) => text.trim()))], [underpaid.status]);
    assert.equal(await byStatus.filter({ hasText: paid.object_id! }).count(), 0);
    assert.deepEqual(await axeFindings(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
