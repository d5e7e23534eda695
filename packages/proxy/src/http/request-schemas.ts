/**
 * Schemas of the proxy's merchant requests (the session create, list queries). They validate
 * at the edge and generate /openapi.json (a query parameter's description is its note there),
 * so the two cannot drift. Texts are the spec's wherever
 * the spec has one. The widget's checkout create is the public contract's
 * (`@crypto-pay/protocol/proxy-api`), whose field rules a session's share.
 */

import {
  createInvoiceSchema,
  createPaymentRequestSchema,
  createWithdrawalSchema,
  isBoundedDecimal,
  MAX_AMOUNT_DIGITS,
} from '@crypto-pay/protocol';
import { CHECKOUT_STATUSES } from '@crypto-pay/protocol/checkout-status';
import {
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  MONEY_OPERATION_KINDS,
  type Page,
} from '@crypto-pay/protocol/merchant-api';
import {
  boundedAmountText,
  currencyCode,
  decimalAmount,
  PRICING_MODES,
  resultUrlField,
  STATUS_DETAILS,
} from '@crypto-pay/protocol/proxy-api';
import * as z from 'zod/mini';

const paymentRequestFields = createPaymentRequestSchema.shape;

/**
 * `POST /admin/checkout-sessions`: what the merchant's back end pins for one customer. A field
 * it does not know is refused (a misspelt `url_sucess` would otherwise be dropped unseen).
 */
export const createSessionSchema = z.strictObject(
  {
    amount: decimalAmount.check(
      z.refine(
        (value) => !value.startsWith('-') && /[1-9]/.test(value),
        'The amount must be greater than zero.',
      ),
    ),
    currency: currencyCode('currency'),
    network_name: z.optional(
      z.string().check(z.minLength(1, 'The network_name must not be empty if provided.')),
    ),
    // The fields a session pins for the payment request keep the request's own rules and texts.
    description: paymentRequestFields.description,
    foreign_id: paymentRequestFields.foreign_id,
    end_user_reference: z.optional(paymentRequestFields.end_user_reference),
    url_store: paymentRequestFields.url_store,
    url_success: z.optional(resultUrlField('url_success')),
    url_failed: z.optional(resultUrlField('url_failed')),
    /** How long the token may be used, in seconds (default 3600, at most 7 days). */
    expires_in: z.optional(
      z
        .int({ error: 'The expires_in must be a whole number of seconds.' })
        .check(
          z.gte(60, 'The expires_in must be between 60 and 604800 seconds.'),
          z.lte(604_800, 'The expires_in must be between 60 and 604800 seconds.'),
        ),
    ),
  },
  {
    error: 'The request body must be a JSON object such as {"amount": "42.00", "currency": "EUR"}.',
  },
);
export type CreateSession = z.output<typeof createSessionSchema>;

/** How many a merchant API list answers when its `limit=` is not given. */
export const DEFAULT_PAGE_SIZE = 50;

/** The page size a list's `limit=` asks for, or the default. */
export const pageSize = (limit: string | undefined): number => Number(limit ?? DEFAULT_PAGE_SIZE);

/**
 * A page of a list read newest first, `limit` rows at most, as the merchant API answers it:
 * each row through `view`, and `next_before` the last row's id when the page is full (there may
 * be more before it).
 */
export function pageAnswer<R extends { id: string | number }, V>(
  rows: readonly R[],
  limit: number,
  view: (row: R) => V,
): Page<V> {
  const last = rows.length === limit ? rows.at(-1)?.id : undefined;
  return {
    data: rows.map((row) => view(row)),
    ...(last === undefined ? {} : { next_before: String(last) }),
  };
}

/**
 * A query parameter of the merchant API's lists: its note in /openapi.json. PostgreSQL refuses a
 * NUL character in a text parameter (22021), so it is refused here, with the field, not as a 500.
 */
export const filter = (description: string) =>
  z.optional(
    z.string().check(
      z.refine(
        (value) => !value.includes('\0'),
        'A search value must not contain a NUL character (%00).',
      ),
      z.describe(description),
    ),
  );

/**
 * `before=` of a list paged by integer ids (the callback log, delivery attempts, the audit
 * log): the next_before of the page before. 15 digits at most, below 2^53, so `Number()` of it
 * is exact.
 */
export const idCursor = (what: string) =>
  z.optional(
    z
      .string()
      .check(
        z.regex(/^[1-9]\d{0,14}$/, `The before must be ${what} id (a whole number).`),
        z.describe('The next_before of the previous page: only those older than that one.'),
      ),
  );

/** `limit=` of the merchant API's lists: 1 to `MAX_PAGE_SIZE` (`DEFAULT_PAGE_SIZE` when not given). */
export const limit = z.optional(
  z.string().check(
    z.refine(
      (value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_PAGE_SIZE,
      `The limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
    ),
    z.describe(
      `At most this many (a page), a whole number from 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`,
    ),
  ),
);

/** A Unix time in seconds as a query parameter (`created_from`, `from`, …). */
const unixSeconds = (name: string, description: string) =>
  z.optional(
    z
      .string()
      .check(
        z.regex(/^\d{1,12}$/, `The ${name} must be a time in Unix seconds, a whole number.`),
        z.describe(description),
      ),
  );

/**
 * A non-negative decimal amount as a query parameter, kept as its text (never a float), held
 * to the bound of every amount the proxy is sent (`isBoundedDecimal`).
 */
const amountBound = (name: string, description: string) =>
  z.optional(
    z.string().check(
      z.refine(
        (value) => isBoundedDecimal(value) && !value.startsWith('-'),
        `The ${name} must be a decimal amount such as 25.00, at most ${MAX_AMOUNT_DIGITS} digits each side of its point.`,
      ),
      z.describe(description),
    ),
  );

/** The filters of the checkout list, which its CSV export takes too. */
const checkoutFilters = {
  status: z.optional(
    z
      .enum(CHECKOUT_STATUSES, {
        error: `The status must be one of ${CHECKOUT_STATUSES.join(', ')}.`,
      })
      .check(z.describe('Only checkouts in this status.')),
  ),
  stale: z.optional(
    z
      .enum(['true', 'false'], { error: 'The stale filter must be true or false.' })
      .check(
        z.describe(
          'true: only stale checkouts (still created or processing STALE_AFTER_SECONDS after they expired); false: only the others.',
        ),
      ),
  ),
  foreign_id: filter(
    'Only the checkout made with this foreign_id (the session’s, or cp_… chosen by the proxy).',
  ),
  q: z.optional(
    z.string().check(
      z.maxLength(
        MAX_SEARCH_LENGTH,
        `The q must be at most ${MAX_SEARCH_LENGTH} characters: a reference, not a text to search.`,
      ),
      z.refine(
        (value) => /\S/.test(value),
        'The q must name a checkout: its id (or its first 4 characters or more), foreign_id or payment request id.',
      ),
      z.describe(
        "A reference: an exact foreign_id or payment request id (spaces around it ignored), else a checkout id, or its first 4 characters or more when only one id begins so (several: 422 ambiguous_prefix), spaces in it ignored (the grouped form the customer reads out). A leading ' (as the CSV export writes an id beginning with -) is dropped.",
      ),
    ),
  ),
  detail: z.optional(
    z
      .enum([...STATUS_DETAILS, 'none'], {
        error: `The detail must be one of ${[...STATUS_DETAILS, 'none'].join(', ')}.`,
      })
      .check(z.describe('What the service said beyond the status; none: it said nothing.')),
  ),
  pricing: z.optional(
    z
      .enum(PRICING_MODES, {
        error: `The pricing must be one of ${PRICING_MODES.join(', ')}.`,
      })
      .check(
        z.describe(
          'How the price was set, as checkouts say it: a catalogue product, a checkout session, or an open amount the customer chose (amount).',
        ),
      ),
  ),
  currency: z.optional(
    currencyCode('currency').check(z.describe('Only checkouts priced in this currency, e.g. EUR.')),
  ),
  created_from: unixSeconds('created_from', 'Only checkouts created at or after this Unix time.'),
  created_to: unixSeconds('created_to', 'Only checkouts created before this Unix time.'),
  amount_min: amountBound('amount_min', 'Only amounts of at least this, compared exactly.'),
  amount_max: amountBound('amount_max', 'Only amounts of at most this, compared exactly.'),
};

/** `GET /admin/checkouts?status=&…&before=&limit=`. */
export const listCheckoutsQuerySchema = z.strictObject({
  ...checkoutFilters,
  before: filter(
    'The next_before of the previous page: only checkouts created before that one. An id no checkout has answers 422.',
  ),
  limit,
});
export type CheckoutFilterQuery = z.output<typeof exportCheckoutsQuerySchema>;

/** `GET /admin/checkouts/export`: the list's filters, every match. */
export const exportCheckoutsQuerySchema = z.strictObject(checkoutFilters);

/** `GET /admin/checkouts/daily?from=&to=`. */
export const dailyCheckoutsQuerySchema = z.strictObject({
  from: unixSeconds(
    'from',
    'Unix seconds, inclusive (default: the start of the UTC day 29 days before the one to falls in: 30 days).',
  ),
  to: unixSeconds('to', 'Unix seconds, exclusive (default: now). At most 366 days after from.'),
});

const CALLBACK_TYPES = 'payment_request, invoice, deposit, withdrawal, exchange or *_exchange';

/** `GET /admin/callbacks?type=&foreign_id=&object_id=&status=&before=&limit=`. */
export const listCallbacksQuerySchema = z.strictObject({
  // The types callbacks come in (the protocol's callbackSchema): another matches nothing.
  type: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^(payment_request|invoice|deposit|withdrawal|exchange|[a-z_]+_exchange)$/,
          `The type must be one of ${CALLBACK_TYPES}.`,
        ),
        z.describe('Only callbacks of this type, e.g. invoice or withdrawal.'),
      ),
  ),
  foreign_id: filter('Only callbacks about the object with this foreign_id.'),
  object_id: filter(
    'Only callbacks about this object: a payment request, invoice or transaction id (exact).',
  ),
  status: filter('Only callbacks that gave this status, e.g. paid or confirmed (exact).'),
  before: idCursor('a callback'),
  limit,
});

/** `GET /admin/transactions?foreign_id=`. */
export const transactionQuerySchema = z.strictObject({
  foreign_id: z
    .string({ error: 'The foreign_id is a mandatory field.' })
    .check(
      z.minLength(1, 'The foreign_id must not be empty if provided.'),
      z.describe('The merchant’s foreign_id of the transaction.'),
    ),
});

/** `GET /admin/balances`, `GET /admin/currencies`: no query parameters. */
export const noQuerySchema = z.strictObject({});

/**
 * The amounts of an invoice or a withdrawal held to the bound of every amount the proxy is sent
 * (`isBoundedDecimal`), as a session's and a price's are: the spec gives them none, and an
 * absurd one is refused here in a sentence, before the service.
 */
const bounded = (field: string) =>
  z.refine<string | undefined>(
    (amount) => amount === undefined || isBoundedDecimal(amount),
    boundedAmountText(field),
  );

/**
 * `POST /admin/invoices`: the service's invoice request, and no other field (a misspelt one is
 * refused by name, as on every route, not dropped); its amount bounded.
 */
export const createMerchantInvoiceSchema = z.catchall(
  z.safeExtend(createInvoiceSchema, {
    amount: createInvoiceSchema.shape.amount.check(bounded('amount')),
  }),
  z.never(),
);

/**
 * `POST /admin/withdrawals`: the service's withdrawal request, and the checkout it sends money
 * back for (kept by the proxy, never sent to the service); no other field: a misspelt
 * `refund_of` dropped would skip the check that pays a customer back once. Its amounts bounded.
 */
export const createMerchantWithdrawalSchema = z.catchall(
  z.safeExtend(createWithdrawalSchema, {
    amount: createWithdrawalSchema.shape.amount.check(bounded('amount')),
    amount_to: createWithdrawalSchema.shape.amount_to.check(bounded('amount_to')),
    refund_of: z.optional(
      z
        .string({ error: 'The refund_of must be a checkout id.' })
        .check(
          z.describe(
            'The checkout this withdrawal sends money back for: the payment page shows it, and a second one is refused while this one is not void (cancelled, declined or failed).',
          ),
        ),
    ),
  }),
  z.never(),
);

/** `GET /admin/money-operations?kind=&refund_of=&before=&limit=`. */
export const listMoneyOperationsQuerySchema = z.strictObject({
  kind: z.optional(
    z
      .enum(MONEY_OPERATION_KINDS, { error: 'The kind must be invoice or withdrawal.' })
      .check(z.describe('Only invoices, or only withdrawals.')),
  ),
  refund_of: filter('Only the withdrawals that send money back for this checkout.'),
  before: idCursor('an operation'),
  limit,
});
