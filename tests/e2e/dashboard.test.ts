/**
 * The dashboard in Chromium against the built stack: the proxy serves it at /dashboard/, the
 * payments list shows a checkout made through the public API, its page opens, and every page
 * seen passes axe, fits 375 px without sideways scrolling and runs under its CSP.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { subtractDecimal } from '@crypto-pay/protocol/money';
import { groupReference } from '@crypto-pay/protocol/reference';
import type { CallbackAttempt } from '@crypto-pay/sandbox';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { DEMO_ADMIN_TOKEN } from '@crypto-pay/test-kit/demo';
import { eventually } from '@crypto-pay/test-kit/eventually';
import type { Page } from 'playwright-core';
import {
  createInvoice,
  loaded,
  openSection,
  reviewWithdrawal,
  useDashboard,
  WITHDRAWAL_ADDRESS,
} from './dashboard-support.ts';
import { screenshots, visible } from './support.ts';

const { state, axeFindings, scrollsSideways, openDashboard, adminGet, signIn, signInAs } =
  useDashboard();

describe('the dashboard', () => {
  // First: the bootstrap works only while no owner exists.
  it('signs in with ADMIN_TOKEN on a fresh install, then as the first owner', async () => {
    const shot = screenshots('dashboard-first-owner');
    const { context, page, problems } = await openDashboard('/dashboard/');
    const owner = await signIn(page, (setup) => shot(setup, 'create-owner'));
    await visible(page.getByText(`${owner.name} (owner)`));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await visible(page.getByRole('heading', { name: 'Sign in', exact: true }));
    // Signed out on the server: the merchant API refuses this browser now.
    const after = await page.evaluate(async () => (await fetch('/admin/session')).status);
    assert.equal(after, 401);
    // And the bootstrap is over: ADMIN_TOKEN no longer signs in.
    await page.getByLabel('ADMIN_TOKEN').fill(DEMO_ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Sign in with ADMIN_TOKEN' }).click();
    await visible(page.getByRole('alert'));
    await signInAs(page, owner);
    await visible(page.getByRole('link', { name: 'Accounts' }));
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('serves its page under its CSP and shows sign-in, axe-clean, at 375 px too', async () => {
    const shot = screenshots('dashboard-sign-in');
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 740 },
    ]) {
      const { context, page, problems } = await openDashboard('/dashboard/sign-in', { viewport });
      await visible(page.getByRole('heading', { name: 'Sign in', exact: true }));
      await visible(page.getByLabel('ADMIN_TOKEN'));
      // No demo account here: that is pnpm start's alone (DASHBOARD_DEMO_ACCOUNT).
      assert.equal(
        await page.getByRole('button', { name: 'Sign in as the demo owner' }).count(),
        0,
      );
      assert.deepEqual(await axeFindings(page), []);
      assert.equal(await scrollsSideways(page), false, `${viewport.width} px`);
      await shot(page, `sign-in-${viewport.width}`);
      assert.deepEqual(problems, []);
      await context.close();
    }
  });

  it('lists a new checkout and opens its page, axe-clean, at 375 px too', async () => {
    const shot = screenshots('dashboard-payments');
    const checkout = await createdCheckout(state.stack.proxyUrl, { product: 'kettle' });
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 740 },
    ]) {
      const { context, page, problems } = await openDashboard('/dashboard/', { viewport });
      await signIn(page);
      // Listed as the customer's reference reads: the id in fours.
      const row = page.getByRole('link', { name: groupReference(checkout.id) });
      await visible(row);
      await visible(page.getByRole('navigation', { name: 'Sections' }));
      assert.deepEqual(await axeFindings(page), []);
      assert.equal(await scrollsSideways(page), false, `list at ${viewport.width} px`);
      await shot(page, `list-${viewport.width}`);

      // By keyboard: the link is the router's, without a page load.
      await row.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/dashboard/payments/${checkout.id}`);
      await visible(page.getByRole('heading', { name: `Payment ${groupReference(checkout.id)}` }));
      await visible(page.getByText('25.00 EUR'));
      await visible(page.getByText('Waiting for your payment.'));
      await visible(page.getByRole('heading', { name: 'Timeline' }));
      assert.deepEqual(await axeFindings(page), []);
      assert.equal(await scrollsSideways(page), false, `payment at ${viewport.width} px`);
      await shot(page, `payment-${viewport.width}`);

      // Back to the list with the browser's back button: a client route, no page load.
      await page.goBack();
      await visible(page.getByRole('link', { name: groupReference(checkout.id) }));
      assert.deepEqual(problems, []);
      await context.close();
    }
  });

  it('says why a payment failed, what the customer read, and who sends the money back', async () => {
    const shot = screenshots('dashboard-refunds');
    const fact = (page: Page, label: string) => page.locator(`dt:text-is("${label}") + dd`);
    const callbacks = async () =>
      ((await state.stack.control('/callbacks')).json as CallbackAttempt[]).map(
        (attempt) => JSON.parse(attempt.body) as Record<string, { amount: string } | string>,
      );
    for (const ending of [
      // The service emails the customer how to get the money back: the shop sends nothing.
      {
        outcome: 'underpaid',
        email: true,
        detail: 'Underpaid: less than the amount due arrived',
        told: 'Less than the amount due arrived.',
        words: 'The payment service emails the customer how to get the whole amount sent back.',
        sendBack: undefined,
      },
      // No email address given: the customer asks the shop, which sends the whole amount back.
      {
        outcome: 'underpaid',
        email: false,
        detail: 'Underpaid: less than the amount due arrived',
        told: 'Less than the amount due arrived.',
        words: 'The customer gave no email address',
        sendBack: 'sent',
      },
      // More than due arrived: the service emails the customer about the difference.
      {
        outcome: 'overpaid',
        email: true,
        detail: 'Overpaid: more than the amount due arrived',
        told: 'You sent more than the amount due.',
        words: 'The payment service emails the customer how to get the difference back.',
        sendBack: undefined,
      },
      // The amount due arrived, too late: the service tells the customer nothing, the shop must.
      {
        outcome: 'failed',
        email: true,
        detail: 'Late: the payment was not confirmed in time',
        told: 'Your payment arrived but was not confirmed in time.',
        words: 'The amount due arrived but was not confirmed in time',
        sendBack: 'due',
      },
    ] as const) {
      const checkout = await createdCheckout(
        state.stack.proxyUrl,
        ending.email ? { product: 'kettle' } : { product: 'kettle', end_user_email: undefined },
      );
      const merchant = await adminGet(`/admin/checkouts/${checkout.id}`);
      await state.control(`payment-requests/${merchant.payment_request_id}/simulate`, {
        outcome: ending.outcome,
      });
      await eventually(
        async () =>
          (await state.checkout(checkout.id)).status ===
          (ending.outcome === 'overpaid' ? 'paid' : 'failed'),
        `the ${ending.outcome} callback applied`,
      );
      const { context, page, problems } = await openDashboard(`/dashboard/payments/${checkout.id}`);
      await signIn(page);
      await visible(page.getByText(ending.detail));
      // The widget's own words for this ending.
      await visible(page.getByText(ending.told, { exact: false }).first());
      await visible(page.getByText(ending.words, { exact: false }));
      // What was due in the currency paid, beside what was sent: as the service's callback said.
      const reported = (await callbacks()).find(
        (body) => body.payment_request_id === merchant.payment_request_id && body.currency_sent,
      ) as { payment_request_amount: { amount: string }; currency_sent: { amount: string } };
      const [due, sent] = [reported.payment_request_amount.amount, reported.currency_sent.amount];
      assert.equal(await fact(page, 'Amount due in BTC').textContent(), `${due} BTC`);
      assert.equal(await fact(page, 'Amount sent').textContent(), `${sent} BTC`);
      // By how much it was short or over, exactly; none where what was due arrived.
      const [short, over] = [fact(page, 'Short by'), fact(page, 'More than due by')];
      if (ending.outcome === 'underpaid') {
        assert.equal(await short.textContent(), `${subtractDecimal(due, sent)} BTC`);
      } else assert.equal(await short.count(), 0);
      if (ending.outcome === 'overpaid') {
        assert.equal(await over.textContent(), `${subtractDecimal(sent, due)} BTC`);
      } else assert.equal(await over.count(), 0);
      const sendBack = page.getByRole('link', { name: /^Send .+ BTC back/ });
      assert.deepEqual(await axeFindings(page), []);
      await shot(page, `${ending.outcome}-${ending.email ? 'email' : 'no-email'}`);
      if (ending.sendBack === undefined) {
        assert.equal(await sendBack.count(), 0, 'no refund of its own where the service sends one');
      } else {
        await visible(sendBack);
        await sendBack.click();
        await page.waitForURL('**/dashboard/money?**');
        await visible(page.getByRole('heading', { name: 'Send a withdrawal' }));
        const back = ending.sendBack === 'due' ? due : sent;
        assert.equal(new URL(page.url()).searchParams.get('amount'), back);
        assert.equal(await page.getByLabel('Amount', { exact: true }).last().inputValue(), back);
        // The service's code for the currency on its network, which a withdrawal takes.
        assert.equal(new URL(page.url()).searchParams.get('currency'), 'BTC');
      }
      assert.deepEqual(problems, []);
      await context.close();
    }
  });

  it('shows webhooks, money and callbacks, axe-clean, at 375 px too', async () => {
    const shot = screenshots('dashboard-sections');
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 740 },
    ]) {
      const { context, page, problems } = await openDashboard('/dashboard/', { viewport });
      await signIn(page);
      for (const [section, heading] of [
        ['Webhooks', 'Endpoints'],
        ['Money', 'Balances'],
        ['Callbacks', 'Callbacks'],
      ] as const) {
        await openSection(page, section, heading);
        await shot(page, `${section.toLowerCase()}-${viewport.width}`);
        assert.deepEqual(await axeFindings(page), [], section);
        assert.equal(await scrollsSideways(page), false, `${section} at ${viewport.width} px`);
      }
      assert.deepEqual(problems, []);
      await context.close();
    }
  });

  it('creates an invoice and gets its link; sends a withdrawal after its confirmation', async () => {
    const shot = screenshots('dashboard-money');
    const { context, page, problems } = await openDashboard('/dashboard/money');
    await signIn(page);
    await createInvoice(page, {
      title: 'Order 77',
      amount: '0.00012345',
      reference: 'e2e-invoice-77',
    });
    const link = page.getByText('Invoice link to send the customer');
    await visible(link);
    await visible(page.getByText('e2e-invoice-77: Done.'));
    const [sandboxInvoice] = (await (
      await fetch(`${state.stack.sandboxUrl}/_sandbox/invoices`)
    ).json()) as {
      foreign_id: string;
      amount: string;
    }[];
    assert.equal(sandboxInvoice?.foreign_id, 'e2e-invoice-77');
    await shot(page, 'invoice');

    const confirmation = await reviewWithdrawal(page, '0.001');
    for (const line of ['0.001', 'BTC', WITHDRAWAL_ADDRESS, 'none']) {
      await visible(confirmation.getByText(line, { exact: true }));
    }
    assert.deepEqual(await axeFindings(page), []);
    await shot(page, 'withdrawal-confirmation');
    await confirmation.getByRole('button', { name: 'Send it' }).click();
    const answer = page.locator('section').filter({ hasText: 'was taken by the service' });
    await visible(
      answer.getByRole('heading', { name: /^Withdrawal \d+ \(.+\) was taken by the service$/ }),
    );
    await visible(answer.getByText('processing', { exact: true }));
    await visible(answer.getByText('0.00100000 BTC', { exact: true }).first());
    await shot(page, 'withdrawal-answer');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('says a withdrawal the service never answered may have been sent, and offers no Send it', async () => {
    const { context, page, problems } = await openDashboard('/dashboard/money');
    await signIn(page);
    const confirmation = await reviewWithdrawal(page, '0.002');
    // The service fails every try of the proxy's call: the money may have left, or not.
    await state.control('faults', { fail_next: 5, status: 500 });
    try {
      await confirmation.getByRole('button', { name: 'Send it' }).click();
      await visible(
        page.getByText(
          'The processing service did not confirm the withdrawal: the money may have been sent. It is listed as requested until the service’s callback tells; do not send it again.',
        ),
      );
    } finally {
      await state.control('faults', {});
    }
    // The confirmation is gone, so nothing sends it again; the list shows it as requested.
    assert.equal(await page.getByRole('button', { name: 'Send it' }).count(), 0);
    const list = page.getByRole('table', { name: /^Withdrawals sent/ });
    await visible(list.getByRole('row').filter({ hasText: 'requested' }).first());
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('says the proxy cannot be reached when it stops answering, rather than "Loading…" for good', async () => {
    const { context, page, problems } = await openDashboard('/dashboard/payments');
    await signIn(page);
    await loaded(page);
    // The proxy takes the connection and answers nothing: a paused process, as a hung server.
    const proxy = state.stack.proxy.child;
    proxy.kill('SIGSTOP');
    try {
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Webhooks' })
        .click();
      // Said after the dashboard's 10 s, in time for the wait's 20.
      await visible(page.getByText('The proxy cannot be reached.').first(), 20_000);
    } finally {
      proxy.kill('SIGCONT');
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('shows a payment’s timeline from its callbacks', async () => {
    const checkout = await createdCheckout(state.stack.proxyUrl, { product: 'kettle' });
    const merchant = await adminGet(`/admin/checkouts/${checkout.id}`);
    await state.control(`payment-requests/${merchant.payment_request_id}/simulate`, {
      outcome: 'paid',
    });
    await eventually(
      async () => (await state.checkout(checkout.id)).status === 'paid',
      'the paid callback applied',
    );
    const { context, page, problems } = await openDashboard(`/dashboard/payments/${checkout.id}`);
    await signIn(page);
    const timeline = page.getByRole('list').filter({ hasText: 'Checkout created' });
    await visible(timeline);
    await visible(timeline.getByText(/Callback .+ received: applied/).first());
    await visible(timeline.getByText(/Status became /).first());
    await visible(timeline.getByText(/Webhook event checkout\./).first());
    assert.deepEqual(await axeFindings(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
