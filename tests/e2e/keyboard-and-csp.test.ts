/**
 * Two promises to every shop: the whole journey works with the keyboard alone, and the widget
 * works under a strict Content-Security-Policy (the built demo serves every page with one).
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { customerOn, openPage, person, screenshots, useStack, visible } from './support.ts';

const state = useStack();

/** The element with focus, through shadow roots: its id, name or text, and its part. */
function focused(page: Page) {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active instanceof HTMLElement
      ? {
          label: active.id || active.getAttribute('name') || active.textContent?.trim(),
          part: active.getAttribute('part'),
        }
      : { label: '', part: null };
  });
}

describe('keyboard only', () => {
  it('pays from the first field to the success page without a pointer', async () => {
    const shot = screenshots('keyboard-only');
    const { context, page, widget, checkoutId } = await state.openShop('product.html');
    await visible(widget.getByRole('heading', { name: 'Your details' }));

    // Tab from the top of the page until the first name has focus.
    const focusedLabel = () => focused(page).then((element) => element.label);
    for (let presses = 0; presses < 40 && (await focusedLabel()) !== 'first_name'; presses++) {
      await page.keyboard.press('Tab');
    }
    assert.equal(await focusedLabel(), 'first_name');
    await page.keyboard.type(person.firstName);
    await page.keyboard.press('Tab');
    await page.keyboard.type(person.lastName);
    await page.keyboard.press('Tab');
    // The date of birth's three fields, in en-US's order (month, day, year), a Tab apart.
    await page.keyboard.type('12');
    await page.keyboard.press('Tab');
    await page.keyboard.type('10');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1990');
    await shot(page, 'typed');

    // Through the rest of the form to the submit button, then Enter.
    for (
      let presses = 0;
      presses < 40 && (await focusedLabel()) !== 'Continue to payment';
      presses++
    ) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    const link = widget.getByRole('link', { name: /Open the payment page/ });
    await visible(link);
    // Focus moved to the new step's heading.
    assert.equal(await focusedLabel(), 'Pay');
    await shot(page, 'pay-step');

    const id = (await checkoutId())!;
    for (
      let presses = 0;
      presses < 10 && !(await focusedLabel())?.startsWith('Open the payment page');
      presses++
    ) {
      await page.keyboard.press('Tab');
    }
    const [paymentPage] = await Promise.all([
      context.waitForEvent('page'),
      page.keyboard.press('Enter'),
    ]);
    await paymentPage.waitForLoadState();
    await paymentPage.locator('button[value="paid"]').focus();
    await paymentPage.keyboard.press('Enter');
    await page.waitForURL(/\/success\.html/);
    await visible(widget.getByRole('heading', { name: 'Payment complete' }));
    assert.equal((await state.checkout(id)).status, 'paid');
    await context.close();
  });
});

describe('keyboard on a slow connection', () => {
  it('keeps focus on the payment link when the pay step’s panel arrives after it', async () => {
    const context = await state.browser.newContext();
    // The panel's chunk is held until the focus is on the plain link: it arrives after it.
    let releasePanel = () => {};
    const panelReleased = new Promise<void>((resolve) => {
      releasePanel = resolve;
    });
    await context.route('**/chunks/payment-panel.bundled-*.js*', async (route) => {
      await panelReleased;
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(`${state.stack.demoUrl}/product.html`);
    const { widget, fillPerson } = customerOn(page);
    await fillPerson();
    await widget.getByRole('button', { name: 'Continue to payment' }).focus();
    await page.keyboard.press('Enter');
    await visible(widget.getByRole('link', { name: /Open the payment page/ }));
    await page.keyboard.press('Tab');
    // The plain link, until the panel is there.
    assert.deepEqual(await focused(page), {
      label: 'Open the payment page (opens in a new tab)',
      part: null,
    });

    releasePanel();
    await visible(widget.getByRole('img', { name: 'QR code of the payment link' }));
    assert.deepEqual(await focused(page), {
      label: 'Open the payment page (opens in a new tab)',
      part: 'link-button',
    });
    await context.close();
  });
});

describe('a strict Content-Security-Policy', () => {
  it('lets the widget render, create a checkout and draw its QR code with no violation', async () => {
    const shot = screenshots('strict-csp');
    const { context, page, problems, widget, fillPerson } = await openPage(
      state.browser,
      'about:blank',
    );
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto(`${state.stack.demoUrl}/product.html`);
    const policy = response?.headers()['content-security-policy'] ?? '';
    assert.match(policy, /script-src 'self'/);
    assert.match(policy, /style-src 'self'/);
    assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval/);
    await fillPerson();
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    await visible(widget.getByRole('img', { name: 'QR code of the payment link' }));
    await shot(page, 'pay-step');
    assert.deepEqual(violations, []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
