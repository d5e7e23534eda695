import { expect, fixture, html } from '@open-wc/testing';
import * as kit from '../../test/helpers.ts';
import { english as en } from '../../test/translations.ts';
import type CryptoPay from '../components/crypto-pay/crypto-pay.component.ts';
import { supportedLocale } from './locales.ts';
import { registerMessages } from './localize.ts';
import { plural } from './plural.ts';
import ar from './translations/ar.ts';
import ru from './translations/ru.ts';

const headings = {
  en: 'Your details',
  de: 'Ihre Angaben',
  es: 'Sus datos',
  fr: 'Vos informations',
  ar: 'بياناتك',
  fa: 'اطلاعات شما',
  he: 'הפרטים שלך',
  ja: 'お客様情報',
  'zh-Hant': '付款人資料',
  hi: 'आपकी जानकारी',
  ur: 'آپ کی تفصیلات',
  'pt-PT': 'Os seus dados',
};

describe('localization', () => {
  beforeEach(kit.clearStoredCheckouts);

  describe('counting', () => {
    it('counts fields in English, one and more', () => {
      expect(plural(en, en.formHasErrors, 1)).to.equal('One field needs your attention.');
      expect(plural(en, en.formHasErrors, 3)).to.equal('3 fields need your attention.');
    });

    it('counts fields in Arabic with the dual for two and the singular from eleven', () => {
      expect(plural(ar, ar.formHasErrors, 1)).to.equal('حقل واحد يحتاج إلى انتباهك.');
      expect(plural(ar, ar.formHasErrors, 2)).to.equal('حقلان يحتاجان إلى انتباهك.');
      expect(plural(ar, ar.formHasErrors, 3)).to.equal('3 حقول تحتاج إلى انتباهك.');
      expect(plural(ar, ar.formHasErrors, 11)).to.equal('11 حقلًا يحتاج إلى انتباهك.');
    });

    it('counts fields in Russian by the last digits (one, few, many)', () => {
      expect(plural(ru, ru.formHasErrors, 1)).to.equal('1 поле требует внимания.');
      expect(plural(ru, ru.formHasErrors, 3)).to.equal('3 поля требуют внимания.');
      expect(plural(ru, ru.formHasErrors, 5)).to.equal('5 полей требуют внимания.');
      expect(plural(ru, ru.formHasErrors, 21)).to.equal('21 поле требует внимания.');
    });
  });

  describe('choosing the language', () => {
    it('maps tags to supported locales, English for the rest', () => {
      const cases = {
        'de-AT': 'de',
        FR_ca: 'fr-CA',
        'ar-EG': 'ar',
        pt: 'pt-BR',
        'pt-BR': 'pt-BR',
        'pt-PT': 'pt-PT',
        'pt-AO': 'pt-PT',
        'pt-MZ': 'pt-PT',
        'pt-Latn-BR': 'pt-BR',
        'en-US': 'en',
        'en-CA': 'en',
        'en-GB': 'en-GB',
        'en-AU': 'en-GB',
        'en-IE': 'en-GB',
        'en-NZ': 'en-GB',
        'en-IN': 'en-GB',
        'en-150': 'en-GB',
        'en-DE': 'en-GB',
        'en-PH': 'en',
        'en-US-posix': 'en',
        es: 'es',
        'es-ES': 'es',
        'es-419': 'es-419',
        'es-MX': 'es-419',
        'es-AR': 'es-419',
        'es-CO': 'es-419',
        'es-US': 'es-419',
        'es-GQ': 'es',
        'fr-FR': 'fr',
        'fr-BE': 'fr',
        'fr-CA': 'fr-CA',
        'hi-IN': 'hi',
        'bn-BD': 'bn',
        'ur-PK': 'ur',
        'sw-KE': 'sw',
        'ca-ES-valencia': 'ca',
        'sr-RS': 'sr',
        'sr-Cyrl': 'sr',
        'sr-Latn-RS': 'sr',
        'bg-BG': 'bg',
        'cs-CZ': 'cs',
        'da-DK': 'da',
        'he-IL': 'he',
        iw: 'he',
        'in-ID': 'id',
        'fa-IR': 'fa',
        'ja-JP': 'ja',
        'ko-KR': 'ko',
        'uk-UA': 'uk',
        zh: 'zh-Hans',
        'zh-CN': 'zh-Hans',
        'zh-SG': 'zh-Hans',
        'zh-Hans-HK': 'zh-Hans',
        'zh-TW': 'zh-Hant',
        'zh-HK': 'zh-HK',
        'zh-MO': 'zh-HK',
        'zh-Hant-HK': 'zh-HK',
        'zh-Hans-MO': 'zh-Hans',
        'zh-Hant': 'zh-Hant',
        'zh-Hant-TW': 'zh-Hant',
        'sv-SE': 'sv',
        'nb-NO': 'nb',
        'no-NO': 'nb',
        nn: 'nb',
        'fil-PH': 'fil',
        tl: 'fil',
        'is-IS': 'en',
        '': 'en',
      };
      for (const [tag, locale] of Object.entries(cases)) {
        expect(supportedLocale(tag), tag).to.equal(locale);
      }
      expect(supportedLocale(undefined)).to.equal('en');
    });

    for (const [code, title] of Object.entries(headings)) {
      it(`speaks ${code} when the locale attribute says so`, async () => {
        const proxy = await kit.fakeProxy();
        const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: code });
        await kit.untilHeading(el, title);
        await kit.waitUntil(() => kit.form(el));
        expect(kit.shadow(el).querySelector('[part="base"]')?.getAttribute('lang')).to.equal(code);
        await expect(el).to.be.accessible();
      });
    }

    it('follows the lang of an ancestor, across shadow roots', async () => {
      const proxy = await kit.fakeProxy();
      const host = await fixture<HTMLDivElement>(html`<div lang="es"></div>`);
      const root = host.attachShadow({ mode: 'open' });
      const el = document.createElement('crypto-pay') as CryptoPay;
      el.setAttribute('proxy', proxy.url);
      el.setAttribute('product', 'tea-crate');
      root.append(el);
      await kit.untilHeading(el, 'Sus datos');
    });

    it('follows the page’s lang, also when it changes', async () => {
      const proxy = await kit.fakeProxy();
      const before = document.documentElement.lang;
      document.documentElement.lang = 'fr';
      try {
        const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
        await kit.untilHeading(el, 'Vos informations');
        document.documentElement.lang = 'de';
        await kit.untilHeading(el, 'Ihre Angaben');
      } finally {
        document.documentElement.lang = before;
      }
    });

    it('falls back to English for a language it does not speak', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: 'is-IS' });
      await kit.untilHeading(el, 'Your details');
      expect(kit.shadow(el).querySelector('[part="base"]')?.getAttribute('lang')).to.equal('en');
    });

    it('speaks British English to a page in Australian English, American to a Canadian one', async () => {
      const proxy = await kit.fakeProxy();
      const lang = (el: CryptoPay) =>
        kit.shadow(el).querySelector('[part="base"]')?.getAttribute('lang');
      const australian = await kit.render({
        proxy: proxy.url,
        product: 'tea-crate',
        locale: 'en-AU',
      });
      await kit.waitUntil(() => lang(australian) === 'en-GB', 'no British English');
      await kit.untilText(australian, 'Surname');
      const canadian = await kit.render({
        proxy: proxy.url,
        product: 'tea-crate',
        locale: 'en-CA',
      });
      await kit.untilHeading(canadian, 'Your details');
      await kit.untilText(canadian, 'Last name');
      expect(lang(canadian)).to.equal('en');
    });

    it('speaks Brazil’s Portuguese to a bare `pt`, Portugal’s to `pt-PT`', async () => {
      const proxy = await kit.fakeProxy();
      const brazil = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: 'pt' });
      await kit.untilHeading(brazil, 'Seus dados');
      const portugal = await kit.render({
        proxy: proxy.url,
        product: 'tea-crate',
        locale: 'pt-PT',
      });
      await kit.untilHeading(portugal, 'Os seus dados');
    });

    it('writes Hong Kong’s and Macau’s Chinese as Hong Kong does', async () => {
      const proxy = await kit.fakeProxy();
      for (const locale of ['zh-HK', 'zh-MO']) {
        const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale });
        await kit.waitUntil(
          () => kit.shadow(el).querySelector('[part="base"]')?.getAttribute('lang') === 'zh-HK',
          `${locale} is not zh-HK`,
        );
        await kit.untilHeading(el, '付款人資料');
        await kit.untilText(el, '電郵（選填）');
      }
    });

    it('writes Taiwan’s Chinese in traditional characters, mainland China’s in simplified', async () => {
      const proxy = await kit.fakeProxy();
      const taiwan = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: 'zh-TW' });
      await kit.untilHeading(taiwan, '付款人資料');
      expect(kit.shadow(taiwan).querySelector('[part="base"]')?.getAttribute('lang')).to.equal(
        'zh-Hant',
      );
      const china = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: 'zh-CN' });
      await kit.untilHeading(china, '付款人信息');
    });
  });

  describe('a merchant’s own messages', () => {
    it('replaces a message of a shipped language on every element', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: 'de' });
      await kit.untilHeading(el, 'Ihre Angaben');
      try {
        registerMessages('de', { detailsHeading: 'Wer zahlt?' });
        await kit.untilHeading(el, 'Wer zahlt?');
      } finally {
        registerMessages('de', { detailsHeading: 'Ihre Angaben' });
      }
    });

    it('adds a language, English where the merchant gave no message, also once it shows', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: 'is-IS' });
      await kit.untilHeading(el, 'Your details');
      registerMessages('is', { detailsHeading: 'Upplýsingar um þig' });
      await kit.untilHeading(el, 'Upplýsingar um þig');
      await kit.waitUntil(() => kit.form(el));
      expect(kit.shadow(el).querySelector('[part="base"]')?.getAttribute('lang')).to.equal('is');
      expect(kit.submitButton(el).textContent?.trim()).to.equal(en.submit);
    });

    it('serves messages registered for a regional English to that region only', async () => {
      const proxy = await kit.fakeProxy();
      registerMessages('en-IE', { detailsHeading: 'Your particulars' });
      const irish = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: 'en-IE' });
      await kit.untilHeading(irish, 'Your particulars');
      await kit.waitUntil(() => kit.form(irish));
      expect(kit.submitButton(irish).textContent?.trim()).to.equal(en.submit);
      const american = await kit.render({
        proxy: proxy.url,
        product: 'tea-crate',
        locale: 'en-US',
      });
      await kit.untilHeading(american, 'Your details');
    });
  });

  describe('a merchant’s own American English', () => {
    it('serves messages registered for en-US to en-US pages, not to plain English ones', async () => {
      const proxy = await kit.fakeProxy();
      registerMessages('en-US', { detailsHeading: 'Who is paying, please' });
      try {
        const american = await kit.render({
          proxy: proxy.url,
          product: 'tea-crate',
          locale: 'en-US',
        });
        await kit.untilHeading(american, 'Who is paying, please');
        const plain = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: 'en' });
        await kit.untilHeading(plain, 'Your details');
      } finally {
        registerMessages('en-US', { detailsHeading: 'Your details' });
      }
    });
  });

  describe('right to left', () => {
    it('lays Urdu out right to left', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: 'ur-PK' });
      await kit.untilHeading(el, 'آپ کی تفصیلات');
      await kit.waitUntil(() => kit.form(el));
      expect(kit.shadow(el).querySelector('[part="base"]')?.getAttribute('dir')).to.equal('rtl');
      expect(getComputedStyle(kit.field(el, 'first_name')).direction).to.equal('rtl');
    });

    it('lays Arabic out right to left', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: 'ar' });
      await kit.untilHeading(el, 'بياناتك');
      const base = kit.shadow(el).querySelector('[part="base"]') as HTMLElement;
      expect(base.getAttribute('dir')).to.equal('rtl');
      await kit.waitUntil(() => kit.form(el));
      expect(getComputedStyle(kit.field(el, 'first_name')).direction).to.equal('rtl');
    });
  });

  describe('numbers, dates and countries', () => {
    it('writes amounts in the locale’s marks, keeping every digit', async () => {
      const openAmount = { min: '0.000000000000000001', max: '9999999', currencies: ['EUR'] };
      const proxy = await kit.fakeProxy({ openAmount });
      const el = await kit.render({
        proxy: proxy.url,
        amount: '1234567.123456789012345678',
        currency: 'EUR',
        locale: 'de',
      });
      await kit.untilHeading(el, 'Ihre Angaben');
      await kit.waitUntil(() => kit.form(el));
      expect(kit.shadow(el).querySelector('[part="total"]')?.textContent).to.contain(
        '1.234.567,123456789012345678 EUR',
      );
    });

    it('groups amounts in Hindi the Indian way, two digits left of the last three', async () => {
      const openAmount = { min: '0.01', max: '99999999', currencies: ['INR'] };
      const proxy = await kit.fakeProxy({ openAmount });
      const el = await kit.render({
        proxy: proxy.url,
        amount: '1234567.89',
        currency: 'INR',
        locale: 'hi-IN',
      });
      await kit.untilHeading(el, 'आपकी जानकारी');
      await kit.waitUntil(() => kit.form(el));
      expect(kit.shadow(el).querySelector('[part="total"]')?.textContent).to.contain(
        '12,34,567.89 INR',
      );
    });

    it('names countries in the customer’s language', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: 'de' });
      await kit.untilHeading(el, 'Ihre Angaben');
      await kit.waitUntil(() => kit.form(el));
      await kit.chooseSenderType(el, 'legal');
      await kit.waitUntil(
        () => kit.field<HTMLSelectElement>(el, 'country_of_registration').options.length,
      );
      const select = kit.field<HTMLSelectElement>(el, 'country_of_registration');
      const germany = [...select.options].find((option) => option.value === 'DEU');
      expect(germany?.text.trim()).to.equal('Deutschland');
      expect(kit.heading(el)).to.equal('Ihre Angaben');
    });
  });
});
