/**
 * The details form's rules and country list (with the company's country field) and the date of
 * birth's three fields, loaded on demand: the element's first paint does not need them. The
 * protocol's rules come as plain functions (`@crypto-pay/protocol/sender`, no zod). What
 * Continue does once they are there lives here too (`form-submit.ts`: the check, the count of
 * the form's mistakes in the customer's plural), and the request the form's details make and
 * its sending (`checkout-request.ts`). The open amount's check is the amount choice's chunk's.
 */

export { createCheckout, keyedRequest } from '../crypto-pay/checkout-request.ts';
export { matchingCountries } from './countries.ts';
export { countryField } from './country-field.ts';
export { default as dateStyles } from './date-field.styles.ts';
export { dateField } from './date-field.ts';
export { submitChecked } from './form-submit.ts';
export { fieldMessages, senderData } from './sender-validation.ts';
