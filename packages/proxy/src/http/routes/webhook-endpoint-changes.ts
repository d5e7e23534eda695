/**
 * The merchant API's changes to a webhook endpoint beyond adding, rotating and deleting it
 * (`webhooks.ts`): its URL, event types and disabled state, a test event sent to it alone
 * through the outbox, so its attempts show in the deliveries as any event's, and an event sent
 * to it alone again (the Redeliver of a delivery failing there).
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
import { changeEndpointSchema, redeliverToEndpointSchema } from '../webhook-schemas.ts';
import { endpointNotFound, endpointView, eventNotFound, refuseEnvironment } from './webhooks.ts';

export interface EndpointChangeDeps {
  store: Pick<WebhookStore, 'changeEndpoint' | 'testEndpoint' | 'redeliverToEndpoint'>;
  now: () => number;
  audit: Audit;
}

const fromEnvironment = {
  409: ok(
    'webhook_endpoint_from_environment: change WEBHOOK_URL instead; webhook_endpoint_disabled: enable it first.',
    ref('Error'),
  ),
};

/** 409: nothing is sent to a disabled endpoint, a test or an event sent again alike. */
const endpointDisabled = (then: string) =>
  new ApiError(
    409,
    'webhook_endpoint_disabled',
    `This endpoint is disabled: enable it first (in the dashboard, or PATCH with {"disabled": false}), then ${then}.`,
  );

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
        if (eventId === 'disabled') throw endpointDisabled('send it a test');
        c.get('log')('info', 'webhook test event queued', { endpoint_id: id, event_id: eventId });
        await audit(c, 'endpoint_tested', { target: id, detail: { event_id: eventId } });
        return c.json({ id: eventId, endpoint_id: id, queued: true }, 202);
      },
    )
    .post(
      '/webhook-endpoints/:id/redeliver',
      jsonBody(redeliverToEndpointSchema, 'RedeliverToEndpoint'),
      describeRoute({
        summary:
          'Send an event again to this endpoint only, whatever its event types (a delivery that failed there); its retry still waiting is replaced',
        responses: {
          202: ok('Queued', testedSchema),
          ...errors(404),
          409: ok('webhook_endpoint_disabled: enable it first.', ref('Error')),
        },
      }),
      async (c) => {
        const id = c.req.param('id');
        const eventId = c.req.valid('json').event_id;
        const outcome = await store.redeliverToEndpoint(eventId, id, now());
        if (outcome === 'no_endpoint') throw endpointNotFound();
        if (outcome === 'no_event') throw eventNotFound();
        if (outcome === 'disabled') throw endpointDisabled('send it the event again');
        c.get('log')('info', 'webhook event queued again', { event_id: eventId, endpoint_id: id });
        await audit(c, 'event_redelivered', { target: eventId, detail: { endpoint_id: id } });
        return c.json({ id: eventId, endpoint_id: id, queued: true }, 202);
      },
    );
}
