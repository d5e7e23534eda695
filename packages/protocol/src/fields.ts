/**
 * Field schemas shared by several requests: currencies, texts with length rules, URLs and
 * amounts. Each failure carries the sentence a caller sees.
 */

import * as z from 'zod/mini';
import { isWebUrl } from './formats.ts';
import { JsonNumber, MAX_NUMBER_LENGTH } from './json.ts';
import { type DecimalString, isDecimal } from './money.ts';

/**
 * The text for a field that is not of its type: missing when it is absent, otherwise what it
 * must be, so that `"currency": {"iso": "EUR"}` is not answered as if no currency were sent.
 */
export const wrongType =
  (name: string, kind = 'a string') =>
  (issue: { input?: unknown }) =>
    issue.input === undefined
      ? `The ${name} is a mandatory field.`
      : `The ${name} must be ${kind}.`;

/** A string field with the usual rules: present, a string, not empty, at most `max` characters. */
export function textField(name: string, texts: { empty: string; tooLong: string }, max = 255) {
  return z
    .string({ error: wrongType(name) })
    .check(z.minLength(1, texts.empty), z.maxLength(max, texts.tooLong));
}

/** A string that must be sent: absent or empty is missing. */
export function requiredString(name: string) {
  return z
    .string({ error: wrongType(name) })
    .check(z.minLength(1, `The ${name} is a mandatory field.`));
}

/** A string that may be left out, but not sent empty. */
export function optionalString(name: string) {
  return z.optional(
    z
      .string({ error: `The ${name} must be a string.` })
      .check(z.minLength(1, `The ${name} must not be empty if provided.`)),
  );
}

/** A URL field: at most 255 characters, then the URL rule. */
export function urlField(name: string, isValid: (url: string) => boolean = isWebUrl) {
  return z
    .string({ error: `The ${name} is invalid.` })
    .check(
      z.maxLength(255, `The ${name} must be 255 characters or less.`),
      z.refine(isValid, `The ${name} is invalid.`),
    );
}

/** A decimal amount written as a JSON string, as payment requests and all responses do. */
export const decimalString = z.string().check(z.refine(isDecimal, 'Expected a decimal amount.'));

/**
 * An amount written as a JSON number (invoices, withdrawals). Read with `parseJson`, which
 * keeps fractional literals as `JsonNumber`, it comes out as the exact decimal string, an
 * exponent worked out (`5e-05` is `"0.00005"`): the service's own rules on places and minimums
 * then judge the value. A JavaScript number that is no safe integer has lost its digits already.
 */
export function wireAmount(name: string) {
  return z.pipe(
    z.union([z.number(), z.instanceof(JsonNumber)], { error: wrongType(name, 'a number') }).check(
      z.refine(
        (value) => typeof value !== 'number' || Number.isSafeInteger(value),
        `The ${name} must be written as plain decimal digits.`,
      ),
      z.refine(
        (value) => typeof value === 'number' || value.toDecimal() !== undefined,
        `The ${name} must be at most ${MAX_NUMBER_LENGTH} characters long written out in decimal digits.`,
      ),
    ),
    z.transform(
      (value): DecimalString =>
        typeof value === 'number' ? String(value) : (value.toDecimal() as DecimalString),
    ),
  );
}

/** `{iso, network_name}` as the service returns it on entries and callbacks. */
export const serviceCurrencyRefSchema = z.object({
  iso: z.string(),
  network_name: z.optional(z.nullable(z.string())),
});
export type ServiceCurrencyRef = z.infer<typeof serviceCurrencyRefSchema>;
