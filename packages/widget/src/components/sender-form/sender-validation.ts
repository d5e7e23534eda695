/**
 * The sender form's rules: the protocol's own rules decide what is wrong (the functions the
 * proxy's schemas run, so the widget can never accept what the proxy will refuse), and this
 * module words it for the customer in the current language, one message per field.
 */
import { customerErrors } from '@crypto-pay/protocol/customer-errors';
import { isEmail } from '@crypto-pay/protocol/formats';
import { senderDataIssues } from '@crypto-pay/protocol/sender';
import { laterMessagesFailed, wholeOf } from '../../localize/localize.ts';
import type { EarlyTranslation, SenderField, Translation } from '../../localize/translation.ts';
import {
  FIELDS_OF,
  type FieldIssue,
  type FieldMessages,
  type FormField,
  isSenderField,
  type SenderType,
  type SenderValues,
} from './form-fields.ts';

// The catalogue's texts about the form's fields back to their stable names, so a rule is
// recognised whatever its wording.
let ruleByText: Map<string, string> | undefined;
function ruleOf(text: string): string | undefined {
  ruleByText ??= new Map(
    Object.values(customerErrors).map((entry) => [entry.message, entry.name] as const),
  );
  return ruleByText.get(text);
}

/** The sender data as the proxy receives it: this type's fields only, trimmed. */
export function senderData(type: SenderType, values: SenderValues): Record<string, string> {
  return Object.fromEntries(FIELDS_OF[type].map((field) => [field, values[field].trim()]));
}

/** The words of the form's mistakes; without them (English's did not load) the rules' own. */
type FormWords = Translation | undefined;

/** A protocol (or proxy) message about `field`, in the customer's words. */
export function customerMessage(
  field: FormField,
  value: string,
  text: string,
  t: FormWords,
): string {
  // English's words did not load: the protocol's own sentence, in English, says what is wrong.
  if (!t) return text;
  const rule = ruleOf(text) ?? '';
  if (isSenderField(field) && (value.trim() === '' || rule.endsWith('_missing'))) {
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
  t: FormWords,
): FieldMessages {
  const messages: FieldMessages = {};
  for (const issue of senderDataIssues(type, senderData(type, values))) {
    const field = issue.field as SenderField;
    if (!FIELDS_OF[type].includes(field) || messages[field]) continue;
    messages[field] = customerMessage(field, values[field], issue.message, t);
  }
  const email = values.email.trim();
  if (email !== '' && !isEmail(email)) {
    messages.email = t?.emailInvalid ?? customerErrors.emailInvalid.message;
  }
  return messages;
}

/**
 * Every message the form shows: the rules' for each field, a date the browser could not read
 * (`badDate`: half typed, or a day the month does not have; its input cannot tell which), a
 * country searched for (`countrySearch`) but not picked, and the proxy's `issue` with a field
 * where the rules see nothing wrong.
 */
export function fieldMessages(
  type: SenderType,
  values: SenderValues,
  translation: EarlyTranslation,
  badDate: boolean,
  countrySearch: string,
  issue: FieldIssue | undefined,
): FieldMessages {
  const t = wholeOf(translation);
  // English's words are on their way (the form's submit waits for them): no mistake shows
  // half worded meanwhile.
  if (!t && !laterMessagesFailed()) return {};
  const messages = validateDetails(type, values, t);
  if (t && badDate && type === 'natural') messages.date_of_birth = t.dateOfBirthIncomplete;
  if (t && type === 'legal' && !values.country_of_registration && countrySearch.trim()) {
    messages.country_of_registration = t.countryNotPicked;
  }
  if (issue && !messages[issue.field]) {
    // The currency and the amount are not typed here: no value to word the message by.
    const value = values[issue.field as keyof SenderValues] ?? '';
    messages[issue.field] = customerMessage(issue.field, value, issue.message, t);
  }
  return messages;
}
