/**
 * The answers in /openapi.json that the contract (`@crypto-pay/protocol/proxy-api`, where the
 * merchant's view of a checkout is) does not hold: the service's refusals as the protocol's
 * schema of them, and the rest as JSON Schema written to match the routes that send them
 * (the merchant API's lists, webhook endpoints and attempts, the operations routes).
 */

import { processingErrorBodySchema } from '@crypto-pay/protocol';
import * as z from 'zod/mini';
import { listOf, ref } from './operations.ts';

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

export const checkoutListSchema = listOf(ref('MerchantCheckout'), {
  next_before: {
    type: 'string',
    description: 'Present when the page is full: pass it as `before` for the next page.',
  },
});

export const callbackListSchema = listOf({
  type: 'object',
  required: ['id', 'received_at', 'type', 'outcome', 'body'],
  additionalProperties: false,
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
});

export const healthSchema = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: { status: { const: 'ok' } },
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

const endpointProperties = {
  id: { type: 'string', description: '`env` for WEBHOOK_URL; whe_… for the others.' },
  url: { type: 'string' },
  source: { enum: ['environment', 'merchant_api'] },
  event_types: {
    type: 'array',
    items: { type: 'string' },
    description: 'Only these types are sent there; all when absent.',
  },
  created_at: { type: 'integer', description: 'Unix seconds.' },
  status: {
    enum: ['ok', 'retrying', 'failing'],
    description:
      'retrying: an attempt failed since the last success; failing: no success for a day (never disabled: retries go on).',
  },
  failing_since: {
    type: 'integer',
    description: 'Unix seconds of the first failure since the last success.',
  },
  previous_secret_expires_at: {
    type: 'integer',
    description: 'During a rotation’s grace period: until when the old secret signs too.',
  },
  disabled: {
    const: true,
    description: 'Disabled (PATCH with disabled): no event is queued for it. Absent when enabled.',
  },
};

/** The merchant's view of a webhook endpoint: never its secret. */
export const webhookEndpointSchema = {
  type: 'object',
  required: ['id', 'url', 'source', 'created_at', 'status'],
  additionalProperties: false,
  properties: endpointProperties,
};

/** A new endpoint: its secret is in this answer only. */
export const endpointWithSecretSchema = {
  ...webhookEndpointSchema,
  required: [...webhookEndpointSchema.required, 'secret'],
  properties: {
    ...endpointProperties,
    secret: { type: 'string', description: 'whsec_…: shown this once; keep it with the receiver.' },
  },
};

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

/** `POST /admin/webhook-endpoints/{id}/test`: the test event queued for that endpoint. */
export const testedSchema = {
  type: 'object',
  required: ['id', 'endpoint_id', 'queued'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', description: 'The webhook.test event’s id (see its deliveries).' },
    endpoint_id: { type: 'string' },
    queued: { const: true },
  },
};

/** One delivery attempt of a webhook event. */
export const attemptSchema = {
  type: 'object',
  required: [
    'id',
    'event_id',
    'event_type',
    'endpoint_id',
    'attempt',
    'attempted_at',
    'duration_ms',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    event_id: { type: 'string' },
    event_type: { type: 'string' },
    endpoint_id: { type: 'string' },
    attempt: { type: 'integer', description: '1 for the first attempt of this delivery.' },
    attempted_at: { type: 'integer', description: 'Unix seconds.' },
    duration_ms: { type: 'integer' },
    status_code: { type: 'integer', description: 'Absent when no answer came.' },
    error: {
      type: 'string',
      description: 'Why it failed: timed out, connection failed, answered 500…',
    },
    response_excerpt: { type: 'string', description: 'The first 256 characters of the answer.' },
  },
};

/** `GET /admin/checkouts/daily`. */
export const dailyCheckoutsSchema = listOf({
  type: 'object',
  required: ['date', 'created', 'paid', 'failed', 'expired', 'open', 'paid_share'],
  additionalProperties: false,
  properties: {
    date: { type: 'string', description: 'The UTC day, YYYY-MM-DD.' },
    created: { type: 'integer', description: 'Checkouts created that day.' },
    paid: { type: 'integer' },
    failed: { type: 'integer' },
    expired: { type: 'integer' },
    open: { type: 'integer', description: 'Still created or processing.' },
    paid_share: {
      type: 'string',
      description:
        'paid / (paid + failed + expired) as a decimal with 2 places, rounded half up; "0.00" when none finished.',
    },
  },
});

const at = { type: 'integer', description: 'Unix seconds.' };
/** One kind of timeline entry: `kind` and its other fields, `required` among them. */
const entry = (kind: string, required: string[], properties: Record<string, unknown>) => ({
  type: 'object',
  required: ['kind', 'at', ...required],
  additionalProperties: false,
  properties: { kind: { const: kind }, at, ...properties },
});

/** `GET /admin/checkouts/{id}/timeline`. */
export const timelineSchema = {
  type: 'object',
  required: ['checkout', 'data'],
  additionalProperties: false,
  properties: {
    checkout: ref('MerchantCheckout'),
    data: {
      type: 'array',
      description:
        'Oldest first. Once retention (RETENTION_DAYS) has pruned its callbacks and events, a checkout shows its creation, its current status at its last change, and its stale mark.',
      items: {
        oneOf: [
          entry('created', [], {}),
          entry('callback', ['callback_id', 'type', 'outcome'], {
            callback_id: { type: 'integer', description: 'Its id in GET /admin/callbacks.' },
            type: { type: 'string' },
            status: { type: 'string' },
            outcome: {
              enum: ['applied', 'duplicate', 'late', 'unknown'],
              description:
                'applied: moved the checkout on; duplicate: the status it had; late: a status behind it; unknown: received before the checkout was saved.',
            },
          }),
          entry('status', ['status'], {
            status: { type: 'string' },
            detail: { enum: ['underpaid', 'late', 'overpaid'] },
          }),
          entry('event', ['event_id', 'type'], {
            event_id: { type: 'string' },
            type: { type: 'string' },
          }),
          entry(
            'delivery_attempt',
            ['event_id', 'delivery_id', 'endpoint_id', 'endpoint_url', 'attempt', 'duration_ms'],
            {
              event_id: { type: 'string' },
              delivery_id: { type: 'integer' },
              endpoint_id: { type: 'string' },
              endpoint_url: { type: 'string' },
              attempt: attemptSchema.properties.attempt,
              status_code: attemptSchema.properties.status_code,
              duration_ms: { type: 'integer' },
              error: attemptSchema.properties.error,
              response_excerpt: attemptSchema.properties.response_excerpt,
            },
          ),
          entry('stale', [], {}),
        ],
      },
    },
  },
};
