/**
 * The signing proxy's public API as data: the checkout (the answer of `GET /api/checkouts/{id}`
 * and every event-stream message), the widget's configuration (`GET /api/config`), a session's
 * price (`GET /api/sessions/{token}`) and the error body. The proxy's types and /openapi.json
 * come from these schemas, the widget imports their types only, and the tests' fakes parse what
 * they send with them, so no copy can drift. Not re-exported by the index: its names are the
 * proxy's, beside the processing service's.
 */

import * as z from 'zod/mini';
import { decimalString, isWebUrl } from './fields.ts';
import { PAYMENT_REQUEST_STATUSES } from './payment-request.ts';

const unixSeconds = z.int().check(z.describe('Unix seconds.'));
const decimal = decimalString.check(z.describe('A decimal amount, e.g. "25.00".'));

/** A currency as the proxy names it: the network only where the currency has several. */
export const currencyRefSchema = z.object({
  iso: z.string(),
  network_name: z.optional(z.string()),
});
export type CurrencyRef = z.infer<typeof currencyRefSchema>;

/** A checkout follows its payment request's status; `paid`, `failed`, `expired` are final. */
export const checkoutStatusSchema = z.enum(PAYMENT_REQUEST_STATUSES);
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/** The checkout as the public API shows it: statuses and prices, no personal data. */
export const checkoutSchema = z.object({
  id: z.string(),
  status: checkoutStatusSchema,
  // An http(s) address only: the widget makes it a link and a redirect on the shop's page.
  payment_link: z.string().check(z.refine(isWebUrl), z.meta({ format: 'uri' })),
  expires_at: unixSeconds,
  amount: decimal,
  currency: currencyRefSchema,
  payment_currency: z.optional(currencyRefSchema),
  success_url: z.optional(z.string()),
  failed_url: z.optional(z.string()),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** `GET /api/config`: what the widget may offer. */
export const widgetConfigSchema = z.object({
  payment_currencies: z.array(
    z.object({
      iso: z.string(),
      network_name: z.optional(
        z.string().check(z.describe('Absent for a code the proxy cannot map.')),
      ),
      precision: z.int().check(z.describe('Decimal places of the currency.')),
    }),
  ),
  products: z
    .record(
      z.string(),
      z.object({
        amount: decimal,
        currency: z.string(),
        network_name: z.optional(z.string()),
        description: z.optional(z.string()),
      }),
    )
    .check(z.describe('The catalogue, by sku.')),
  open_amount: z.nullable(
    z.object({ min: decimal, max: decimal, currencies: z.array(z.string()) }),
  ),
  sessions: z.boolean().check(z.describe('Whether checkout sessions can be used.')),
});
export type WidgetConfig = z.infer<typeof widgetConfigSchema>;
export type PaymentCurrency = WidgetConfig['payment_currencies'][number];
export type Product = WidgetConfig['products'][string];
export type OpenAmount = NonNullable<WidgetConfig['open_amount']>;

/** `GET /api/sessions/{token}`: the price a checkout session pins, nothing else. */
export const sessionPriceSchema = z.object({
  amount: decimal,
  currency: currencyRefSchema,
  description: z.optional(z.string()),
  expires_at: unixSeconds,
});
export type SessionPrice = z.infer<typeof sessionPriceSchema>;

/**
 * The proxy's own errors. The code is a string on the public API; the merchant API may pass a
 * service's numeric code through.
 */
export const proxyErrorSchema = z.object({
  error: z.string().check(z.describe('A sentence for people.')),
  code: z.union([z.string(), z.int()]).check(z.describe('A machine code.')),
  field: z.optional(z.string().check(z.describe('Dotted path of the offending field.'))),
});
export type ProxyErrorBody = z.infer<typeof proxyErrorSchema>;
