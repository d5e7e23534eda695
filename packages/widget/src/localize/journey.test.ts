/**
 * The customer's whole journey in every shipped language, read as a customer would: the form
 * (with its mistakes, as a person and as a company), the pay step, and each ending, with no
 * English message left on the screen or in what a screen reader says.
 */
import { expect } from '@open-wc/testing';
import {
  aCheckout,
  amountChoice,
  chooseSenderType,
  clearStoredCheckouts,
  type FakeProxy,
  fakeProxy,
  field,
  fillPerson,
  form,
  heading,
  panel,
  render,
  shadow,
  submitButton,
  typeAmount,
  untilHeading,
  untilText,
  waitUntil,
} from '../../test/helpers.ts';
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
  clearStoredCheckouts();
  const proxy: FakeProxy = await fakeProxy({ checkout: aCheckout({ status }) });
  const el = await render({ proxy: proxy.url, checkout: aCheckout().id, locale: t.$code });
  await untilHeading(el, status === 'paid' ? t.successHeading : t.expiredHeading);
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
  beforeEach(clearStoredCheckouts);

  it('finds English where it is left: an English page read as German', async () => {
    const proxy = await fakeProxy();
    const el = await render({ proxy: proxy.url, product: 'tea-crate', locale: 'en' });
    await untilHeading(el, 'Your details');
    await waitUntil(() => form(el), 'no form');
    const left = englishLeft(el, await load('de'));
    expect(left).to.include('detailsHeading: "Your details"');
    expect(left).to.include('submit: "Continue to payment"');
  });

  for (const code of SUPPORTED_LOCALES.filter((locale) => locale !== 'en')) {
    it(`${code}: the form, its mistakes, the pay step and a failure, with no English left`, async () => {
      const t = await load(code);
      const proxy = await fakeProxy();
      const el = await render({ proxy: proxy.url, product: 'tea-crate', locale: code });
      await untilHeading(el, t.detailsHeading);
      await waitUntil(() => form(el), 'no form');
      const base = shadow(el).querySelector('[part="base"]');
      expect(base?.getAttribute('lang')).to.equal(code);
      expect(base?.getAttribute('dir')).to.equal(t.$dir);

      // The form's mistakes, counted in the language's plural.
      submitButton(el).click();
      await untilText(el, plural(t, t.formHasErrors, 3));
      expectNoEnglish(el, t, 'the form with its mistakes');

      await chooseSenderType(el, 'legal');
      await waitUntil(() => field<HTMLSelectElement>(el, 'country_of_registration').options.length);
      expectNoEnglish(el, t, 'the company form');

      await chooseSenderType(el, 'natural');
      await fillPerson(el);
      submitButton(el).click();
      await untilHeading(el, t.payHeading);
      await waitUntil(() => panel(el)?.shadowRoot?.querySelector('svg[part="qr"]'), 'no QR code');
      expectNoEnglish(el, t, 'the pay step');

      await proxy.setStatus('processing');
      await untilText(el, t.statusProcessing);
      expectNoEnglish(el, t, 'the pay step, currency chosen');

      await proxy.setStatus('failed');
      await untilHeading(el, t.failedHeading);
      expectNoEnglish(el, t, 'a failed payment');
    });

    it(`${code}: a donation, the amount's mistakes and a refusal at its field, with no English left`, async () => {
      const t = await load(code);
      const proxy = await fakeProxy();
      const refusal = { error: 'The maximum amount is 100.00 EUR.', field: 'amount' };
      await proxy.fail('create', 422, { ...refusal, code: 'amount_above_maximum' });
      const el = await render({ proxy: proxy.url, currency: 'EUR', amounts: '5 20', locale: code });
      await untilHeading(el, t.detailsHeading);
      await waitUntil(() => amountChoice(el)?.shadowRoot?.querySelector('input'), 'no choice');
      expectNoEnglish(el, t, 'the amount choice');

      await typeAmount(el, '12.505');
      await untilText(el, t.amountFormat('1.00', false));
      expectNoEnglish(el, t, 'an amount written otherwise');

      await typeAmount(el, '250');
      await fillPerson(el);
      submitButton(el).click();
      await untilText(el, t.amountNotAccepted);
      expectNoEnglish(el, t, 'an amount the proxy refused');
    });

    it(`${code}: a payment complete, expired, and the service down, with no English left`, async () => {
      const t = await load(code);
      expectNoEnglish(await ending(t, 'paid'), t, 'a payment complete');
      expectNoEnglish(await ending(t, 'expired'), t, 'an expired payment');

      const down = await fakeProxy();
      await down.fail('config', 503);
      const error = await render({ proxy: down.url, product: 'tea-crate', locale: code });
      await untilHeading(error, t.errorHeading);
      expectNoEnglish(error, t, 'the service unavailable');
      expect(heading(error)).to.equal(t.errorHeading);
    });
  }
});
