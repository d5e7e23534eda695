/**
 * Every shipped locale against English: the same messages, the same placeholders, every plural
 * category its language's rules use, the number marks and writing direction CLDR gives it, and no
 * message left in English unless that language writes it the same way.
 */
import { expect } from '@open-wc/testing';
import {
  isPlural,
  load,
  MARKS,
  placeholders,
  SAME_AS_ENGLISH,
  texts,
  english as wholeEnglish,
} from '../../test/translations.ts';
import { ENGLISH_PARTS } from '../components/sender-form/date-field.ts';
import { formatAmount } from '../utilities/format.ts';
import { SUPPORTED_LOCALES } from './locales.ts';
import type { Translation } from './translation.ts';

describe('the translations', () => {
  it("ship fifty locales: right to left, Chinese in three forms and Stripe Elements' list among them", () => {
    expect(SUPPORTED_LOCALES.length).to.be.at.least(50);
    for (const code of [
      ...['ar', 'fa', 'he', 'ur', 'zh-Hans', 'zh-Hant', 'zh-HK', 'ja', 'ko', 'hi', 'bn'],
      ...['en-GB', 'es-419', 'fr-CA', 'pt-BR', 'pt-PT', 'sw', 'ca', 'sr', 'bg', 'cs', 'da'],
      ...[
        'el',
        'et',
        'fi',
        'fil',
        'hr',
        'hu',
        'lt',
        'lv',
        'ms',
        'mt',
        'nb',
        'ro',
        'sk',
        'sl',
        'sv',
      ],
    ]) {
      expect(SUPPORTED_LOCALES, code).to.include(code);
    }
  });

  for (const code of SUPPORTED_LOCALES) {
    describe(code, () => {
      let t: Translation;
      before(async () => {
        t = await load(code);
      });

      it('has every message English has, and nothing else, none empty', () => {
        expect(t.$code).to.equal(code);
        const keys = (translation: Translation) =>
          texts(translation)
            .map(([key]) => key)
            .filter((key) => !key.includes('#') || key.endsWith('#other'))
            // English comes in parts (the first paint's, the panel's, the form rules'): by name.
            .sort();
        expect(keys(t)).to.deep.equal(keys(wholeEnglish));
        for (const [key, text] of texts(t)) {
          if (!MARKS.includes(key)) expect(text.trim(), key).to.not.equal('');
        }
      });

      it('keeps every placeholder of each message', () => {
        const english = new Map(
          texts(wholeEnglish).map(([key, text]) => [key, placeholders(text)]),
        );
        for (const [key, text] of texts(t)) {
          if (key.includes('#')) continue; // Counted messages: below.
          expect(placeholders(text), `${code} ${key}: ${text}`).to.deep.equal(english.get(key));
        }
      });

      it('words each count in every plural category of its language', () => {
        const { pluralCategories } = new Intl.PluralRules(code).resolvedOptions();
        for (const [key, value] of Object.entries(t)) {
          if (!isPlural(value)) continue;
          for (const category of pluralCategories) {
            expect(value, `${code} ${key} lacks "${category}"`).to.have.property(category);
          }
          // Only `{count}` stands in a counted message; `other` always says the number.
          expect(placeholders(value.other), `${code} ${key}#other`).to.deep.equal(['{count}']);
          for (const text of Object.values(value)) {
            expect(
              placeholders(text).filter((found) => found !== '{count}'),
              text,
            ).to.be.empty;
          }
        }
      });

      it('writes numbers with the marks CLDR gives it (Intl, Latin digits)', () => {
        const cldr = new Intl.NumberFormat(code, { numberingSystem: 'latn' });
        const parts = cldr.formatToParts(12345678.5);
        expect(t.$decimal).to.equal(parts.find((part) => part.type === 'decimal')?.value);
        expect(t.$group).to.equal(parts.find((part) => part.type === 'group')?.value);
        // Up to nine digits: Hindi's and Bengali's groups of two left of the last three.
        for (const amount of ['123', '1234', '12345', '1234567', '123456789']) {
          expect(formatAmount(amount, t), amount).to.equal(cldr.format(BigInt(amount)));
        }
      });

      it('orders and names the date of birth’s parts as CLDR does (Intl, Gregorian)', () => {
        const order = new Intl.DateTimeFormat(code, { calendar: 'gregory' })
          .formatToParts(0)
          .map((part) => part.type)
          .filter((type) => type === 'day' || type === 'month' || type === 'year');
        // English's are the date field's own, which a language without its own would show.
        const parts = t.dateParts ?? ENGLISH_PARTS;
        expect(Object.keys(parts)).to.deep.equal(order);
        const names = new Intl.DisplayNames(code, { type: 'dateTimeField' });
        // A browser's ICU may not hold every language's names (Chromium's has no Maltese ones;
        // Node's full ICU, which they were written from, has): for those, the order alone.
        if (
          new Intl.Locale(names.resolvedOptions().locale).language !==
          new Intl.Locale(code).language
        ) {
          return;
        }
        const label = (name = '') => name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
        expect(Object.values(parts)).to.deep.equal(order.map((part) => label(names.of(part))));
      });

      it('runs in the direction its script is written (Intl.Locale)', () => {
        const locale = new Intl.Locale(code) as Intl.Locale & {
          textInfo?: { direction: string };
          getTextInfo?: () => { direction: string };
        };
        const direction = (locale.getTextInfo?.() ?? locale.textInfo)?.direction;
        expect(t.$dir).to.equal(direction);
      });

      it('shows Latin digits only, and no typed date format', () => {
        for (const [key, text] of texts(t)) {
          expect(text, `${code} ${key}`).to.not.match(/[\u0660-\u0669\u06f0-\u06f9]/);
        }
        // A date input's typed order follows the browser's locale, so an example would mislead.
        expect(t.dateOfBirthInvalid).to.not.match(/\d/);
      });

      if (code === 'en' || code === 'en-GB') return; // British English: below.
      it('leaves no message in English', () => {
        const english = new Map(texts(wholeEnglish));
        const same = SAME_AS_ENGLISH[code] ?? [];
        for (const [key, text] of texts(t)) {
          if (MARKS.includes(key) || key === 'amountWithCurrency' || same.includes(text)) continue;
          expect(text, `${code} ${key} is still English`).to.not.equal(english.get(key));
        }
      });
    });
  }

  it('writes British English where it differs from the American default', async () => {
    const british = await load('en-GB');
    expect(british.amountFormat('1.00', false)).to.contain('full stop');
    expect(british.emailInvalid).to.contain('leave it blank');
    for (const [key, text] of texts(british)) {
      expect(text, `en-GB ${key}`).to.not.match(/\b(color|center|organiz|canceled|zip code)/i);
    }
  });
});
