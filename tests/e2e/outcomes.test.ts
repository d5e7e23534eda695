/**
 * What the customer sees when the payment does not go exactly as asked: too little (failed,
 * underpaid: refund by the service's email or from the shop), in full but too late (failed,
 * late), too much (paid; the difference comes back), and no payment before expiry (the sandbox
 * clock moves on). The widget follows each over SSE and says what happened, with the payment
 * reference the customer quotes to the shop.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SENDER_EMAIL } from '@crypto-pay/test-kit/senders';
import { expectReference, playOutcome, screenshots, useStack, visible } from './support.ts';

const state = useStack();

/**
 * Creates a checkout for the kettle in link mode (with the optional email when `email`) and
 * returns the page and the link to the payment page.
 */
async function startPayment(journey: string, email = false) {
  const shot = screenshots(journey);
  const { context, page, problems, widget, fillPerson, checkoutId } =
    await state.openShop('product.html');
  // Stay on the product page at the end, to see the widget's own result view.
  await page.evaluate(() => {
    for (const type of ['crypto-pay-success', 'crypto-pay-failure']) {
      document.addEventListener(type, (event) => event.preventDefault());
    }
  });
  await fillPerson();
  if (email) await widget.getByLabel('Email (optional)').fill(SENDER_EMAIL);
  await widget.getByRole('button', { name: 'Continue to payment' }).click();
  const link = widget.getByRole('link', { name: /Open the payment page/ });
  await visible(link);
  const id = (await checkoutId())!;
  return { context, page, problems, widget, shot, id, link };
}

describe('payment outcomes', () => {
  it('an underpaid payment ends failed, says so and whom to ask, with a way on', async () => {
    const { context, page, problems, shot, id, link, widget } =
      await startPayment('outcome-underpaid');
    const [paymentPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await playOutcome(paymentPage, 'underpaid');
    await visible(widget.getByRole('heading', { name: 'Payment failed' }));
    await visible(widget.getByText('Less than the amount due arrived.'));
    // No email on the form: the service has nowhere to send refund instructions.
    await visible(widget.getByText('To get your money back, please contact the shop.'));
    await visible(widget.getByRole('button', { name: 'Start again' }));
    await visible(widget.getByRole('button', { name: 'Back to the shop' }));
    await expectReference(widget, id);
    await shot(page, 'failed');
    // The copy button copies the id itself, which the merchant's search finds.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: state.stack.demoUrl,
    });
    await widget.getByRole('button', { name: 'Copy reference' }).click();
    await visible(widget.getByText('Reference copied.'));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), id);
    const checkout = await state.checkout(id);
    assert.equal(checkout.status, 'failed');
    assert.equal(checkout.status_detail, 'underpaid');
    assert.equal(checkout.refund_instructions, 'merchant');

    await widget.getByRole('button', { name: 'Start again' }).click();
    await visible(widget.getByRole('heading', { name: 'Your details' }));
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('an underpaid payment with an email sends the customer to the service’s refund email', async () => {
    const { context, id, link, widget } = await startPayment('outcome-underpaid-email', true);
    const [paymentPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await playOutcome(paymentPage, 'underpaid');
    await visible(
      widget.getByText('The payment service will email you instructions to get your money back.'),
    );
    await expectReference(widget, id);
    assert.equal((await state.checkout(id)).refund_instructions, 'email');
    await context.close();
  });

  it('a payment sent in full but not confirmed in time ends failed as late', async () => {
    const { context, page, shot, id, link, widget } = await startPayment('outcome-late');
    const [paymentPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await playOutcome(paymentPage, 'failed');
    await visible(widget.getByText('Your payment arrived but was not confirmed in time.'));
    await visible(widget.getByText('Please contact the shop about the money you sent.'));
    await expectReference(widget, id);
    await shot(page, 'late');
    assert.equal((await state.checkout(id)).status_detail, 'late');
    await context.close();
  });

  it('an overpaid payment ends paid, and says the difference comes back', async () => {
    const { context, page, shot, id, link, widget } = await startPayment('outcome-overpaid');
    const [paymentPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await playOutcome(paymentPage, 'overpaid');
    await visible(widget.getByRole('heading', { name: 'Payment complete' }));
    await visible(
      widget.getByText(
        'You sent more than the amount due. Please contact the shop to get the difference back.',
      ),
    );
    await expectReference(widget, id);
    await shot(page, 'paid');
    const checkout = await state.checkout(id);
    assert.equal(checkout.status, 'paid');
    assert.equal(checkout.status_detail, 'overpaid');
    await context.close();
  });

  it('a payment nobody makes expires when the sandbox clock passes its lifetime', async () => {
    const { context, page, shot, id, widget } = await startPayment('outcome-expired');
    await state.control('clock', { advance_seconds: 3601 });
    await visible(widget.getByRole('heading', { name: 'Payment expired' }));
    await visible(widget.getByText('Nothing was taken.'));
    await expectReference(widget, id);
    await shot(page, 'expired');
    assert.equal((await state.checkout(id)).status, 'expired');
    await context.close();
  });
});
