/**
 * The merchant API's changes to a webhook endpoint beyond adding, rotating and deleting it
 * (`webhooks.ts`): its URL, event types and disabled state, and a test event sent to it alone
 * through the outbox, so its attempts show in the deliveries as any event's.
 */

import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ApiError } from '../../api-error.ts';
import { testedSchema } from '../../openapi/answers.ts';
import { bodyTooLarge, errors, ok, ref } from '../../openapi/operations.ts';
import { TEST_EVENT_TYPE, type WebhookStore } from '../../store/outbox.ts';
import type { Audit } from '../audit.ts';
import type { AppEnv } from '../context.ts';
import { jsonBody } from '../validation.ts';
import { changeEndpointSchema } from '../webhook-schemas.ts';
import { endpointNotFound, endpointView, refuseEnvironment } from './webhooks.ts';

export interface EndpointChangeDeps {
  store: Pick<WebhookStore, 'changeEndpoint' | 'testEndpoint'>;
  now: () => number;
  audit: Audit;
}

const fromEnvironment = {
  409: ok(
    'webhook_endpoint_from_environment: change WEBHOOK_URL instead; webhook_endpoint_disabled: enable it first.',
    ref('Error'),
  ),
};

export function webhookEndpointChangeRoutes({ store, now, audit }: EndpointChangeDeps) {
  return new Hono<AppEnv>()
    .patch(
      '/webhook-endpoints/:id',
      jsonBody(changeEndpointSchema, 'ChangeWebhookEndpoint'),
      describeRoute({
        summary:
          'Change an endpoint’s url or event_types (null: every type), or disable it (its pending deliveries end) and enable it again',
        responses: {
          200: ok('Endpoint', ref('WebhookEndpoint')),
          ...errors(404),
          ...fromEnvironment,
        },
      }),
      async (c) => {
        const id = c.req.param('id');
        refuseEnvironment(id);
        const body = c.req.valid('json');
        const at = now();
        const changed = await store.changeEndpoint(
          id,
          {
            ...(body.url === undefined ? {} : { url: body.url }),
            ...(body.event_types === undefined
              ? {}
              : { eventTypes: body.event_types === null ? null : [...new Set(body.event_types)] }),
            ...(body.disabled === undefined ? {} : { disabled: body.disabled }),
          },
          at,
        );
        if (!changed) throw endpointNotFound();
        c.get('log')('info', 'webhook endpoint changed', { endpoint_id: id });
        await audit(c, 'endpoint_changed', {
          target: id,
          detail: {
            url_changed: body.url === undefined ? undefined : true,
            event_types: body.event_types,
            disabled: body.disabled,
          },
        });
        return c.json(endpointView(changed, at), 200);
      },
    )
    .post(
      '/webhook-endpoints/:id/test',
      describeRoute({
        summary: `Send a ${TEST_EVENT_TYPE} event to this endpoint only, through the outbox (its attempts are in the deliveries)`,
        responses: {
          202: ok('Queued', testedSchema),
          ...errors(404),
          409: ok('webhook_endpoint_disabled: enable it first.', ref('Error')),
          ...bodyTooLarge,
        },
      }),
      async (c) => {
        const id = c.req.param('id');
        const eventId = await store.testEndpoint(id, now());
        if (eventId === undefined) throw endpointNotFound();
        if (eventId === 'disabled') {
          throw new ApiError(
            409,
            'webhook_endpoint_disabled',
            'This endpoint is disabled: enable it (PATCH with {"disabled": false}) to send it a test.',
          );
        }
        c.get('log')('info', 'webhook test event queued', { endpoint_id: id, event_id: eventId });
        await audit(c, 'endpoint_tested', { target: id, detail: { event_id: eventId } });
        return c.json({ id: eventId, endpoint_id: id, queued: true }, 202);
      },
    );
}
