/**
 * Create an invoice (`POST {base_url}/invoices/create`, 201) and cancel one
 * (`POST {base_url}/invoices/{foreign_id}/cancel/`, body `{}`, 200 `[]`).
 */

import * as z from 'zod/mini';
import {
  decimalString,
  optionalString,
  requiredString,
  textField,
  wireAmount,
  wrongType,
} from './fields.ts';
import { isEmail, isWebUrl } from './formats.ts';
import { senderDataCheck, senderDataFieldSchema, senderTypeSchema } from './sender-schemas.ts';

/**
 * An invoice's `foreign_id` is the cancel route's path segment (`/invoices/{foreign_id}/cancel/`):
 * `.` and `..` stay dot segments however they are escaped, which a URL resolves away, so no
 * cancel could reach an invoice named so.
 */
export const isInvoicePathSegment = (foreignId: string): boolean =>
  foreignId !== '.' && foreignId !== '..';
export const INVOICE_FOREIGN_ID_DOTS =
  'The foreign_id of an invoice must not be “.” or “..”: it is a path segment of the cancel address.';

/** Invoice request fields in the spec's order; sender data checked against its type last. */
export const createInvoiceSchema = z
  .object({
    end_user_reference: textField('end_user_reference', {
      empty: 'The end_user_reference must not be empty.',
      tooLong: 'The end_user_reference must be 255 characters or less.',
    }),
    timer: z.boolean({ error: wrongType('timer', 'true or false') }),
    title: z
      .string({ error: wrongType('title') })
      .check(
        z.minLength(1, 'The title must be between 1 and 50 characters.'),
        z.maxLength(50, 'The title must be between 1 and 50 characters.'),
      ),
    foreign_id: textField('foreign_id', {
      empty: 'The foreign_id must not be empty.',
      tooLong: 'Foreign ID must be 255 characters or less.',
    }).check(z.refine(isInvoicePathSegment, INVOICE_FOREIGN_ID_DOTS)),
    currency: requiredString('currency'),
    amount: wireAmount('amount'),
    url_success: z
      .string({ error: wrongType('url_success') })
      .check(z.refine(isWebUrl, 'The url_success is invalid.')),
    url_failed: z
      .string({ error: wrongType('url_failed') })
      .check(z.refine(isWebUrl, 'The url_failed is invalid.')),
    email_user: z
      .string({ error: wrongType('email_user') })
      .check(z.refine(isEmail, 'The email address is incorrect.')),
    sender_type: senderTypeSchema,
    sender_data: senderDataFieldSchema,
    type: z.optional(
      z.enum(['fill_or_kill', 'good_until_expired'], {
        error: 'The type must be either ‘fill_or_kill’ or ‘good_until_expired’.',
      }),
    ),
    description: z.optional(
      z
        .string({ error: 'The description must be a string.' })
        .check(z.maxLength(1000, 'The description must be 1000 characters or less.')),
    ),
    sender_currency: optionalString('sender_currency'),
  })
  .check(senderDataCheck());

/** An invoice request as a caller builds it; `amount` is a decimal string, sent as a JSON number. */
export type CreateInvoiceRequest = z.output<typeof createInvoiceSchema>;

export const INVOICE_STATUSES = [
  'created',
  'pending',
  'processing',
  'confirmed',
  'failed',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** An invoice can be cancelled only in these. */
export const CANCELLABLE_INVOICE_STATUSES: readonly InvoiceStatus[] = [
  'created',
  'pending',
  'processing',
];

/** Null in a new invoice; the spec does not show its type otherwise, so it passes as sent. */
const untypedField = z.unknown();

export const invoiceSchema = z.object({
  id: z.int(),
  // An http(s) address only: the back office makes it a link for the merchant to send on.
  url: z.string().check(z.refine(isWebUrl), z.meta({ format: 'uri' })),
  foreign_id: z.string(),
  end_user_reference: z.string(),
  address: untypedField,
  title: z.string(),
  status: z.string(),
  currency: z.string(),
  amount: decimalString,
  sender_currency: untypedField,
  sender_amount: untypedField,
  fixed_at: untypedField,
  release_at: untypedField,
  seconds_left: untypedField,
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceResponseSchema = z.object({ data: invoiceSchema });

/** Cancel answers an empty JSON array. */
export const cancelInvoiceResponseSchema = z.tuple([]);
