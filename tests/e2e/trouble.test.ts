/**
 * Trouble said plainly (issue 33): a proxy that stops answering while the customer pays is
 * told as a status that cannot be checked (no countdown, no "waiting"), and the result shows
 * once it answers again; a shop's setup mistake (an origin the proxy does not allow, a proxy
 * address where nothing answers or whose host does not resolve) is told as the shop's, with
 * the cause in `crypto-pay-error` and one console line with the fix, not as the customer's
 * connection.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { paymentRequestOf } from '@crypto-pay/test-kit/checkouts';
import { freePort } from '@crypto-pay/test-kit/process';
import { startTcpRelay } from '@crypto-pay/test-kit/tcp-relay';
import {
  axeViolations,
  customerOn,
  screenshots,
  startMisconfiguredShop,
  useStack,
  visible,
  watchedPage,
} from './support.ts';

const CANNOT_CHECK =
  "We can't check your payment right now. If you have paid, it is safe: this page updates as soon as we can check again.";
const NOT_SET_UP = "This shop's payment page is not set up correctly. Please tell the shop.";

const state = useStack();

describe('the proxy stopped while the customer pays', () => {
  it('says the status cannot be checked, without a countdown, and shows the payment once it answers', async () => {
    const shot = screenshots('status-unreadable');
    // CSP bypassed for axe's script only.
    const { context, page, widget, fillPerson, checkoutId } = await state.openShop('product.html', {
      bypassCSP: true,
    });
    // A status read every second beside the open stream (30 s by default), so the test finds
    // the stopped proxy soon; the 5 s before the customer is told stay the widget's own.
    await page.evaluate(async () => {
      await customElements.whenDefined('crypto-pay');
      const element = document.querySelector('crypto-pay') as HTMLElement & {
        timing: { polling: object };
      };
      const { timing } = element;
      element.timing = { ...timing, polling: { ...timing.polling, streamCheckMs: 1000 } };
    });
    await fillPerson();
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    await visible(widget.locator('[part="countdown"]'));
    const checkout = await state.checkout((await checkoutId())!);
    const request = await paymentRequestOf(state.stack, checkout);

    const proxy = state.stack.proxy.child;
    proxy.kill('SIGSTOP');
    try {
      // Paid on the service while the shop's proxy hears nothing: its callback waits too.
      await state.control(`payment-requests/${request.id}/simulate`, { outcome: 'paid' });
      await visible(widget.getByText(CANNOT_CHECK));
      assert.equal(await widget.locator('[part="countdown"]').count(), 0, 'no countdown');
      assert.equal(
        await widget.locator('[part="status-unreadable"]').getAttribute('role'),
        'status',
      );
      assert.deepEqual(await axeViolations(page), []);
      await shot(page, 'cannot-check');
    } finally {
      proxy.kill('SIGCONT');
    }
    // The callback and the reads go through: the real state, paid, and the shop's success page.
    await page.waitForURL(/\/success\.html/, { timeout: 30_000 });
    await visible(widget.getByRole('heading', { name: 'Payment complete' }), 30_000);
    await context.close();
  });
});

describe('a setup mistake is told as the shop’s', () => {
  it('a page origin the proxy does not allow: origin_not_allowed, and the origin to add', async () => {
    // The same shop on another port: an origin the proxy was not told of.
    const demoPort = Number(new URL(state.stack.demoUrl).port);
    const relay = await startTcpRelay({ host: '127.0.0.1', port: demoPort });
    const shop = `http://127.0.0.1:${relay.port}`;
    const context = await state.browser.newContext({ bypassCSP: true });
    try {
      const { page, lines, heard } = await watchedPage(context);
      await page.goto(`${shop}/product.html`);
      const { widget } = customerOn(page);
      await visible(widget.getByText(NOT_SET_UP));
      assert.equal(await widget.getByText('Check your connection').count(), 0);
      assert.deepEqual(
        (await heard()).map(({ code }) => code),
        ['origin_not_allowed'],
      );
      assert.equal(lines.length, 1, lines.join('\n'));
      assert.match(lines[0]!, new RegExp(`\\(${shop}\\).*ALLOWED_ORIGINS`));
      assert.deepEqual(await axeViolations(page), []);
    } finally {
      await context.close();
      await relay.close();
    }
  });

  for (const [mistake, address] of [
    ['nothing listens at the address', async () => `http://127.0.0.1:${await freePort()}`],
    ['the host does not resolve', async () => 'http://crypto-pay-proxy.invalid'],
  ] as const) {
    it(`a proxy address where ${mistake}: proxy_unreachable, and what to check`, async () => {
      const proxyUrl = await address();
      // The shop as a merchant with the mistake runs it (its CSP allows that address too).
      const shop = await startMisconfiguredShop(proxyUrl);
      const context = await state.browser.newContext();
      try {
        const { page, lines, heard } = await watchedPage(context);
        await page.goto(`${shop.url}/product.html`);
        const { widget } = customerOn(page);
        await visible(widget.getByText(NOT_SET_UP));
        // The cause once; the parts the script-tag build fetches from that proxy (while the
        // configuration is read a second time) named as they fail.
        const codes = (await heard()).map(({ code }) => code);
        assert.deepEqual(
          codes.filter((code) => code !== 'part_unavailable'),
          ['proxy_unreachable'],
          codes.join(),
        );
        assert.deepEqual(lines, [
          `<crypto-pay>: ${proxyUrl}/api/config did not answer: check the proxy attribute, the page's CSP connect-src, and that the proxy runs and lists this origin in ALLOWED_ORIGINS.`,
        ]);
      } finally {
        await context.close();
        await shop.stop();
      }
    });
  }
});
