/**
 * A customer pays for a catalogue product in link mode: details, BTC, the payment page in a
 * new tab, "paid" there; the widget hears it over SSE and the shop's success page shows the
 * status the proxy verified, the one result view: the payment tab gives way and closes. The payment page pays in the currency chosen in the widget, with
 * no second choice, no missing icon and nothing axe objects to.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  axeViolations,
  fillDateOfBirth,
  person,
  screenshots,
  useStack,
  visible,
} from './support.ts';

const state = useStack();

describe('an individual pays in full in link mode', () => {
  it('goes from the product page to the verified success page', async () => {
    const shot = screenshots('link-mode-paid');
    const { context, page, problems, widget } = await state.openShop('product.html');

    await visible(widget.getByRole('heading', { name: 'Your details' }));
    await visible(widget.getByText('25.00 EUR'));
    await shot(page, 'details');

    await widget.getByLabel('First name').fill(person.firstName);
    await widget.getByLabel('Last name').fill(person.lastName);
    await fillDateOfBirth(widget, person.dateOfBirth);
    await widget.getByRole('radio', { name: 'BTC on Bitcoin' }).check();
    await shot(page, 'details-filled');
    await widget.getByRole('button', { name: 'Continue to payment' }).click();

    const link = widget.getByRole('link', { name: /Open the payment page/ });
    await visible(link);
    await visible(widget.locator('[part="status"]', { hasText: 'Waiting for your payment.' }));
    await visible(widget.getByRole('img', { name: 'QR code of the payment link' }));
    await shot(page, 'pay');

    const checkoutId = await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((name) =>
        name.startsWith('crypto-pay:checkout:'),
      );
      return key ? sessionStorage.getItem(key) : null;
    });
    const [paymentPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await paymentPage.waitForLoadState();
    assert.match(paymentPage.url(), new RegExp(`^${state.stack.sandboxUrl}/`));
    await shot(paymentPage, 'payment-page');
    // The currency chosen in the widget is the one to pay in: no second choice.
    await visible(paymentPage.getByText(/Pay \S+ BTC \(bitcoin\)/));
    assert.equal(await paymentPage.getByRole('radio').count(), 0);
    assert.equal(await paymentPage.locator('button[value="choose"]').count(), 0);
    // Its tab icon: inline (no request), else one the sandbox serves (no 404 on every load).
    const icon = await paymentPage.evaluate(
      () =>
        document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ??
        new URL('/favicon.ico', location.href).href,
    );
    if (!icon.startsWith('data:')) assert.equal((await fetch(icon)).status, 200, icon);
    assert.deepEqual(await axeViolations(paymentPage), []);
    const paymentTabClosed = new Promise<void>((resolve) =>
      paymentPage.once('close', () => resolve()),
    );
    await paymentPage.locator('button[value="paid"]').click();

    // The widget hears "paid" over SSE, shows success, then the shop's success page.
    await page.waitForURL(/\/success\.html/);
    const result = page.locator('crypto-pay');
    await visible(result.getByRole('heading', { name: 'Payment complete' }));
    await shot(page, 'success-page');
    // One result view: the payment tab, sent on to the success address too, hears that the
    // shop's tab shows the payment and closes itself (a tab its link opened may). The test never
    // closes it: closing a tab while a navigation commits can hang Chromium's close for good
    // (crbug.com/536385539).
    await paymentTabClosed;
    assert.deepEqual(
      context.pages().map((open) => new URL(open.url()).pathname),
      ['/success.html'],
      'only the shop’s tab is left',
    );
    // The shop's page speaks to its customer first, not to a developer.
    const opening = (await page.locator('main p').first().textContent()) ?? '';
    assert.doesNotMatch(opening, /proxy|processing service|widget|address of this page/i);

    assert.ok(checkoutId, 'the widget keeps the checkout id in sessionStorage');
    const checkout = await state.checkout(String(checkoutId));
    assert.equal(checkout.status, 'paid');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
