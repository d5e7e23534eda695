/**
 * Callbacks the processing service sends to the merchant, signed like requests. Shapes follow
 * the service's public documentation: a `type` names the kind, the rest depends on it.
 * Unknown extra fields are kept, since the service may add some.
 */

import * as z from 'zod/mini';
import { decimalString, serviceCurrencyRefSchema } from './fields.ts';
import { INVOICE_STATUSES } from './invoice.ts';
import { PAYMENT_REQUEST_STATUSES } from './payment-request.ts';

const amountIn = z.looseObject({ currency: serviceCurrencyRefSchema, amount: decimalString });

export const paymentRequestCallbackSchema = z.looseObject({
  type: z.literal('payment_request'),
  payment_request_id: z.string(),
  foreign_id: z.optional(z.nullable(z.string())),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  end_user_email: z.optional(z.nullable(z.string())),
  payment_request_address: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  payment_request_amount: z.optional(z.nullable(amountIn)),
  currency_sent: z.optional(z.nullable(amountIn)),
  fixed_at: z.optional(z.nullable(z.int())),
  expires_at: z.optional(z.nullable(z.int())),
  valid_until: z.optional(z.nullable(z.int())),
});
export type PaymentRequestCallback = z.infer<typeof paymentRequestCallbackSchema>;

export const invoiceCallbackSchema = z.looseObject({
  type: z.literal('invoice'),
  id: z.int(),
  foreign_id: z.string(),
  status: z.enum(INVOICE_STATUSES),
  currency: z.optional(z.string()),
  amount: z.optional(decimalString),
  sender_currency: z.optional(z.nullable(z.string())),
  sender_amount: z.optional(z.nullable(z.string())),
});
export type InvoiceCallback = z.infer<typeof invoiceCallbackSchema>;

/** Deposits and withdrawals report a transaction: its id, status and amounts. */
const transactionCallbackFields = {
  id: z.int(),
  foreign_id: z.optional(z.nullable(z.string())),
  status: z.string(),
  currency: z.optional(z.string()),
  amount: z.optional(decimalString),
  end_user_reference: z.optional(z.nullable(z.string())),
};

export const depositCallbackSchema = z.looseObject({
  type: z.literal('deposit'),
  ...transactionCallbackFields,
});
export type DepositCallback = z.infer<typeof depositCallbackSchema>;

export const withdrawalCallbackSchema = z.looseObject({
  type: z.literal('withdrawal'),
  ...transactionCallbackFields,
});
export type WithdrawalCallback = z.infer<typeof withdrawalCallbackSchema>;

/** Exchange and `*_exchange` callbacks: recorded, not interpreted. */
type ExchangeCallbackType = 'exchange' | `${string}_exchange`;
export const otherCallbackSchema = z.looseObject({
  type: z.custom<ExchangeCallbackType>(
    (value) => typeof value === 'string' && /^(exchange|[a-z_]+_exchange)$/.test(value),
  ),
});
export type OtherCallback = z.infer<typeof otherCallbackSchema>;

export const callbackSchema = z.union([
  paymentRequestCallbackSchema,
  invoiceCallbackSchema,
  depositCallbackSchema,
  withdrawalCallbackSchema,
  otherCallbackSchema,
]);
export type Callback = z.infer<typeof callbackSchema>;
