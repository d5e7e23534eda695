/**
 * Who sends (and, for withdrawals, who receives) the money: the identity data regulation asks
 * for, as zod schemas whose failures carry the spec's exact texts. The widget imports this
 * module alone (`@crypto-pay/protocol/sender`) to check a form as the customer types.
 */

import * as z from 'zod/mini';
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

/** The texts of one party's rules. The spec words them for the sender; receivers mirror them. */
function partyTexts(party: 'sender' | 'receiver') {
  const provided = (field: string, type: SenderType) =>
    party === 'sender' ? undefined : `The ${field} must be provided for receiver_type = ${type}.`;
  return {
    firstNameMissing: provided('first_name', 'natural') ?? errors.firstNameMissing.message,
    lastNameMissing: provided('last_name', 'natural') ?? errors.lastNameMissing.message,
    dateOfBirthMissing: `The date_of_birth must be provided for ${party}_type = natural.`,
    legalNameMissing: provided('legal_name', 'legal') ?? errors.legalNameMissing.message,
    countryMissing:
      provided('country_of_registration', 'legal') ?? errors.countryOfRegistrationMissing.message,
    omitted: (field: string, type: SenderType) =>
      `The ${field} must be omitted for ${party}_type = ${type}.`,
  };
}

const requiredText = (missing: string, tooLong: string) =>
  z.string({ error: missing }).check(
    z.refine((value) => value.trim().length > 0, missing),
    z.maxLength(255, tooLong),
  );

const absent = (text: string) => z.optional(z.never({ error: text }));

function naturalSchema(party: 'sender' | 'receiver') {
  const texts = partyTexts(party);
  return z.object({
    first_name: requiredText(texts.firstNameMissing, errors.firstNameTooLong.message),
    last_name: requiredText(texts.lastNameMissing, errors.lastNameTooLong.message),
    date_of_birth: z.string({ error: texts.dateOfBirthMissing }).check(
      z.refine(isCalendarDate, errors.dateOfBirthFormat.message),
      z.refine((value) => !isCalendarDate(value) || isDateOfBirth(value), DATE_OF_BIRTH_RANGE),
    ),
    legal_name: absent(texts.omitted('legal_name', 'natural')),
    country_of_registration: absent(texts.omitted('country_of_registration', 'natural')),
  });
}

function legalSchema(party: 'sender' | 'receiver') {
  const texts = partyTexts(party);
  return z.object({
    legal_name: requiredText(texts.legalNameMissing, errors.legalNameTooLong.message),
    country_of_registration: z
      .string({ error: texts.countryMissing })
      .check(
        z.length(3, { error: errors.countryOfRegistrationLength.message, abort: true }),
        z.refine(isCountryCode, errors.countryOfRegistrationNotIso.message),
      ),
    first_name: absent(texts.omitted('first_name', 'legal')),
    last_name: absent(texts.omitted('last_name', 'legal')),
    date_of_birth: absent(texts.omitted('date_of_birth', 'legal')),
  });
}

/** A natural person's data: first and last name, date of birth; no legal-entity fields. */
export const naturalPersonDataSchema = naturalSchema('sender');
/** A legal entity's data: legal name and ISO alpha-3 country; no natural-person fields. */
export const legalEntityDataSchema = legalSchema('sender');

const receiverSchemas = { natural: naturalSchema('receiver'), legal: legalSchema('receiver') };

/** One rule a party's data breaks, at the field it concerns (`first_name`, ...). */
export interface FieldIssue {
  /** Path below the data object, e.g. `first_name`; empty for the object itself. */
  field: string;
  message: string;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function issuesOf(schema: z.ZodMiniType, data: unknown): FieldIssue[] {
  const result = schema.safeParse(data);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

/**
 * Every rule the sender data breaks for this sender type, in the spec's order of fields.
 * An unknown sender type yields no field issues: that is the sender_type's own error.
 */
export function senderDataIssues(senderType: unknown, senderData: unknown): FieldIssue[] {
  if (senderType !== 'natural' && senderType !== 'legal') return [];
  if (senderData === undefined) return [{ field: '', message: errors.senderDataMissing.message }];
  if (!isPlainObject(senderData)) {
    return [{ field: '', message: errors.senderDataNotObject.message }];
  }
  return issuesOf(
    senderType === 'natural' ? naturalPersonDataSchema : legalEntityDataSchema,
    senderData,
  );
}

/**
 * A check for a request object carrying `sender_type` and `sender_data`: adds each broken
 * sender rule as an issue at `sender_data.<field>`, after the request's own fields passed.
 */
export function senderDataCheck<T extends { sender_type: unknown; sender_data: unknown }>() {
  return z.superRefine<T>((body, context) => {
    for (const issue of senderDataIssues(body.sender_type, body.sender_data)) {
      context.issues.push({
        code: 'custom',
        message: issue.message,
        input: body.sender_data,
        path: ['sender_data', ...(issue.field ? [issue.field] : [])],
      });
    }
  });
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
  if (!isPlainObject(receiverData)) {
    return [{ field: '', message: 'The receiver_data must be a valid object.' }];
  }
  return issuesOf(receiverSchemas[receiverType], receiverData);
}

/** `sender_type`, with the spec's texts for a missing and for an unknown value. */
export const senderTypeSchema = z.enum(SENDER_TYPES, {
  error: (issue) =>
    issue.input === undefined ? errors.senderTypeMissing.message : errors.senderTypeInvalid.message,
});

export const receiverTypeSchema = z.enum(RECEIVER_TYPES, {
  error: (issue) =>
    issue.input === undefined
      ? 'The receiver_type is a mandatory field.'
      : 'The receiver_type must be one of ‘natural’, ‘legal’ or ‘self’.',
});

/**
 * `sender_data` as a field of a request: present and an object. Its content depends on
 * `sender_type`, so requests check it with `senderDataIssues` once both fields are known.
 */
export const senderDataFieldSchema = z.custom<SenderData>(isPlainObject, {
  error: (issue) =>
    issue.input === undefined
      ? errors.senderDataMissing.message
      : errors.senderDataNotObject.message,
});

export const receiverDataFieldSchema = z.optional(
  z.custom<SenderData>(isPlainObject, { error: 'The receiver_data must be a valid object.' }),
);
