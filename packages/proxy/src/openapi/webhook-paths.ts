/**
 * The merchant routes of /openapi.json that manage webhooks: endpoints (and their secrets), the
 * events to catch up on and send again, and every delivery attempt.
 */

import { DEFAULT_PAGE_SIZE } from '../http/request-schemas.ts';
import {
  createEndpointSchema,
  listDeliveriesQuerySchema,
  listEventsQuerySchema,
  rotateSecretSchema,
} from '../http/webhook-schemas.ts';
import { jsonSchema, queryParameters } from './json-schema.ts';
import { admin, errors, json, ok, pathParameter, ref } from './operations.ts';

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
};

/** The merchant's view of an endpoint, and the bodies of the routes that change one. */
export const webhookEndpointSchemas = {
  WebhookEndpoint: {
    type: 'object',
    required: ['id', 'url', 'source', 'created_at', 'status'],
    additionalProperties: false,
    properties: endpointProperties,
  },
  CreateWebhookEndpoint: jsonSchema(createEndpointSchema),
  RotateWebhookSecret: jsonSchema(rotateSecretSchema),
};

const endpointWithSecret = {
  type: 'object',
  required: ['id', 'url', 'source', 'created_at', 'status', 'secret'],
  additionalProperties: false,
  properties: {
    ...endpointProperties,
    secret: { type: 'string', description: 'whsec_…: shown this once; keep it with the receiver.' },
  },
};

const attemptSchema = {
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

export function webhookPaths() {
  return {
    '/admin/webhook-endpoints': {
      get: {
        ...admin,
        summary: 'Webhook endpoints (never their secrets)',
        responses: {
          200: ok('Endpoints', {
            type: 'object',
            required: ['data'],
            properties: { data: { type: 'array', items: ref('WebhookEndpoint') } },
          }),
          ...errors(401, 422),
        },
      },
      post: {
        ...admin,
        summary: 'Add an endpoint; its secret is in this answer only',
        requestBody: json(ref('CreateWebhookEndpoint')),
        responses: { 201: ok('Endpoint', endpointWithSecret), ...errors(400, 401, 413, 422) },
      },
    },
    '/admin/webhook-endpoints/{id}': {
      delete: {
        ...admin,
        summary: 'Stop sending to an endpoint (its pending deliveries end)',
        parameters: [pathParameter('id')],
        responses: {
          204: { description: 'Deleted' },
          ...errors(401, 404),
          409: ok('webhook_endpoint_from_environment: change WEBHOOK_URL instead.', ref('Error')),
        },
      },
    },
    '/admin/webhook-endpoints/{id}/rotate-secret': {
      post: {
        ...admin,
        summary: 'A new secret; the old one signs too during the grace period',
        parameters: [pathParameter('id')],
        requestBody: json(ref('RotateWebhookSecret')),
        responses: {
          200: ok('Rotated', {
            type: 'object',
            required: ['id', 'secret', 'previous_secret_expires_at'],
            additionalProperties: false,
            properties: {
              id: { type: 'string' },
              secret: { type: 'string', description: 'whsec_…: shown this once.' },
              previous_secret_expires_at: { type: 'integer', description: 'Unix seconds.' },
            },
          }),
          ...errors(400, 401, 404, 413, 422),
          409: ok(
            'webhook_endpoint_from_environment: change WEBHOOK_SECRET instead.',
            ref('Error'),
          ),
        },
      },
    },
    '/admin/events': {
      get: {
        ...admin,
        summary:
          'Events in the order they happened, a page at a time (catch up after `after`). An event older than RETENTION_DAYS is pruned once its deliveries are settled (delivered, failed or cancelled); one that never had a delivery (no endpoint) is pruned at the cut-off whether read or not',
        parameters: queryParameters(listEventsQuerySchema, {
          after: 'The last event id seen (or the next_after of the previous page).',
          type: 'Only events of this type, e.g. checkout.paid.',
          limit: `Page size, a whole number from 1 to 200 (default ${DEFAULT_PAGE_SIZE}).`,
        }),
        responses: {
          200: ok('Events', {
            type: 'object',
            required: ['data'],
            properties: {
              data: { type: 'array', items: ref('WebhookEvent') },
              next_after: { type: 'string', description: 'Present when the page is full.' },
            },
          }),
          ...errors(401, 422),
        },
      },
    },
    '/admin/events/{id}/redeliver': {
      post: {
        ...admin,
        summary: 'Send an event again to every endpoint that takes its type',
        parameters: [pathParameter('id')],
        responses: {
          202: ok('Queued', {
            type: 'object',
            required: ['id', 'queued', 'deliveries'],
            properties: {
              id: { type: 'string' },
              queued: { const: true },
              deliveries: {
                type: 'integer',
                minimum: 1,
                description: 'How many endpoints it is queued for.',
              },
            },
          }),
          ...errors(401, 404, 409),
        },
      },
    },
    '/admin/webhook-deliveries': {
      get: {
        ...admin,
        summary: 'Every delivery attempt, newest first, kept for RETENTION_DAYS once settled',
        parameters: queryParameters(listDeliveriesQuerySchema, {
          event_id: 'Only attempts to send this event.',
          endpoint_id: 'Only attempts to this endpoint.',
          limit: `At most this many, a whole number from 1 to 200 (default ${DEFAULT_PAGE_SIZE}).`,
        }),
        responses: {
          200: ok('Attempts', {
            type: 'object',
            required: ['data'],
            properties: { data: { type: 'array', items: attemptSchema } },
          }),
          ...errors(401, 422),
        },
      },
    },
  };
}
