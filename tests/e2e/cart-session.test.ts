/**
 * The demo cart (session + redirect mode) keeps one order and one checkout per cart: Back from
 * the payment page, or a reload, resumes the checkout already made instead of a new form that
 * would make a second payable payment request; only a failed or cancelled payment opens a new
 * order. Looking at the cart makes no order: paying (the checkout's creation) does.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { paymentRequests } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { send } from '@crypto-pay/test-kit/http';
import { playOutcome, type ShopVisit, screenshots, useStack, visible } from './support.ts';

const state = useStack();

/** Fills the cart page's form and follows the widget to the sandbox's payment page. */
async function continueToPaymentPage({ page, widget, fillPerson }: ShopVisit) {
  await fillPerson();
  await widget.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(new RegExp(`^${state.stack.sandboxUrl}/pay/`));
  return page.url();
}

/** The shop's orders, as its back end lists them for the orders page. */
async function shopOrders() {
  const answer = await send(`${state.stack.demoUrl}/demo-api/orders`);
  assert.equal(answer.status, 200);
  return (answer.json as { orders: { foreign_id: string; [field: string]: unknown }[] }).orders;
}

describe('the demo cart', () => {
  it('makes no order when opened, and one when the customer pays', async () => {
    const before = await shopOrders();
    const shop = await state.openShop('checkout.html');
    // The page has its checkout session: the price the back end pinned in it is shown.
    const total = shop.widget.locator('[part="total"]', { hasText: '42.00' });
    await visible(total);
    await shop.page.reload();
    await visible(total);
    assert.deepEqual(await shopOrders(), before);

    const paymentLink = await continueToPaymentPage(shop);
    const request = (await paymentRequests(state.stack)).find(
      (entry) => entry.payment_link === paymentLink,
    );
    assert.ok(request);
    const order = await eventually(
      async () => (await shopOrders()).find((entry) => entry.foreign_id === request.foreign_id),
      "the cart's order, from the checkout's webhook",
    );
    assert.equal(order.description, 'Desk lamp and two bulbs');
    assert.equal(order.amount, '42.00');
    assert.equal(order.currency, 'EUR');
    assert.match(String(order.status), /^(created|processing)$/);
    assert.equal((await shopOrders()).length, before.length + 1);
    assert.deepEqual(shop.problems, []);
    await shop.context.close();
  });

  it('resumes its checkout after Back from the payment page and after a reload', async () => {
    const shot = screenshots('cart-session-back');
    const shop = await state.openShop('checkout.html');
    const { context, page, problems, widget } = shop;
    const before = (await paymentRequests(state.stack)).length;
    const paymentLink = await continueToPaymentPage(shop);
    await shot(page, 'payment-page');

    await page.goBack();
    await page.waitForURL(/\/checkout\.html$/);
    const link = widget.getByRole('link', { name: /Open the payment page/ });
    await visible(link);
    await shot(page, 'back-on-cart');
    assert.equal(await link.getAttribute('href'), paymentLink);
    assert.equal(await widget.getByRole('heading', { name: 'Your details' }).count(), 0);

    await page.reload();
    await visible(link);
    assert.equal(await link.getAttribute('href'), paymentLink);

    // One payment request for the cart: the one the customer was sent to.
    const after = await paymentRequests(state.stack);
    assert.equal(after.length - before, 1);
    assert.equal(after[0]?.payment_link, paymentLink);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('opens a new order for the cart once the customer cancelled its payment', async () => {
    const shop = await state.openShop('checkout.html');
    const { context, page, problems, widget } = shop;
    const firstLink = await continueToPaymentPage(shop);
    await page.goBack();
    await page.waitForURL(/\/checkout\.html$/);
    await widget.getByRole('button', { name: 'Cancel payment', exact: true }).click();
    await visible(widget.getByText(/You cancelled this payment/));

    // Back to the cart: a new order to pay, not the used session's refusal.
    await page.reload();
    const secondLink = await continueToPaymentPage(shop);
    assert.notEqual(secondLink, firstLink);
    const [second, first] = await paymentRequests(state.stack);
    assert.equal(second?.payment_link, secondLink);
    assert.notEqual(second?.foreign_id, first?.foreign_id);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('opens a new order for the cart once its payment failed', async () => {
    const shop = await state.openShop('checkout.html');
    const { context, page, problems, widget } = shop;
    const firstLink = await continueToPaymentPage(shop);
    await playOutcome(page, 'failed');
    await page.waitForURL(/\/failed\.html\?(.*&)?checkout=/);
    await visible(widget.getByRole('heading', { name: 'Payment failed' }));

    // Back to the cart in the same tab: the failed checkout is not offered again.
    await page.goto(`${state.stack.demoUrl}/checkout.html`);
    const secondLink = await continueToPaymentPage(shop);
    assert.notEqual(secondLink, firstLink);

    const [second, first] = await paymentRequests(state.stack);
    assert.equal(second?.payment_link, secondLink);
    assert.equal(first?.payment_link, firstLink);
    assert.notEqual(second?.foreign_id, first?.foreign_id);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
