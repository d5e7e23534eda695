/**
 * What the form says of a mistake, in English: with English's later messages, in their chunk
 * (en-later.ts), fetched only where English is the language in use.
 */
import type { FormMessages } from '../translation.ts';

const enForm: FormMessages = {
  formHasErrors: {
    one: 'One field needs your attention.',
    other: '{count} fields need your attention.',
  },
  required: {
    first_name: 'Enter your first name.',
    last_name: 'Enter your last name.',
    date_of_birth: 'Enter your date of birth.',
    legal_name: 'Enter the legal name of the company.',
    country_of_registration: 'Choose the country where the company is registered.',
  },
  tooLong: 'Use 255 characters or fewer.',
  dateOfBirthInvalid: 'Enter your real date of birth.',
  dateOfBirthIncomplete:
    'This date is incomplete or does not exist. Enter the day, month and year.',
  countryInvalid: 'Choose a country from the list.',
  countryNotPicked: 'Pick the country from the list, or type its full name.',
  emailInvalid: 'Enter an email address like name@example.com, or leave it empty.',
  fieldInvalid: 'Check this field.',
  paymentCurrencyRefused:
    'This currency cannot be used for this payment right now. Choose another.',
  amountNotAccepted: 'This amount cannot be accepted. Choose another.',
  amountOutOfRange: (min, max) => `Choose an amount between ${min} and ${max}.`,
  amountFormat: (example, whole) =>
    `Write the amount ${whole ? 'as a whole number' : 'in figures with a point before the decimals'}, like ${example}.`,
};

export default enForm;
