/**
 * The signing proxy's public API as data: the checkout create request (`POST /api/checkouts`),
 * the checkout (the answer of `GET /api/checkouts/{id}` and every event-stream message), the
 * widget's configuration (`GET /api/config`), a session's price (`GET /api/sessions/{token}`),
 * the error body, the merchant's view of a checkout and the webhook events that carry it. The
 * proxy validates and types with these schemas and /openapi.json comes from them, the widget
 * imports their types only, and the tests' fakes and receivers parse with them, so no copy can
 * drift. Not re-exported by the index: its names are the proxy's, beside the processing
 * service's.
 */

import * as z from 'zod/mini';
import { CHECKOUT_STATUSES } from './checkout-status.ts';
import { errors } from './errors.ts';
import { decimalString, urlField } from './fields.ts';
import { isWebUrl } from './formats.ts';
import { isBoundedDecimal, isDecimal, MAX_AMOUNT_DIGITS } from './money.ts';
import { createPaymentRequestSchema, paymentCurrencySchema } from './payment-request.ts';
import { senderDataCheck } from './sender-schemas.ts';

const unixSeconds = z.int().check(z.describe('Unix seconds.'));
const decimal = decimalString.check(z.describe('A decimal amount, e.g. "25.00".'));

/** A currency as the proxy names it: the network only where the currency has several. */
export const currencyRefSchema = z.object({
  iso: z.string(),
  network_name: z.optional(z.string()),
});
export type CurrencyRef = z.infer<typeof currencyRefSchema>;

/** A checkout follows its payment request's status; which are final: `checkout-status.ts`. */
export const checkoutStatusSchema = z.enum(CHECKOUT_STATUSES);
export type { CheckoutStatus } from './checkout-status.ts';

/**
 * What the service's callback says beyond the status, from the amounts it reports: a failed
 * payment sent less than was due (`underpaid`), or the full amount that was not confirmed in
 * time (`late`); a paid one sent more than was due (`overpaid`, the difference refunded).
 */
export const STATUS_DETAILS = ['underpaid', 'late', 'overpaid'] as const;
export const statusDetailSchema = z.enum(STATUS_DETAILS);
export type StatusDetail = z.infer<typeof statusDetailSchema>;

/** Where refund instructions come from: the service's email, or the merchant. */
export const refundInstructionsSchema = z.enum(['email', 'merchant']);
export type RefundInstructions = z.infer<typeof refundInstructionsSchema>;

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
  status_detail: z.optional(
    statusDetailSchema.check(
      z.describe(
        "Why a failed payment failed (`underpaid`: less than due was sent; `late`: the full amount was not confirmed in time), or that a paid one was `overpaid`. Absent when the service's callback does not say (a failure without amounts, an expiry, an exact payment).",
      ),
    ),
  ),
  refund_instructions: z.optional(
    refundInstructionsSchema.check(
      z.describe(
        'Where the customer gets the money back when the amount sent differs from the amount due (`underpaid`: all of it; `overpaid`: the difference): `email`, the service emails instructions to the address the customer gave; `merchant`, none was given, the customer asks the merchant. Absent otherwise.',
      ),
    ),
  ),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** How a checkout's price was decided: a catalogue product, a session, or an open amount. */
export const PRICING_MODES = ['product', 'session', 'amount'] as const;
export type PricingMode = (typeof PRICING_MODES)[number];

/**
 * A checkout as the merchant API shows it and webhooks carry it: the public object and its
 * references.
 */
export const merchantCheckoutSchema = z.extend(checkoutSchema, {
  foreign_id: z.string().check(z.describe('The payment request’s foreign_id.')),
  payment_request_id: z.string(),
  pricing: z.enum(PRICING_MODES).check(z.describe('amount: an open amount.')),
  product: z.optional(z.string().check(z.describe('The sku, for a product checkout.'))),
  created_at: unixSeconds,
  updated_at: unixSeconds,
  version: z
    .int()
    .check(
      z.describe(
        'Grows by one with every change: a webhook receiver drops an event older than what it has. checkout.stale is no change and carries the version it was found at: do not drop it for an equal version (its event id orders it).',
      ),
    ),
  stale_since: z.optional(
    unixSeconds.check(
      z.describe(
        'Set while the checkout is stale: still not final STALE_AFTER_SECONDS after it expired (when the proxy found it so). It keeps its status; a callback that moves it to processing keeps this, a final status clears it.',
      ),
    ),
  ),
});
export type MerchantCheckout = z.infer<typeof merchantCheckoutSchema>;

/**
 * The webhooks of a checkout: `checkout.<status>` when created or moved on, one per status, and
 * `checkout.stale` once when it is still not final long after it expired.
 */
export const CHECKOUT_EVENT_TYPES = [
  ...CHECKOUT_STATUSES.map((status) => `checkout.${status}` as const),
  'checkout.stale' as const,
];

/** What every webhook's body (and each event `GET /admin/events` lists) starts with. */
const eventFields = {
  id: z
    .string()
    .check(
      z.regex(/^evt_/),
      z.describe('evt_…: also the webhook-id header, the same on every retry. Ids sort in order.'),
    ),
  timestamp: z.iso.datetime().check(z.describe('When the event happened, ISO 8601 UTC.')),
};

/** `checkout.<status>`: the checkout as the merchant API shows it at that version. */
export const checkoutEventSchema = z.object({
  id: eventFields.id,
  type: z.enum(CHECKOUT_EVENT_TYPES),
  timestamp: eventFields.timestamp,
  data: merchantCheckoutSchema,
});
export type CheckoutEvent = z.infer<typeof checkoutEventSchema>;

/** `<type>.<status>`: another callback of the service, relayed. */
export const relayedEventSchema = z.object({
  id: eventFields.id,
  // Never a checkout's type, so a checkout event cannot pass as relayed with any data.
  type: z
    .string()
    .check(
      z.regex(/^(?!checkout\.)/),
      z.describe(
        'invoice.<status>, withdrawal.<status>, deposit.<status>, exchange.<status>, …: a relayed callback.',
      ),
    ),
  timestamp: eventFields.timestamp,
  data: z
    .record(z.string(), z.unknown())
    .check(
      z.describe(
        'The service’s callback, only the operational fields its type names (ids, status, amounts, currencies, times, addresses and hashes on the chain): never emails, names or references.',
      ),
    ),
});
export type RelayedEvent = z.infer<typeof relayedEventSchema>;

/** A webhook's body `{id, type, timestamp, data}`, as sent and as `GET /admin/events` lists it. */
export const webhookEventSchema = z.union([checkoutEventSchema, relayedEventSchema]);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

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
    z.object({
      min: decimal,
      max: decimal,
      currencies: z.array(z.string()),
      presets: z.optional(
        z
          .array(decimal)
          .check(z.describe('Amounts the widget offers to choose from, within the bounds.')),
      ),
    }),
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
  upstream_code: z.optional(
    z
      .union([z.string(), z.int()])
      .check(
        z.describe(
          "With `upstream_refused`, on the merchant API only: the processing service's code for its refusal of the proxy's credentials (`bad_header_key`, …).",
        ),
      ),
  ),
});
export type ProxyErrorBody = z.infer<typeof proxyErrorSchema>;

/**
 * What to check on the proxy when the processing service refuses its credentials, by the
 * service's code (its 403s): the one variable at fault where the code names it, so that the
 * proxy's log and `crypto-pay doctor` say the same.
 */
export function refusedCredentialsCheck(upstreamCode: string | number | undefined): string {
  switch (upstreamCode) {
    case 'bad_header_key':
    case 'required_header_key':
      return 'check PROCESSING_API_KEY';
    case 'bad_header_signature':
    case 'required_header_signature':
      return 'check PROCESSING_SIGNING_SECRET';
    case 'api_disabled':
      return 'check the API version at the end of PROCESSING_BASE_URL (/v2) and PROCESSING_PAYMENTS_BASE_URL (/v1)';
    case 'client_disabled':
    case 403:
      return "the merchant's account or API client is disabled at the processing service: ask the service to enable it";
    default:
      return 'check PROCESSING_API_KEY and PROCESSING_SIGNING_SECRET';
  }
}

/** Length of a checkout id: 128 bits in base64url. */
export const CHECKOUT_ID_LENGTH = 22;

/** The service's limit on `url_success` and `url_failed`. */
export const MAX_RESULT_URL_LENGTH = 255;

/**
 * A shop's result address as the service receives it: with `checkout=<checkoutId>` in its query,
 * so the shop's result page knows which checkout to resume after the hosted payment page. Other
 * parameters and the fragment stay.
 */
export function withCheckoutId(url: string, checkoutId: string): string {
  const address = new URL(url);
  address.searchParams.set('checkout', checkoutId);
  return address.href;
}

/**
 * Whether `url` stays within the service's limit once a checkout id is added. Ids have a fixed
 * length, so one stand-in id decides it. An unparsable URL is left to the URL checks.
 */
export function fitsCheckoutId(url: string): boolean {
  if (!URL.canParse(url)) return true;
  return withCheckoutId(url, 'x'.repeat(CHECKOUT_ID_LENGTH)).length <= MAX_RESULT_URL_LENGTH;
}

/** Why a result address was refused: `name` is the field or variable that holds it. */
export const tooLongForCheckoutId = (name: string) =>
  `The ${name} is too long: with the checkout id added it would pass the ${MAX_RESULT_URL_LENGTH} characters the processing service accepts.`;

/**
 * A result address the proxy hands on to the service, `checkout=<id>` added. Its refusals name
 * `field` as the caller wrote it (a create's `success_url`, a session's `url_success`).
 */
export const resultUrlField = (field: string) =>
  urlField(field).check(z.refine(fitsCheckoutId, tooLongForCheckoutId(field)));

const amountText = 'The amount must be a decimal number written as a string.';
/** A string that is no decimal (`1,00`, ` 42`, `1e2`): said how one is written. */
const amountDigitsText =
  'The amount must be written in digits with a point before any decimals, such as "42.00" (no comma, space or exponent).';
/** The refusal of an amount (`field`) past the bound of every amount the proxy is sent. */
export const boundedAmountText = (field = 'amount') =>
  `The ${field} must have at most ${MAX_AMOUNT_DIGITS} digits before its point and ${MAX_AMOUNT_DIGITS} after it.`;
/** An amount the proxy is sent: a decimal number written as a string, of bounded length. */
export const decimalAmount = z.string({ error: amountText }).check(
  z.refine(isDecimal, amountDigitsText),
  z.refine((value) => !isDecimal(value) || isBoundedDecimal(value), boundedAmountText()),
);

/** A currency code the proxy is sent, such as EUR; `field` names it in the refusal. */
export const currencyCode = (field: string) =>
  z
    .string({ error: `The ${field} must be a currency code such as EUR.` })
    .check(z.regex(/^[A-Z0-9]{2,10}$/, `The ${field} must be a currency code such as EUR.`));

const paymentRequestFields = createPaymentRequestSchema.shape;

/**
 * The customer's `payment_currency`: `iso` and `network_name` and no other key (the browser
 * decides nothing else the service is sent), each a string, then the spec's rules and texts.
 * Null is the spec's "empty"; a bare `"BTC"` is not empty but the wrong shape, and says so.
 */
export const checkoutPaymentCurrencySchema = z.pipe(
  z.strictObject(
    // Strings, or their sentence: what each must hold is the pipe's next, in the spec's texts.
    { iso: z.optional(z.string()), network_name: z.optional(z.string()) },
    {
      error: (issue) =>
        issue.input === null
          ? errors.paymentCurrencyEmpty.message
          : 'The payment_currency must be an object such as {"iso": "BTC", "network_name": "bitcoin"}.',
    },
  ),
  paymentCurrencySchema,
);

/**
 * `POST /api/checkouts`: one pricing mode (a product, a session, or an amount in a currency),
 * the payment currency and the sender's identity. The fields handed on to the payment request
 * keep the request's own rules and texts. Strict, as every request body of the proxy: a session's
 * `url_success` sent here would otherwise be dropped unseen and the customer sent elsewhere.
 */
export const createCheckoutSchema = z
  .strictObject({
    product: z.optional(
      z
        .string({ error: 'The product must be a string.' })
        .check(z.minLength(1, 'The product must not be empty.')),
    ),
    session: z.optional(
      z
        .string({ error: 'The session must be a string.' })
        .check(z.minLength(1, 'The session must not be empty.')),
    ),
    amount: z.optional(decimalAmount),
    currency: z.optional(
      z.union(
        [
          currencyCode('currency'),
          z.object({
            iso: currencyCode('currency.iso'),
            network_name: z.optional(
              z
                .string()
                .check(z.minLength(1, 'The currency.network_name must not be empty if provided.')),
            ),
          }),
        ],
        { error: 'The currency must be a currency code such as EUR, or {iso, network_name}.' },
      ),
    ),
    payment_currency: z.optional(checkoutPaymentCurrencySchema),
    sender_type: paymentRequestFields.sender_type,
    sender_data: paymentRequestFields.sender_data,
    end_user_email: paymentRequestFields.end_user_email,
    success_url: z.optional(resultUrlField('success_url')),
    failed_url: z.optional(resultUrlField('failed_url')),
  })
  .check(senderDataCheck());
/** The body as the widget sends it. */
export type CheckoutRequest = z.input<typeof createCheckoutSchema>;
/** The body as the proxy reads it, every rule passed. */
export type CreateCheckout = z.output<typeof createCheckoutSchema>;
