/**
 * The customer's whole journey in every shipped language, read as a customer would: the form
 * (with its mistakes, as a person and as a company), the pay step, and each ending, with no
 * English message left on the screen or in what a screen reader says.
 */
import { expect } from '@open-wc/testing';
import * as kit from '../../test/helpers.ts';
import { englishLeft, load } from '../../test/translations.ts';
import type CryptoPay from '../components/crypto-pay/crypto-pay.component.ts';
import { SUPPORTED_LOCALES } from './locales.ts';
import { plural } from './plural.ts';
import type { Translation } from './translation.ts';

/** Fails with every English text the element shows at this step. */
function expectNoEnglish(el: CryptoPay, t: Translation, step: string): void {
  expect(englishLeft(el, t), `${t.$code}, ${step}`).to.deep.equal([]);
}

/** An element resuming a checkout the proxy already holds, at its end view. */
async function ending(t: Translation, status: 'paid' | 'expired'): Promise<CryptoPay> {
  kit.clearStoredCheckouts();
  const proxy: kit.FakeProxy = await kit.fakeProxy({ checkout: kit.aCheckout({ status }) });
  const el = await kit.render({ proxy: proxy.url, checkout: kit.aCheckout().id, locale: t.$code });
  await kit.untilHeading(el, status === 'paid' ? t.successHeading : t.expiredHeading);
  return el;
}

describe('every language, the whole journey', () => {
  // The chunks every journey loads, compiled by the test server once up front, one at a time
  // (a burst of two dozen module graphs at once on a loaded machine once failed a fetch).
  before(async () => {
    await import('../components/sender-form/sender-rules.ts');
    await import('../components/payment-panel/payment-panel.ts');
    for (const code of SUPPORTED_LOCALES) await load(code);
  });
  beforeEach(kit.clearStoredCheckouts);

  it('finds English where it is left: an English page read as German', async () => {
    const proxy = await kit.fakeProxy();
    const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: 'en' });
    await kit.untilHeading(el, 'Your details');
    await kit.waitUntil(() => kit.form(el), 'no form');
    const left = englishLeft(el, await load('de'));
    expect(left).to.include('detailsHeading: "Your details"');
    expect(left).to.include('submit: "Continue to payment"');
  });

  for (const code of SUPPORTED_LOCALES.filter((locale) => locale !== 'en')) {
    it(`${code}: the form, its mistakes, the pay step and a failure, with no English left`, async () => {
      const t = await load(code);
      const proxy = await kit.fakeProxy();
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: code });
      await kit.untilHeading(el, t.detailsHeading);
      await kit.waitUntil(() => kit.form(el), 'no form');
      const base = kit.shadow(el).querySelector('[part="base"]');
      expect(base?.getAttribute('lang')).to.equal(code);
      expect(base?.getAttribute('dir')).to.equal(t.$dir);

      // The form's mistakes, counted in the language's plural.
      kit.submitButton(el).click();
      await kit.untilText(el, plural(t, t.formHasErrors, 3));
      expectNoEnglish(el, t, 'the form with its mistakes');

      await kit.chooseSenderType(el, 'legal');
      await kit.waitUntil(
        () => kit.field<HTMLSelectElement>(el, 'country_of_registration').options.length,
      );
      expectNoEnglish(el, t, 'the company form');

      await kit.chooseSenderType(el, 'natural');
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilHeading(el, t.payHeading);
      await kit.waitUntil(
        () => kit.panel(el)?.shadowRoot?.querySelector('svg[part="qr"]'),
        'no QR code',
      );
      expectNoEnglish(el, t, 'the pay step');

      await proxy.setStatus('processing');
      await kit.untilText(el, t.statusProcessing);
      expectNoEnglish(el, t, 'the pay step, currency chosen');

      await proxy.setStatus('failed');
      await kit.untilHeading(el, t.failedHeading);
      expectNoEnglish(el, t, 'a failed payment');
    });

    it(`${code}: a donation, the amount's mistakes and a refusal at its field, with no English left`, async () => {
      const t = await load(code);
      const proxy = await kit.fakeProxy();
      const refusal = { error: 'The maximum amount is 100.00 EUR.', field: 'amount' };
      await proxy.fail('create', 422, { ...refusal, code: 'amount_above_maximum' });
      const el = await kit.render({
        proxy: proxy.url,
        currency: 'EUR',
        amounts: '5 20',
        locale: code,
      });
      await kit.untilHeading(el, t.detailsHeading);
      await kit.waitUntil(
        () => kit.amountChoice(el)?.shadowRoot?.querySelector('input'),
        'no choice',
      );
      expectNoEnglish(el, t, 'the amount choice');

      await kit.typeAmount(el, '12.505');
      await kit.untilText(el, t.amountFormat('1.00', false));
      expectNoEnglish(el, t, 'an amount written otherwise');

      await kit.typeAmount(el, '250');
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilText(el, t.amountNotAccepted);
      expectNoEnglish(el, t, 'an amount the proxy refused');
    });

    it(`${code}: a payment complete, expired, and the service down, with no English left`, async () => {
      const t = await load(code);
      expectNoEnglish(await ending(t, 'paid'), t, 'a payment complete');
      expectNoEnglish(await ending(t, 'expired'), t, 'an expired payment');

      const down = await kit.fakeProxy();
      await down.fail('config', 503);
      const error = await kit.render({ proxy: down.url, product: 'tea-crate', locale: code });
      await kit.untilHeading(error, t.errorHeading);
      expectNoEnglish(error, t, 'the service unavailable');
      expect(kit.heading(error)).to.equal(t.errorHeading);
    });
  }
});
