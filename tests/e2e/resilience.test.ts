/**
 * When the processing service is slow or failing, the customer gets a clear sentence and a
 * retry that works once the service is back; a reload in the middle of a payment resumes it;
 * a part of the widget lost to the network loads on the next try.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SENDER } from '@crypto-pay/test-kit/senders';
import { customerOn, playOutcome, screenshots, useStack, visible, watchedPage } from './support.ts';

/**
 * The proxy's timeout of the service: short enough for the slow service's test, long enough that
 * no other journey here meets it on a loaded machine.
 */
const TIMEOUT_MS = 5000;
const state = useStack({ UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) });

async function paymentRequestCount() {
  return ((await state.stack.control('/payment-requests')).json as unknown[]).length;
}

describe('the service slow or failing', () => {
  it('a failing service gets a clear error, and the retry succeeds once it recovers', async () => {
    const shot = screenshots('service-failing');
    const { context, page, widget, fillPerson } = await state.openShop('product.html');
    await fillPerson();
    await state.control('faults', { fail_next: 1, status: 503 });
    await widget.getByRole('button', { name: 'Continue to payment' }).click();

    await visible(widget.getByRole('heading', { name: 'Something went wrong' }));
    await visible(widget.getByText('The payment service is not answering right now.'));
    await shot(page, 'error');
    await widget.getByRole('button', { name: 'Try again' }).click();
    await visible(widget.getByRole('link', { name: /Open the payment page/ }));
    await shot(page, 'recovered');
    await context.close();
  });

  it('a slow service times out with a clear error, and the retry succeeds once it is fast', async () => {
    const { context, widget, fillPerson } = await state.openShop('product.html');
    await fillPerson();
    const before = await paymentRequestCount();
    await state.control('faults', { latency_ms: TIMEOUT_MS + 1500 });
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    await visible(widget.getByRole('heading', { name: 'Something went wrong' }));
    await state.control('faults', {});

    await widget.getByRole('button', { name: 'Try again' }).click();
    await visible(widget.getByRole('link', { name: /Open the payment page/ }));
    // The slow create may have reached the service; the retry must not have made a third.
    assert.ok((await paymentRequestCount()) - before <= 2);
    await context.close();
  });
});

describe('a reload in the middle of a payment', () => {
  it('resumes the same checkout and still hears the payment', async () => {
    const shot = screenshots('reload-resume');
    const { context, page, widget, fillPerson, checkoutId } = await state.openShop('product.html');
    await fillPerson();
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    const link = widget.getByRole('link', { name: /Open the payment page/ });
    await visible(link);
    const id = await checkoutId();
    const paymentLink = await link.getAttribute('href');

    await page.reload();
    await visible(link);
    assert.equal(await link.getAttribute('href'), paymentLink);
    assert.equal(await checkoutId(), id);
    await shot(page, 'after-reload');

    const [paymentPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await playOutcome(paymentPage, 'paid');
    await page.waitForURL(/\/success\.html/);
    await visible(widget.getByRole('heading', { name: 'Payment complete' }));
    assert.equal((await state.checkout(id!)).status, 'paid');
    await context.close();
  });
});

describe('a part of the widget lost to the network', () => {
  it('says so on Continue, and the next Continue fetches it again and goes on', async () => {
    const context = await state.browser.newContext();
    // The form's own fetch of its rules and the one Continue makes, each with the widget's
    // immediate retry under a new address (`?retry=1`, then `?retry=2`), all meet a server in
    // trouble; the next address is served. Told by address, not by count: whether a browser
    // asks a failed module's first address again, or keeps its failure for the page's life,
    // is its own (Chromium has done both).
    let fetches = 0;
    await context.route('**/chunks/sender-rules.bundled-*.js*', (route) => {
      fetches++;
      const retry = Number(new URL(route.request().url()).searchParams.get('retry') ?? 0);
      return retry <= 2
        ? route.fulfill({ status: 503, body: 'Service Unavailable' })
        : route.continue();
    });
    // The form fetches its rules as it appears: heard from before the page's script runs.
    const { page, heard } = await watchedPage(context);
    await page.goto(`${state.stack.demoUrl}/product.html`);
    const { widget, fillPerson } = customerOn(page);
    // The date of birth's fields come with the rules: the names can be typed meanwhile.
    await widget.getByLabel('First name').fill(SENDER.sender_data.first_name);
    await widget.getByLabel('Last name').fill(SENDER.sender_data.last_name);
    const submit = widget.getByRole('button', { name: 'Continue to payment' });
    // The form's own fetch and its retry have failed (a Continue pressed before would share
    // them, not fetch anew).
    await page.waitForFunction('window.heard.length === 1');

    await submit.click();
    // A part of the widget, not the customer's connection: the page hears which file.
    await visible(widget.getByText('The payment service is not answering right now.'));
    const errors = await heard();
    assert.deepEqual(
      errors.map(({ code }) => code),
      ['part_unavailable', 'part_unavailable'],
    );
    for (const { message } of errors) assert.match(message, /\/chunks\/sender-rules\.bundled-/);
    // Fetched again: the date of birth shows, and what is missing is said.
    await submit.click();
    await visible(widget.getByText('Enter your date of birth.'));
    await fillPerson();
    await submit.click();
    await visible(widget.getByRole('link', { name: /Open the payment page/ }));
    assert.ok(fetches >= 4, `the rules asked for ${fetches} times`);
    await context.close();
  });

  it('ends on the result, its heading and a way on, when the pay step’s part never loads', async () => {
    const context = await state.browser.newContext();
    await context.route('**/chunks/payment-panel.bundled-*.js*', (route) =>
      route.fulfill({ status: 503, body: 'Service Unavailable' }),
    );
    // Stay on the product page at the end, to see the widget's own result view.
    await context.addInitScript(() => {
      document.addEventListener('crypto-pay-failure', (event) => event.preventDefault());
    });
    // Heard from the start: the element fetches the panel as soon as it looks for a checkout.
    const { page, heard } = await watchedPage(context);
    await page.goto(`${state.stack.demoUrl}/product.html`);
    const { widget, fillPerson } = customerOn(page);
    await fillPerson();
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    // Without the panel, its plain link.
    const link = widget.getByRole('link', { name: /Open the payment page/ });
    await visible(link);
    const [paymentPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await playOutcome(paymentPage, 'failed');

    // Not "Checking the payment status…" for ever: how it ended, and a new start.
    await visible(widget.getByRole('heading', { name: 'Payment failed' }));
    const errors = await heard();
    assert.ok(errors.length > 0);
    for (const { code, message } of errors) {
      assert.equal(code, 'part_unavailable');
      assert.match(message, /\/chunks\/payment-panel\.bundled-/);
    }
    await widget.getByRole('button', { name: 'Start again' }).click();
    await visible(widget.getByRole('heading', { name: 'Your details' }));
    await context.close();
  });

  it('fetches the status watcher again by itself, and the payment is still seen', async () => {
    const context = await state.browser.newContext();
    // Every fetch of the watcher fails until the network is back.
    let networkBack = false;
    let fetches = 0;
    await context.route('**/chunks/checkout-following.bundled-*.js*', (route) => {
      fetches++;
      return networkBack
        ? route.continue()
        : route.fulfill({ status: 503, body: 'Service Unavailable' });
    });
    const page = await context.newPage();
    await page.goto(`${state.stack.demoUrl}/product.html`);
    const { widget, fillPerson } = customerOn(page);
    await fillPerson();
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    await visible(widget.getByText("We can't check your payment right now."));
    networkBack = true;
    const failed = fetches;

    const link = widget.getByRole('link', { name: /Open the payment page/ });
    const [paymentPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await playOutcome(paymentPage, 'paid');
    await page.waitForURL(/\/success\.html/);
    await visible(widget.getByRole('heading', { name: 'Payment complete' }));
    assert.ok(fetches > failed);
    await context.close();
  });
});
