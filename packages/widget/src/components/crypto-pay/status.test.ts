import { expect, oneEvent } from '@open-wc/testing';
import * as kit from '../../../test/helpers.ts';
import { defaultTiming, type Timing } from '../../api/timing.ts';
import { backoffDelay } from '../../utilities/backoff.ts';
import type CryptoPay from './crypto-pay.component.ts';

const TEA = { product: 'tea-crate' };

const UNREADABLE =
  "We can't check your payment right now. If you have paid, it is safe: this page updates as soon as we can check again.";

/** Quick polling, given to an element before it connects. */
const QUICK: Partial<Timing> = {
  polling: { ...defaultTiming.polling, firstMs: 40, maxMs: 100, jitter: 0 },
};

/** Polling so slow that no scheduled check comes within a test. */
const SLOW: Partial<Timing> = {
  polling: { ...defaultTiming.polling, firstMs: 60_000, maxMs: 60_000 },
};

/** From now on, no scheduled poll comes soon: only a check made at once can find a change. */
function slowPolling(el: CryptoPay): void {
  const polling = { ...el.timing.polling, firstMs: 60_000, maxMs: 60_000 };
  el.timing = { ...el.timing, polling };
}

/** Pretends the page is hidden (or shown again), as a browser tab switch would. */
function setHidden(hidden: boolean): void {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Pretends the connection is lost (or back), as the browser says when the network goes. */
function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('<crypto-pay> following the status', () => {
  beforeEach(kit.clearStoredCheckouts);

  describe('the polling schedule', () => {
    it('starts at 2 s and grows to at most 10 s', () => {
      expect(backoffDelay(defaultTiming.polling, 0, 0)).to.equal(2000);
      expect(backoffDelay(defaultTiming.polling, 1, 0)).to.equal(3000);
      expect(backoffDelay(defaultTiming.polling, 2, 0)).to.equal(4500);
      expect(backoffDelay(defaultTiming.polling, 10, 0)).to.equal(10000);
      expect(backoffDelay(defaultTiming.polling, 50, 0)).to.equal(10000);
    });

    it('takes up to a fifth off at random, so pages do not ask in step', () => {
      const { polling } = defaultTiming;
      expect(backoffDelay(polling, 0, 0.5)).to.equal(1800);
      expect(backoffDelay(polling, 0, 0.999)).to.be.within(1600, 1601);
      expect(backoffDelay(polling, 10, 0.999)).to.be.within(8000, 8003);
    });
  });

  describe('through the event stream', () => {
    it('checks at once when the connection is lost, and again as soon as it is back', async () => {
      // A silent stream, as a lost connection leaves it: only a read can tell anything.
      const proxy = await kit.fakeProxy({ sse: 'mute' });
      // Neither the stream's slow check nor the hanging read's timeout comes within the test:
      // only the browser's word on the connection makes the element read.
      const el = await kit.toPayStep(proxy, TEA, {
        troubleAfterMs: 100,
        requestTimeoutMs: 600_000,
        polling: { ...defaultTiming.polling, streamCheckMs: 600_000 },
      });
      await kit.waitUntil(async () => (await proxy.requests(/\/events$/)).length === 1);
      const reads = () => proxy.requests(/^\/api\/checkouts\/[^/]+$/, 'GET');
      const before = (await reads()).length;
      await proxy.stall('get', 503);
      try {
        setOnline(false);
        await kit.untilText(el, UNREADABLE);
        expect((await reads()).length).to.equal(before + 1);
        await proxy.setStatus('paid');
        setOnline(true);
        await kit.untilHeading(el, 'Payment complete');
      } finally {
        delete (navigator as { onLine?: boolean }).onLine;
      }
    });

    it('finds a change the stream never brought (a buffering middlebox), then polls', async () => {
      const polling = { ...defaultTiming.polling, streamCheckMs: 150, firstMs: 40, maxMs: 100 };
      const proxy = await kit.fakeProxy({ sse: 'mute' });
      const el = await kit.toPayStep(proxy, TEA, { polling });
      await kit.waitUntil(async () => (await proxy.requests(/\/events$/)).length === 1);
      await proxy.setStatus('processing');
      await kit.untilText(el, 'Currency chosen. Waiting for your payment to arrive.');
      // Only polling can bring this one: the stream stays mute.
      await proxy.setStatus('paid');
      await kit.untilHeading(el, 'Payment complete');
    });

    it('checks at once when the page is shown again, stream or not', async () => {
      const proxy = await kit.fakeProxy({ sse: 'stall' });
      const el = await kit.toPayStep(proxy);
      await kit.waitUntil(async () => (await proxy.requests(/\/events$/)).length === 1);
      await proxy.setStatus('paid');
      setHidden(true);
      setHidden(false);
      await kit.untilHeading(el, 'Payment complete');
    });

    it('shows each status the proxy pushes and tells the page', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.toPayStep(proxy);
      await kit.waitUntil(async () => (await proxy.requests(/\/events$/)).length === 1);
      setTimeout(() => proxy.setStatus('processing'));
      const event = await oneEvent(el, 'crypto-pay-status');
      expect(event.detail.status).to.equal('processing');
      await kit.untilText(el, 'Currency chosen. Waiting for your payment to arrive.');
      expect(await proxy.requests(/^\/api\/checkouts\/[^/]+$/, 'GET')).to.have.length(0);
    });

    it('announces status changes in a live region', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.toPayStep(proxy);
      const live = el.shadowRoot?.querySelector('p[aria-live="polite"]');
      expect(live?.textContent?.trim()).to.equal('Waiting for your payment.');
      // Said once: the panel's visible copy of the sentence is hidden from screen readers.
      const panel = el.shadowRoot?.querySelector('crypto-pay-payment-panel');
      const shown = panel?.shadowRoot?.querySelector('[part="status"]');
      expect(shown?.getAttribute('aria-hidden')).to.equal('true');
      await kit.waitUntil(async () => (await proxy.requests(/\/events$/)).length === 1);
      await proxy.setStatus('processing');
      await kit.waitUntil(
        () => live?.textContent?.trim() === 'Currency chosen. Waiting for your payment to arrive.',
      );
    });
  });

  describe('when the event stream is not available', () => {
    it('keeps polling after a read whose answer stalled', async () => {
      const proxy = await kit.fakeProxy({ sse: false });
      // The first status read stalls, and every request has the short timeout from the start
      // (a timeout shortened later could miss a read already on the wire with the long one).
      // A second read can only come once the stalled one was given up: one at a time.
      await proxy.stall('get', 200);
      const el = await kit.toPayStep(proxy, TEA, { ...QUICK, requestTimeoutMs: 1000 });
      await kit.waitUntil(
        async () => (await proxy.requests(/^\/api\/checkouts\/[^/]+$/)).length >= 2,
        'no read after the stalled one',
      );
      await proxy.setStatus('paid');
      await kit.untilHeading(el, 'Payment complete');
    });

    it('polls with If-None-Match, takes 304s in its stride, and sees the change', async () => {
      const proxy = await kit.fakeProxy({ sse: false });
      const el = await kit.toPayStep(proxy, TEA, QUICK);
      const reads = () => proxy.requests(/^\/api\/checkouts\/[^/]+$/, 'GET');
      await kit.waitUntil(
        async () => (await reads()).some((read) => read.status === 304),
        'no 304',
      );
      const [first, second] = await reads();
      expect(first?.headers['if-none-match']).to.equal(undefined);
      expect(second?.headers['if-none-match']).to.match(/^W\/".+"$/);
      await proxy.setStatus('processing');
      await kit.untilText(el, 'Currency chosen. Waiting for your payment to arrive.');
      await proxy.setStatus('paid');
      await kit.untilHeading(el, 'Payment complete');
      const count = (await reads()).length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await reads()).length, 'polling goes on after the end').to.equal(count);
    });

    it('does not poll a hidden page, and checks at once when it is shown', async () => {
      const proxy = await kit.fakeProxy({ sse: false });
      const el = await kit.toPayStep(proxy, TEA, QUICK);
      const reads = () => proxy.requests(/^\/api\/checkouts\/[^/]+$/, 'GET');
      await kit.waitUntil(async () => (await reads()).length >= 1);
      try {
        setHidden(true);
        await new Promise((resolve) => setTimeout(resolve, 150));
        const whileHidden = (await reads()).length;
        await proxy.setStatus('paid');
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect((await reads()).length).to.be.at.most(whileHidden + 1);
        expect(kit.heading(el)).to.equal('Pay');
        slowPolling(el);
        setHidden(false);
        await kit.untilHeading(el, 'Payment complete');
      } finally {
        // Removing the own property brings back the real getter from the prototype.
        delete (document as { hidden?: boolean }).hidden;
      }
    });

    it('tells the customer when checks keep failing, and offers to check now', async () => {
      const proxy = await kit.fakeProxy({ sse: false });
      // No scheduled check comes in the test's time: each read below is one the test asks for
      // (a return to the page checks at once), so none can slip in between and end the trouble.
      const el = await kit.toPayStep(proxy, TEA, SLOW);
      const reads = () => proxy.requests(/^\/api\/checkouts\/[^/]+$/, 'GET');
      // The stream is refused, so the widget falls back to polling with one read at once.
      await kit.waitUntil(
        async () => (await reads()).length >= 1,
        'no read after the stream failed',
      );
      // The live region is in place before the trouble, so its sentence is announced.
      const regions = () =>
        [...(kit.panel(el)?.shadowRoot?.querySelectorAll('[role="status"]') ?? [])].map((region) =>
          region.textContent?.trim(),
        );
      expect(regions()).to.include('');
      await proxy.fail('get', 503, { error: 'Down.', code: 'upstream_unavailable' }, 3);
      const failedReads = async () => (await reads()).filter((read) => read.status === 503).length;
      try {
        for (let failed = 1; failed <= 3; failed += 1) {
          setHidden(false);
          await kit.waitUntil(
            async () => (await failedReads()) >= failed,
            `no failed read ${failed}`,
          );
        }
      } finally {
        delete (document as { hidden?: boolean }).hidden;
      }
      await kit.untilText(el, UNREADABLE);
      expect(regions()).to.include(UNREADABLE);
      await proxy.setStatus('processing');
      const checkNow = () =>
        [...(kit.panel(el)?.shadowRoot?.querySelectorAll('button') ?? [])].find(
          (button) => button.textContent?.trim() === 'Check now',
        );
      await kit.waitUntil(() => checkNow(), 'no "Check now" button');
      expect(kit.visibleText(el)).to.not.contain('Currency chosen.');
      checkNow()!.click();
      await kit.untilText(el, 'Currency chosen. Waiting for your payment to arrive.');
      expect(kit.visibleText(el)).to.not.contain("We can't check");
      expect(await failedReads(), 'no read failed after the trouble').to.equal(3);
    });
  });

  describe('when the status cannot be read (a proxy that stopped)', () => {
    const part = (el: CryptoPay, name: string) =>
      kit.panel(el)?.shadowRoot?.querySelector(`[part="${name}"]`);

    it('says so once a read goes unanswered, without a countdown, until one is answered', async () => {
      const proxy = await kit.fakeProxy({ sse: false });
      // A read held past the trouble's wait and far past the test: no failure says it, and only
      // giving the held read up lets "Check now" read.
      const el = await kit.toPayStep(proxy, TEA, {
        ...SLOW,
        troubleAfterMs: 100,
        requestTimeoutMs: 600_000,
      });
      const reads = () => proxy.requests(/^\/api\/checkouts\/[^/]+$/, 'GET');
      await kit.waitUntil(async () => (await reads()).length >= 1, 'no read after the stream');
      expect(part(el, 'countdown'), 'a countdown while the status is read').to.exist;
      await proxy.stall('get', 200);
      try {
        setHidden(false);
        await kit.untilText(el, UNREADABLE);
      } finally {
        delete (document as { hidden?: boolean }).hidden;
      }
      // The polite live region says it; no deadline or "waiting" the widget cannot know.
      expect(part(el, 'status-unreadable')?.getAttribute('role')).to.equal('status');
      expect(part(el, 'countdown')).to.not.exist;
      expect(kit.panel(el)?.shadowRoot?.textContent).to.not.contain('Waiting for your payment.');
      // Nor does the element's own live region, heard beside the panel's.
      const liveRegions = [...(el.shadowRoot?.querySelectorAll('[role="status"]') ?? [])];
      expect(liveRegions.map((region) => region.textContent?.trim())).to.not.include(
        'Waiting for your payment.',
      );
      await proxy.setStatus('paid');
      const checkNow = [...(kit.panel(el)?.shadowRoot?.querySelectorAll('button') ?? [])].find(
        (button) => button.textContent?.trim() === 'Check now',
      );
      // Asked while the held read hangs: it is given up at once, and the new read answered.
      checkNow!.click();
      await kit.untilHeading(el, 'Payment complete');
      expect(kit.visibleText(el)).to.not.contain("We can't check");
    });

    it('asks again with backoff after a failed read, though the stream is open', async () => {
      const proxy = await kit.fakeProxy({ sse: 'stall' });
      const polling = { ...defaultTiming.polling, firstMs: 40, maxMs: 100, streamCheckMs: 60_000 };
      await kit.toPayStep(proxy, TEA, { polling });
      await kit.waitUntil(async () => (await proxy.requests(/\/events$/)).length === 1);
      const reads = () => proxy.requests(/^\/api\/checkouts\/[^/]+$/, 'GET');
      await proxy.fail('get', 503, { error: 'Down.', code: 'upstream_unavailable' });
      try {
        setHidden(false);
        await kit.waitUntil(async () => (await reads()).length >= 1, 'no read on return');
      } finally {
        delete (document as { hidden?: boolean }).hidden;
      }
      // The next scheduled check of an open stream is a minute away: only backoff asks sooner.
      await kit.waitUntil(async () => (await reads()).length >= 2, 'not asked again soon');
    });
  });

  describe('when the proxy asks to wait (Retry-After)', () => {
    it('polls again no sooner than it says', async () => {
      const proxy = await kit.fakeProxy({ sse: false });
      await fetch(`${proxy.url}/_control/fail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          route: 'get',
          status: 503,
          body: { error: 'Down.', code: 'upstream_unavailable' },
          // Two seconds: the look below, 600 ms in, is well inside the wait on a slow machine.
          headers: { 'Retry-After': '2' },
        }),
      });
      await kit.toPayStep(proxy, TEA, QUICK);
      const reads = () => proxy.requests(/^\/api\/checkouts\/[^/]+$/, 'GET');
      await kit.waitUntil(async () => (await reads()).length >= 1);
      // Polling every 40 ms would have asked many times by now.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect((await reads()).map((read) => read.status)).to.deep.equal([503]);
      await kit.waitUntil(async () => (await reads()).length >= 2, 'never polled again');
    });
  });

  describe('after a reload', () => {
    it('finds the checkout again instead of creating another', async () => {
      const proxy = await kit.fakeProxy();
      const first = await kit.toPayStep(proxy);
      const link = kit.panel(first)?.shadowRoot?.querySelector('a')?.href;
      first.remove();
      const again = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
      await kit.untilText(again, 'Waiting for your payment.');
      expect(kit.panel(again)?.shadowRoot?.querySelector('a')?.href).to.equal(link);
      expect(await proxy.requests('/api/checkouts', 'POST')).to.have.length(1);
      expect(await proxy.requests('/api/config')).to.have.length(1);
    });

    it('finds it too when a framework sets the proxy after the first render', async () => {
      const proxy = await kit.fakeProxy();
      const first = await kit.toPayStep(proxy);
      first.remove();
      const again = await kit.render({ product: 'tea-crate' });
      again.proxy = proxy.url;
      await kit.untilText(again, 'Waiting for your payment.');
      expect(await proxy.requests('/api/checkouts', 'POST')).to.have.length(1);
    });

    it('starts afresh when the proxy no longer knows the remembered checkout', async () => {
      const proxy = await kit.fakeProxy();
      sessionStorage.setItem(`crypto-pay:checkout:${proxy.url}#product=tea-crate`, 'chk_forgotten');
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
      await kit.untilText(el, 'Continue to payment');
      expect(kit.heading(el)).to.equal('Your details');
      expect(await proxy.requests('/api/checkouts/chk_forgotten', 'GET')).to.have.length(1);
      expect(sessionStorage.getItem(`crypto-pay:checkout:${proxy.url}#product=tea-crate`)).to.equal(
        null,
      );
    });

    it('keeps separate checkouts for different products', async () => {
      const proxy = await kit.fakeProxy();
      await kit.toPayStep(proxy);
      const other = await kit.render({ proxy: proxy.url, amount: '5.00', currency: 'EUR' });
      await kit.untilHeading(other, 'Your details');
    });
  });

  describe('with the checkout attribute (a return page)', () => {
    it('shows the status the proxy reports, whatever the address says', async () => {
      const proxy = await kit.fakeProxy({ checkout: kit.aCheckout({ status: 'paid' }) });
      const address = location.href;
      history.replaceState(null, '', `${location.pathname}?status=failed&checkout_status=failed`);
      try {
        const el = await kit.render({ proxy: proxy.url, checkout: kit.aCheckout().id });
        await kit.untilHeading(el, 'Payment complete');
        expect(await proxy.requests(`/api/checkouts/${kit.aCheckout().id}`, 'GET')).to.have.length(
          1,
        );
        await expect(el).to.be.accessible();
      } finally {
        history.replaceState(null, '', address);
      }
    });

    it('tells the page the status and how it ended, then that it is ready', async () => {
      const proxy = await kit.fakeProxy({ checkout: kit.aCheckout({ status: 'paid' }) });
      const el = document.createElement('crypto-pay');
      const heard: string[] = [];
      for (const name of ['crypto-pay-status', 'crypto-pay-success', 'crypto-pay-ready']) {
        el.addEventListener(name, () => heard.push(name));
      }
      el.setAttribute('proxy', proxy.url);
      el.setAttribute('checkout', kit.aCheckout().id);
      // The page's own address, so that the ending sends the customer nowhere.
      el.setAttribute('success-url', location.href);
      document.body.append(el);
      try {
        await kit.waitUntil(() => heard.includes('crypto-pay-ready'), 'never ready');
        expect(heard).to.deep.equal([
          'crypto-pay-status',
          'crypto-pay-success',
          'crypto-pay-ready',
        ]);
      } finally {
        el.remove();
      }
    });

    it('follows a checkout that is still open', async () => {
      const proxy = await kit.fakeProxy({ checkout: kit.aCheckout({ status: 'processing' }) });
      const el = await kit.render({
        proxy: proxy.url,
        checkout: kit.aCheckout().id,
        mode: 'redirect',
      });
      await kit.untilText(el, 'Currency chosen. Waiting for your payment to arrive.');
      expect(kit.heading(el)).to.equal('Pay');
      await kit.waitUntil(async () => (await proxy.requests(/\/events$/)).length === 1);
      await proxy.setStatus('paid', kit.aCheckout().id);
      await kit.untilHeading(el, 'Payment complete');
    });

    it('shows a checking view while it asks', async () => {
      const proxy = await kit.fakeProxy({ checkout: kit.aCheckout() });
      const el = await kit.render({ proxy: proxy.url, checkout: kit.aCheckout().id });
      expect(kit.heading(el)).to.equal('Pay');
      expect(kit.visibleText(el)).to.contain('Checking the payment status…');
      await kit.untilText(el, 'Waiting for your payment.');
    });
  });
});
