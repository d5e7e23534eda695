/**
 * One result view per payment: the tab that started a checkout shows its result and answers the
 * others; a result page in another tab (the payment page's) says where to look and closes.
 * The other tab is played by a BroadcastChannel of this page, as another tab's would be.
 */
import { expect } from '@open-wc/testing';
import {
  aCheckout,
  clearStoredCheckouts,
  fakeProxy,
  render,
  toPayStep,
  untilHeading,
  visibleText,
  waitUntil,
} from '../../../test/helpers.ts';
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
  beforeEach(clearStoredCheckouts);

  describe('in the tab that started the checkout', () => {
    it('says it shows the checkout, and answers a tab that asks', async () => {
      const other = otherTab();
      const proxy = await fakeProxy();
      const el = await toPayStep(proxy);
      const id = (await proxy.setStatus('processing')).id;
      await waitUntil(() => other.heard.some((message) => JSON.stringify(message).includes(id)));
      expect(other.heard).to.deep.include({ shown: id });
      other.heard.length = 0;
      other.channel.postMessage({ asked: id });
      await waitUntil(() => other.heard.length > 0, 'no answer');
      expect(other.heard).to.deep.equal([{ shown: id }]);
      // Its own view is the result view: it goes on as always.
      await proxy.setStatus('paid');
      await untilHeading(el, 'Payment complete');
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
      const proxy = await fakeProxy({ checkout: aCheckout({ id, status: 'paid' }) });
      const before = closes.length;
      const el = await render({ proxy: proxy.url, checkout: id });
      await untilHeading(el, 'Continue in your other tab');
      expect(visibleText(el)).to.contain(
        'The result of this payment is shown in the tab where you started it. You can close this tab.',
      );
      expect(closes.length).to.equal(before + 1);
      await expect(el).to.be.accessible();
      other.close();
    });

    it('shows the result itself when no tab answers (a phone, a closed shop tab)', async () => {
      const id = 'chk_alone_000000000000000000';
      const proxy = await fakeProxy({ checkout: aCheckout({ id, status: 'paid' }) });
      const before = closes.length;
      const el = await render({ proxy: proxy.url, checkout: id });
      await untilHeading(el, 'Payment complete');
      expect(closes.length).to.equal(before);
    });

    it('defers to the starting tab when it answers later, as its next page loads', async () => {
      const id = 'chk_later_000000000000000000';
      const proxy = await fakeProxy({ checkout: aCheckout({ id, status: 'failed' }) });
      const el = await render({ proxy: proxy.url, checkout: id });
      await untilHeading(el, 'Payment failed');
      const other = otherTab();
      other.channel.postMessage({ shown: id });
      await untilHeading(el, 'Continue in your other tab');
      other.close();
    });
  });
});
