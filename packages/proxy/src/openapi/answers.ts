/**
 * The JSON Schemas of /openapi.json that no zod schema validates: the proxy's answers (which
 * it builds, not reads) and its error shapes, written to match the routes that send them.
 */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The proxy's own errors. */
export const errorSchema = {
  type: 'object',
  required: ['error', 'code'],
  properties: {
    error: { type: 'string', description: 'A sentence for people.' },
    code: { type: ['string', 'integer'], description: 'A machine code.' },
    field: { type: 'string', description: 'Dotted path of the offending field.' },
  },
};

/** A refusal of the processing service, passed through by the merchant API as it came. */
export const serviceErrorSchema = {
  type: 'object',
  description:
    'The processing service refused the call: its HTTP status, code and text, passed through unchanged. ' +
    'The code is the status as an integer (400, 404, 409, 422), or a string such as bad_header_key for a 403 ' +
    '(the service refused the proxy’s own credentials: PROCESSING_API_KEY or PROCESSING_SIGNING_SECRET). ' +
    'The service names no field.',
  required: ['error', 'code'],
  additionalProperties: false,
  properties: {
    error: { type: 'string', description: 'The service’s text.' },
    code: { type: ['integer', 'string'], description: 'The service’s code.' },
  },
};

export const currencyRefSchema = {
  type: 'object',
  required: ['iso'],
  properties: { iso: { type: 'string' }, network_name: { type: 'string' } },
};

const checkoutProperties = {
  id: { type: 'string' },
  status: { enum: ['created', 'processing', 'paid', 'failed', 'expired'] },
  payment_link: { type: 'string', format: 'uri' },
  expires_at: { type: 'integer', description: 'Unix seconds.' },
  amount: { type: 'string' },
  currency: ref('CurrencyRef'),
  payment_currency: ref('CurrencyRef'),
  success_url: { type: 'string' },
  failed_url: { type: 'string' },
};

export const checkoutSchema = {
  type: 'object',
  required: ['id', 'status', 'payment_link', 'expires_at', 'amount', 'currency'],
  properties: checkoutProperties,
};

/** A checkout as `GET /admin/checkouts` lists it: the public object and its references. */
export const merchantCheckoutSchema = {
  type: 'object',
  required: [
    ...checkoutSchema.required,
    'foreign_id',
    'payment_request_id',
    'pricing',
    'created_at',
    'updated_at',
  ],
  properties: {
    ...checkoutProperties,
    foreign_id: { type: 'string', description: 'The payment request’s foreign_id.' },
    payment_request_id: { type: 'string' },
    pricing: { enum: ['product', 'session', 'amount'], description: 'amount: an open amount.' },
    product: { type: 'string', description: 'The sku, for a product checkout.' },
    created_at: { type: 'integer', description: 'Unix seconds.' },
    updated_at: { type: 'integer', description: 'Unix seconds.' },
  },
};

const decimal = { type: 'string', description: 'A decimal amount, e.g. "25.00".' };

export const publicConfigSchema = {
  type: 'object',
  required: ['payment_currencies', 'products', 'open_amount', 'sessions'],
  properties: {
    payment_currencies: {
      type: 'array',
      items: {
        type: 'object',
        required: ['iso', 'precision'],
        properties: {
          iso: { type: 'string' },
          network_name: { type: 'string', description: 'Absent for a code the proxy cannot map.' },
          precision: { type: 'integer', description: 'Decimal places of the currency.' },
        },
      },
    },
    products: {
      type: 'object',
      description: 'The catalogue, by sku.',
      additionalProperties: {
        type: 'object',
        required: ['amount', 'currency'],
        properties: {
          amount: decimal,
          currency: { type: 'string' },
          network_name: { type: 'string' },
          description: { type: 'string' },
        },
      },
    },
    open_amount: {
      anyOf: [
        {
          type: 'object',
          required: ['min', 'max', 'currencies'],
          properties: {
            min: decimal,
            max: decimal,
            currencies: { type: 'array', items: { type: 'string' } },
          },
        },
        { type: 'null' },
      ],
    },
    sessions: { type: 'boolean', description: 'Whether checkout sessions can be used.' },
  },
};

/** `GET /api/sessions/{token}`: the price a session pins, nothing else. */
export const sessionPriceSchema = {
  type: 'object',
  required: ['amount', 'currency', 'expires_at'],
  additionalProperties: false,
  properties: {
    amount: decimal,
    currency: ref('CurrencyRef'),
    description: { type: 'string' },
    expires_at: { type: 'integer', description: 'Unix seconds.' },
  },
};

/** `POST /admin/checkout-sessions`. */
export const createdSessionSchema = {
  type: 'object',
  required: ['session', 'expires_at', 'amount', 'currency'],
  additionalProperties: false,
  properties: {
    session: { type: 'string', description: 'The single-use token (cps_…) for the widget.' },
    expires_at: { type: 'integer', description: 'Unix seconds.' },
    amount: decimal,
    currency: ref('CurrencyRef'),
  },
};

export const checkoutListSchema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: { type: 'array', items: ref('MerchantCheckout') },
    next_before: {
      type: 'string',
      description: 'Present when the page is full: pass it as `before` for the next page.',
    },
  },
};

export const callbackListSchema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'received_at', 'type', 'outcome', 'body'],
        properties: {
          id: { type: 'integer', description: 'Increases in the order callbacks were received.' },
          received_at: { type: 'integer', description: 'Unix seconds.' },
          type: { type: 'string' },
          object_id: {
            type: 'string',
            description: 'What the callback is about: payment request, invoice or transaction id.',
          },
          foreign_id: { type: 'string' },
          status: { type: 'string' },
          outcome: {
            enum: ['applied', 'ignored', 'recorded', 'unknown'],
            description:
              'applied: moved its checkout on; ignored: a final or older status; recorded: ' +
              'an invoice, withdrawal, deposit or exchange callback; unknown: no checkout has its payment request.',
          },
          body: { type: 'object', description: 'The callback, personal fields removed.' },
        },
      },
    },
  },
};

export const healthSchema = {
  type: 'object',
  required: ['status'],
  properties: { status: { const: 'ok' } },
};

export const readySchema = {
  type: 'object',
  required: ['status', 'store', 'upstream'],
  properties: {
    status: { const: 'ready' },
    store: { enum: ['ok', 'failing'] },
    upstream: { enum: ['ok', 'failing'] },
  },
};
