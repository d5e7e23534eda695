/**
 * `/openapi.json`: requests described by the very zod schemas that validate them, so the
 * document cannot say something the proxy does not check; the public API's answers, the
 * merchant's checkout and the webhook events from the contract's schemas the routes and the
 * sender are typed by, and the merchant API's other answers as `answers.ts` writes them; all
 * held to the routes' real answers by `document.test.ts`. The public API's routes are here; the
 * merchant API's in `merchant-paths.ts`, the webhooks' in `webhook-events.ts` and `webhook-paths.ts`.
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
  merchantCheckoutSchema,
  proxyErrorSchema,
  sessionPriceSchema,
  webhookEventSchema,
  widgetConfigSchema,
} from '@crypto-pay/protocol/proxy-api';
import { createSessionSchema } from '../http/request-schemas.ts';
import { healthSchema, readySchema, serviceErrorSchema } from './answers.ts';
import { componentSchemas, jsonSchema } from './json-schema.ts';
import { merchantPaths } from './merchant-paths.ts';
import {
  crossSiteRefusals,
  errors,
  json,
  ok,
  pathParameter,
  ref,
  storeUnavailable,
  storeUnreadable,
  tooManyForgeries,
  withFailureLimit,
} from './operations.ts';
import { webhookEvents } from './webhook-events.ts';
import { webhookEndpointSchemas, webhookPaths } from './webhook-paths.ts';

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
          WebhookEvent: webhookEventSchema,
          ServiceError: serviceErrorSchema,
        }),
        CreateCheckout: jsonSchema(createCheckoutSchema),
        CreateSession: jsonSchema(createSessionSchema),
        CreateInvoice: jsonSchema(createInvoiceSchema),
        CreateWithdrawal: jsonSchema(createWithdrawalSchema),
        Invoice: jsonSchema(invoiceSchema, 'output'),
        Withdrawal: jsonSchema(withdrawalSchema, 'output'),
        Transaction: jsonSchema(transactionSchema, 'output'),
        BalanceEntry: jsonSchema(balanceEntrySchema, 'output'),
        CurrencyEntry: jsonSchema(currencyEntrySchema, 'output'),
        ...webhookEndpointSchemas,
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
          parameters: [pathParameter('id')],
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
          parameters: [pathParameter('token')],
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
          parameters: [pathParameter('id')],
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
            ...tooManyForgeries,
            ...storeUnavailable,
          },
        },
      },
      ...withFailureLimit({ ...merchantPaths(), ...webhookPaths() }),
      '/healthz': { get: { responses: { 200: ok('Alive', healthSchema) } } },
      '/readyz': {
        get: { responses: { 200: ok('Ready', readySchema), 503: ok('Not ready', ref('Error')) } },
      },
    },
  };
}
