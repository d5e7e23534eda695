/**
 * Trouble said plainly (issue 33), described once and run in each engine through its driver
 * (Chromium: tests/e2e/trouble.test.ts, which also checks the page's events and console): a
 * proxy stopped while the customer pays is told as a status that cannot be checked, with no
 * countdown, until it answers and the payment shows; a page origin the proxy does not allow, a
 * proxy address where nothing listens and one whose host does not resolve are told as the
 * shop's setup, not the customer's connection.
 */

import assert from 'node:assert/strict';
import { after, afterEach, describe, it } from 'node:test';
import { checkoutSchema } from '@crypto-pay/protocol/proxy-api';
import { paymentRequestOf, readCheckout } from '@crypto-pay/test-kit/checkouts';
import { personDetails, rememberedCheckoutIdInPage } from '@crypto-pay/test-kit/details-form';
import { freePort } from '@crypto-pay/test-kit/process';
import type { Stack } from '@crypto-pay/test-kit/stack';
import { startTcpRelay } from '@crypto-pay/test-kit/tcp-relay';
import { startMisconfiguredShop } from '../e2e/support.ts';
import { type Engine, type EngineBrowser, playDetails, WAIT_MS } from './driver.ts';

/** What the journeys run on: the stack, the browser and the shop's origin (journeys.ts). */
type Running = () => { stack: Stack; browser: EngineBrowser; shop: string };

const CANNOT_CHECK = "We can't check your payment right now.";
const NOT_SET_UP = "This shop's payment page is not set up correctly. Please tell the shop.";

export function troubleJourneys(engine: Engine, running: Running) {
  describe(`trouble said plainly in ${engine.name}`, { timeout: 120_000 }, () => {
    afterEach(() =>
      assert.deepEqual(running().browser.takePageErrors(), [], 'no uncaught error on a page'),
    );
    after(() => running().browser?.closeTabs());

    it('a proxy stopped while the customer pays: no countdown, then the payment', async () => {
      const { stack, browser, shop } = running();
      const tab = await browser.open(`${shop}/product.html`);
      // A status read every second beside the open stream (30 s by default): found soon. Set
      // once the element is defined: the page may not have run the widget's module yet.
      await tab.evaluate(async () => {
        await customElements.whenDefined('crypto-pay');
        const element = document.querySelector('crypto-pay') as HTMLElement & {
          timing: { polling: object };
        };
        const { timing } = element;
        element.timing = { ...timing, polling: { ...timing.polling, streamCheckMs: 1000 } };
      });
      await playDetails(tab, personDetails());
      await tab.click({ role: 'button', name: 'Continue to payment' });
      await tab.waitFor({ css: '[part="countdown"]' });
      const id = await tab.evaluate(rememberedCheckoutIdInPage);
      const checkout = checkoutSchema.parse((await readCheckout(stack.proxy.url, id!)).json);
      const request = await paymentRequestOf(stack, checkout);

      const proxy = stack.proxy.child;
      proxy.kill('SIGSTOP');
      try {
        await stack.control(`/payment-requests/${request.id}/simulate`, { outcome: 'paid' });
        await tab.waitFor({ css: '[part="status-unreadable"]', text: CANNOT_CHECK });
        assert.equal(await tab.has({ css: '[part="countdown"]' }), false, 'no countdown');
      } finally {
        proxy.kill('SIGCONT');
      }
      // The sandbox's callback may wait for its next attempt (up to 3 s) on top of the read's.
      await tab.waitForUrl(/\/success\.html/, 2 * WAIT_MS);
      await tab.waitFor({ role: 'heading', name: 'Payment complete' });
    });

    it('a page origin the proxy does not allow is the shop’s setup', async () => {
      const { browser, shop } = running();
      // The same shop on another port: an origin the proxy was not told of.
      const relay = await startTcpRelay({ host: '127.0.0.1', port: Number(new URL(shop).port) });
      try {
        const tab = await browser.open(`http://127.0.0.1:${relay.port}/product.html`);
        await tab.waitFor({ text: NOT_SET_UP });
        assert.equal(await tab.has({ text: 'Check your connection' }), false);
      } finally {
        await relay.close();
      }
    });

    it('a proxy address where nothing listens, or whose host does not resolve, too', async () => {
      const { browser } = running();
      for (const proxy of [`http://127.0.0.1:${await freePort()}`, 'http://crypto-pay.invalid']) {
        // The shop as a merchant with the mistake runs it (its CSP allows that address too).
        const shop = await startMisconfiguredShop(proxy);
        try {
          const tab = await browser.open(`${shop.url}/product.html`);
          await tab.waitFor({ text: NOT_SET_UP });
          assert.equal(await tab.has({ text: 'Check your connection' }), false);
          // Firefox reports each request nothing answered (the configuration, the parts the
          // script-tag build fetches from the proxy): expected here, and only those.
          for (const error of browser.takePageErrors()) assert.ok(error.includes(proxy), error);
        } finally {
          await shop.stop();
        }
      }
    });
  });
}
