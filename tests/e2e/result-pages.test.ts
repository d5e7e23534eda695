/**
 * The demo shop's result pages say what the proxy verified, not what their address claims: a
 * paid checkout thanks the customer on either page, a failed, underpaid, late or expired one
 * says so in the widget's terms (no "Thank you", no "try again whenever you like" when money
 * was sent), and a made-up id finds no payment. The shop's back end reads the status
 * (`GET /demo-api/payment-result`), and refuses a request that names no payment.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import { createdCheckout, paymentRequestOf } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { send } from '@crypto-pay/test-kit/http';
import {
  axeViolations,
  type ShopVisit,
  screenshots,
  useStack,
  visible,
  widgetOf,
} from './support.ts';

/** What the page says while the shop's back end cannot read the status (issue 33's words). */
const CANNOT_CHECK =
  "We can't check your payment right now. If you have paid, it is safe: this page updates as soon as we can check again.";

const state = useStack();

type Outcome = 'paid' | 'underpaid' | 'failed' | 'expired';

/** A kettle checkout made through the proxy and played to `outcome` on the sandbox. */
async function endedCheckout(outcome: Outcome): Promise<Checkout> {
  const checkout = await createdCheckout(state.stack.proxyUrl);
  const request = await paymentRequestOf(state.stack, checkout);
  await state.control(`payment-requests/${request.id}/simulate`, { outcome });
  return eventually(async () => {
    const now = await state.checkout(checkout.id);
    return now.status !== 'created' && now.status !== 'processing' && now;
  }, `checkout ${checkout.id} to end`);
}

/** Opens `page` for checkout `id`; answers its heading, note and title once the shop wrote them. */
async function resultPage(page: string, id: string) {
  // The page's CSP set aside for axe's script alone.
  const visit = await state.openShop(`${page}?checkout=${encodeURIComponent(id)}`, {
    bypassCSP: true,
  });
  const heading = visit.page.locator('#result-heading');
  await visit.page.waitForFunction(
    () => document.getElementById('result-heading')?.textContent !== 'Your payment',
  );
  return {
    ...visit,
    heading: (await heading.textContent()) ?? '',
    note: (await visit.page.locator('#result-note').textContent()) ?? '',
    title: await visit.page.title(),
  };
}

/** What each outcome's page says, beside the widget's heading and end sentence. */
const EXPECTED: Record<Outcome, { heading: string; note: RegExp; widget: string; said: string }> = {
  paid: {
    heading: 'Thank you for your order',
    note: /Your payment has arrived/,
    widget: 'Payment complete',
    said: 'Thank you. Your payment has arrived.',
  },
  underpaid: {
    heading: 'Your payment did not go through',
    note: /Less than the amount due arrived.*money back/,
    widget: 'Payment failed',
    said: 'Less than the amount due arrived.',
  },
  failed: {
    heading: 'Your payment was not confirmed in time',
    note: /Please contact the shop about the money you sent/,
    widget: 'Payment failed',
    said: 'Your payment arrived but was not confirmed in time.',
  },
  expired: {
    heading: 'Your payment time ran out',
    note: /nothing was taken/i,
    widget: 'Payment expired',
    said: 'No payment arrived before the time ran out. Nothing was taken.',
  },
};

describe("the demo shop's result pages", () => {
  for (const outcome of Object.keys(EXPECTED) as Outcome[]) {
    // The wrong page on purpose for the failures: the words follow the status, not the page.
    const page = 'success.html';
    it(`say what became of a checkout that ended ${outcome}, on ${page} too`, async () => {
      const checkout = await endedCheckout(outcome);
      const expected = EXPECTED[outcome];
      const shown = await resultPage(page, checkout.id);
      assert.equal(shown.heading, expected.heading);
      assert.match(shown.note, expected.note);
      assert.ok(shown.title.startsWith(`${expected.heading} · `), shown.title);
      await visible(shown.widget.getByRole('heading', { name: expected.widget }));
      await visible(shown.widget.getByText(expected.said));
      if (outcome !== 'paid') {
        assert.doesNotMatch(`${shown.heading} ${shown.note} ${shown.title}`, /thank you/i);
      }
      if (outcome === 'underpaid' || outcome === 'failed') {
        // Money arrived: the customer is not told to simply try again.
        assert.doesNotMatch(shown.note, /try again/i);
      }
      await shown.widget.getByText(expected.said).scrollIntoViewIfNeeded();
      await screenshots('result-pages')(shown.page, outcome);
      assert.deepEqual(await axeViolations(shown.page), []);
      assert.deepEqual(shown.problems, []);
      await shown.context.close();
    });
  }

  it('follow a checkout still open when the customer came back, until it is paid', async () => {
    const checkout = await createdCheckout(state.stack.proxyUrl);
    const shown = await resultPage('success.html', checkout.id);
    assert.equal(shown.heading, 'Your payment is not complete yet');
    const request = await paymentRequestOf(state.stack, checkout);
    await state.control(`payment-requests/${request.id}/simulate`, { outcome: 'paid' });
    // The widget hears it; the page asks the shop's back end again.
    await visible(shown.page.getByRole('heading', { name: 'Thank you for your order' }));
    await visible(shown.widget.getByRole('heading', { name: 'Payment complete' }));
    assert.deepEqual(shown.problems, []);
    await shown.context.close();
  });

  it('say they cannot check while the proxy is down, and read again until it answers', async () => {
    const checkout = await endedCheckout('paid');
    let shown: ShopVisit | undefined;
    // The proxy stays down until the page has said so and read again after its first failure.
    await state.stack.restartProxy(0, async (proxy) => {
      await proxy.stop();
      shown = await state.openShop(`success.html?checkout=${checkout.id}`);
      const failures: { error: string; code: string }[] = [];
      shown.page.on('response', async (response) => {
        if (response.url().includes('/demo-api/payment-result') && response.status() === 502) {
          failures.push(await response.json());
        }
      });
      await visible(shown.page.getByText(CANNOT_CHECK));
      await eventually(() => failures.length >= 2, 'the page to read again (it retries)');
      assert.deepEqual(failures[0], {
        error: 'The payment proxy cannot be reached.',
        code: 'proxy_unreachable',
      });
    });
    // Read again with backoff: the page says the verified status once the proxy is back.
    await visible(shown!.page.getByRole('heading', { name: 'Thank you for your order' }));
    await visible(shown!.page.getByText(/^Thank you\. Your payment has arrived\./));
    // So does the widget, whose part for it the proxy could not serve as the page loaded: it
    // asks again by itself (5 s, then 10), with no "Try again" pressed.
    await visible(shown!.widget.getByRole('heading', { name: 'Payment complete' }), 45_000);
    await shown!.context.close();
  });

  it('say to continue in the other tab, once the tab that started the checkout shows it', async () => {
    const shop = await state.openShop('product.html');
    await shop.fillPerson();
    await shop.widget.getByRole('button', { name: 'Continue to payment' }).click();
    await visible(shop.widget.getByRole('link', { name: /Open the payment page/ }));
    const id = await shop.checkoutId();
    assert.ok(id);
    // A tab the customer opened themselves (the copied link's page sends it on here): it was
    // on another page first, so no script may close it, and it stays open with these words.
    const tab = await shop.context.newPage();
    await tab.goto(`${state.stack.demoUrl}/index.html`);
    await tab.goto(`${state.stack.demoUrl}/success.html?checkout=${id}`);
    const widget = widgetOf(tab);
    await visible(widget.getByRole('heading', { name: 'Continue in your other tab' }));
    // The page's own heading gives way too: it names no result beside the widget's sentence
    // (before, "Your payment is not complete yet"), and does not say the widget's again.
    await visible(tab.getByRole('heading', { name: 'Your payment', exact: true, level: 1 }));
    assert.equal(await tab.locator('#result-note').textContent(), '');
    assert.ok((await tab.title()).startsWith('Your payment · '));
    // Paid later in the starting tab: this one, which follows it no more, still says where to look.
    const request = await paymentRequestOf(state.stack, await state.checkout(id));
    await state.control(`payment-requests/${request.id}/simulate`, { outcome: 'paid' });
    await eventually(async () => (await state.checkout(id)).status === 'paid', 'the payment');
    await visible(shop.page.getByRole('heading', { name: 'Thank you for your order' }));
    assert.equal(await tab.locator('#result-heading').textContent(), 'Your payment');
    await visible(widget.getByRole('heading', { name: 'Continue in your other tab' }));
    assert.equal(tab.isClosed(), false);
    assert.deepEqual(shop.problems, []);
    await shop.context.close();
  });

  it('thank the customer for a paid checkout on the failure page too', async () => {
    const checkout = await endedCheckout('paid');
    const shown = await resultPage('failed.html', checkout.id);
    assert.equal(shown.heading, 'Thank you for your order');
    await shown.context.close();
  });

  for (const [what, query] of [
    ['a made-up id', '?checkout=made-up-id-0000000000'],
    ['no id', ''],
  ] as const) {
    it(`find no payment for ${what}, and thank no one`, async () => {
      const visit = await state.openShop(`success.html${query}`, { bypassCSP: true });
      await visible(visit.page.getByRole('heading', { name: 'We could not find this payment.' }));
      const text = await visit.page.locator('main').textContent();
      assert.doesNotMatch(`${text} ${await visit.page.title()}`, /thank you/i);
      assert.equal(await visit.widget.count(), 0);
      assert.deepEqual(await axeViolations(visit.page), []);
      assert.deepEqual(visit.problems, []);
      await visit.context.close();
    });
  }

  it("read the status in the shop's back end, and refuse a request that names no payment", async () => {
    const checkout = await endedCheckout('expired');
    const url = `${state.stack.demoUrl}/demo-api/payment-result`;
    const found = await send(`${url}?checkout=${checkout.id}`);
    assert.equal(found.status, 200);
    assert.deepEqual(found.json, { checkout: checkout.id, status: 'expired' });
    const unknown = await send(`${url}?checkout=nope`);
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.json, {
      error: 'There is no payment with this id.',
      code: 'not_found',
      field: 'checkout',
    });
    for (const query of ['', '?checkout=', `?checkout=${'x'.repeat(65)}`]) {
      const refused = await send(`${url}${query}`);
      assert.equal(refused.status, 400, query);
      const body = refused.json as { error: string; code: string; field: string };
      assert.equal(body.code, 'bad_request');
      assert.equal(body.field, 'checkout');
      assert.match(body.error, /checkout/);
    }
  });
});
