import { expect, fixture, html } from '@open-wc/testing';
import {
  chooseSenderType,
  clearStoredCheckouts,
  fakeProxy,
  field,
  form,
  heading,
  render,
  shadow,
  untilHeading,
  waitUntil,
} from '../../test/helpers.ts';
import type CryptoPay from '../components/crypto-pay/crypto-pay.component.ts';
import { formatAmount } from '../utilities/format.ts';
import { supportedLocale } from './localize.ts';
import type { Translation } from './translation.ts';
import ar from './translations/ar.ts';
import de from './translations/de.ts';
import en from './translations/en.ts';
import es from './translations/es.ts';
import fr from './translations/fr.ts';

/** Every term of a translation as a flat list of [path, text], calling the functions. */
function terms(translation: Translation): [string, string][] {
  return Object.entries(translation).flatMap(([key, value]): [string, string][] => {
    if (typeof value === 'function') return [[key, String(value('A', 'B'))]];
    if (typeof value === 'object') {
      return Object.entries(value).map(([inner, text]) => [`${key}.${inner}`, String(text)]);
    }
    return [[key, String(value)]];
  });
}

const headings = {
  en: 'Your details',
  de: 'Ihre Angaben',
  es: 'Sus datos',
  fr: 'Vos informations',
  ar: 'بياناتك',
};

describe('localization', () => {
  beforeEach(clearStoredCheckouts);

  describe('the translations', () => {
    for (const translation of [de, es, fr, ar]) {
      it(`${translation.$code} has every English term, none empty, none left in English`, () => {
        const english = new Map(terms(en));
        const own = terms(translation);
        expect(own.map(([key]) => key)).to.deep.equal([...english.keys()]);
        for (const [key, text] of own) {
          // Number marks are checked against CLDR below; French groups with a narrow space.
          if (key === '$decimal' || key === '$group' || key === '$minimumGroupingDigits') continue;
          expect(text.trim(), key).to.not.equal('');
          if (!['$dir', 'amountWithCurrency', 'orderTotal'].includes(key)) {
            expect(text, `${translation.$code} ${key} is still English`).to.not.equal(
              english.get(key),
            );
          }
        }
      });
    }
  });

  it('counts fields in Arabic with the dual for two', () => {
    expect(ar.formHasErrors(1)).to.equal('حقل واحد يحتاج إلى انتباهك.');
    expect(ar.formHasErrors(2)).to.equal('حقلان يحتاجان إلى انتباهك.');
    expect(ar.formHasErrors(3)).to.equal('3 حقول تحتاج إلى انتباهك.');
  });

  describe('number marks', () => {
    for (const translation of [en, de, es, fr, ar]) {
      it(`${translation.$code} writes numbers with the marks CLDR gives it (Intl, Latin digits)`, () => {
        const parts = new Intl.NumberFormat(translation.$code, {
          numberingSystem: 'latn',
        }).formatToParts(12345678.5);
        expect(translation.$decimal).to.equal(parts.find((part) => part.type === 'decimal')?.value);
        expect(translation.$group).to.equal(parts.find((part) => part.type === 'group')?.value);
        // Whole amounts as CLDR writes them, grouping from the right length on.
        const cldr = new Intl.NumberFormat(translation.$code, { numberingSystem: 'latn' });
        for (const amount of ['123', '1234', '12345', '1234567']) {
          expect(formatAmount(amount, translation), amount).to.equal(cldr.format(BigInt(amount)));
        }
      });
    }
  });

  describe('choosing the language', () => {
    it('maps tags to supported locales, English for the rest', () => {
      expect(supportedLocale('de-AT')).to.equal('de');
      expect(supportedLocale('FR_ca')).to.equal('fr');
      expect(supportedLocale('ar-EG')).to.equal('ar');
      expect(supportedLocale('pt-BR')).to.equal('en');
      expect(supportedLocale(undefined)).to.equal('en');
    });

    for (const [code, title] of Object.entries(headings)) {
      it(`speaks ${code} when the locale attribute says so`, async () => {
        const proxy = await fakeProxy();
        const el = await render({ proxy: proxy.url, product: 'tea-crate', locale: code });
        await untilHeading(el, title);
        await waitUntil(() => form(el));
        expect(shadow(el).querySelector('[part="base"]')?.getAttribute('lang')).to.equal(code);
        await expect(el).to.be.accessible();
      });
    }

    it('follows the lang of an ancestor, across shadow roots', async () => {
      const proxy = await fakeProxy();
      const host = await fixture<HTMLDivElement>(html`<div lang="es"></div>`);
      const root = host.attachShadow({ mode: 'open' });
      const el = document.createElement('crypto-pay') as CryptoPay;
      el.setAttribute('proxy', proxy.url);
      el.setAttribute('product', 'tea-crate');
      root.append(el);
      await untilHeading(el, 'Sus datos');
    });

    it('follows the page’s lang, also when it changes', async () => {
      const proxy = await fakeProxy();
      const before = document.documentElement.lang;
      document.documentElement.lang = 'fr';
      try {
        const el = await render({ proxy: proxy.url, product: 'tea-crate' });
        await untilHeading(el, 'Vos informations');
        document.documentElement.lang = 'de';
        await untilHeading(el, 'Ihre Angaben');
      } finally {
        document.documentElement.lang = before;
      }
    });

    it('falls back to English for a language it does not speak', async () => {
      const proxy = await fakeProxy();
      const el = await render({ proxy: proxy.url, product: 'tea-crate', locale: 'pt-BR' });
      await untilHeading(el, 'Your details');
    });
  });

  describe('right to left', () => {
    it('lays Arabic out right to left', async () => {
      const proxy = await fakeProxy();
      const el = await render({ proxy: proxy.url, product: 'tea-crate', locale: 'ar' });
      await untilHeading(el, 'بياناتك');
      const base = shadow(el).querySelector('[part="base"]') as HTMLElement;
      expect(base.getAttribute('dir')).to.equal('rtl');
      await waitUntil(() => form(el));
      expect(getComputedStyle(field(el, 'first_name')).direction).to.equal('rtl');
    });
  });

  it('asks for a real date of birth without prescribing a typed format', () => {
    // A date input's typed order follows the browser's locale (mm/dd/yyyy in en-US), so a
    // message with its own example would mislead.
    for (const translation of [en, de, es, fr, ar]) {
      expect(translation.dateOfBirthInvalid, translation.$code).to.not.match(/\d/);
    }
    expect(en.dateOfBirthInvalid).to.equal('Enter your real date of birth.');
  });

  describe('numbers, dates and countries', () => {
    it('writes amounts in the locale’s marks, keeping every digit', async () => {
      const openAmount = { min: '0.000000000000000001', max: '9999999', currencies: ['EUR'] };
      const proxy = await fakeProxy({ openAmount });
      const el = await render({
        proxy: proxy.url,
        amount: '1234567.123456789012345678',
        currency: 'EUR',
        locale: 'de',
      });
      await untilHeading(el, 'Ihre Angaben');
      await waitUntil(() => form(el));
      expect(shadow(el).querySelector('[part="total"]')?.textContent).to.contain(
        '1.234.567,123456789012345678 EUR',
      );
    });

    it('names countries in the customer’s language', async () => {
      const proxy = await fakeProxy();
      const el = await render({ proxy: proxy.url, product: 'tea-crate', locale: 'de' });
      await untilHeading(el, 'Ihre Angaben');
      await waitUntil(() => form(el));
      await chooseSenderType(el, 'legal');
      await waitUntil(() => field<HTMLSelectElement>(el, 'country_of_registration').options.length);
      const select = field<HTMLSelectElement>(el, 'country_of_registration');
      const germany = [...select.options].find((option) => option.value === 'DEU');
      expect(germany?.text.trim()).to.equal('Deutschland');
      expect(heading(el)).to.equal('Ihre Angaben');
    });
  });
});
