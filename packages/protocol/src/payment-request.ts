/**
 * Create payment request (`POST {payments_base_url}/requests`): the request body with every
 * rule the spec states that needs no knowledge of the service's state, and the response.
 * Rules that need the currency list, exchange rates or the clock are the service's own
 * (the sandbox applies them after these).
 */

import * as z from 'zod/mini';
import { errors } from './errors.ts';
import { decimalString, serviceCurrencyRefSchema, textField, urlField } from './fields.ts';
import { isEmail, isStoreUrl, isWebUrl } from './formats.ts';
import { type DecimalString, isDecimal } from './money.ts';
import { senderDataCheck, senderDataFieldSchema, senderTypeSchema } from './sender-schemas.ts';

const isPlainObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const requestedCurrency = z.object(
  {
    iso: z
      .string({ error: errors.currencyIsoMissing.message })
      .check(z.minLength(1, errors.currencyIsoMissing.message)),
    network_name: z.optional(
      z.nullable(z.string({ error: 'The currency.network_name must be a string.' })),
    ),
  },
  { error: errors.currencyIsoMissing.message },
);

/** `payment_currency` with the spec's texts, in its order of rules. */
export const paymentCurrencySchema = z
  .custom<{ iso: string; network_name?: string | undefined }>(isPlainObject, {
    error: errors.paymentCurrencyEmpty.message,
  })
  .check(
    z.refine((value) => {
      const given = value as Record<string, unknown>;
      return given.iso !== undefined || given.network_name !== undefined;
    }, errors.paymentCurrencyEmpty.message),
    z.refine(
      (value) => value.iso !== undefined || value.network_name === undefined,
      errors.paymentNetworkNameWithoutIso.message,
    ),
    z.refine(
      (value) => typeof value.iso === 'string' && value.iso.length > 0,
      errors.paymentCurrencyIsoEmpty.message,
    ),
    z.refine(
      (value) =>
        value.network_name === undefined ||
        (typeof value.network_name === 'string' && value.network_name.length > 0),
      errors.paymentNetworkNameEmpty.message,
    ),
  );

const lifetimeField = (name: string) =>
  z.optional(z.nullable(z.int({ error: `The ${name} must be an integer number of seconds.` })));

/**
 * The body of a create payment request, checked field by field in the order of the spec's
 * table; then the two rules that span fields (one lifetime, sender data matching its type).
 */
export const createPaymentRequestSchema = z
  .object({
    amount: z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? errors.amountMissing.message
            : 'The amount must be a decimal number written as a string.',
      })
      .check(
        z.minLength(1, errors.amountMissing.message),
        z.refine(isDecimal, 'The amount must be a decimal number written as a string.'),
      ),
    currency: requestedCurrency,
    user_fee_percent: z.optional(
      z.union([z.literal(0), z.literal(100)], { error: errors.userFeePercentInvalid.message }),
    ),
    life_time_duration: lifetimeField('life_time_duration'),
    life_time_datetime: lifetimeField('life_time_datetime'),
    payment_currency: z.optional(paymentCurrencySchema),
    end_user_email: z.optional(
      z
        .string({ error: errors.emailInvalid.message })
        .check(z.refine(isEmail, errors.emailInvalid.message)),
    ),
    end_user_reference: textField('end_user_reference', {
      empty: errors.endUserReferenceEmpty.message,
      tooLong: errors.endUserReferenceTooLong.message,
    }),
    sender_type: senderTypeSchema,
    sender_data: senderDataFieldSchema,
    description: z.optional(
      textField('description', {
        empty: errors.descriptionEmpty.message,
        tooLong: errors.descriptionTooLong.message,
      }),
    ),
    foreign_id: z.optional(
      textField('foreign_id', {
        empty: errors.foreignIdEmpty.message,
        tooLong: errors.foreignIdTooLong.message,
      }),
    ),
    url_store: z.optional(urlField('url_store', isStoreUrl)),
    url_success: z.optional(urlField('url_success')),
    url_failed: z.optional(urlField('url_failed')),
  })
  .check(
    z.superRefine((body, context) => {
      const hasDuration = body.life_time_duration != null;
      const hasDatetime = body.life_time_datetime != null;
      if (!hasDuration && !hasDatetime) {
        context.issues.push({
          code: 'custom',
          message: errors.lifetimeMissing.message,
          input: body,
        });
      } else if (hasDuration && hasDatetime) {
        context.issues.push({ code: 'custom', message: errors.lifetimeBoth.message, input: body });
      }
    }),
    senderDataCheck(),
  );

/** The body as a caller builds it (the schema's output: all rules passed). */
export type CreatePaymentRequest = z.output<typeof createPaymentRequestSchema>;

/** The payment request object of the spec (response `data`). */
export const paymentRequestSchema = z.object({
  id: z.string(),
  amount: decimalString,
  currency: serviceCurrencyRefSchema,
  user_fee_percent: z.union([z.literal(0), z.literal(100)]),
  status: z.string(),
  // "string (documented as string)": the spec itself doubts it, so Unix seconds as a number
  // are taken too, and handed on as the string the documentation promises.
  life_time: z.pipe(
    z.union([z.string(), z.int()]),
    z.transform((value) => String(value)),
  ),
  // "string (URL)": an http(s) address only, as it becomes a link and a redirect in shops'
  // pages (a `javascript:` one would run there).
  payment_link: z.string().check(z.refine(isWebUrl)),
  payment_currency: z.optional(serviceCurrencyRefSchema),
  end_user_email: z.optional(z.string()),
  description: z.optional(z.string()),
  foreign_id: z.optional(z.string()),
  url_store: z.optional(z.string()),
  url_success: z.optional(z.string()),
  url_failed: z.optional(z.string()),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

export const paymentRequestResponseSchema = z.object({ data: paymentRequestSchema });

/**
 * Statuses a payment request moves through (public documentation, beyond the spec), and the
 * final ones. A checkout follows its payment request's status one for one, so they are written
 * once, as the checkout's, in a module the widget loads without zod.
 */
export {
  CHECKOUT_STATUSES as PAYMENT_REQUEST_STATUSES,
  type CheckoutStatus as PaymentRequestStatus,
  FINAL_CHECKOUT_STATUSES as FINAL_PAYMENT_REQUEST_STATUSES,
} from './checkout-status.ts';

export type { DecimalString };
