/**
 * The shop hears of a payment from the proxy's webhook alone: the customer pays the cart on
 * the sandbox's payment page and closes the tab before the shop's result page loads, and the
 * shop's orders page, open in the back office, turns the order to paid by itself. First, the
 * orders page alone: webhooks signed here as the proxy signs them move its rows.
 */

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { CheckoutStatus } from '@crypto-pay/protocol/proxy-api';
import { groupReference } from '@crypto-pay/protocol/reference';
import { paymentRequests } from '@crypto-pay/test-kit/checkouts';
import { send } from '@crypto-pay/test-kit/http';
import { checkoutEvent, signedWebhookHeaders } from '@crypto-pay/test-kit/webhook-events';
import { axeViolations, playOutcome, screenshots, useStack, visible } from './support.ts';

const state = useStack();

/** Sends the shop a `checkout.<status>` webhook signed as the proxy signs it. */
async function deliverToShop(foreignId: string, status: CheckoutStatus, version: number) {
  return deliver(checkoutEvent(foreignId, status, version));
}

async function deliver(event: ReturnType<typeof checkoutEvent>) {
  const body = JSON.stringify(event);
  return send(`${state.stack.demoUrl}/demo-api/webhooks`, {
    method: 'POST',
    headers: signedWebhookHeaders(state.stack.webhookSecret, event.id, body),
    body,
  });
}

describe('webhooks to the demo shop', () => {
  it('update the open orders page by themselves', async () => {
    // The page's CSP set aside for axe's script alone.
    const backOffice = await state.openShop('orders.html', { bypassCSP: true });
    const foreignId = `demo-order-${randomUUID()}`;
    assert.equal((await deliverToShop(foreignId, 'processing', 1000)).status, 204);
    const row = backOffice.page.locator(`tr[data-order="${foreignId}"]`);
    await visible(row.locator('[data-status="processing"]', { hasText: 'Payment in progress' }));
    const expired = checkoutEvent(foreignId, 'expired', 1001);
    assert.equal((await deliver(expired)).status, 204);
    await visible(row.locator('[data-status="expired"]', { hasText: 'Expired' }));
    // The payment's reference, as the customer's end view shows it, opens it in the dashboard,
    // and says so to a screen reader.
    const reference = row.getByRole('link', {
      name: `${groupReference(expired.data.id)} (open this payment in the dashboard)`,
      exact: true,
    });
    assert.equal(
      await reference.getAttribute('href'),
      `${state.stack.proxyUrl}/dashboard/payments/${expired.data.id}`,
    );
    // On a phone the orders stack as cards: the page does not scroll sideways.
    await backOffice.page.setViewportSize({ width: 375, height: 800 });
    const widths = await backOffice.page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
      box: document.querySelector('.table-scroll')?.scrollWidth ?? 0,
      wide: [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth)
        .slice(0, 6)
        .map((e) => `${e.tagName}.${e.className}:${Math.round(e.getBoundingClientRect().right)}`),
    }));
    assert.ok(widths.page <= widths.view, `the page scrolls sideways: ${JSON.stringify(widths)}`);
    // The scrolling box is named and reached by keyboard; each link says where it leads.
    assert.deepEqual(await axeViolations(backOffice.page), []);
    assert.deepEqual(backOffice.problems, []);
    await backOffice.context.close();
  });

  it('mark the order paid on the orders page when the customer closed the tab', async () => {
    const shot = screenshots('webhooks-closed-tab');
    const backOffice = await state.openShop('orders.html');
    await visible(backOffice.page.getByRole('heading', { name: 'Orders' }));

    const customer = await state.openShop('checkout.html');
    await customer.fillPerson();
    await customer.widget.getByRole('button', { name: 'Continue to payment' }).click();
    await customer.page.waitForURL(new RegExp(`^${state.stack.sandboxUrl}/pay/`));
    const paymentLink = customer.page.url();
    const order = (await paymentRequests(state.stack)).find(
      (entry) => entry.payment_link === paymentLink,
    );
    assert.ok(order?.foreign_id, 'the payment request carries the shop order’s foreign_id');

    const row = backOffice.page.locator(`tr[data-order="${order.foreign_id}"]`);
    await visible(row);
    await shot(backOffice.page, 'order-open');

    // The customer pays, and the tab is gone before the shop's result page can load: the
    // browser tells the shop nothing.
    await customer.context.route('**/success.html**', (route) => route.abort());
    const leaving = customer.page.waitForRequest(/\/success\.html/);
    await playOutcome(customer.page, 'paid');
    await leaving;
    await customer.context.close();

    await visible(row.locator('[data-status="paid"]', { hasText: 'Paid' }));
    // Linked to its payment in the dashboard, by the checkout the proxy made for this order.
    const href = await row.locator('.order-payment a').getAttribute('href');
    const checkoutId = href?.match(/\/dashboard\/payments\/([\w-]{22})$/)?.[1];
    assert.ok(checkoutId, `a dashboard link: ${href}`);
    assert.equal((await state.checkout(checkoutId)).payment_link, paymentLink);
    assert.equal(
      await row.locator('.order-payment .reference').textContent(),
      groupReference(checkoutId),
    );
    await shot(backOffice.page, 'order-paid');
    assert.deepEqual(customer.problems, []);
    assert.deepEqual(backOffice.problems, []);
    await backOffice.context.close();
  });
});
