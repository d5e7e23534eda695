/**
 * The events the proxy sends, under OpenAPI 3.1's `webhooks` in /openapi.json: their body (as
 * sent, and as `GET /admin/events` lists it) and the headers that sign it.
 */

import { CHECKOUT_EVENT_TYPES } from '../webhooks/events.ts';
import { json, ref } from './operations.ts';

/** A webhook's body, as sent and as `GET /admin/events` lists it. */
function eventSchema(type: object, data: object) {
  return {
    type: 'object',
    required: ['id', 'type', 'timestamp', 'data'],
    additionalProperties: false,
    properties: {
      id: {
        type: 'string',
        description:
          'evt_…: also the webhook-id header, the same on every retry. Ids sort in order.',
      },
      type,
      timestamp: { type: 'string', description: 'When the event happened, ISO 8601 UTC.' },
      data,
    },
  };
}

/** The body every webhook carries, as a component. */
export const webhookEventSchemas = {
  WebhookEvent: {
    anyOf: [
      eventSchema({ enum: CHECKOUT_EVENT_TYPES }, ref('MerchantCheckout')),
      eventSchema(
        {
          type: 'string',
          description:
            'invoice.<status>, withdrawal.<status>, deposit.<status>, exchange.<status>, …: a relayed callback.',
        },
        {
          type: 'object',
          description: 'The service’s callback as received, without sender data or email fields.',
        },
      ),
    ],
  },
};

/** OpenAPI 3.1 `webhooks`: what the proxy POSTs to an endpoint, one entry per event family. */
export function webhookEvents() {
  const headers = {
    'webhook-id': {
      schema: { type: 'string' },
      description: 'The event id; the same on every retry.',
    },
    'webhook-timestamp': {
      schema: { type: 'string' },
      description: 'Unix seconds of this attempt.',
    },
    'webhook-signature': {
      schema: { type: 'string' },
      description:
        'v1,<base64 HMAC-SHA256 of id.timestamp.body>; several, space-separated, during a rotation.',
    },
  };
  const operation = (summary: string) => ({
    post: {
      summary,
      parameters: Object.entries(headers).map(([name, header]) => ({
        name,
        in: 'header',
        required: true,
        ...header,
      })),
      requestBody: json(ref('WebhookEvent')),
      responses: {
        '2XX': { description: 'Received: any 2xx within 10 s; anything else is retried.' },
      },
    },
  });
  return {
    checkout: operation(
      'checkout.created, checkout.processing, checkout.paid, checkout.failed, checkout.expired',
    ),
    relayed: operation(
      'invoice.<status>, withdrawal.<status>, deposit.<status>, exchange.<status>',
    ),
  };
}
