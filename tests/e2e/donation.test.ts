/**
 * A customer gives on the demo's donation page, which has no script of its own: the widget's
 * presets and "Other amount" field, its messages at the field as the customer types, a choice
 * by keyboard, a refusal of the proxy at the field, and the amount chosen is the one the
 * service is asked for.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { paymentRequests } from '@crypto-pay/test-kit/checkouts';
import type { Locator } from 'playwright-core';
import { axeViolations, screenshots, useStack, visible } from './support.ts';

const state = useStack();

const BOUNDS = 'Choose an amount between 1.00 and 500.00 EUR.';

/** The texts a field is described by (its hint, its error), as a screen reader reads them. */
function descriptionOf(field: Locator): Promise<string[]> {
  return field.evaluate((element) => {
    const root = element.getRootNode() as ShadowRoot;
    return (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => root.getElementById(id)?.textContent?.trim() ?? '');
  });
}

/** Waits until the field says it is invalid or not, as it must while the customer types. */
async function untilInvalid(field: Locator, invalid: boolean): Promise<void> {
  await field
    .page()
    .waitForFunction(([element, wanted]) => element?.getAttribute('aria-invalid') === wanted, [
      await field.elementHandle(),
      String(invalid),
    ] as const);
}

describe('a donation', () => {
  it('is chosen in the widget, checked as typed, and asked of the service as chosen', async () => {
    const shot = screenshots('donation');
    // At a phone's width, and with the page's CSP set aside for axe's script alone.
    const { context, page, problems, widget, fillPerson } = await state.openShop('donate.html', {
      viewport: { width: 375, height: 800 },
      bypassCSP: true,
    });
    await visible(widget.getByRole('heading', { name: 'Your details' }));

    // The page is markup only: no script of its own beside the widget's (and the demo build's
    // module preload polyfill).
    const scripts = await page.evaluate(() =>
      [...document.scripts].map((script) => new URL(script.src || location.href).pathname),
    );
    assert.deepEqual(
      scripts.filter((path) => !path.startsWith('/assets/modulepreload-polyfill')),
      ['/vendor/crypto-pay.bundled.js'],
    );

    const presets = widget.getByRole('radiogroup', { name: 'Amount' });
    await visible(presets);
    const labels = await presets.locator('label').allTextContents();
    assert.deepEqual(
      labels.map((label) => label.trim()),
      ['5.00 EUR', '20.00 EUR', '50.00 EUR'],
    );
    // The page's `amount` is chosen at first.
    assert.equal(await widget.getByRole('radio', { name: '20.00 EUR' }).isChecked(), true);
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'presets');

    // By keyboard: the arrow moves the choice along the group.
    await widget.getByRole('radio', { name: '20.00 EUR' }).focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await widget.getByRole('radio', { name: '50.00 EUR' }).isChecked(), true);

    // Typed in, the amount is checked keystroke by keystroke, the field never left.
    const other = widget.getByLabel('Other amount');
    await other.focus();
    await page.keyboard.type('600');
    await untilInvalid(other, true);
    assert.deepEqual(await descriptionOf(other), [BOUNDS]);
    assert.equal(await widget.getByRole('radio', { name: '50.00 EUR' }).isChecked(), false);
    await other.fill('');
    await page.keyboard.type('12.505');
    await untilInvalid(other, true);
    assert.deepEqual(await descriptionOf(other), [
      BOUNDS,
      'Write the amount in figures with a point before the decimals, like 1.00.',
    ]);
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'typed-wrong');
    await page.keyboard.press('Backspace');
    await untilInvalid(other, false);
    assert.deepEqual(await descriptionOf(other), [BOUNDS]);
    await shot(page, 'typed');

    await fillPerson();
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    await visible(widget.getByRole('link', { name: /Open the payment page/ }));
    await visible(widget.locator('[part="amount"]', { hasText: '12.50 EUR' }));
    await shot(page, 'pay');

    const requests = await paymentRequests(state.stack);
    assert.equal(requests[0]?.amount, '12.50');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('shows a refusal of the proxy at the amount field, the form kept', async () => {
    const shot = screenshots('donation-refused');
    const { context, page, widget, fillPerson } = await state.openShop('donate.html');
    // A page that read the bounds before the merchant lowered them: the widget believes 1000
    // is allowed, the proxy (500 at most) refuses it.
    await page.route(`${state.stack.proxyUrl}/api/config`, async (route) => {
      const answer = await route.fetch();
      const config = await answer.json();
      config.open_amount.max = '1000.00';
      await route.fulfill({ response: answer, json: config });
    });
    await page.reload();
    await visible(widget.getByRole('heading', { name: 'Your details' }));
    const other = widget.getByLabel('Other amount');
    await other.fill('750');
    await fillPerson();
    await widget.getByRole('button', { name: 'Continue to payment' }).click();

    await untilInvalid(other, true);
    // Under the bounds the page read, the proxy's own sentence (English here).
    assert.deepEqual(await descriptionOf(other), [
      'Choose an amount between 1.00 and 1,000.00 EUR.',
      'The maximum amount is 500.00 EUR.',
    ]);
    assert.equal(await widget.getByRole('heading', { name: 'Your details' }).count(), 1);
    assert.equal(
      await other.evaluate(
        (element) => element === (element.getRootNode() as ShadowRoot).activeElement,
      ),
      true,
    );
    await shot(page, 'refused');

    await other.fill('250');
    await untilInvalid(other, false);
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    await visible(widget.locator('[part="amount"]', { hasText: '250.00 EUR' }));
    await context.close();
  });
});
