/**
 * The React page imports the widget as a package: the host app hears every event in order,
 * cancels the widget's redirects and keeps its own navigation, and its thanks is the one
 * result view (the payment tab closes).
 */

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { person, playOutcome, screenshots, useStack, visible } from './support.ts';

const state = useStack();

describe('the SPA page', () => {
  it('receives every event in order and navigates by itself', async () => {
    const shot = screenshots('spa');
    const { context, page, problems, widget, fillPerson } = await state.openShop('spa.html');
    await page.getByRole('button', { name: 'Buy with crypto' }).click();
    await fillPerson();
    await shot(page, 'details');
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    const link = widget.getByRole('link', { name: /Open the payment page/ });
    await visible(link);
    const [paymentPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    const paymentTabClosed = new Promise<void>((resolve) =>
      paymentPage.once('close', () => resolve()),
    );
    await playOutcome(paymentPage, 'paid');

    await visible(page.getByRole('heading', { name: 'Thanks! Your grinder is on its way.' }));
    await shot(page, 'thanks');
    assert.match(page.url(), /\/spa\.html$/, 'the app kept its own address');
    // The app's own thanks is the one result view: the payment tab, sent to the shop's generic
    // success page, hears so from the app's page (the element is gone, its answer is not) and
    // closes itself.
    await paymentTabClosed;
    assert.equal(context.pages().length, 1);

    const events = (
      await page.getByRole('list', { name: 'Widget events' }).locator('li').allTextContents()
    ).map((line) => line.split(' ')[0]);
    const order = [
      'crypto-pay-ready',
      'crypto-pay-created',
      'crypto-pay-status',
      'crypto-pay-success',
    ];
    const firstSeen = order.map((type) => events.indexOf(type));
    assert.ok(
      firstSeen.every((index) => index >= 0),
      `all events heard: ${events.join(', ')}`,
    );
    assert.deepEqual(
      [...firstSeen].sort((a, b) => a - b),
      firstSeen,
      `in order: ${events.join(', ')}`,
    );
    assert.equal(events.at(-1), 'crypto-pay-success');
    const details = await page.getByRole('list', { name: 'Widget events' }).textContent();
    assert.doesNotMatch(
      details ?? '',
      new RegExp(`${person.lastName}|${person.dateOfBirth}`),
      'event details carry no personal data',
    );
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('the npm package', () => {
  it('imports where there is no DOM, as server-rendering frameworks load it', () => {
    // By name, from here, without the source condition: the built dist, as an app imports it.
    const { status, stderr } = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "await import('@crypto-pay/widget');"],
      { encoding: 'utf8', cwd: fileURLToPath(new URL('.', import.meta.url)) },
    );
    assert.equal(status, 0, stderr);
  });
});
