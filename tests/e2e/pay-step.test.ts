/**
 * The pay step's ways back and its place on a phone: "Choose another currency" goes back to the
 * form as the customer left it and Continue makes a new checkout (the one a reload finds);
 * "Cancel payment" starts afresh, tells the page (`crypto-pay-cancel`) and a reload brings nothing
 * back. On a 375 × 740 phone, Continue brings the payment page's button into view.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  AXE_SCRIPT,
  axeFindings,
  dateOfBirthValue,
  person,
  screenshots,
  useStack,
  visible,
} from './support.ts';

const state = useStack();

/** A phone as the walk had it: 375 × 740, a mobile viewport, touch. */
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

describe('the pay step', () => {
  it('goes back to choose another currency, and cancels', async () => {
    const shot = screenshots('pay-step-ways-back');
    const { context, page, problems, widget, fillPerson, checkoutId } =
      await state.openShop('product.html');
    // The product page's CSP refuses an injected script: axe comes with every later load.
    await context.addInitScript({ path: AXE_SCRIPT });
    await fillPerson('BTC on Bitcoin');
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    const link = widget.getByRole('link', { name: /Open the payment page/ });
    await visible(link);
    await visible(widget.locator('[part="pay-with"]', { hasText: 'BTC on Bitcoin' }));
    const first = await checkoutId();
    assert.ok(first);
    await shot(page, 'pay-btc');

    // Back to the form by keyboard, everything kept.
    await widget.getByRole('button', { name: 'Choose another currency' }).focus();
    await page.keyboard.press('Enter');
    await visible(widget.getByRole('heading', { name: 'Your details' }));
    assert.equal(await widget.getByLabel('First name').inputValue(), person.firstName);
    assert.equal(await widget.getByLabel('Last name').inputValue(), person.lastName);
    assert.equal(await dateOfBirthValue(widget), person.dateOfBirth);
    assert.equal(await widget.getByRole('radio', { name: 'BTC on Bitcoin' }).isChecked(), true);
    assert.equal(await checkoutId(), undefined, 'the old checkout is forgotten');
    await shot(page, 'form-kept');

    await widget.getByRole('radio', { name: 'ETH on Ethereum' }).check();
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    await visible(widget.locator('[part="pay-with"]', { hasText: 'ETH on Ethereum' }));
    const second = await checkoutId();
    assert.ok(second);
    assert.notEqual(second, first, 'a new checkout');
    assert.equal((await state.checkout(second)).payment_currency?.iso, 'ETH');

    // A reload finds the new checkout, not the old one.
    await page.reload();
    await visible(widget.getByRole('link', { name: /Open the payment page/ }));
    await visible(widget.locator('[part="pay-with"]', { hasText: 'ETH on Ethereum' }));
    assert.equal(await checkoutId(), second);
    // The pay step with its ways back, as axe sees it (axe comes in before the page's CSP).
    await visible(widget.getByRole('img', { name: 'QR code of the payment link' }));
    assert.deepEqual(await axeFindings(page), []);

    // Cancel: the start again, empty, and the page told (what it hears, from here on).
    await page.evaluate(() => {
      const heard: unknown[] = [];
      (window as unknown as { cancelled: unknown[] }).cancelled = heard;
      document.addEventListener('crypto-pay-cancel', (event) =>
        heard.push((event as CustomEvent).detail),
      );
    });
    await widget.getByRole('button', { name: 'Cancel payment', exact: true }).focus();
    await page.keyboard.press('Enter');
    await visible(widget.getByRole('heading', { name: 'Your details' }));
    assert.equal(await widget.getByLabel('First name').inputValue(), '');
    assert.deepEqual(
      await page.evaluate(() => (window as unknown as { cancelled: unknown[] }).cancelled),
      [{ id: second }],
    );
    assert.equal(await checkoutId(), undefined);
    await page.reload();
    await visible(widget.getByRole('heading', { name: 'Your details' }));
    await visible(widget.getByLabel('First name'));
    assert.equal(await widget.getByRole('link', { name: /Open the payment page/ }).count(), 0);
    assert.equal(await checkoutId(), undefined);
    await shot(page, 'cancelled-reloaded');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('brings the payment page’s button into view on a phone after Continue', async () => {
    const { context, page, problems, widget, fillPerson } = await state.openShop(
      'product.html',
      PHONE,
    );
    await fillPerson('BTC on Bitcoin');
    await widget.getByRole('button', { name: 'Continue to payment' }).tap();
    const link = widget.getByRole('link', { name: /Open the payment page/ });
    await visible(link);
    // The panel has its QR code: its first render, where it scrolled, is long done.
    await visible(widget.getByRole('img', { name: 'QR code of the payment link' }));
    const box = await link.boundingBox();
    assert.ok(box);
    assert.ok(box.y >= 0 && box.y + box.height <= 740, `the button is at ${JSON.stringify(box)}`);
    // Focus is on the step's heading: where a screen reader goes on from.
    assert.equal(
      await page.evaluate(() =>
        document.querySelector('crypto-pay')?.shadowRoot?.activeElement?.textContent?.trim(),
      ),
      'Pay',
    );
    await screenshots('pay-step-phone')(page, 'pay');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
