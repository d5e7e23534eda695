/**
 * The catalogue's entries about what a customer types at checkout: who pays (the sender's
 * type and identity) and the email for refund instructions. A module of their own, spread into
 * `errors` (errors.ts), so `sender.ts` words its rules without the whole catalogue. The widget
 * takes the rules by these entries' names alone (`senderDataRules`), none of their texts: its
 * download is counted in bytes.
 */
import type { ProcessingError } from './errors.ts';

/** A 422 about one field, built as errors.ts builds its entries. */
const unprocessable = (name: string, message: string, field: string): ProcessingError => ({
  name,
  status: 422,
  code: 422,
  message,
  field,
});

export const customerErrors = {
  emailInvalid: unprocessable('email_invalid', 'The email address is incorrect.', 'end_user_email'),
  senderTypeMissing: unprocessable(
    'sender_type_missing',
    'The sender_type is a mandatory field.',
    'sender_type',
  ),
  senderTypeInvalid: unprocessable(
    'sender_type_invalid',
    'The sender_type must be either ‘natural’ or ‘legal’.',
    'sender_type',
  ),
  senderDataMissing: unprocessable(
    'sender_data_missing',
    'The sender_data object is mandatory.',
    'sender_data',
  ),
  senderDataNotObject: unprocessable(
    'sender_data_not_object',
    'The sender_data must be a valid object.',
    'sender_data',
  ),
  firstNameMissing: unprocessable(
    'first_name_missing',
    'The first_name must be provided for sender_type = natural.',
    'sender_data.first_name',
  ),
  firstNameTooLong: unprocessable(
    'first_name_too_long',
    'The first_name must be 255 characters or less.',
    'sender_data.first_name',
  ),
  lastNameMissing: unprocessable(
    'last_name_missing',
    'The last_name must be provided for sender_type = natural.',
    'sender_data.last_name',
  ),
  lastNameTooLong: unprocessable(
    'last_name_too_long',
    'The last_name must be 255 characters or less.',
    'sender_data.last_name',
  ),
  dateOfBirthFormat: unprocessable(
    'date_of_birth_format',
    'The date_of_birth must be in YYYY-MM-DD format.',
    'sender_data.date_of_birth',
  ),
  legalNameMissing: unprocessable(
    'legal_name_missing',
    'The legal_name must be provided for sender_type = legal.',
    'sender_data.legal_name',
  ),
  legalNameTooLong: unprocessable(
    'legal_name_too_long',
    'The legal_name must be 255 characters or less.',
    'sender_data.legal_name',
  ),
  countryOfRegistrationMissing: unprocessable(
    'country_of_registration_missing',
    'The country_of_registration must be provided for sender_type = legal.',
    'sender_data.country_of_registration',
  ),
  countryOfRegistrationLength: unprocessable(
    'country_of_registration_length',
    'The country_of_registration must contain exactly 3 characters.',
    'sender_data.country_of_registration',
  ),
  countryOfRegistrationNotIso: unprocessable(
    'country_of_registration_not_iso',
    'The country_of_registration must be a valid ISO Alpha-3 code.',
    'sender_data.country_of_registration',
  ),
} as const;
