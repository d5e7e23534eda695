/**
 * The main journeys, described once and run in each engine through its driver (driver.ts): a
 * product paid in link mode and in redirect mode by an individual, one who goes back from the
 * pay step to another currency and then cancels, and a company whose payment fails (its failure
 * page showing the payment reference); then trouble said plainly (trouble-journeys.ts) and the
 * dashboard's (dashboard-journeys.ts). Chromium runs these and many more in tests/e2e; here they prove the
 * other engines.
 */

import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { checkoutSchema } from '@crypto-pay/protocol/proxy-api';
import { groupReference } from '@crypto-pay/protocol/reference';
import { readCheckout } from '@crypto-pay/test-kit/checkouts';
import {
  companyDetails,
  personDetails,
  rememberedCheckoutIdInPage,
} from '@crypto-pay/test-kit/details-form';
import { SENDER } from '@crypto-pay/test-kit/senders';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { DASHBOARD_PROXY_ENV } from '../e2e/dashboard-support.ts';
import { dashboardJourneys } from './dashboard-journeys.ts';
import { type Engine, type EngineBrowser, playDetails, type Tab } from './driver.ts';
import { troubleJourneys } from './trouble-journeys.ts';

/** What the proxy says of the checkout, by the public API's contract. */
async function proxyStatus(stack: Stack, id: string) {
  return checkoutSchema.parse((await readCheckout(stack.proxy.url, id)).json).status;
}

/** The id the widget keeps in sessionStorage for the tab's checkout. */
async function rememberedCheckoutId(tab: Tab): Promise<string> {
  const id = await tab.evaluate(rememberedCheckoutIdInPage);
  assert.ok(id, 'the widget keeps the checkout id in sessionStorage');
  return id;
}

/** Registers the journeys for `engine`: one stack and one browser for them all. */
export function journeys(engine: Engine) {
  let stack: Stack;
  let browser: EngineBrowser;
  let shop: string;
  const sandbox = () => new RegExp(`^${stack.sandbox.url}/`);

  before(async () => {
    stack = await startStack({ demo: {}, proxyEnv: DASHBOARD_PROXY_ENV });
    // The shop as the browser opens it: the origin the proxy allows.
    shop = `http://127.0.0.1:${new URL(stack.demo!.url).port}`;
    browser = await engine.launch();
  });
  after(async () => {
    try {
      await browser?.close();
    } finally {
      await stack?.stop();
    }
  });

  describe(`the main journeys in ${engine.name}`, { timeout: 120_000 }, () => {
    afterEach(() => assert.deepEqual(browser.takePageErrors(), [], 'no uncaught error on a page'));
    after(() => browser?.closeTabs());

    it('an individual pays a product in link mode, on the payment page in a new tab', async () => {
      const tab = await browser.open(`${shop}/product.html`);
      await playDetails(tab, personDetails());
      await tab.click({ role: 'button', name: 'Continue to payment' });
      await tab.waitFor({ css: '[part="status"]', text: 'Waiting for your payment.' });
      const id = await rememberedCheckoutId(tab);

      const paymentTab = await tab.clickToNewTab({ role: 'link', name: /Open the payment page/ });
      await paymentTab.waitForUrl(sandbox());
      await paymentTab.click({ css: 'button[value="paid"]' });

      // The widget hears "paid" over its event stream and goes on to the shop's success page.
      await tab.waitForUrl(/\/success\.html/);
      await tab.waitFor({ role: 'heading', name: 'Payment complete' });
      assert.equal(await proxyStatus(stack, id), 'paid');
    });

    it('an individual goes back from the pay step to another currency, then cancels', async () => {
      const tab = await browser.open(`${shop}/product.html`);
      await playDetails(tab, personDetails('BTC on Bitcoin'));
      await tab.click({ role: 'button', name: 'Continue to payment' });
      await tab.waitFor({ css: '[part="pay-with"]', text: 'BTC on Bitcoin' });
      const first = await rememberedCheckoutId(tab);

      await tab.click({ role: 'button', name: 'Choose another currency' });
      await tab.waitFor({ role: 'heading', name: 'Your details' });
      // The form as the customer left it (read through the widget's shadow roots).
      const firstName = await tab.evaluate(
        () =>
          document
            .querySelector('crypto-pay')
            ?.shadowRoot?.querySelector('crypto-pay-sender-form')
            ?.shadowRoot?.querySelector<HTMLInputElement>('#first_name')?.value,
      );
      assert.equal(firstName, SENDER.sender_data.first_name);
      assert.equal(await tab.evaluate(rememberedCheckoutIdInPage), null);
      await tab.click({ role: 'radio', name: 'ETH on Ethereum' });
      await tab.click({ role: 'button', name: 'Continue to payment' });
      await tab.waitFor({ css: '[part="pay-with"]', text: 'ETH on Ethereum' });
      const second = await rememberedCheckoutId(tab);
      assert.notEqual(second, first, 'a new checkout');

      // A reload finds the new checkout; after Cancel, none.
      await tab.reload();
      await tab.waitFor({ css: '[part="pay-with"]', text: 'ETH on Ethereum' });
      assert.equal(await rememberedCheckoutId(tab), second);
      await tab.click({ role: 'button', name: 'Cancel payment' });
      await tab.waitFor({ role: 'heading', name: 'Your details' });
      assert.equal(await tab.evaluate(rememberedCheckoutIdInPage), null);
      await tab.reload();
      await tab.waitFor({ label: 'First name' });
      assert.equal(await tab.has({ role: 'link', name: /Open the payment page/ }), false);
    });

    it('an individual pays a product in redirect mode, sent to the payment page and back', async () => {
      const tab = await browser.open(`${shop}/product.html`);
      // The shop's product page, as a merchant who prefers redirect mode writes it.
      await tab.evaluate(() =>
        document.querySelector('crypto-pay')?.setAttribute('mode', 'redirect'),
      );
      await playDetails(tab, personDetails());
      await tab.click({ role: 'button', name: 'Continue to payment' });
      await tab.waitForUrl(sandbox());
      await tab.waitFor({ text: '25.00 EUR' });
      await tab.click({ css: 'button[value="paid"]' });

      const back = await tab.waitForUrl(/\/success\.html\?(.*&)?checkout=/);
      await tab.waitFor({ role: 'heading', name: 'Payment complete' });
      assert.equal(await proxyStatus(stack, new URL(back).searchParams.get('checkout')!), 'paid');
    });

    it('a company pays a cart in redirect mode, and the failed payment is told as such', async () => {
      const tab = await browser.open(`${shop}/checkout.html`);
      await tab.waitFor({ css: '[part="total"]', text: '42.00' });
      await playDetails(tab, companyDetails());
      await tab.click({ role: 'button', name: 'Continue to payment' });
      await tab.waitForUrl(sandbox());
      await tab.waitFor({ text: '42.00 EUR' });
      await tab.click({ css: 'button[value="failed"]' });

      const back = await tab.waitForUrl(/\/failed\.html\?(.*&)?checkout=/);
      await tab.waitFor({ role: 'heading', name: 'Payment failed' });
      const id = new URL(back).searchParams.get('checkout')!;
      // The reference the customer quotes to the shop: the checkout id, grouped in fours.
      await tab.waitFor({ css: '[part="reference-value"]', text: groupReference(id) });
      assert.equal(await proxyStatus(stack, id), 'failed');
    });
  });

  troubleJourneys(engine, () => ({ stack, browser, shop }));
  dashboardJourneys(engine, () => ({ stack, browser, shop }));
}
