/**
 * The answers in /openapi.json that the contracts (`@crypto-pay/protocol/proxy-api` and
 * `/merchant-api`, components of the document) do not hold whole: the service's refusals as
 * the protocol's schema of them, and the operations routes' small answers as JSON Schema
 * written to match the routes that send them.
 */

import { processingErrorBodySchema } from '@crypto-pay/protocol';
import { webhookEndpointSchema } from '@crypto-pay/protocol/merchant-api';
import * as z from 'zod/mini';
import { ref } from './operations.ts';

/** A refusal of the processing service, passed through by the merchant API as it came. */
export const serviceErrorSchema = processingErrorBodySchema.check(
  z.describe(
    'The processing service refused the call: its HTTP status, code and text, passed through unchanged. ' +
      'The code is the status as an integer (400, 404, 409, 422). The service names no field.',
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

export const healthSchema = {
  type: 'object',
  required: ['status', 'version'],
  additionalProperties: false,
  properties: {
    status: { const: 'ok' },
    version: { type: 'string', description: 'The proxy’s release (its package version).' },
  },
};

const check = { enum: ['ok', 'failing'] };

export const readySchema = {
  type: 'object',
  required: ['status', 'store', 'upstream'],
  additionalProperties: false,
  properties: { status: { const: 'ready' }, store: check, upstream: check },
};

/** `/readyz`'s 503 when a check fails: the error, and which check it is. */
export const notReadySchema = {
  type: 'object',
  required: ['error', 'code', 'store', 'upstream'],
  additionalProperties: false,
  properties: {
    error: { type: 'string', description: 'A sentence for people.' },
    code: { const: 'not_ready' },
    store: check,
    upstream: check,
  },
};

/** A new endpoint: its secret is in this answer only (the component WebhookEndpointWithSecret). */
export const endpointWithSecretSchema = z.extend(webhookEndpointSchema, {
  secret: z.string().check(z.describe('whsec_…: shown this once; keep it with the receiver.')),
});

export const rotatedSecretSchema = {
  type: 'object',
  required: ['id', 'secret', 'previous_secret_expires_at'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    secret: { type: 'string', description: 'whsec_…: shown this once.' },
    previous_secret_expires_at: { type: 'integer', description: 'Unix seconds.' },
  },
};

export const redeliveredSchema = {
  type: 'object',
  required: ['id', 'queued', 'deliveries'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    queued: { const: true },
    deliveries: {
      type: 'integer',
      minimum: 1,
      description: 'How many endpoints it is queued for.',
    },
  },
};

/**
 * `POST /admin/webhook-endpoints/{id}/test` and `/redeliver`: the event queued for that endpoint
 * only.
 */
export const testedSchema = {
  type: 'object',
  required: ['id', 'endpoint_id', 'queued'],
  additionalProperties: false,
  properties: {
    id: {
      type: 'string',
      description:
        'The event’s id: the webhook.test event made, or the event sent again (see its deliveries).',
    },
    endpoint_id: { type: 'string' },
    queued: { const: true },
  },
};
