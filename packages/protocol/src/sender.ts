/**
 * Who sends (and, for withdrawals, who receives) the money: the identity data regulation asks
 * for, and the one implementation of its rules, as plain functions: `senderDataRules` names the
 * rules broken, `senderDataIssues` words them in the spec's exact texts. No zod here: the widget
 * imports this module alone (`@crypto-pay/protocol/sender`) to check a form as the customer
 * types, and its download is counted in bytes: it takes the rules alone, so the spec's English
 * sentences stay out of its chunks. Requests run the same functions through `sender-schemas.ts`.
 */

import { isCountryCode } from './countries.ts';
// Its own entries of the catalogue only, for the sentences (which the widget leaves out).
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

/**
 * Characters as the request's other text fields count them (zod's length checks): code points,
 * so a character outside the Basic Multilingual Plane (𠀋, an emoji) is one, not two UTF-16 units.
 */
const characters = (value: string) => [...value].length;

/**
 * What one value of a field breaks, given it is a string: each rule's end of name (after the
 * field's, as `first_name_too_long`), in rule order.
 */
const RULES = {
  // Blank names count as missing.
  name: (value: string) => [
    ...(value.trim() === '' ? ['missing'] : []),
    ...(characters(value) > MAX_NAME_LENGTH ? ['too_long'] : []),
  ],
  date: (value: string) =>
    !isCalendarDate(value) ? ['format'] : isDateOfBirth(value) ? [] : ['range'],
  country: (value: string) =>
    characters(value) !== 3 ? ['length'] : isCountryCode(value) ? [] : ['not_iso'],
};

/**
 * One rule a party's data breaks, at the field it concerns, without words: the widget words it
 * in the customer's language, and carries none of the spec's English.
 */
export interface FieldRule {
  /** Path below the data object, e.g. `first_name`; empty for the object itself. */
  field: string;
  /**
   * The catalogue's name of the rule (`first_name_missing`, `country_of_registration_not_iso`,
   * `sender_data_missing`), or one named alike where the catalogue has no entry:
   * `date_of_birth_missing`, `date_of_birth_range`, `<field>_omitted`, the receiver's
   * `receiver_data_missing`, `receiver_data_not_object` and `receiver_data_not_allowed`.
   */
  rule: string;
}

/** One rule a party's data breaks, at the field it concerns, in the spec's words. */
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
 * type's, which must be left out; a field not written as a string breaks its missing rule alone.
 */
function dataRules(type: SenderType, data: Record<string, unknown>): FieldRule[] {
  const other = type === 'natural' ? 'legal' : 'natural';
  const own = Object.entries(PARTY_FIELDS[type]).flatMap(([field, kind]) => {
    const value = data[field];
    const broken = typeof value === 'string' ? RULES[kind](value) : ['missing'];
    return broken.map((what) => ({ field, rule: `${field}_${what}` }));
  });
  const omitted = Object.keys(PARTY_FIELDS[other])
    .filter((field) => data[field] !== undefined)
    .map((field) => ({ field, rule: `${field}_omitted` }));
  return [...own, ...omitted];
}

/**
 * Every rule the sender data breaks for this sender type, in the spec's order of fields.
 * An unknown sender type yields no rules: that is the sender_type's own error.
 */
export function senderDataRules(senderType: unknown, senderData: unknown): FieldRule[] {
  if (senderType !== 'natural' && senderType !== 'legal') return [];
  if (senderData === undefined) return [{ field: '', rule: 'sender_data_missing' }];
  if (!isDataObject(senderData)) return [{ field: '', rule: 'sender_data_not_object' }];
  return dataRules(senderType, senderData);
}

/** The same for a withdrawal's receiver: `self` takes no data at all. */
export function receiverDataRules(receiverType: unknown, receiverData: unknown): FieldRule[] {
  if (receiverType === 'self') {
    return receiverData === undefined ? [] : [{ field: '', rule: 'receiver_data_not_allowed' }];
  }
  if (receiverType !== 'natural' && receiverType !== 'legal') return [];
  if (receiverData === undefined) return [{ field: '', rule: 'receiver_data_missing' }];
  if (!isDataObject(receiverData)) return [{ field: '', rule: 'receiver_data_not_object' }];
  return dataRules(receiverType, receiverData);
}

// The spec's sentence of each rule by its name: the catalogue's, and those it has no entry for.
// Made on first use, so a bundle that takes the rules alone (the widget) leaves it out.
let sentences: Map<string, string> | undefined;
function sentenceOf(rule: string): string | undefined {
  sentences ??= new Map([
    ...Object.values(errors).map((entry) => [entry.name, entry.message] as const),
    ['date_of_birth_range', DATE_OF_BIRTH_RANGE],
    [
      'receiver_data_not_allowed',
      'The receiver_data must not be included for receiver_type = self.',
    ],
    ['receiver_data_missing', 'The receiver_data object is mandatory.'],
    ['receiver_data_not_object', 'The receiver_data must be a valid object.'],
  ]);
  return sentences.get(rule);
}

/**
 * A broken rule in the spec's words. The catalogue words a field's missing rule for the sender;
 * for the receiver, and for a field it has no entry for, the sentence names the party. A field
 * given as something other than a string breaks its missing rule (`dataRules`), but was not
 * left out: its sentence says so.
 */
function sentence(party: Party, type: unknown, data: unknown, rule: FieldRule): FieldIssue {
  const { field } = rule;
  const given = isDataObject(data) ? data[field] : undefined;
  if (rule.rule === `${field}_missing` && given !== undefined && typeof given !== 'string') {
    return { field, message: `The ${field} must be a string.` };
  }
  const missing =
    rule.rule === `${field}_missing` && (party === 'receiver' || !sentenceOf(rule.rule));
  const message =
    rule.rule === `${field}_omitted`
      ? `The ${field} must be omitted for ${party}_type = ${type}.`
      : missing
        ? `The ${field} must be provided for ${party}_type = ${type}.`
        : sentenceOf(rule.rule)!;
  return { field, message };
}

/** Every rule the sender data breaks (`senderDataRules`), each in the spec's words. */
export function senderDataIssues(senderType: unknown, senderData: unknown): FieldIssue[] {
  return senderDataRules(senderType, senderData).map((rule) =>
    sentence('sender', senderType, senderData, rule),
  );
}

/** The same for a withdrawal's receiver. */
export function receiverDataIssues(receiverType: unknown, receiverData: unknown): FieldIssue[] {
  return receiverDataRules(receiverType, receiverData).map((rule) =>
    sentence('receiver', receiverType, receiverData, rule),
  );
}
