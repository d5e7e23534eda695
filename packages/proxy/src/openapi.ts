/**
 * `/openapi.json`, generated from the very zod schemas that validate the requests, so the
 * document cannot say something the proxy does not check.
 */

import {
  balanceEntrySchema,
  createInvoiceSchema,
  createWithdrawalSchema,
  currencyEntrySchema,
  invoiceSchema,
  legalEntityDataSchema,
  naturalPersonDataSchema,
  paymentCurrencySchema,
  senderDataFieldSchema,
  transactionSchema,
  withdrawalSchema,
} from '@crypto-pay/protocol';
import * as z from 'zod/mini';
import { createCheckoutSchema, createSessionSchema } from './schemas.ts';

/** JSON Schema of a zod schema; parts zod cannot express (custom checks) become `{}`. */
function plainSchema(schema: z.ZodMiniType, io: 'input' | 'output' = 'input') {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Record<string, unknown>;
  return rest;
}

/**
 * Fields checked by custom code (whose rules depend on another field) are described by the
 * schemas those checks run: sender data is a natural person's or a legal entity's.
 */
const customFields = new Map<unknown, () => Record<string, unknown>>([
  [
    senderDataFieldSchema,
    () => ({
      description: 'A natural person’s data for sender_type natural, a legal entity’s for legal.',
      oneOf: [plainSchema(naturalPersonDataSchema), plainSchema(legalEntityDataSchema)],
    }),
  ],
  [
    paymentCurrencySchema,
    () => ({
      type: 'object',
      required: ['iso'],
      properties: {
        iso: { type: 'string', minLength: 1 },
        network_name: { type: 'string', minLength: 1 },
      },
    }),
  ],
]);

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output' = 'input') {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: (context) => {
      const custom = customFields.get(context.zodSchema);
      if (custom) Object.assign(context.jsonSchema, custom());
    },
  }) as Record<string, unknown>;
  return rest;
}

const errorSchema = {
  type: 'object',
  required: ['error', 'code'],
  properties: {
    error: { type: 'string', description: 'A sentence for people.' },
    code: { type: ['string', 'integer'], description: 'A machine code.' },
    field: { type: 'string', description: 'Dotted path of the offending field.' },
  },
};

const checkoutSchema = {
  type: 'object',
  required: ['id', 'status', 'payment_link', 'expires_at', 'amount', 'currency'],
  properties: {
    id: { type: 'string' },
    status: { enum: ['created', 'processing', 'paid', 'failed', 'expired'] },
    payment_link: { type: 'string', format: 'uri' },
    expires_at: { type: 'integer', description: 'Unix seconds.' },
    amount: { type: 'string' },
    currency: { $ref: '#/components/schemas/CurrencyRef' },
    payment_currency: { $ref: '#/components/schemas/CurrencyRef' },
    success_url: { type: 'string' },
    failed_url: { type: 'string' },
  },
};

const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ok = (description: string, schema: object) => ({ description, ...json(schema) });
const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ok('Error', ref('Error'))]));
const dataOf = (schema: object) => ({ type: 'object', properties: { data: schema } });
const admin = { security: [{ bearer: [] }] };

export function openApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'crypto-pay signing proxy',
      version: '0.1.0',
      description: 'Public API for the <crypto-pay> widget, callbacks, and the merchant API.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: errorSchema,
        Checkout: checkoutSchema,
        CurrencyRef: {
          type: 'object',
          required: ['iso'],
          properties: { iso: { type: 'string' }, network_name: { type: 'string' } },
        },
        CreateCheckout: jsonSchema(createCheckoutSchema),
        CreateSession: jsonSchema(createSessionSchema),
        CreateInvoice: jsonSchema(createInvoiceSchema),
        CreateWithdrawal: jsonSchema(createWithdrawalSchema),
        Invoice: jsonSchema(invoiceSchema, 'output'),
        Withdrawal: jsonSchema(withdrawalSchema, 'output'),
        Transaction: jsonSchema(transactionSchema, 'output'),
        BalanceEntry: jsonSchema(balanceEntrySchema, 'output'),
        CurrencyEntry: jsonSchema(currencyEntrySchema, 'output'),
      },
    },
    paths: {
      '/api/config': {
        get: {
          summary: 'What the widget may offer',
          responses: { 200: ok('Config', {}), ...errors(502, 504) },
        },
      },
      '/api/checkouts': {
        post: {
          summary: 'Create a checkout',
          parameters: [{ name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } }],
          requestBody: json(ref('CreateCheckout')),
          responses: {
            201: ok('Created', ref('Checkout')),
            ...errors(400, 404, 409, 413, 422, 429, 502, 504),
          },
        },
      },
      '/api/checkouts/{id}': {
        get: {
          summary: 'Read a checkout (ETag, 304)',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            200: ok('Checkout', ref('Checkout')),
            304: { description: 'Not modified' },
            ...errors(404),
          },
        },
      },
      '/api/sessions/{token}': {
        get: {
          summary: 'The price a checkout session pins (amount, currency, description, expires_at)',
          parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: ok('Session price', {}), ...errors(404) },
        },
      },
      '/api/checkouts/{id}/events': {
        get: {
          summary: 'Follow a checkout (Server-Sent Events; data is the checkout)',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: { description: 'text/event-stream' }, ...errors(404) },
        },
      },
      '/callbacks/processing': {
        post: {
          summary: 'Signed callbacks of the processing service',
          responses: { 200: ok('Received', {}), ...errors(400, 403, 404) },
        },
      },
      '/admin/checkout-sessions': {
        post: {
          ...admin,
          requestBody: json(ref('CreateSession')),
          responses: { 201: ok('Session', {}), ...errors(401, 422) },
        },
      },
      '/admin/checkouts': {
        get: { ...admin, responses: { 200: ok('Checkouts', {}), ...errors(401, 422) } },
      },
      '/admin/callbacks': {
        get: { ...admin, responses: { 200: ok('Callbacks', {}), ...errors(401, 422) } },
      },
      '/admin/balances': {
        get: {
          ...admin,
          responses: {
            200: ok('Balances', dataOf({ type: 'array', items: ref('BalanceEntry') })),
            ...errors(401, 502, 504),
          },
        },
      },
      '/admin/currencies': {
        get: {
          ...admin,
          responses: {
            200: ok('Currencies', dataOf({ type: 'array', items: ref('CurrencyEntry') })),
            ...errors(401, 502, 504),
          },
        },
      },
      '/admin/invoices': {
        post: {
          ...admin,
          requestBody: json(ref('CreateInvoice')),
          responses: { 201: ok('Invoice', dataOf(ref('Invoice'))), ...errors(401, 422, 502, 504) },
        },
      },
      '/admin/invoices/{foreign_id}/cancel': {
        post: {
          ...admin,
          parameters: [
            { name: 'foreign_id', in: 'path', required: true, schema: { type: 'string' } },
          ],
          responses: {
            200: ok('Cancelled', { type: 'array', maxItems: 0 }),
            ...errors(401, 404, 422, 502, 504),
          },
        },
      },
      '/admin/withdrawals': {
        post: {
          ...admin,
          requestBody: json(ref('CreateWithdrawal')),
          responses: {
            201: ok('Withdrawal', dataOf(ref('Withdrawal'))),
            ...errors(401, 422, 502, 504),
          },
        },
      },
      '/admin/transactions/{id}': {
        get: {
          ...admin,
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
          ],
          responses: {
            200: ok('Transaction', ref('Transaction')),
            ...errors(401, 404, 422, 502, 504),
          },
        },
      },
      '/admin/transactions': {
        get: {
          ...admin,
          parameters: [
            { name: 'foreign_id', in: 'query', required: true, schema: { type: 'string' } },
          ],
          responses: {
            200: ok('Transaction', ref('Transaction')),
            ...errors(401, 404, 422, 502, 504),
          },
        },
      },
      '/healthz': { get: { responses: { 200: ok('Alive', {}) } } },
      '/readyz': {
        get: { responses: { 200: ok('Ready', {}), 503: ok('Not ready', ref('Error')) } },
      },
    },
  };
}
