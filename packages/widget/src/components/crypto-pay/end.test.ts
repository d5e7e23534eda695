import { expect, oneEvent } from '@open-wc/testing';
import * as kit from '../../../test/helpers.ts';

const button = (el: HTMLElement, part: 'primary-button' | 'secondary-button') =>
  kit.result(el as never)?.querySelector<HTMLButtonElement>(`[part="${part}"]`) ?? null;

/** Waits until the pay step follows the stream, so a status change reaches it. */
async function following(proxy: Awaited<ReturnType<typeof kit.fakeProxy>>) {
  await kit.waitUntil(async () => (await proxy.requests(/\/events$/)).length >= 1);
}

describe('<crypto-pay> end of the payment', () => {
  beforeEach(kit.clearStoredCheckouts);

  describe('when paid', () => {
    it('is accessible', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.toPayStep(proxy);
      await following(proxy);
      await proxy.setStatus('paid');
      await kit.untilHeading(el, 'Payment complete');
      await expect(el).to.be.accessible();
    });

    it('shows success, tells the page, then goes to the success address', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.toPayStep(proxy, {
        product: 'tea-crate',
        'success-url': 'https://shop.example/thanks',
      });
      await following(proxy);
      setTimeout(() => proxy.setStatus('paid'));
      const event = await oneEvent(el, 'crypto-pay-success');
      expect(event.detail).to.deep.equal({ id: event.detail.id, status: 'paid' });
      expect(event.cancelable && event.bubbles && event.composed).to.equal(true);
      await kit.untilHeading(el, 'Payment complete');
      expect(kit.visibleText(el)).to.contain('Thank you. Your payment has arrived.');
      expect(kit.visibleText(el)).to.contain('Taking you back to the shop…');
      expect(kit.navigations.at(-1)).to.equal(
        `https://shop.example/thanks?checkout=${event.detail.id}`,
      );
    });

    it('uses the proxy’s success address when the element names none', async () => {
      const proxy = await kit.fakeProxy({
        checkout: kit.aCheckout({ success_url: 'https://shop.example/paid?order=7' }),
      });
      const el = await kit.render({ proxy: proxy.url, checkout: kit.aCheckout().id });
      await following(proxy);
      await proxy.setStatus('paid');
      await kit.untilHeading(el, 'Payment complete');
      expect(kit.navigations.at(-1)).to.equal(
        `https://shop.example/paid?order=7&checkout=${kit.aCheckout().id}`,
      );
    });

    it('stays on a result page that resumes an already finished checkout', async () => {
      const proxy = await kit.fakeProxy({
        checkout: kit.aCheckout({ status: 'paid', success_url: 'https://shop.example/paid' }),
      });
      const before = kit.navigations.length;
      const el = await kit.render({ proxy: proxy.url, checkout: kit.aCheckout().id });
      await kit.untilHeading(el, 'Payment complete');
      expect(kit.navigations.length).to.equal(before);
    });

    /** A return page following a checkout the proxy gives `successUrl`, until it is paid. */
    async function paidOnReturnPage(successUrl: string) {
      const proxy = await kit.fakeProxy({ checkout: kit.aCheckout({ success_url: successUrl }) });
      const el = await kit.render({ proxy: proxy.url, checkout: kit.aCheckout().id });
      await following(proxy);
      await proxy.setStatus('paid');
      await kit.untilHeading(el, 'Payment complete');
      return el;
    }

    it('stays on the result page it would go to, seeing the payment arrive there', async () => {
      // The customer came back before the callback: the page is already the success address.
      const before = kit.navigations.length;
      const el = await paidOnReturnPage(location.href);
      expect(kit.navigations.length).to.equal(before);
      expect(kit.visibleText(el)).to.not.contain('Taking you back');
    });

    it('goes to a success page that differs from this one only by its query', async () => {
      await paidOnReturnPage(`${location.origin}${location.pathname}?route=checkout/success`);
      const went = new URL(kit.navigations.at(-1) ?? 'about:blank');
      expect(went.searchParams.get('route')).to.equal('checkout/success');
      expect(went.searchParams.get('checkout')).to.equal(kit.aCheckout().id);
    });

    it('goes nowhere but a web address, whatever the proxy answers', async () => {
      const before = kit.navigations.length;
      await paidOnReturnPage('javascript:document.title="taken"//');
      expect(kit.navigations.length).to.equal(before);
    });

    it('stays on the page when the event is cancelled', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.toPayStep(proxy, {
        product: 'tea-crate',
        'success-url': 'https://shop.example/spa-thanks',
      });
      el.addEventListener('crypto-pay-success', (event) => event.preventDefault());
      await following(proxy);
      await proxy.setStatus('paid');
      await kit.untilHeading(el, 'Payment complete');
      expect(
        kit.navigations.some((url) => url.startsWith('https://shop.example/spa-thanks')),
      ).to.equal(false);
      expect(kit.visibleText(el)).to.not.contain('Taking you back');
    });

    it('forgets the checkout, so the next visit starts afresh', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.toPayStep(proxy);
      await following(proxy);
      await proxy.setStatus('paid');
      await kit.untilHeading(el, 'Payment complete');
      // Only the mark that this tab started it stays, so its result pages show the result here
      // (beside the note that this proxy answered the tab, which is no checkout's).
      const keys = Object.keys(sessionStorage).filter(
        (key) => key.startsWith('crypto-pay:') && !key.startsWith('crypto-pay:heard:'),
      );
      expect(keys.map((key) => key.replace(/:[^:]+$/, ''))).to.deep.equal(['crypto-pay:started']);
    });
  });

  for (const status of ['failed', 'expired'] as const) {
    describe(`when ${status}`, () => {
      const title = status === 'failed' ? 'Payment failed' : 'Payment expired';
      const sentence =
        status === 'failed'
          ? 'The payment was confirmed too late'
          : 'No payment arrived before the time ran out.';

      it('is accessible', async () => {
        const proxy = await kit.fakeProxy();
        const el = await kit.toPayStep(proxy);
        await following(proxy);
        await proxy.setStatus(status);
        await kit.untilHeading(el, title);
        await expect(el).to.be.accessible();
      });

      it('says what happened, tells the page, then goes to the failure address', async () => {
        const proxy = await kit.fakeProxy();
        const el = await kit.toPayStep(proxy, {
          product: 'tea-crate',
          'failed-url': 'https://shop.example/sorry',
        });
        await following(proxy);
        setTimeout(() => proxy.setStatus(status));
        const event = await oneEvent(el, 'crypto-pay-failure');
        expect(event.detail.status).to.equal(status);
        expect(event.cancelable).to.equal(true);
        await kit.untilHeading(el, title);
        expect(kit.visibleText(el)).to.contain(sentence);
        expect(kit.navigations.at(-1)).to.equal(
          `https://shop.example/sorry?checkout=${event.detail.id}`,
        );
      });

      it('offers no new start on a return page, which has no price to start with', async () => {
        const proxy = await kit.fakeProxy({ checkout: kit.aCheckout({ status }) });
        const el = await kit.render({ proxy: proxy.url, checkout: kit.aCheckout().id });
        await kit.untilHeading(el, title);
        expect(button(el, 'primary-button')?.textContent?.trim()).to.equal(undefined);
        expect(button(el, 'secondary-button')?.textContent?.trim()).to.equal(undefined);
      });

      it('stays when the event is cancelled, and lets the customer start again', async () => {
        const proxy = await kit.fakeProxy();
        const el = await kit.toPayStep(proxy, {
          product: 'tea-crate',
          'failed-url': 'https://shop.example/sorry-spa',
        });
        el.addEventListener('crypto-pay-failure', (event) => event.preventDefault());
        await following(proxy);
        await proxy.setStatus(status);
        await kit.untilHeading(el, title);
        expect(
          kit.navigations.some((url) => url.startsWith('https://shop.example/sorry-spa')),
        ).to.equal(false);
        expect(button(el, 'primary-button')?.textContent?.trim()).to.equal('Start again');
        button(el, 'primary-button')?.click();
        await kit.untilHeading(el, 'Your details');
        await kit.waitUntil(() => kit.form(el));
        await kit.untilText(el, 'Continue to payment');
      });
    });
  }
});
