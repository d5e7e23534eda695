/**
 * The merchant API's answers in /openapi.json that the contract (`@crypto-pay/protocol/proxy-api`,
 * where the merchant's view of a checkout is) does not hold: the service's refusals as the
 * protocol's schema of them, and the rest as JSON Schema written to match the routes that send
 * them.
 */

import { processingErrorBodySchema } from '@crypto-pay/protocol';
import * as z from 'zod/mini';
import { ref } from './operations.ts';

/** A refusal of the processing service, passed through by the merchant API as it came. */
export const serviceErrorSchema = processingErrorBodySchema.check(
  z.describe(
    'The processing service refused the call: its HTTP status, code and text, passed through unchanged. ' +
      'The code is the status as an integer (400, 404, 409, 422), or a string such as bad_header_key for a 403 ' +
      '(the service refused the proxy’s own credentials: PROCESSING_API_KEY or PROCESSING_SIGNING_SECRET). ' +
      'The service names no field.',
  ),
);

const decimal = { type: 'string', description: 'A decimal amount, e.g. "25.00".' };

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
