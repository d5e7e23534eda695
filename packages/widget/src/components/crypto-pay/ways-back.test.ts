import { expect, oneEvent } from '@open-wc/testing';
import * as kit from '../../../test/helpers.ts';
import type CryptoPay from './crypto-pay.component.ts';

/** The pay step's ways back, in `<crypto-pay>`'s own shadow root under the panel. */
const action = (el: CryptoPay, part: 'other-currency-button' | 'cancel-button') =>
  kit.shadow(el).querySelector<HTMLButtonElement>(`[part="${part}"]`);

const storedCheckouts = () =>
  Object.keys(sessionStorage).filter((key) => key.startsWith('crypto-pay:checkout:'));

const chosenCurrency = (el: CryptoPay) =>
  kit
    .picker(el)
    ?.shadowRoot?.querySelector<HTMLInputElement>('input:checked')
    ?.parentElement?.textContent?.trim();

const OLD_ID = `chk_0001${'x'.repeat(22)}`;

/** The element's events of these names, as heard from now on. */
function hear(el: CryptoPay, ...names: string[]): string[] {
  const heard: string[] = [];
  for (const name of names) el.addEventListener(name, () => heard.push(name));
  return heard;
}

/**
 * Moves the old checkout to `paid` and waits until another element following it has seen so:
 * by then a stream or poll of `el`'s, had it kept one, would have told `el` too.
 */
async function paidElsewhere(proxy: kit.FakeProxy): Promise<void> {
  await proxy.setStatus('paid', OLD_ID);
  const witness = await kit.render({ proxy: proxy.url, checkout: OLD_ID });
  await kit.untilHeading(witness, 'Payment complete');
  witness.remove();
}

/** Details filled in, BTC chosen, Continue: the pay step of checkout `chk_0001…`. */
async function payingInBitcoin(proxy: kit.FakeProxy, attributes?: Record<string, string>) {
  const el = await kit.details(proxy, attributes);
  await kit.fillPerson(el);
  await kit.type(el, 'email', kit.SENDER_EMAIL);
  await kit.chooseCurrency(el, 'BTC on Bitcoin');
  kit.submitButton(el).focus();
  kit.submitButton(el).click();
  await kit.untilPayStep(el);
  await kit.waitUntil(() => action(el, 'cancel-button'), 'no Cancel on the pay step');
  return el;
}

describe('<crypto-pay> pay step’s ways back', () => {
  beforeEach(kit.clearStoredCheckouts);

  it('is accessible, and neither action looks like the main one', async () => {
    const el = await payingInBitcoin(await kit.fakeProxy());
    await expect(el).to.be.accessible();
    for (const part of ['other-currency-button', 'cancel-button'] as const) {
      const button = action(el, part)!;
      expect(button.type, part).to.equal('button');
      expect(button.classList.contains('primary'), part).to.equal(false);
    }
    expect(action(el, 'other-currency-button')!.textContent?.trim()).to.equal(
      'Choose another currency',
    );
    expect(action(el, 'cancel-button')!.textContent?.trim()).to.equal('Cancel payment');
  });

  describe('“Choose another currency”', () => {
    it('goes back to the form as the customer left it, focus on the currency choice', async () => {
      const proxy = await kit.fakeProxy();
      const el = await payingInBitcoin(proxy);
      expect(storedCheckouts()).to.have.length(1);
      const heard = hear(el, 'crypto-pay-ready');
      const configReads = (await proxy.requests('/api/config')).length;
      action(el, 'other-currency-button')!.focus();
      action(el, 'other-currency-button')!.click();
      await kit.untilHeading(el, 'Your details');
      // Where the customer came back for, no scrolling up a phone's screen to find it.
      await kit.waitUntil(
        () => kit.picker(el)?.shadowRoot?.activeElement?.matches('input:checked'),
        'focus is not on the chosen currency',
      );
      expect(kit.field(el, 'first_name').value).to.equal(kit.SENDER.sender_data.first_name);
      expect(kit.field(el, 'last_name').value).to.equal(kit.SENDER.sender_data.last_name);
      const [year, month, day] = kit.SENDER.sender_data.date_of_birth.split('-');
      expect(kit.dateParts(el)).to.deep.equal({ day, month, year });
      expect(kit.field(el, 'email').value).to.equal(kit.SENDER_EMAIL);
      expect(chosenCurrency(el)).to.equal('BTC on Bitcoin');
      expect(storedCheckouts(), 'a reload would bring the old checkout back').to.deep.equal([]);
      // The configuration loaded once is kept: no second read, the page told once it was ready.
      expect(await proxy.requests('/api/config')).to.have.length(configReads);
      expect(heard).to.deep.equal([]);
    });

    it('hears the old checkout no more: paid anyway, it neither tells the page nor leaves', async () => {
      const proxy = await kit.fakeProxy();
      const el = await payingInBitcoin(proxy);
      action(el, 'other-currency-button')!.click();
      await kit.untilHeading(el, 'Your details');
      const heard = hear(el, 'crypto-pay-status', 'crypto-pay-success');
      const navigated = kit.navigations.length;
      await paidElsewhere(proxy);
      expect(heard).to.deep.equal([]);
      expect(kit.navigations).to.have.length(navigated);
      expect(kit.heading(el)).to.equal('Your details');
      expect(kit.form(el)?.hidden, 'the form is out of sight').to.equal(false);
    });

    it('makes a new checkout on Continue, in the currency chosen then', async () => {
      const proxy = await kit.fakeProxy();
      const el = await payingInBitcoin(proxy);
      action(el, 'other-currency-button')!.click();
      await kit.untilHeading(el, 'Your details');
      await kit.chooseCurrency(el, 'USDT on Tron');
      setTimeout(() => kit.submitButton(el).click());
      const created = await oneEvent(el, 'crypto-pay-created');
      await kit.untilPayStep(el);
      const creates = await proxy.requests('/api/checkouts', 'POST');
      expect(creates).to.have.length(2);
      expect(creates[1]?.body?.payment_currency).to.deep.equal({
        iso: 'USDT',
        network_name: 'tron',
      });
      // Another key: the proxy would otherwise answer with the first checkout again.
      expect(creates[1]?.headers['idempotency-key']).to.not.equal(
        creates[0]?.headers['idempotency-key'],
      );
      expect(created.detail.id).to.match(/^chk_0002/);
      expect(Object.values(sessionStorage)).to.include(created.detail.id);
    });

    it('is not offered for a session, which its first checkout used up', async () => {
      const el = await payingInBitcoin(await kit.fakeProxy(), { session: 'sess_abc' });
      expect(action(el, 'other-currency-button') === null, 'other-currency-button').to.equal(true);
      expect(action(el, 'cancel-button') === null, 'cancel-button').to.equal(false);
    });
  });

  describe('“Cancel”', () => {
    it('tells the page with crypto-pay-cancel, carrying the checkout’s id only', async () => {
      const el = await payingInBitcoin(await kit.fakeProxy());
      setTimeout(() => action(el, 'cancel-button')!.click());
      const event = await oneEvent(el, 'crypto-pay-cancel');
      expect(event.detail).to.deep.equal({ id: OLD_ID });
      expect(event.bubbles && event.composed).to.equal(true);
    });

    it('starts afresh: an empty form, focus on its heading, and no checkout kept', async () => {
      const proxy = await kit.fakeProxy();
      const el = await payingInBitcoin(proxy);
      action(el, 'cancel-button')!.focus();
      action(el, 'cancel-button')!.click();
      await kit.untilHeading(el, 'Your details');
      expect(kit.shadow(el).activeElement?.matches('[part="heading"]')).to.equal(true);
      await kit.waitUntil(() => kit.form(el), 'no form');
      expect(kit.field(el, 'first_name').value).to.equal('');
      expect(kit.field(el, 'email').value).to.equal('');
      expect(chosenCurrency(el)).to.equal('Choose on the payment page');
      expect(storedCheckouts()).to.deep.equal([]);
      expect(await proxy.requests('/api/config'), 'the configuration read again').to.have.length(1);
      // As a reload would: a new element finds no checkout to resume, and asks for none.
      const reads = (await proxy.requests(/^\/api\/checkouts\/chk_/)).length;
      const again = await kit.details(proxy);
      expect(kit.heading(again)).to.equal('Your details');
      expect(await proxy.requests(/^\/api\/checkouts\/chk_/)).to.have.length(reads);
    });

    describe('with a session', () => {
      it('says the payment was cancelled and to start again from the shop, and stops there', async () => {
        const proxy = await kit.fakeProxy();
        const el = await payingInBitcoin(proxy, { session: 'sess_abc' });
        const heard = hear(el, 'crypto-pay-ready', 'crypto-pay-error', 'crypto-pay-success');
        action(el, 'cancel-button')!.focus();
        setTimeout(() => action(el, 'cancel-button')!.click());
        expect((await oneEvent(el, 'crypto-pay-cancel')).detail).to.deep.equal({ id: OLD_ID });
        await kit.waitUntil(
          () =>
            kit.shadow(el).querySelector('[part="message"]')?.textContent?.trim() ===
            'You cancelled this payment. To pay, go back to the shop and start again.',
          'no word of the cancelled payment',
        );
        await kit.waitUntil(
          () => kit.shadow(el).activeElement?.matches('[part="heading"]'),
          'focus is lost with the button pressed',
        );
        await expect(el).to.be.accessible();
        expect(action(el, 'cancel-button') === null, 'Cancel still offered').to.equal(true);
        // No form to fill in for a refusal: the used session would be refused.
        expect(kit.form(el)?.hidden ?? true, 'the form shows').to.equal(true);
        expect(storedCheckouts()).to.deep.equal([]);
        // Paid anyway: the page is not taken to the shop's success address from here.
        const navigated = kit.navigations.length;
        await paidElsewhere(proxy);
        expect(kit.navigations).to.have.length(navigated);
        expect(heard).to.deep.equal([]);
        expect(await proxy.requests('/api/config')).to.have.length(1);
      });
    });
  });

  it('is offered only while the checkout waits: not once a payment is on its way', async () => {
    const proxy = await kit.fakeProxy();
    const el = await payingInBitcoin(proxy);
    await proxy.setStatus('processing');
    await kit.waitUntil(() => action(el, 'cancel-button') === null, 'Cancel offered in processing');
    expect(action(el, 'other-currency-button') === null, 'another currency offered').to.equal(true);
    expect(kit.heading(el)).to.equal('Pay');
  });

  it('offers no way back on a return page, which has no price to start again with', async () => {
    const proxy = await kit.fakeProxy({
      checkout: kit.aCheckout({ id: 'chk_returned_00000000000000000' }),
    });
    const el = await kit.render({ proxy: proxy.url, checkout: 'chk_returned_00000000000000000' });
    await kit.untilPayStep(el);
    expect(action(el, 'other-currency-button') === null, 'other-currency-button').to.equal(true);
    expect(action(el, 'cancel-button') === null, 'cancel-button').to.equal(true);
  });
});
