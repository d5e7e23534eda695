import { expect } from '@open-wc/testing';
import * as kit from '../../../test/helpers.ts';
import type CryptoPay from './crypto-pay.component.ts';

const USED =
  'This payment link has already been used or has expired. Go back to the shop and start again.';

const total = (el: CryptoPay) =>
  kit.shadow(el).querySelector('[part="total"]')?.textContent?.replace(/\s+/g, ' ').trim();

const buttons = (el: CryptoPay) =>
  [...(kit.result(el)?.querySelectorAll('button') ?? [])].map((button) =>
    button.textContent?.trim(),
  );

describe('<crypto-pay> with a checkout session', () => {
  beforeEach(kit.clearStoredCheckouts);

  describe('the price', () => {
    it('is shown before the customer types, read along with the configuration', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.details(proxy, { session: 'cps_abc' });
      expect(total(el)).to.equal('Order 1042 42.50 EUR');
      expect(await proxy.requests('/api/config', 'GET')).to.have.length(1);
      expect(await proxy.requests('/api/sessions/cps_abc', 'GET')).to.have.length(1);
      await expect(el).to.be.accessible();
    });

    it('is asked for while the configuration is still on its way, not after it', async () => {
      const proxy = await kit.fakeProxy({ configAfterSession: true });
      const el = await kit.details(proxy, { session: 'cps_abc' });
      expect(total(el)).to.equal('Order 1042 42.50 EUR');
    });

    it('reads "Total" without a description, with every digit, in the page’s language', async () => {
      const proxy = await kit.fakeProxy({
        sessionPrice: { amount: '1234.5', currency: { iso: 'USDT', network_name: 'tron' } },
      });
      const el = await kit.details(proxy, { session: 'cps_abc' });
      expect(total(el)).to.equal('Total 1,234.5 USDT');
      el.locale = 'de';
      await kit.untilText(el, 'Gesamt');
      expect(total(el)).to.equal('Gesamt 1.234,5 USDT');
    });

    it('is left out when it cannot be read, and the customer can still pay', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('session', 503, { error: 'Down.', code: 'upstream_unavailable' });
      const el = await kit.details(proxy, { session: 'cps_abc' });
      expect(total(el)).to.equal(undefined);
      expect(kit.visibleText(el)).to.not.contain('went wrong');
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilPayStep(el);
      expect(kit.visibleText(el)).to.contain('42.50');
    });

    it('is left out when the proxy cannot be reached for it', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('session', 0);
      const el = await kit.details(proxy, { session: 'cps_abc' });
      expect(total(el)).to.equal(undefined);
      expect(kit.submitButton(el).disabled).to.equal(false);
    });
  });

  describe('a session that can no longer be used', () => {
    it('is said at once, with no form and nothing to retry', async () => {
      const proxy = await kit.fakeProxy({ usedSessions: ['cps_used'] });
      const el = await kit.render({ proxy: proxy.url, session: 'cps_used' });
      await kit.untilErrorSaid(
        el,
        {
          code: 'session_invalid',
          message: 'The checkout session is unknown, already used or expired.',
        },
        USED,
      );
      expect(kit.heading(el)).to.equal('Something went wrong');
      expect(kit.form(el)).to.equal(null);
      expect(total(el)).to.equal(undefined);
      expect(buttons(el)).to.deep.equal([]);
      await expect(el).to.be.accessible();
    });

    it('is said in the customer’s language', async () => {
      const proxy = await kit.fakeProxy({ usedSessions: ['cps_used'] });
      const el = await kit.render({ proxy: proxy.url, session: 'cps_used', locale: 'fr' });
      await kit.untilText(
        el,
        'Ce lien de paiement a déjà été utilisé ou a expiré. Retournez à la boutique et recommencez.',
      );
    });

    it('is said too when only the create finds it out', async () => {
      const proxy = await kit.fakeProxy({ usedSessions: ['cps_used'] });
      await proxy.fail('session', 503, { error: 'Down.', code: 'upstream_unavailable' });
      const el = await kit.details(proxy, { session: 'cps_used' });
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilText(el, USED);
      expect(buttons(el)).to.deep.equal([]);
      expect(kit.visibleText(el)).to.not.contain('The checkout session is unknown');
    });
  });

  describe('resuming the checkout the session made', () => {
    it('shows the pay step after a reload, not the used session', async () => {
      const proxy = await kit.fakeProxy();
      const first = await kit.toPayStep(proxy, { session: 'cps_abc' });
      const link = kit
        .shadow(first)
        .querySelector('crypto-pay-payment-panel')
        ?.shadowRoot?.querySelector('a')?.href;
      first.remove();
      const again = await kit.render({ proxy: proxy.url, session: 'cps_abc' });
      await kit.untilText(again, 'Waiting for your payment.');
      expect(kit.heading(again)).to.equal('Pay');
      expect(kit.visibleText(again)).to.not.contain(USED);
      expect(
        kit.shadow(again).querySelector('crypto-pay-payment-panel')?.shadowRoot?.querySelector('a')
          ?.href,
      ).to.equal(link);
      expect(await proxy.requests('/api/checkouts', 'POST')).to.have.length(1);
      // Only the first element asked for the price: the used session is not looked at again.
      expect(await proxy.requests('/api/sessions/cps_abc')).to.have.length(1);
      await expect(again).to.be.accessible();
    });

    it('shows the pay step on a return page that names the checkout', async () => {
      const proxy = await kit.fakeProxy({ checkout: kit.aCheckout(), usedSessions: ['cps_abc'] });
      const el = await kit.render({
        proxy: proxy.url,
        session: 'cps_abc',
        checkout: kit.aCheckout().id,
      });
      await kit.untilText(el, 'Waiting for your payment.');
      expect(kit.heading(el)).to.equal('Pay');
      expect(await proxy.requests(/^\/api\/sessions\//)).to.have.length(0);
    });

    it('says the session is used when the customer starts again after it expired', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.toPayStep(proxy, { session: 'cps_abc' });
      await kit.waitUntil(async () => (await proxy.requests(/\/events$/)).length === 1);
      await proxy.setStatus('expired');
      await kit.untilHeading(el, 'Payment expired');
      [...(kit.result(el)?.querySelectorAll('button') ?? [])]
        .find((button) => button.textContent?.trim() === 'Start again')
        ?.click();
      await kit.untilText(el, USED);
      expect(kit.form(el)).to.equal(null);
    });
  });
});
