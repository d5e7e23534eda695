/**
 * Who sends (and, for withdrawals, who receives) the money: the identity data regulation asks
 * for, and the one implementation of its rules, as plain functions whose failures carry the
 * spec's exact texts. No zod here: the widget imports this module alone
 * (`@crypto-pay/protocol/sender`) to check a form as the customer types, and its download is
 * counted in bytes; requests run the same functions through `sender-schemas.ts`.
 */

import { isCountryCode } from './countries.ts';
// Its own entries of the catalogue only: the widget loads this module.
import { customerErrors as errors } from './customer-errors.ts';

export const SENDER_TYPES = ['natural', 'legal'] as const;
export type SenderType = (typeof SENDER_TYPES)[number];
export const RECEIVER_TYPES = ['natural', 'legal', 'self'] as const;
export type ReceiverType = (typeof RECEIVER_TYPES)[number];

export interface NaturalPersonData {
  first_name: string;
  last_name: string;
  /** `YYYY-MM-DD`, a real calendar date. */
  date_of_birth: string;
}

export interface LegalEntityData {
  legal_name: string;
  /** ISO 3166-1 alpha-3, upper case. */
  country_of_registration: string;
}

export type SenderData = NaturalPersonData | LegalEntityData;

/** The most characters a name may have. */
export const MAX_NAME_LENGTH = 255;

/**
 * The fields of each type's data, in the spec's order, with the kind of value each holds: a
 * `name` (not blank, at most `MAX_NAME_LENGTH` characters), a `date` of birth, a `country` code.
 * A type's data must omit the other type's fields. The rules below and `/openapi.json` read it.
 */
export const PARTY_FIELDS = {
  natural: { first_name: 'name', last_name: 'name', date_of_birth: 'date' },
  legal: { legal_name: 'name', country_of_registration: 'country' },
} as const satisfies Record<SenderType, Record<string, 'name' | 'date' | 'country'>>;

/** `YYYY-MM-DD` naming a day that exists (no 2023-02-30): the format the spec asks for. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** A calendar date from 1900 on and not in the future: someone's birthday. */
export function isDateOfBirth(value: string, today: Date = new Date()): boolean {
  return isCalendarDate(value) && value >= '1900' && value <= today.toISOString().slice(0, 10);
}

// Not in the spec, which asks only for the format: a well-formed date no one alive was born on
// gets its own sentence rather than being told its format is wrong.
const DATE_OF_BIRTH_RANGE = 'The date_of_birth must be a day from 1900-01-01 to today.';

type Party = 'sender' | 'receiver';
type Field = keyof (typeof PARTY_FIELDS)['natural'] | keyof (typeof PARTY_FIELDS)['legal'];

/** The text for a field left out (or not a string). The spec words it for the sender. */
function missingText(party: Party, field: Field): string {
  if (party === 'receiver' || field === 'date_of_birth') {
    const type = field in PARTY_FIELDS.natural ? 'natural' : 'legal';
    return `The ${field} must be provided for ${party}_type = ${type}.`;
  }
  return {
    first_name: errors.firstNameMissing,
    last_name: errors.lastNameMissing,
    legal_name: errors.legalNameMissing,
    country_of_registration: errors.countryOfRegistrationMissing,
  }[field].message;
}

const TOO_LONG: Record<string, string> = {
  first_name: errors.firstNameTooLong.message,
  last_name: errors.lastNameTooLong.message,
  legal_name: errors.legalNameTooLong.message,
};

/**
 * Characters as the request's other text fields count them (zod's length checks): code points,
 * so a character outside the Basic Multilingual Plane (𠀋, an emoji) is one, not two UTF-16 units.
 */
const characters = (value: string) => [...value].length;

/** What one value of a field breaks, given it is a string: each rule's text, in rule order. */
const RULES = {
  // Blank names count as missing.
  name: (value: string, field: Field, missing: string) => [
    ...(value.trim() === '' ? [missing] : []),
    ...(characters(value) > MAX_NAME_LENGTH ? [TOO_LONG[field]!] : []),
  ],
  date: (value: string) =>
    !isCalendarDate(value)
      ? [errors.dateOfBirthFormat.message]
      : isDateOfBirth(value)
        ? []
        : [DATE_OF_BIRTH_RANGE],
  country: (value: string) =>
    characters(value) !== 3
      ? [errors.countryOfRegistrationLength.message]
      : isCountryCode(value)
        ? []
        : [errors.countryOfRegistrationNotIso.message],
};

/** One rule a party's data breaks, at the field it concerns (`first_name`, ...). */
export interface FieldIssue {
  /** Path below the data object, e.g. `first_name`; empty for the object itself. */
  field: string;
  message: string;
}

/** Data as the spec takes it: a JSON object, not null, not an array. */
export const isDataObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every rule the data breaks for its type, field by field: the type's own fields, then the other
 * type's, which must be left out; a field not written as a string gets its missing text alone.
 */
function dataIssues(party: Party, type: SenderType, data: Record<string, unknown>): FieldIssue[] {
  const other = type === 'natural' ? 'legal' : 'natural';
  const own = Object.entries(PARTY_FIELDS[type]).flatMap(([name, kind]) => {
    const field = name as Field;
    const value = data[field];
    const missing = missingText(party, field);
    const messages = typeof value === 'string' ? RULES[kind](value, field, missing) : [missing];
    return messages.map((message) => ({ field, message }));
  });
  const omitted = Object.keys(PARTY_FIELDS[other])
    .filter((field) => data[field] !== undefined)
    .map((field) => ({
      field,
      message: `The ${field} must be omitted for ${party}_type = ${type}.`,
    }));
  return [...own, ...omitted];
}

/**
 * Every rule the sender data breaks for this sender type, in the spec's order of fields.
 * An unknown sender type yields no field issues: that is the sender_type's own error.
 */
export function senderDataIssues(senderType: unknown, senderData: unknown): FieldIssue[] {
  if (senderType !== 'natural' && senderType !== 'legal') return [];
  if (senderData === undefined) return [{ field: '', message: errors.senderDataMissing.message }];
  if (!isDataObject(senderData)) {
    return [{ field: '', message: errors.senderDataNotObject.message }];
  }
  return dataIssues('sender', senderType, senderData);
}

/** The same for a withdrawal's receiver: `self` takes no data at all. */
export function receiverDataIssues(receiverType: unknown, receiverData: unknown): FieldIssue[] {
  if (receiverType === 'self') {
    return receiverData === undefined
      ? []
      : [
          {
            field: '',
            message: 'The receiver_data must not be included for receiver_type = self.',
          },
        ];
  }
  if (receiverType !== 'natural' && receiverType !== 'legal') return [];
  if (receiverData === undefined) {
    return [{ field: '', message: 'The receiver_data object is mandatory.' }];
  }
  if (!isDataObject(receiverData)) {
    return [{ field: '', message: 'The receiver_data must be a valid object.' }];
  }
  return dataIssues('receiver', receiverType, receiverData);
}
