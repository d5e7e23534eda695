import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COUNTRY_CODES, isCountryCode } from './countries.ts';
import { errors } from './errors.ts';
import { LEGAL_SENDER, SENDER } from './examples.ts';
import {
  isCalendarDate,
  isDateOfBirth,
  receiverDataIssues,
  senderDataIssues,
  senderDataRules,
} from './sender.ts';

const person = SENDER.sender_data;
const company = LEGAL_SENDER.sender_data;

describe('sender data of a natural person', () => {
  it('accepts a complete person', () => {
    assert.deepEqual(senderDataIssues('natural', person), []);
  });

  const rows: [string, Record<string, unknown>, string, string][] = [
    [
      'first_name missing',
      { first_name: undefined },
      'first_name',
      errors.firstNameMissing.message,
    ],
    ['first_name blank', { first_name: '  ' }, 'first_name', errors.firstNameMissing.message],
    [
      'first_name over 255',
      { first_name: 'a'.repeat(256) },
      'first_name',
      errors.firstNameTooLong.message,
    ],
    ['last_name missing', { last_name: undefined }, 'last_name', errors.lastNameMissing.message],
    [
      'last_name over 255',
      { last_name: 'a'.repeat(256) },
      'last_name',
      errors.lastNameTooLong.message,
    ],
    [
      'date_of_birth in another format',
      { date_of_birth: '10.12.1990' },
      'date_of_birth',
      errors.dateOfBirthFormat.message,
    ],
    [
      'date_of_birth not a real day',
      { date_of_birth: '1990-02-30' },
      'date_of_birth',
      errors.dateOfBirthFormat.message,
    ],
    [
      'date_of_birth missing',
      { date_of_birth: undefined },
      'date_of_birth',
      'The date_of_birth must be provided for sender_type = natural.',
    ],
    [
      'a legal-entity field',
      { legal_name: 'Acme' },
      'legal_name',
      'The legal_name must be omitted for sender_type = natural.',
    ],
    // Given, so not "must be provided": the sentence says what is wrong with it.
    ['first_name a number', { first_name: 5 }, 'first_name', 'The first_name must be a string.'],
    [
      'date_of_birth null',
      { date_of_birth: null },
      'date_of_birth',
      'The date_of_birth must be a string.',
    ],
  ];
  for (const [rule, change, field, message] of rows) {
    it(`reports ${rule} at ${field}`, () => {
      assert.deepEqual(senderDataIssues('natural', { ...person, ...change }), [{ field, message }]);
    });
  }

  it('reports every broken field, in the order of the spec', () => {
    const issues = senderDataIssues('natural', {});
    assert.deepEqual(
      issues.map((issue) => issue.field),
      ['first_name', 'last_name', 'date_of_birth'],
    );
  });
});

describe('sender data of a legal entity', () => {
  it('accepts a complete company', () => {
    assert.deepEqual(senderDataIssues('legal', company), []);
  });

  const rows: [string, Record<string, unknown>, string, string][] = [
    [
      'legal_name missing',
      { legal_name: undefined },
      'legal_name',
      errors.legalNameMissing.message,
    ],
    [
      'legal_name over 255',
      { legal_name: 'a'.repeat(256) },
      'legal_name',
      errors.legalNameTooLong.message,
    ],
    [
      'country missing',
      { country_of_registration: undefined },
      'country_of_registration',
      errors.countryOfRegistrationMissing.message,
    ],
    [
      'country of 2 letters',
      { country_of_registration: 'DE' },
      'country_of_registration',
      errors.countryOfRegistrationLength.message,
    ],
    [
      'country not ISO',
      { country_of_registration: 'XYZ' },
      'country_of_registration',
      errors.countryOfRegistrationNotIso.message,
    ],
    [
      'a natural-person field',
      { first_name: 'Ada' },
      'first_name',
      'The first_name must be omitted for sender_type = legal.',
    ],
  ];
  for (const [rule, change, field, message] of rows) {
    it(`reports ${rule} at ${field}`, () => {
      assert.deepEqual(senderDataIssues('legal', { ...company, ...change }), [{ field, message }]);
    });
  }
});

describe('characters, as the spec counts them', () => {
  // Code points, as zod's length checks count them for every other text field of a request:
  // a name in a script outside the Basic Multilingual Plane (𠀋, two UTF-16 units) is one each.
  it('takes a name of 255 characters written in two UTF-16 units each', () => {
    const name = '𠀋'.repeat(255);
    assert.deepEqual(senderDataIssues('natural', { ...person, first_name: name }), []);
    assert.deepEqual(senderDataIssues('legal', { ...company, legal_name: name }), []);
    assert.deepEqual(senderDataIssues('natural', { ...person, last_name: '𠀋'.repeat(256) }), [
      { field: 'last_name', message: errors.lastNameTooLong.message },
    ]);
  });

  it('tells a country of fewer than 3 characters by its length', () => {
    assert.deepEqual(senderDataIssues('legal', { ...company, country_of_registration: 'D𠀋' }), [
      { field: 'country_of_registration', message: errors.countryOfRegistrationLength.message },
    ]);
  });
});

describe('sender data as a whole', () => {
  it('is missing, or not an object', () => {
    assert.deepEqual(senderDataIssues('natural', undefined), [
      { field: '', message: errors.senderDataMissing.message },
    ]);
    assert.deepEqual(senderDataIssues('legal', 'Acme'), [
      { field: '', message: errors.senderDataNotObject.message },
    ]);
  });

  it('leaves an unknown sender type to the sender_type rule', () => {
    assert.deepEqual(senderDataIssues('robot', {}), []);
  });
});

describe('the rules without their words', () => {
  it('names each broken rule as the catalogue does, and the spec’s sentence follows from it', () => {
    const data = {
      first_name: '',
      last_name: 'x'.repeat(256),
      date_of_birth: '1899-12-31',
      legal_name: 'Acme',
    };
    assert.deepEqual(senderDataRules('natural', data), [
      { field: 'first_name', rule: errors.firstNameMissing.name },
      { field: 'last_name', rule: errors.lastNameTooLong.name },
      { field: 'date_of_birth', rule: 'date_of_birth_range' },
      { field: 'legal_name', rule: 'legal_name_omitted' },
    ]);
    assert.deepEqual(
      senderDataRules('legal', { legal_name: 'Acme', country_of_registration: 'DE' }),
      [{ field: 'country_of_registration', rule: errors.countryOfRegistrationLength.name }],
    );
    assert.deepEqual(senderDataRules('legal', { legal_name: 'Acme' }), [
      { field: 'country_of_registration', rule: errors.countryOfRegistrationMissing.name },
    ]);
    assert.deepEqual(senderDataRules('natural', undefined), [
      { field: '', rule: errors.senderDataMissing.name },
    ]);
    // The same rules, one for one, as the sentences the proxy and the sandbox send.
    assert.deepEqual(
      senderDataIssues('natural', data).map((issue) => issue.field),
      senderDataRules('natural', data).map((rule) => rule.field),
    );
  });
});

describe('receiver data', () => {
  it('takes no data for self', () => {
    assert.deepEqual(receiverDataIssues('self', undefined), []);
    assert.equal(receiverDataIssues('self', person).length, 1);
  });

  it('follows the sender rules, worded for the receiver', () => {
    assert.deepEqual(receiverDataIssues('natural', { ...person, first_name: undefined }), [
      {
        field: 'first_name',
        message: 'The first_name must be provided for receiver_type = natural.',
      },
    ]);
    assert.deepEqual(receiverDataIssues('legal', company), []);
  });
});

describe('countries and dates', () => {
  it('knows the 249 assigned alpha-3 codes with their alpha-2 twins', () => {
    assert.equal(COUNTRY_CODES.size, 249);
    assert.equal(COUNTRY_CODES.get('DEU'), 'DE');
    assert.equal(COUNTRY_CODES.get('GBR'), 'GB');
    assert.equal(isCountryCode('USA'), true);
    assert.equal(isCountryCode('usa'), false);
    assert.equal(isCountryCode('XKK'), false);
  });

  it('reads every alpha-2 twin out of the packed list: distinct, each a region Intl names', () => {
    assert.equal(COUNTRY_CODES.get('AUT'), 'AT');
    assert.equal(COUNTRY_CODES.get('ALA'), 'AX');
    assert.equal(COUNTRY_CODES.get('ZWE'), 'ZW');
    const alpha2 = [...COUNTRY_CODES.values()];
    assert.equal(new Set(alpha2).size, 249);
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    assert.deepEqual(
      alpha2.filter((code) => !/^[A-Z]{2}$/.test(code) || names.of(code) === undefined),
      [],
    );
  });

  it('takes real past days only as dates of birth', () => {
    const today = new Date('2026-11-22T12:00:00Z');
    assert.equal(isDateOfBirth('2000-02-29', today), true);
    assert.equal(isDateOfBirth('1900-02-29', today), false);
    assert.equal(isDateOfBirth('2026-11-23', today), false);
    assert.equal(isDateOfBirth('1990-1-1', today), false);
    assert.equal(isCalendarDate('2099-01-02'), true);
    assert.equal(isCalendarDate('1990-02-30'), false);
  });

  it('tells a wrong format from a well-formed date no one was born on', () => {
    const person = { first_name: 'Ada', last_name: 'Lovelace' };
    const issuesOf = (date_of_birth: string) =>
      senderDataIssues('natural', { ...person, date_of_birth }).map((issue) => issue.message);
    for (const date of ['1990-02-30', '23.04.1990', '1990-4-23']) {
      assert.deepEqual(issuesOf(date), ['The date_of_birth must be in YYYY-MM-DD format.'], date);
    }
    for (const date of ['2099-01-02', '1899-12-31']) {
      assert.deepEqual(
        issuesOf(date),
        ['The date_of_birth must be a day from 1900-01-01 to today.'],
        date,
      );
    }
  });
});
