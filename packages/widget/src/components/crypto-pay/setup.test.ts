import { expect } from '@open-wc/testing';
import * as kit from '../../../test/helpers.ts';
import type CryptoPay from './crypto-pay.component.ts';

const buttons = (el: CryptoPay) =>
  [...(kit.result(el)?.querySelectorAll('button') ?? [])].map((button) =>
    button.textContent?.trim(),
  );

const NOT_SET_UP = "This shop's payment page is not set up correctly. Please tell the shop.";

describe('<crypto-pay> setup the page must get right', () => {
  beforeEach(kit.clearStoredCheckouts);

  describe('without a price', () => {
    it('says the checkout is not set up, shows no form, and tells the page', async () => {
      const errors = kit.errorEvents();
      const proxy = await kit.fakeProxy();
      const el = await kit.render({ proxy: proxy.url });
      await kit.untilText(el, NOT_SET_UP);
      expect(kit.heading(el)).to.equal('Something went wrong');
      expect(kit.form(el)?.tagName ?? 'none').to.equal('none');
      expect(buttons(el)).to.deep.equal([]);
      expect(errors).to.deep.include({
        code: 'price_missing',
        message: 'The product, session or amount attribute is missing.',
      });
      expect(await proxy.requests('/api/config')).to.have.length(0);
      await expect(el).to.be.accessible();
    });

    it('counts an amount without its currency as no price', async () => {
      const el = await kit.render({ proxy: (await kit.fakeProxy()).url, amount: '20.00' });
      await kit.untilText(el, NOT_SET_UP);
      expect(kit.form(el)?.tagName ?? 'none').to.equal('none');
    });

    it('shows the form once a framework sets the price after the first render', async () => {
      const el = await kit.render({ proxy: (await kit.fakeProxy()).url });
      await kit.untilText(el, NOT_SET_UP);
      el.product = 'tea-crate';
      await kit.untilHeading(el, 'Your details');
    });
  });

  describe('a return page (a checkout, no price)', () => {
    it('says only that an unknown checkout was not found, with nothing to start', async () => {
      const el = await kit.render({ proxy: (await kit.fakeProxy()).url, checkout: 'chk_gone' });
      await kit.untilText(el, 'We could not find this payment.');
      expect(kit.visibleText(el)).to.not.contain('start a new one');
      expect(buttons(el)).to.deep.equal([]);
    });
  });

  describe('a used or expired session refused at create', () => {
    it('offers neither Back nor Try again: the form would meet the same refusal', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('create', 422, {
        error: 'The checkout session is unknown, already used or expired.',
        code: 'session_invalid',
        field: 'session',
      });
      const el = await kit.details(proxy, { session: 'cps_spent' });
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilText(el, 'This payment link has already been used or has expired.');
      expect(buttons(el)).to.deep.equal([]);
    });
  });

  describe('an open amount (amount and currency)', () => {
    it('shows the form and the total for an amount within the bounds', async () => {
      const el = await kit.details(await kit.fakeProxy(), { amount: '500.00', currency: 'USD' });
      expect(kit.visibleText(el)).to.contain('Total 500.00 USD');
    });

    it('shows the total in the places the proxy charges it in', async () => {
      const el = await kit.details(await kit.fakeProxy(), { amount: '12.5', currency: 'EUR' });
      expect(kit.visibleText(el)).to.contain('Total 12.50 EUR');
    });

    for (const [amount, why] of [
      ['500.01', 'above the maximum'],
      ['0.99', 'below the minimum'],
      ['-5.00', 'a negative amount'],
    ] as const) {
      it(`says the bounds instead of the form for ${why}`, async () => {
        const errors = kit.errorEvents();
        const el = await kit.render({
          proxy: (await kit.fakeProxy()).url,
          amount,
          currency: 'EUR',
        });
        await kit.untilText(el, 'Choose an amount between 1.00 and 500.00 EUR.');
        expect(kit.heading(el)).to.equal('Check the amount');
        expect(kit.form(el)?.tagName ?? 'none').to.equal('none');
        expect(kit.visibleText(el)).to.not.contain('Total');
        expect(errors).to.deep.include({
          code: 'amount_invalid',
          message: 'The amount is outside open_amount.',
        });
      });
    }

    for (const [amount, why] of [
      ['20,50', 'a comma for the decimal mark'],
      ['12.505', 'more decimals than the bounds'],
      ['1e2', 'an exponent'],
      ['20 €', 'a currency sign'],
    ] as const) {
      // The bounds would not help: 20,50 is within them, written otherwise.
      it(`says how to write the amount for ${why}`, async () => {
        const errors = kit.errorEvents();
        const el = await kit.render({
          proxy: (await kit.fakeProxy()).url,
          amount,
          currency: 'EUR',
        });
        await kit.untilText(
          el,
          'Write the amount in figures with a point before the decimals, like 1.00.',
        );
        expect(kit.heading(el)).to.equal('Check the amount');
        expect(kit.form(el)?.tagName ?? 'none').to.equal('none');
        expect(errors).to.deep.include({
          code: 'amount_invalid',
          message: 'The amount is not a decimal string with at most 2 decimal places.',
        });
      });
    }

    it('tells the page again when a refused amount is refused for another reason', async () => {
      const errors = kit.errorEvents();
      const el = await kit.render({
        proxy: (await kit.fakeProxy()).url,
        amount: '20,50',
        currency: 'EUR',
      });
      await kit.untilText(el, 'Write the amount in figures');
      el.setAttribute('amount', '600');
      await kit.untilText(el, 'Choose an amount between 1.00 and 500.00 EUR.');
      expect(errors).to.deep.equal([
        {
          code: 'amount_invalid',
          message: 'The amount is not a decimal string with at most 2 decimal places.',
        },
        { code: 'amount_invalid', message: 'The amount is outside open_amount.' },
      ]);
    });

    it('says how to write a whole amount, in the customer’s language', async () => {
      const proxy = await kit.fakeProxy({
        config: {
          payment_currencies: [],
          products: {},
          open_amount: { min: '5', max: '1000', currencies: ['EUR'] },
          sessions: true,
        },
      });
      const el = await kit.render({
        proxy: proxy.url,
        amount: '20.5',
        currency: 'EUR',
        locale: 'de',
      });
      await kit.untilText(el, 'Geben Sie den Betrag als ganze Zahl an, zum Beispiel 5.');
      expect(kit.heading(el)).to.equal('Betrag prüfen');
    });

    it('says the bounds in the customer’s language and number format', async () => {
      const el = await kit.render({
        proxy: (await kit.fakeProxy()).url,
        amount: '1000',
        currency: 'EUR',
        locale: 'de',
      });
      await kit.untilText(el, 'Wählen Sie einen Betrag zwischen 1,00 und 500,00 EUR.');
      expect(kit.heading(el)).to.equal('Betrag prüfen');
    });

    it('shows the form once the page sets an amount within the bounds', async () => {
      const el = await kit.render({
        proxy: (await kit.fakeProxy()).url,
        amount: '900',
        currency: 'EUR',
      });
      await kit.untilText(el, 'Choose an amount between');
      el.setAttribute('amount', '20.50');
      await kit.untilHeading(el, 'Your details');
      await kit.waitUntil(() => kit.visibleText(el).includes('Total 20.50 EUR'));
    });

    it('says the checkout is not set up for a currency the proxy does not take', async () => {
      const errors = kit.errorEvents();
      const el = await kit.render({
        proxy: (await kit.fakeProxy()).url,
        amount: '20.00',
        currency: 'GBP',
      });
      await kit.untilText(el, NOT_SET_UP);
      expect(errors).to.deep.include({
        code: 'amount_invalid',
        message: 'The proxy takes no open amount in this currency.',
      });
    });

    it('says the checkout is not set up when the proxy takes no open amounts', async () => {
      const proxy = await kit.fakeProxy({
        config: { payment_currencies: [], products: {}, open_amount: null, sessions: true },
      });
      const el = await kit.render({ proxy: proxy.url, amount: '20.00', currency: 'EUR' });
      await kit.untilText(el, NOT_SET_UP);
      expect(kit.form(el)?.tagName ?? 'none').to.equal('none');
    });
  });
});
