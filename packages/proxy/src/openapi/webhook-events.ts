/**
 * The events the proxy sends, under OpenAPI 3.1's `webhooks` in /openapi.json: the headers that
 * sign them, around their body (the `WebhookEvent` component, from the contract's schema).
 */

import { CHECKOUT_EVENT_TYPES } from '@crypto-pay/protocol/proxy-api';
import { json, ref } from './operations.ts';

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
        '2XX': {
          description: 'Received: any 2xx within 10 s; anything else but a 410 is retried.',
        },
        '410': {
          description:
            'Gone: the receiver wants no more; the endpoint is disabled (WEBHOOK_URL’s is retried).',
        },
      },
    },
  });
  return {
    checkout: operation(CHECKOUT_EVENT_TYPES.join(', ')),
    test: operation(
      'webhook.test: sent to one endpoint on request (POST /admin/webhook-endpoints/{id}/test), data {endpoint_id}',
    ),
    relayed: operation(
      'invoice.<status>, withdrawal.<status>, deposit.<status>, exchange.<status>',
    ),
  };
}
