/**
 * The customer's mistakes are shown where they are made: each sender-data rule next to its
 * field (tied with aria-describedby), and a refusal from the proxy (422) at the field it names.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '@crypto-pay/test-kit/eventually';
import type { Locator } from 'playwright-core';
import {
  axeViolations,
  dateOfBirth,
  fillDateOfBirth,
  person,
  screenshots,
  useStack,
  visible,
} from './support.ts';

// The processing service refuses XRP (disabled); show it so the proxy's 422 can be seen.
const state = useStack({ PAYMENT_CURRENCIES: '' });

/** The error text tied to a field through aria-describedby, once it is shown. */
async function errorOf(field: Locator): Promise<string> {
  await field
    .page()
    .waitForFunction(
      (element) => element?.getAttribute('aria-invalid') === 'true',
      await field.elementHandle(),
    );
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const texts = await field.evaluate((element, ids) => {
    const root = element.getRootNode() as Document | ShadowRoot;
    return ids
      .split(/\s+/)
      .map((id) => root.getElementById(id)?.textContent?.trim() ?? '')
      .filter(Boolean);
  }, describedBy);
  return texts.join(' ');
}

describe('validation', () => {
  it('shows each rule of a natural person at its field', async () => {
    const shot = screenshots('validation-person');
    const { context, page, widget } = await state.openShop('product.html');
    await visible(widget.getByRole('heading', { name: 'Your details' }));
    await widget.getByRole('button', { name: 'Continue to payment' }).click();

    assert.equal(await errorOf(widget.getByLabel('First name')), 'Enter your first name.');
    assert.equal(await errorOf(widget.getByLabel('Last name')), 'Enter your last name.');
    // The date's message is tied to each of its three fields.
    assert.equal(await errorOf(dateOfBirth(widget).month), 'Enter your date of birth.');
    await shot(page, 'empty-form');

    await widget.getByLabel('First name').fill('A'.repeat(256));
    await fillDateOfBirth(widget, '2099-01-01');
    await widget.getByLabel('Email (optional)').fill('ada@');
    await widget.getByLabel('Email (optional)').blur();
    assert.equal(await errorOf(widget.getByLabel('First name')), 'Use 255 characters or fewer.');
    assert.match(await errorOf(dateOfBirth(widget).year), /^Enter your real date of birth\./);
    assert.match(
      await errorOf(widget.getByLabel('Email (optional)')),
      /Enter an email address like/,
    );
    await shot(page, 'rules');
    await context.close();
  });

  it('shows each rule of a company at its field', async () => {
    const { context, widget } = await state.openShop('product.html');
    await visible(widget.getByRole('heading', { name: 'Your details' }));
    await widget.getByRole('radio', { name: 'A company' }).check();
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    assert.equal(
      await errorOf(widget.getByLabel('Legal name of the company')),
      'Enter the legal name of the company.',
    );
    assert.equal(
      await errorOf(widget.getByLabel('Country of registration')),
      'Choose the country where the company is registered.',
    );
    await context.close();
  });

  it('takes a company country typed in full as the choice, and goes on to pay', async () => {
    const shot = screenshots('validation-country');
    // The page's CSP set aside for axe's script alone.
    const { context, page, problems, widget } = await state.openShop('product.html', {
      bypassCSP: true,
    });
    await visible(widget.getByRole('heading', { name: 'Your details' }));
    await widget.getByRole('radio', { name: 'A company' }).check();
    await widget.getByLabel('Legal name of the company').fill('Example Trading GmbH');
    // Key by key, as a customer types: the list narrows to Germany, which is then the choice.
    await widget.getByRole('combobox', { name: 'Search countries' }).pressSequentially('Germany');
    // The last key's render may come after the typing returns: wait for the choice.
    const list = widget.getByLabel('Country of registration');
    await eventually(async () => (await list.inputValue()) === 'DEU', 'Germany as the choice');
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'typed');
    await widget.getByRole('radio', { name: 'ETH on Ethereum' }).check();
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    await visible(widget.getByRole('link', { name: /Open the payment page/ }));
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('says a date of birth is incomplete or does not exist, at the field and in the count', async () => {
    const shot = screenshots('validation-date');
    const { context, page, widget } = await state.openShop('product.html', { bypassCSP: true });
    await visible(widget.getByRole('heading', { name: 'Your details' }));
    await widget.getByLabel('First name').fill(person.firstName);
    await widget.getByLabel('Last name').fill(person.lastName);
    const date = dateOfBirth(widget);
    const message = 'This date is incomplete or does not exist. Enter the day, month and year.';
    // Month and day only, typed key by key in en-US's order (Tab between), then February 31 of
    // a whole year.
    await date.month.focus();
    await page.keyboard.type('02');
    await page.keyboard.press('Tab');
    await page.keyboard.type('31');
    await page.keyboard.press('Tab');
    const focused = (field: Locator) =>
      field.evaluate((input) => (input.getRootNode() as ShadowRoot).activeElement === input);
    assert.equal(await focused(date.year), true, 'Tab goes on to the year');
    for (const typed of ['', '2001']) {
      await date.year.fill(typed);
      await widget.getByRole('button', { name: 'Continue to payment' }).click();
      await visible(widget.getByText(message));
      assert.equal(await errorOf(date.month), message);
      await visible(widget.getByText('One field needs your attention.'));
      // Focus on the date's first field, where the customer puts it right.
      await eventually(() => focused(date.month), 'focus on the date’s first field');
    }
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'unreadable-date');
    await context.close();
  });

  it('shows a refusal of the processing service at the field it concerns', async () => {
    const shot = screenshots('validation-proxy-422');
    const { context, page, widget } = await state.openShop('product.html');
    await visible(widget.getByRole('heading', { name: 'Your details' }));
    await widget.getByLabel('First name').fill(person.firstName);
    await widget.getByLabel('Last name').fill(person.lastName);
    await fillDateOfBirth(widget, person.dateOfBirth);
    await widget.getByRole('radio', { name: 'XRP on Ripple' }).check();
    await widget.getByRole('button', { name: 'Continue to payment' }).click();

    // In the customer's words: the service's text names its own fields.
    await visible(
      widget.getByText('This currency cannot be used for this payment right now. Choose another.'),
    );
    assert.equal(await widget.getByText('is disabled').count(), 0);
    assert.equal(await widget.getByRole('heading', { name: 'Your details' }).count(), 1);
    await shot(page, 'refused-currency');
    await context.close();
  });
});
