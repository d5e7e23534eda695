import { LEGAL_SENDER, SENDER } from '@crypto-pay/test-kit/senders';
import { expect } from '@open-wc/testing';
import { english as en } from '../../../test/translations.ts';
import de from '../../localize/translations/de.ts';
import firstEnglish from '../../localize/translations/en.ts';
import { formFieldOf } from './form-fields.ts';
import {
  customerMessage,
  fieldMessages,
  isoDate,
  senderData,
  validateDetails,
} from './sender-validation.ts';

/** A date of birth as the form keeps it, from its ISO day: year, month and day, a line each. */
const kept = (iso: string) => iso.split('-').join('\n');

const person = {
  ...SENDER.sender_data,
  date_of_birth: kept(SENDER.sender_data.date_of_birth),
  legal_name: '',
  country_of_registration: '',
  email: '',
};
const company = { ...person, ...LEGAL_SENDER.sender_data };

describe('sender rules (from the protocol, in the customer’s words)', () => {
  it('accepts a complete person and a complete company', () => {
    expect(validateDetails('natural', person, en)).to.deep.equal({});
    expect(validateDetails('legal', company, en)).to.deep.equal({});
  });

  it('sends only the fields of the chosen type, trimmed', () => {
    const { first_name } = SENDER.sender_data;
    expect(
      senderData('natural', { ...company, first_name: `  ${first_name} ` }, 'en'),
    ).to.deep.equal(SENDER.sender_data);
    expect(senderData('legal', company, 'en')).to.deep.equal(LEGAL_SENDER.sender_data);
  });

  it('sends the date of birth as its ISO day, zero-padded', () => {
    expect(senderData('natural', { ...person, date_of_birth: '1990\n2\n5' }, 'en')).to.deep.equal({
      ...SENDER.sender_data,
      date_of_birth: '1990-02-05',
    });
    expect(isoDate(' 1990 \n 12 \n 31 ', 'en')).to.equal('1990-12-31');
    expect(isoDate('\n\n', 'en')).to.equal('');
  });

  it('reads the digits of the customer’s script: Persian, Arabic-Indic, Devanagari, Bengali, Thai', () => {
    for (const [typed, language] of [
      ['۱۹۹۰\n۴\n۵', 'fa'],
      ['١٩٩٠\n٤\n٥', 'ar'],
      ['१९९०\n४\n५', 'hi'],
      ['১৯৯০\n৪\n৫', 'bn'],
      ['๑๙๙๐\n๔\n๕', 'th'],
    ] as const) {
      expect(isoDate(typed, language), language).to.equal('1990-04-05');
    }
  });

  it('reads a year of the language’s own calendar in it: Thai’s Buddhist era, Persian’s solar Hijri', () => {
    // Thai: the same days and months, the year 543 ahead.
    expect(isoDate('2530\n5\n12', 'th')).to.equal('1987-05-12');
    expect(isoDate('๒๕๔๓\n๒\n๒๙', 'th')).to.equal('2000-02-29');
    // Persian: 1 Mehr 1370 and 1 Farvardin 1403 (Nowruz), in Persian digits too.
    expect(isoDate('1370\n7\n1', 'fa')).to.equal('1991-09-23');
    expect(isoDate('۱۴۰۳\n۱\n۱', 'fa')).to.equal('2024-03-20');
    // A Gregorian year is a Gregorian year in either language.
    expect(isoDate('1987\n5\n12', 'th')).to.equal('1987-05-12');
    expect(isoDate('1990\n4\n5', 'fa')).to.equal('1990-04-05');
    // A day the calendar does not have stays as typed: refused as not real.
    expect(isoDate('1370\n12\n31', 'fa')).to.equal('1370-12-31');
    // In a language whose calendar is the Gregorian one, such a year is not a birth year.
    expect(isoDate('2530\n5\n12', 'en')).to.equal('2530-05-12');
    expect(isoDate('1370\n7\n1', 'de')).to.equal('1370-07-01');
  });

  it('accepts a Thai customer’s Buddhist-era date of birth and words a Gregorian one’s mistakes alike', () => {
    const thai = { ...en, $code: 'th' };
    expect(
      fieldMessages('natural', { ...person, date_of_birth: '2530\n5\n12' }, thai, '', undefined),
    ).to.deep.equal({});
    expect(
      fieldMessages('natural', { ...person, date_of_birth: '2530\n5\n12' }, en, '', undefined),
    ).to.deep.equal({ date_of_birth: en.dateOfBirthInvalid });
  });

  it('says a date typed in part, or naming no day, is incomplete', () => {
    for (const date_of_birth of [
      '\n2\n15', // day and month only
      '1990\n\n15',
      '1990\n2\n31', // 31 February
      '90\n2\n15', // a two-digit year is not a year
      '1990\nfeb\n15',
      '1990\n2\n1.5',
      '19900\n2\n15',
    ]) {
      expect(
        fieldMessages('natural', { ...person, date_of_birth }, en, '', undefined),
        JSON.stringify(date_of_birth),
      ).to.deep.equal({ date_of_birth: en.dateOfBirthIncomplete });
    }
    // The words of the first paint alone: the plain English one.
    expect(
      fieldMessages(
        'natural',
        { ...person, date_of_birth: '1990\n2\n31' },
        firstEnglish,
        '',
        undefined,
      ),
    ).to.deep.equal({ date_of_birth: 'Date of birth: a real date.' });
  });

  it('says no date typed is missing', () => {
    for (const date_of_birth of ['', '\n\n', ' \n \n ']) {
      expect(
        fieldMessages('natural', { ...person, date_of_birth }, en, '', undefined),
      ).to.deep.equal({ date_of_birth: en.required.date_of_birth });
    }
  });

  it('refuses a real date that no one alive was born on', () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const iso of [tomorrow, '2099-01-02', '1899-12-31']) {
      expect(
        fieldMessages('natural', { ...person, date_of_birth: kept(iso) }, en, '', undefined),
        iso,
      ).to.deep.equal({ date_of_birth: en.dateOfBirthInvalid });
    }
  });

  it('refuses a country that is not ISO alpha-3, whatever its length', () => {
    for (const code of ['DE', 'XXX', 'DEUT']) {
      expect(
        validateDetails('legal', { ...company, country_of_registration: code }, en),
        code,
      ).to.deep.equal({ country_of_registration: en.countryInvalid });
    }
  });

  it('accepts an empty email and refuses a malformed one', () => {
    expect(validateDetails('natural', { ...person, email: '   ' }, en)).to.deep.equal({});
    expect(validateDetails('natural', { ...person, email: 'a@b' }, en)).to.deep.equal({
      email: en.emailInvalid,
    });
  });

  it('words a mistake by its field’s label and what to do where English’s words did not load', () => {
    // The first paint's English alone: the chunk with its words of mistakes (en-later) failed.
    expect(
      validateDetails(
        'natural',
        { ...person, email: 'a@b', first_name: '', date_of_birth: '\n\n' },
        firstEnglish,
      ),
    ).to.deep.equal({
      first_name: 'First name: required.',
      date_of_birth: 'Date of birth: required.',
      email: 'Email (optional): like name@example.com, or empty.',
    });
    expect(
      validateDetails('natural', { ...person, last_name: 'x'.repeat(256) }, firstEnglish),
    ).to.deep.equal({ last_name: 'Last name: 255 characters at most.' });
    expect(
      validateDetails('natural', { ...person, date_of_birth: kept('2099-01-02') }, firstEnglish),
    ).to.deep.equal({ date_of_birth: 'Date of birth: a real date.' });
    expect(
      validateDetails('legal', { ...company, country_of_registration: 'XXX' }, firstEnglish),
    ).to.deep.equal({
      country_of_registration: 'Country of registration: pick one from the list.',
    });
    // The proxy's own sentence, where it sent one, is English already.
    const tooLong = 'The first_name must be 255 characters or less.';
    expect(
      customerMessage('first_name', 'x', 'first_name_too_long', firstEnglish, tooLong),
    ).to.equal(tooLong);
  });

  it('words every mistake while English’s words are still on their way, so none is sent', () => {
    // The first paint's English alone, and nothing has failed (yet): Continue checks with it.
    expect(
      fieldMessages('natural', { ...person, first_name: '' }, firstEnglish, '', {
        field: 'last_name',
        rule: 'last_name_invalid',
        message: 'The last_name is invalid.',
      }),
    ).to.deep.equal({
      first_name: 'First name: required.',
      last_name: 'The last_name is invalid.',
    });
  });

  it('words the proxy’s refusals by their code, and keeps unknown English ones as sent', () => {
    const tooLong = 'The first_name must be 255 characters or less.';
    expect(customerMessage('first_name', 'x', 'first_name_too_long', en, tooLong)).to.equal(
      en.tooLong,
    );
    const missing = 'The legal_name must be provided for sender_type = legal.';
    expect(customerMessage('legal_name', 'Engines', 'legal_name_missing', en, missing)).to.equal(
      en.required.legal_name,
    );
    const email = 'The email address is incorrect.';
    expect(customerMessage('email', 'a@b', 'email_invalid', en, email)).to.equal(en.emailInvalid);
    expect(customerMessage('email', 'a@b', 'email_invalid', de, email)).to.equal(de.emailInvalid);
    expect(
      customerMessage('email', 'x@y.z', 'newer_rule', en, 'A rule of a newer proxy.'),
    ).to.equal('A rule of a newer proxy.');
    expect(
      customerMessage('email', 'x@y.z', 'newer_rule', de, 'A rule of a newer proxy.'),
    ).to.equal(de.fieldInvalid);
  });

  it('says a refused pay-with currency in the customer’s words, never the service’s', () => {
    for (const text of [
      'payment_currency.iso is disabled.',
      'Exchange rate is not available between EUR and DOGE.',
    ]) {
      expect(
        customerMessage('payment_currency', '', 'payment_currency_disabled', en, text),
      ).to.equal('This currency cannot be used for this payment right now. Choose another.');
      expect(
        customerMessage('payment_currency', '', 'payment_currency_disabled', de, text),
      ).to.equal(de.paymentCurrencyRefused);
    }
  });

  it('maps the fields a proxy error names to the form', () => {
    expect(formFieldOf('sender_data.first_name')).to.equal('first_name');
    expect(formFieldOf('end_user_email')).to.equal('email');
    expect(formFieldOf('payment_currency.network_name')).to.equal('payment_currency');
    expect(formFieldOf('amount')).to.equal(undefined);
    expect(formFieldOf(undefined)).to.equal(undefined);
  });
});
