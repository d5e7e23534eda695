import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import * as kit from '../../../test/helpers.ts';
import type { Checkout } from '../../api/proxy-api.ts';
import type CryptoPay from './crypto-pay.component.ts';

/** Every element with a `style` attribute, in the element and all its sub-views. */
function inlineStyles(root: ShadowRoot | Element): Element[] {
  const found: Element[] = [];
  for (const node of root.querySelectorAll('*')) {
    if (node.hasAttribute('style')) found.push(node);
    if (node.shadowRoot) found.push(...inlineStyles(node.shadowRoot));
  }
  return found;
}

const base = (el: CryptoPay) => kit.shadow(el).querySelector('[part="base"]') as HTMLElement;

/** Reaches every step a customer can see, checking each with `check`. */
async function everyStep(check: (el: CryptoPay, step: string) => Promise<void>) {
  const proxy = await kit.fakeProxy();
  const el = await kit.details(proxy);
  await kit.fillPerson(el);
  await check(el, 'details');
  kit.submitButton(el).click();
  await kit.untilPayStep(el);
  await kit.waitUntil(() => kit.panel(el)?.shadowRoot?.querySelector('path'), 'no QR code');
  await check(el, 'pay');
  await kit.waitUntil(async () => (await proxy.requests(/\/events$/)).length === 1);
  await proxy.setStatus('paid');
  await kit.untilHeading(el, 'Payment complete');
  await check(el, 'paid');
  for (const status of ['failed', 'expired'] as Checkout['status'][]) {
    kit.clearStoredCheckouts();
    const failing = await kit.toPayStep(proxy);
    await kit.waitUntil(async () => (await proxy.requests(/\/events$/)).length >= 2);
    await proxy.setStatus(status);
    await kit.untilHeading(failing, status === 'failed' ? 'Payment failed' : 'Payment expired');
    await check(failing, status);
  }
  const broken = await kit.fakeProxy();
  await broken.fail('config', 502, { error: 'Down.', code: 'upstream_unavailable' });
  const error = await kit.render({ proxy: broken.url, product: 'tea-crate' });
  await kit.untilHeading(error, 'Something went wrong');
  await check(error, 'error');
}

describe('<crypto-pay> theming', () => {
  beforeEach(kit.clearStoredCheckouts);
  afterEach(() => emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' }));

  describe('colour schemes', () => {
    it('is accessible in every step in the light scheme (AA contrast included)', async () => {
      await emulateMedia({ colorScheme: 'light' });
      await everyStep(async (el) => {
        expect(getComputedStyle(base(el)).backgroundColor).to.equal('rgb(255, 255, 255)');
        await expect(el).to.be.accessible();
      });
    });

    it('is accessible in every step in the dark scheme (AA contrast included)', async () => {
      await emulateMedia({ colorScheme: 'dark' });
      await everyStep(async (el) => {
        expect(getComputedStyle(base(el)).backgroundColor).to.equal('rgb(21, 23, 28)');
        await expect(el).to.be.accessible();
      });
    });
  });

  describe('custom properties', () => {
    it('take the page’s colours, radius, font and spacing from any ancestor', async () => {
      const proxy = await kit.fakeProxy();
      const wrapper = await fixture<HTMLDivElement>(html`<div class="shop-theme"></div>`);
      wrapper.style.setProperty('--crypto-pay-accent', 'rgb(120, 0, 60)');
      wrapper.style.setProperty('--crypto-pay-background', 'rgb(250, 245, 235)');
      wrapper.style.setProperty('--crypto-pay-text', 'rgb(20, 20, 20)');
      wrapper.style.setProperty('--crypto-pay-radius', '0px');
      wrapper.style.setProperty('--crypto-pay-font', 'Georgia, serif');
      wrapper.style.setProperty('--crypto-pay-spacing', '2rem');
      const el = document.createElement('crypto-pay') as CryptoPay;
      el.setAttribute('proxy', proxy.url);
      el.setAttribute('product', 'tea-crate');
      wrapper.append(el);
      await kit.untilHeading(el, 'Your details');
      await kit.waitUntil(() => kit.form(el));
      const box = getComputedStyle(base(el));
      expect(box.backgroundColor).to.equal('rgb(250, 245, 235)');
      expect(box.color).to.equal('rgb(20, 20, 20)');
      expect(box.borderTopLeftRadius).to.equal('0px');
      expect(box.fontFamily).to.equal('Georgia, serif');
      expect(box.paddingTop).to.equal('48px');
      expect(getComputedStyle(kit.submitButton(el)).backgroundColor).to.equal('rgb(120, 0, 60)');
    });
  });

  describe('::part', () => {
    it('lets the page style stable parts, also those of the sub-views', async () => {
      const style = document.createElement('style');
      style.textContent = `
        crypto-pay.parts::part(heading) { color: rgb(1, 2, 3); }
        crypto-pay.parts::part(submit-button) { background-color: rgb(4, 5, 6); }
        crypto-pay.parts::part(input) { border-color: rgb(7, 8, 9); }
        crypto-pay.parts::part(currency-option) { color: rgb(10, 11, 12); }
        crypto-pay.parts::part(amount) { color: rgb(13, 14, 15); }
        crypto-pay.parts::part(primary-button) { color: rgb(16, 17, 18); }
      `;
      document.head.append(style);
      try {
        const proxy = await kit.fakeProxy();
        const el = await kit.details(proxy);
        el.classList.add('parts');
        const color = (node: Element | null | undefined, property: string) =>
          node ? getComputedStyle(node).getPropertyValue(property) : 'missing';
        expect(color(kit.shadow(el).querySelector('[part="heading"]'), 'color')).to.equal(
          'rgb(1, 2, 3)',
        );
        expect(color(kit.submitButton(el), 'background-color')).to.equal('rgb(4, 5, 6)');
        expect(color(kit.field(el, 'first_name'), 'border-top-color')).to.equal('rgb(7, 8, 9)');
        const option = kit
          .form(el)
          ?.shadowRoot?.querySelector('crypto-pay-currency-picker')
          ?.shadowRoot?.querySelector('[part="currency-option"]');
        expect(color(option, 'color')).to.equal('rgb(10, 11, 12)');
        await kit.fillPerson(el);
        kit.submitButton(el).click();
        await kit.untilPayStep(el);
        const amount = kit.panel(el)?.shadowRoot?.querySelector('[part="amount"]');
        expect(color(amount, 'color')).to.equal('rgb(13, 14, 15)');
        const broken = await kit.fakeProxy();
        await broken.fail('config', 503, { error: 'Down.', code: 'upstream_unavailable' });
        const error = await kit.render({ proxy: broken.url, product: 'tea-crate' });
        error.classList.add('parts');
        await kit.untilHeading(error, 'Something went wrong');
        const retry = kit.result(error)?.querySelector('[part="primary-button"]');
        expect(color(retry, 'color')).to.equal('rgb(16, 17, 18)');
      } finally {
        style.remove();
      }
    });
  });

  describe('motion', () => {
    it('spins the progress indicator only when motion is welcome', async () => {
      const proxy = await kit.fakeProxy({ createDelay: 2000 });
      const el = await kit.details(proxy);
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.waitUntil(() => kit.submitButton(el).querySelector('.spinner'));
      const spinner = kit.submitButton(el).querySelector('.spinner') as HTMLElement;
      await emulateMedia({ reducedMotion: 'no-preference' });
      expect(getComputedStyle(spinner).animationName).to.equal('spin');
      await emulateMedia({ reducedMotion: 'reduce' });
      expect(getComputedStyle(spinner).animationName).to.equal('none');
    });
  });

  describe('strict Content-Security-Policy', () => {
    it('sets no inline style attribute in any step', async () => {
      await everyStep(async (el, step) => {
        expect(
          inlineStyles(kit.shadow(el)).map((node) => node.tagName),
          step,
        ).to.deep.equal([]);
      });
    });
  });

  describe('inside another element’s shadow root', () => {
    it('runs the journey and its events reach the page', async () => {
      const proxy = await kit.fakeProxy();
      const host = await fixture<HTMLDivElement>(html`<div></div>`);
      const root = host.attachShadow({ mode: 'open' });
      const el = document.createElement('crypto-pay') as CryptoPay;
      el.setAttribute('proxy', proxy.url);
      el.setAttribute('product', 'tea-crate');
      const seen: string[] = [];
      document.addEventListener('crypto-pay-created', (event) => seen.push(event.detail.id));
      root.append(el);
      await kit.untilHeading(el, 'Your details');
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilPayStep(el);
      expect(seen).to.have.length(1);
    });
  });
});
