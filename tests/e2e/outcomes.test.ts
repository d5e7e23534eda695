/**
 * What the customer sees when the payment does not go exactly as asked: too little (failed),
 * too much (paid; the service refunds the difference), and no payment before expiry (the
 * sandbox clock moves on). The widget follows each over SSE.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  control,
  fillPerson,
  playOutcome,
  proxyCheckout,
  rememberedCheckoutId,
  screenshots,
  useStack,
  visible,
  widgetOf,
} from './support.ts';

const state = useStack();

/** Creates a checkout for the kettle in link mode and returns the page and the payment page. */
async function startPayment(journey: string) {
  const shot = screenshots(journey);
  const { context, page, problems } = await state.openShop('product.html');
  // Stay on the product page at the end, to see the widget's own result view.
  await page.evaluate(() => {
    for (const type of ['crypto-pay-success', 'crypto-pay-failure']) {
      document.addEventListener(type, (event) => event.preventDefault());
    }
  });
  await fillPerson(page);
  await widgetOf(page).getByRole('button', { name: 'Continue to payment' }).click();
  const link = widgetOf(page).getByRole('link', { name: /Open the payment page/ });
  await visible(link);
  const id = (await rememberedCheckoutId(page))!;
  return { context, page, problems, shot, id, link };
}

describe('payment outcomes', () => {
  it('an underpaid payment ends failed, with a way to start again', async () => {
    const { context, page, problems, shot, id, link } = await startPayment('outcome-underpaid');
    const [paymentPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await playOutcome(paymentPage, 'underpaid');
    await visible(widgetOf(page).getByRole('heading', { name: 'Payment failed' }));
    await visible(widgetOf(page).getByRole('button', { name: 'Start again' }));
    await shot(page, 'failed');
    assert.equal((await proxyCheckout(state.stack, id)).status, 'failed');

    await widgetOf(page).getByRole('button', { name: 'Start again' }).click();
    await visible(widgetOf(page).getByRole('heading', { name: 'Your details' }));
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('an overpaid payment ends paid', async () => {
    const { context, page, shot, id, link } = await startPayment('outcome-overpaid');
    const [paymentPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await playOutcome(paymentPage, 'overpaid');
    await visible(widgetOf(page).getByRole('heading', { name: 'Payment complete' }));
    await shot(page, 'paid');
    assert.equal((await proxyCheckout(state.stack, id)).status, 'paid');
    await context.close();
  });

  it('a payment nobody makes expires when the sandbox clock passes its lifetime', async () => {
    const { context, page, shot, id } = await startPayment('outcome-expired');
    await control(state.stack, 'clock', { advance_seconds: 3601 });
    await visible(widgetOf(page).getByRole('heading', { name: 'Payment expired' }));
    await visible(widgetOf(page).getByText('Nothing was taken.'));
    await shot(page, 'expired');
    assert.equal((await proxyCheckout(state.stack, id)).status, 'expired');
    await context.close();
  });
});
