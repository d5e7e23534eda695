/**
 * `/openapi.json`: requests described by the very zod schemas that validate them, so the
 * document cannot say something the proxy does not check; the public API's answers from the
 * contract's schemas the routes are typed by, and the merchant API's as `answers.ts`
 * writes them; all held to the routes' real answers by `document.test.ts`.
 */

import {
  balanceEntrySchema,
  createInvoiceSchema,
  createWithdrawalSchema,
  currencyEntrySchema,
  invoiceSchema,
  transactionSchema,
  withdrawalSchema,
} from '@crypto-pay/protocol';
import {
  checkoutSchema,
  createCheckoutSchema,
  currencyRefSchema,
  proxyErrorSchema,
  sessionPriceSchema,
  widgetConfigSchema,
} from '@crypto-pay/protocol/proxy-api';
import {
  createSessionSchema,
  DEFAULT_PAGE_SIZE,
  listCallbacksQuerySchema,
  listCheckoutsQuerySchema,
} from '../http/request-schemas.ts';
import {
  callbackListSchema,
  checkoutListSchema,
  createdSessionSchema,
  healthSchema,
  merchantCheckoutSchema,
  readySchema,
  serviceErrorSchema,
} from './answers.ts';
import { componentSchemas, jsonSchema, queryParameters } from './json-schema.ts';
import { webhookEvents, webhookPaths, webhookSchemas } from './webhooks.ts';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ok = (description: string, schema: object) => ({ description, ...json(schema) });
const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ok('Error', ref('Error'))]));
/** A write the store could not make (full disk, read-only file): retry later. */
const storeUnavailable = {
  503: ok('store_unavailable: the store could not save it; try again later.', ref('Error')),
};
/** A read the store could not make (an I/O error, a lock held too long): retry later. */
const storeUnreadable = {
  503: ok('store_unavailable: the store could not be read; try again later.', ref('Error')),
};
/** A create another site's page made a browser send (`http/middleware/cross-site.ts`). */
const crossSiteRefusals = {
  403: ok(
    'origin_not_allowed: the page’s Origin is not one of ALLOWED_ORIGINS (a request without Origin, from a server, is not refused for it).',
    ref('Error'),
  ),
  415: ok(
    'unsupported_media_type: the body was not sent with Content-Type: application/json.',
    ref('Error'),
  ),
};
const dataOf = (schema: object) => ({
  type: 'object',
  required: ['data'],
  properties: { data: schema },
});
const admin = { security: [{ bearer: [] }] };

/**
 * The answers of a merchant route that calls the processing service: the proxy's own errors
 * (`ownStatuses`: 401 token, 400/413 body, 422 validation; 502/504 the service unreachable),
 * and the service's refusals passed through with its status, code and text.
 */
function serviceErrors(...ownStatuses: number[]) {
  const passed = {
    400: 'The service refused the request, e.g. a foreign_id it already has.',
    403: 'The service refused the proxy’s own credentials (PROCESSING_API_KEY, PROCESSING_SIGNING_SECRET) or the merchant is disabled.',
    404: 'The service does not know the object (invoice, transaction) or a currency.',
    409: 'The object is in a state that does not allow it, e.g. an invoice already cancelled.',
    422: 'The proxy’s validation (with field), or the service’s.',
  };
  const responses: Record<string, object> = errors(...ownStatuses, 502, 504);
  for (const [status, description] of Object.entries(passed)) {
    responses[status] = {
      description,
      ...json({ anyOf: [ref('Error'), ref('ServiceError')] }),
    };
  }
  return responses;
}

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
        ...componentSchemas({
          Error: proxyErrorSchema,
          Checkout: checkoutSchema,
          MerchantCheckout: merchantCheckoutSchema,
          CurrencyRef: currencyRefSchema,
          WidgetConfig: widgetConfigSchema,
          SessionPrice: sessionPriceSchema,
        }),
        ServiceError: serviceErrorSchema,
        CreateCheckout: jsonSchema(createCheckoutSchema),
        CreateSession: jsonSchema(createSessionSchema),
        CreateInvoice: jsonSchema(createInvoiceSchema),
        CreateWithdrawal: jsonSchema(createWithdrawalSchema),
        Invoice: jsonSchema(invoiceSchema, 'output'),
        Withdrawal: jsonSchema(withdrawalSchema, 'output'),
        Transaction: jsonSchema(transactionSchema, 'output'),
        BalanceEntry: jsonSchema(balanceEntrySchema, 'output'),
        CurrencyEntry: jsonSchema(currencyEntrySchema, 'output'),
        ...webhookSchemas,
      },
    },
    webhooks: webhookEvents(),
    paths: {
      '/api/config': {
        get: {
          summary: 'What the widget may offer',
          responses: { 200: ok('Config', ref('WidgetConfig')), ...errors(502, 504) },
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
            ...crossSiteRefusals,
            ...storeUnavailable,
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
            ...storeUnreadable,
          },
        },
      },
      '/api/sessions/{token}': {
        get: {
          summary: 'The price a checkout session pins (amount, currency, description, expires_at)',
          parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            200: ok('Session price', ref('SessionPrice')),
            ...errors(404),
            ...storeUnreadable,
          },
        },
      },
      '/api/checkouts/{id}/events': {
        get: {
          summary: 'Follow a checkout (Server-Sent Events; data is the checkout)',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            200: { description: 'text/event-stream' },
            ...errors(404, 429),
            ...storeUnreadable,
          },
        },
      },
      '/callbacks/processing': {
        post: {
          summary: 'Signed callbacks of the processing service',
          responses: {
            200: ok('Received', {
              type: 'object',
              required: ['received'],
              properties: { received: { const: true } },
            }),
            ...errors(400, 403, 404),
            ...storeUnavailable,
          },
        },
      },
      '/admin/checkout-sessions': {
        post: {
          ...admin,
          requestBody: json(ref('CreateSession')),
          responses: {
            201: ok('Session', createdSessionSchema),
            ...serviceErrors(400, 401, 413),
            ...storeUnavailable,
            409: ok(
              'foreign_id_taken: a stored checkout or an open session already holds the foreign_id.',
              ref('Error'),
            ),
          },
        },
      },
      '/admin/checkouts': {
        get: {
          ...admin,
          summary: 'Checkouts, newest first, a page at a time',
          parameters: queryParameters(listCheckoutsQuerySchema, {
            status: 'Only checkouts in this status.',
            foreign_id:
              'Only the checkout made with this foreign_id (the session’s, or cp_… chosen by the proxy).',
            before: 'The next_before of the previous page: only checkouts created before that one.',
            limit: `Page size, a whole number from 1 to 200 (default ${DEFAULT_PAGE_SIZE}).`,
          }),
          responses: {
            200: ok('Checkouts', checkoutListSchema),
            ...errors(401, 422),
            ...storeUnreadable,
          },
        },
      },
      '/admin/checkouts/{id}': {
        get: {
          ...admin,
          summary: 'One checkout as the list shows it (the id of the return page’s ?checkout=)',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            200: ok('Checkout', ref('MerchantCheckout')),
            ...errors(401, 404, 422),
            ...storeUnreadable,
          },
        },
      },
      '/admin/callbacks': {
        get: {
          ...admin,
          summary: 'The callback log, newest first, kept for RETENTION_DAYS',
          parameters: queryParameters(listCallbacksQuerySchema, {
            type: 'Only callbacks of this type, e.g. invoice or withdrawal.',
            foreign_id: 'Only callbacks about the object with this foreign_id.',
            limit: `At most this many, a whole number from 1 to 200 (default ${DEFAULT_PAGE_SIZE}).`,
          }),
          responses: {
            200: ok('Callbacks', callbackListSchema),
            ...errors(401, 422),
            ...storeUnreadable,
          },
        },
      },
      '/admin/balances': {
        get: {
          ...admin,
          responses: {
            200: ok('Balances', dataOf({ type: 'array', items: ref('BalanceEntry') })),
            ...serviceErrors(401),
          },
        },
      },
      '/admin/currencies': {
        get: {
          ...admin,
          responses: {
            200: ok('Currencies', dataOf({ type: 'array', items: ref('CurrencyEntry') })),
            ...serviceErrors(401),
          },
        },
      },
      '/admin/invoices': {
        post: {
          ...admin,
          requestBody: json(ref('CreateInvoice')),
          responses: {
            201: ok('Invoice', dataOf(ref('Invoice'))),
            ...serviceErrors(400, 401, 413),
          },
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
            ...serviceErrors(400, 401, 413),
          },
        },
      },
      '/admin/withdrawals': {
        post: {
          ...admin,
          requestBody: json(ref('CreateWithdrawal')),
          responses: {
            201: ok('Withdrawal', dataOf(ref('Withdrawal'))),
            ...serviceErrors(400, 401, 413),
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
            ...serviceErrors(401),
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
            ...serviceErrors(401),
          },
        },
      },
      ...webhookPaths(),
      '/healthz': { get: { responses: { 200: ok('Alive', healthSchema) } } },
      '/readyz': {
        get: { responses: { 200: ok('Ready', readySchema), 503: ok('Not ready', ref('Error')) } },
      },
    },
  };
}
