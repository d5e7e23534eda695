/**
 * The sender form's rules: the protocol's own rules decide what is wrong (the functions the
 * proxy's schemas run, so the widget can never accept what the proxy will refuse), naming each
 * rule broken without the spec's English, and this module words it for the customer in the
 * current language, one message per field.
 */
import { isEmail } from '@crypto-pay/protocol/formats';
import {
  isCalendarDate,
  isDateOfBirth,
  MAX_NAME_LENGTH,
  senderDataRules,
} from '@crypto-pay/protocol/sender';
import { wholeOf } from '../../localize/localize.ts';
import type { EarlyTranslation, SenderField } from '../../localize/translation.ts';
import {
  FIELDS_OF,
  type FieldIssue,
  type FieldMessages,
  type FormField,
  isSenderField,
  type SenderType,
  type SenderValues,
} from './form-fields.ts';
import { asciiDigits, fromOwnCalendar } from './typed-date.ts';

/**
 * The date of birth as the form keeps it (year, month and day, a line each: `date-field.ts`) as
 * the spec's `YYYY-MM-DD`, zero-padded, in any script's digits and, where `language` writes
 * dates in a calendar of its own, in that calendar too (`typed-date.ts`); parts that make no
 * such string stay as typed, and break the date's format rule. No part typed is the empty
 * string.
 */
export function isoDate(kept: string, language: string): string {
  const [year = '', month = '', day = ''] = asciiDigits(kept)
    .split('\n')
    .map((part) => part.trim());
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  if (!/^\d{4}-\d\d-\d\d$/.test(iso)) return kept.trim();
  // A Gregorian date of birth is one, whatever the language; only another is read otherwise.
  if (isDateOfBirth(iso)) return iso;
  return fromOwnCalendar(language, Number(year), Number(month), Number(day)) ?? iso;
}

/** The sender data as the proxy receives it: this type's fields only, trimmed. */
export function senderData(
  type: SenderType,
  values: SenderValues,
  language: string,
): Record<string, string> {
  return Object.fromEntries(
    FIELDS_OF[type].map((field) => [
      field,
      field === 'date_of_birth' ? isoDate(values[field], language) : values[field].trim(),
    ]),
  );
}

/**
 * A mistake where English's words of mistakes did not load: the field's label, from the first
 * paint, and a few words of what to do. The spec's sentences would say it too, but they would
 * weigh on every language's download for a chunk that rarely fails.
 */
function plainEnglish(
  field: FormField,
  blank: boolean,
  rule: string,
  en: EarlyTranslation,
): string {
  const label = isSenderField(field) ? en.fieldLabels[field] : en.email;
  // A blank date breaks the format rule: to the customer it is missing, as in their words.
  const fix =
    blank || rule.endsWith('_missing')
      ? 'required'
      : rule.endsWith('_too_long')
        ? `${MAX_NAME_LENGTH} characters at most`
        : field === 'date_of_birth'
          ? 'a real date'
          : field === 'email'
            ? 'like name@example.com, or empty'
            : 'pick one from the list';
  return `${label}: ${fix}.`;
}

/**
 * A broken rule of `field` in the customer's words: the protocol's name of the rule
 * (`first_name_missing`), or the proxy's code for it with its English `text`.
 */
export function customerMessage(
  field: FormField,
  value: string,
  rule: string,
  translation: EarlyTranslation,
  text = '',
): string {
  const t = wholeOf(translation);
  const blank = value.trim() === '';
  // English's words did not load: the proxy's own sentence, in English, or the form's plain one.
  if (!t) return text || plainEnglish(field, blank, rule, translation);
  if (isSenderField(field) && (blank || rule.endsWith('_missing'))) {
    return t.required[field];
  }
  if (rule.endsWith('_too_long')) return t.tooLong;
  if (field === 'date_of_birth') return t.dateOfBirthInvalid;
  if (rule.startsWith('country_of_registration_')) return t.countryInvalid;
  if (rule === 'email_invalid') return t.emailInvalid;
  // The service's texts here name its fields ("payment_currency.iso is disabled."): not for a
  // customer, who can only choose another.
  if (field === 'payment_currency') return t.paymentCurrencyRefused;
  // The proxy's bounds may have changed since the widget read them: its own sentence says the
  // new ones, but only in English.
  if (field === 'amount') return t.$code === 'en' && text ? text : t.amountNotAccepted;
  // A rule the widget does not know (a newer proxy's): its own sentence, only where it is in the
  // customer's language.
  return t.$code === 'en' && text ? text : t.fieldInvalid;
}

/** One message per field that breaks a rule; an empty object when all is well. */
export function validateDetails(
  type: SenderType,
  values: SenderValues,
  translation: EarlyTranslation,
): FieldMessages {
  const messages: FieldMessages = {};
  for (const { field, rule } of senderDataRules(
    type,
    senderData(type, values, translation.$code),
  )) {
    const name = field as SenderField;
    if (!FIELDS_OF[type].includes(name) || messages[name]) continue;
    messages[name] = customerMessage(name, values[name], rule, translation);
  }
  const email = values.email.trim();
  if (email !== '' && !isEmail(email)) {
    messages.email = customerMessage('email', email, 'email_invalid', translation);
  }
  return messages;
}

/**
 * Every message the form shows: the rules' for each field, a date typed in part or naming no day
 * (31 February, a two-digit year, a letter), a country searched for (`countrySearch`) but not
 * picked, and the proxy's `issue` with a field where the rules see nothing wrong.
 */
export function fieldMessages(
  type: SenderType,
  values: SenderValues,
  translation: EarlyTranslation,
  countrySearch: string,
  issue: FieldIssue | undefined,
): FieldMessages {
  // Every mistake is worded, in the customer's words when they are whole, else in the short
  // English of the first paint: the form never sends what its rules refuse.
  const t = wholeOf(translation);
  const messages = validateDetails(type, values, translation);
  const date = isoDate(values.date_of_birth, translation.$code);
  if (t && type === 'natural' && date && !isCalendarDate(date)) {
    messages.date_of_birth = t.dateOfBirthIncomplete;
  }
  if (t && type === 'legal' && !values.country_of_registration && countrySearch.trim()) {
    messages.country_of_registration = t.countryNotPicked;
  }
  if (issue && !messages[issue.field]) {
    // The currency and the amount are not typed here: no value to word the message by.
    const value = values[issue.field as keyof SenderValues] ?? '';
    messages[issue.field] = customerMessage(
      issue.field,
      value,
      issue.rule ?? '',
      translation,
      issue.message,
    );
  }
  return messages;
}
