/**
 * A company pays a cart priced by the shop's back end (session mode) in redirect mode: the
 * widget sends it to the payment page, the payment fails there, and the shop's failure page
 * shows the status the proxy verified, with the payment reference.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectReference, playOutcome, screenshots, useStack, visible } from './support.ts';

const state = useStack();

describe('a company in redirect mode', () => {
  it('is sent to the payment page and back to the failure page when the payment fails', async () => {
    const shot = screenshots('redirect-mode-failed');
    const { context, page, problems, widget, fillCompany } = await state.openShop('checkout.html');
    // The price the shop's back end pinned in the session, shown before anything is typed.
    await visible(widget.locator('[part="total"]', { hasText: '42.00' }));
    await fillCompany();
    await shot(page, 'details');
    await widget.getByRole('button', { name: 'Continue to payment' }).click();

    await page.waitForURL(new RegExp(`^${state.stack.sandboxUrl}/`));
    await visible(page.getByText('42.00 EUR'));
    await shot(page, 'payment-page');
    await playOutcome(page, 'failed');

    await page.waitForURL(/\/failed\.html\?(.*&)?checkout=/);
    const id = new URL(page.url()).searchParams.get('checkout')!;
    await visible(widget.getByRole('heading', { name: 'Payment failed' }));
    await visible(page.getByRole('heading', { name: 'Your payment was not confirmed in time' }));
    await expectReference(widget, id);
    await shot(page, 'failure-page');
    assert.equal((await state.checkout(id)).status, 'failed');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('shows the status the proxy reports, whatever the address claims', async () => {
    const { context, page, widget, fillCompany, checkoutId } =
      await state.openShop('checkout.html');
    await fillCompany();
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(new RegExp(`^${state.stack.sandboxUrl}/`));
    await page.goBack();
    await page.waitForURL(/\/checkout\.html/);
    const id = await checkoutId();
    assert.ok(id, 'the widget remembers the checkout across the trip to the payment page');

    // Someone types the success address by hand, without paying: the page asks the proxy.
    await page.goto(`${state.stack.demoUrl}/success.html?checkout=${id}&status=paid`);
    await visible(widget.locator('[part="status"]', { hasText: 'Waiting for your payment.' }));
    assert.equal(await widget.getByRole('heading', { name: 'Payment complete' }).count(), 0);
    // The shop's own words above it too: not paid yet, so no thanks.
    await visible(page.getByRole('heading', { name: 'Your payment is not complete yet' }));
    assert.doesNotMatch((await page.locator('main').textContent()) ?? '', /thank you/i);
    assert.equal((await state.checkout(id)).status, 'created');
    await context.close();
  });
});
