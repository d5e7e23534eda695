/**
 * One result view per payment: the tab that started a checkout shows its result and answers the
 * others; a result page in another tab (the payment page's) says where to look and closes.
 * The other tab is played by a BroadcastChannel of this page, as another tab's would be.
 */
import { expect, oneEvent } from '@open-wc/testing';
import * as kit from '../../../test/helpers.ts';
import CryptoPay from './crypto-pay.component.ts';

const CHANNEL = 'crypto-pay:result-tabs';

/** Every time an element tried to close its tab. */
const closes: number[] = [];
(CryptoPay.prototype as unknown as { closeTab: () => void }).closeTab = () => {
  closes.push(Date.now());
};

/** Another tab on the channel: what it heard, and a way to speak. */
function otherTab() {
  const channel = new BroadcastChannel(CHANNEL);
  const heard: unknown[] = [];
  channel.addEventListener('message', (event) => heard.push(event.data));
  return { channel, heard, close: () => channel.close() };
}

describe('<crypto-pay> one result view per payment', () => {
  beforeEach(kit.clearStoredCheckouts);

  describe('in the tab that started the checkout', () => {
    it('says it shows the checkout, and answers a tab that asks', async () => {
      const other = otherTab();
      const proxy = await kit.fakeProxy();
      const el = await kit.toPayStep(proxy);
      const id = (await proxy.setStatus('processing')).id;
      await kit.waitUntil(() =>
        other.heard.some((message) => JSON.stringify(message).includes(id)),
      );
      expect(other.heard).to.deep.include({ shown: id });
      other.heard.length = 0;
      other.channel.postMessage({ asked: id });
      await kit.waitUntil(() => other.heard.length > 0, 'no answer');
      expect(other.heard).to.deep.equal([{ shown: id }]);
      // Its own view is the result view: it goes on as always.
      await proxy.setStatus('paid');
      await kit.untilHeading(el, 'Payment complete');
      other.close();
    });
  });

  describe('on a result page in another tab', () => {
    it('asks, and once the starting tab answers, says where to look and closes', async () => {
      const id = 'chk_elsewhere_00000000000000';
      const other = otherTab();
      // The starting tab answers the question this page asks.
      other.channel.addEventListener('message', (event) => {
        if (event.data?.asked === id) other.channel.postMessage({ shown: id });
      });
      const proxy = await kit.fakeProxy({ checkout: kit.aCheckout({ id, status: 'paid' }) });
      const before = closes.length;
      const gaveWay = oneEvent(document, 'crypto-pay-elsewhere');
      const el = await kit.render({ proxy: proxy.url, checkout: id });
      await kit.untilHeading(el, 'Continue in your other tab');
      // The page hears it gave way (its own words beside the element may say the result).
      expect((await gaveWay).detail).to.deep.equal({ id });
      expect(kit.visibleText(el)).to.contain(
        'The result of this payment is shown in the tab where you started it. You can close this tab.',
      );
      // Still the payment's reference, for a customer who calls the shop from this tab.
      await kit.waitUntil(() => kit.shownReference(el), 'no reference in the other tab’s view');
      expect(kit.shownReference(el).replaceAll(' ', '')).to.equal(id);
      expect(closes.length).to.equal(before + 1);
      await expect(el).to.be.accessible();
      other.close();
    });

    it('shows the result itself when no tab answers (a phone, a closed shop tab)', async () => {
      const id = 'chk_alone_000000000000000000';
      const proxy = await kit.fakeProxy({ checkout: kit.aCheckout({ id, status: 'paid' }) });
      const before = closes.length;
      let gaveWay = false;
      const listening = new AbortController();
      document.addEventListener(
        'crypto-pay-elsewhere',
        () => {
          gaveWay = true;
        },
        { signal: listening.signal },
      );
      try {
        const el = await kit.render({ proxy: proxy.url, checkout: id });
        await kit.untilHeading(el, 'Payment complete');
        expect(closes.length).to.equal(before);
        expect(gaveWay).to.equal(false);
      } finally {
        listening.abort();
      }
    });

    it('hears no other tab once removed from the page, so it closes no tab it left', async () => {
      const proxy = await kit.fakeProxy({
        checkout: kit.aCheckout({ id: 'chk_removed_0000000000000000', status: 'paid' }),
      });
      const removed = await kit.render({
        proxy: proxy.url,
        checkout: 'chk_removed_0000000000000000',
      });
      await kit.untilHeading(removed, 'Payment complete');
      removed.remove();
      const kept = await kit.render({
        proxy: (
          await kit.fakeProxy({
            checkout: kit.aCheckout({ id: 'chk_kept_000000000000000000', status: 'paid' }),
          })
        ).url,
        checkout: 'chk_kept_000000000000000000',
      });
      await kit.untilHeading(kept, 'Payment complete');
      const before = closes.length;
      const other = otherTab();
      // In this order: once the kept element has heard the second, the page has heard the first.
      other.channel.postMessage({ shown: 'chk_removed_0000000000000000' });
      other.channel.postMessage({ shown: 'chk_kept_000000000000000000' });
      await kit.untilHeading(kept, 'Continue in your other tab');
      expect(closes.length).to.equal(before + 1);
      other.close();
    });

    it('defers to the starting tab when it answers later, as its next page loads', async () => {
      const id = 'chk_later_000000000000000000';
      const proxy = await kit.fakeProxy({ checkout: kit.aCheckout({ id, status: 'failed' }) });
      const el = await kit.render({ proxy: proxy.url, checkout: id });
      await kit.untilHeading(el, 'Payment failed');
      const other = otherTab();
      const gaveWay = oneEvent(el, 'crypto-pay-elsewhere');
      other.channel.postMessage({ shown: id });
      await kit.untilHeading(el, 'Continue in your other tab');
      expect((await gaveWay).detail).to.deep.equal({ id });
      other.close();
    });
  });

  // Last: the fake proxies number their checkouts alike, and this page keeps what it showed.
  describe('after the customer starts again', () => {
    it('no longer answers for the checkout they left', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.toPayStep(proxy);
      el.addEventListener('crypto-pay-failure', (event) => event.preventDefault());
      const id = (await proxy.setStatus('failed')).id;
      await kit.untilHeading(el, 'Payment failed');
      kit.result(el)?.querySelector<HTMLButtonElement>('[part="primary-button"]')?.click();
      await kit.untilHeading(el, 'Your details');
      const other = otherTab();
      await kit.toPayStep(proxy);
      const shown = (await proxy.setStatus('processing')).id;
      expect(shown).to.not.equal(id);
      await kit.waitUntil(() =>
        other.heard.some((message) => JSON.stringify(message).includes(shown)),
      );
      other.heard.length = 0;
      // Answers leave the page in the order asked: the second's answer means the first had none.
      other.channel.postMessage({ asked: id });
      other.channel.postMessage({ asked: shown });
      await kit.waitUntil(() => other.heard.length > 0, 'no answer');
      expect(other.heard[0]).to.deep.equal({ shown });
      other.close();
    });
  });
});
