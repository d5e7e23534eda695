/**
 * The merchant API's webhook routes, behind `ADMIN_TOKEN`: endpoints (the secret shown once, at
 * creation or rotation), the events in order for a back end catching up, and sending an event
 * again. The attempts and the backlog are `webhook-deliveries.ts`'s.
 */

import type * as Answer from '@crypto-pay/protocol/merchant-api';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ApiError } from '../../api-error.ts';
import { seconds } from '../../checkout/views.ts';
import { redeliveredSchema, rotatedSecretSchema } from '../../openapi/answers.ts';
import { bodyTooLarge, errors, listOf, ok, ref } from '../../openapi/operations.ts';
import { randomText } from '../../random-text.ts';
import { ENV_ENDPOINT_ID, type WebhookEndpoint, type WebhookStore } from '../../store/outbox.ts';
import { newWebhookSecret } from '../../webhooks/endpoint-url.ts';
import { eventPayload } from '../../webhooks/send.ts';
import { FAILING_AFTER_MS } from '../../webhooks/worker.ts';
import type { Audit } from '../audit.ts';
import type { AppEnv } from '../context.ts';
import { noQuerySchema, pageSize } from '../request-schemas.ts';
import { jsonBody, queryOf } from '../validation.ts';
import {
  createEndpointSchema,
  listEventsQuerySchema,
  rotateSecretSchema,
} from '../webhook-schemas.ts';

export interface WebhookRouteDeps {
  store: WebhookStore;
  now: () => number;
  /** Endpoint changes and redeliveries go in the audit log. */
  audit: Audit;
}

const DEFAULT_GRACE_SECONDS = 24 * 60 * 60;

/**
 * disabled (by a merchant, or by the sender on a 410 Gone): nothing is sent or retried there;
 * failing: no delivery succeeded for a day; retrying: some failed since the last success.
 */
function endpointStatus(endpoint: WebhookEndpoint, now: number): Answer.WebhookEndpoint['status'] {
  const failing = endpoint.failingSince;
  if (endpoint.disabledAt !== undefined) return 'disabled';
  if (failing === undefined) return 'ok';
  return now - failing >= FAILING_AFTER_MS ? 'failing' : 'retrying';
}

/** An endpoint as listed: never its secret. */
export function endpointView(endpoint: WebhookEndpoint, now: number): Answer.WebhookEndpoint {
  const failing = endpoint.failingSince;
  return {
    id: endpoint.id,
    url: endpoint.url,
    source: endpoint.id === ENV_ENDPOINT_ID ? 'environment' : 'merchant_api',
    ...(endpoint.eventTypes === undefined ? {} : { event_types: endpoint.eventTypes }),
    created_at: seconds(endpoint.createdAt),
    status: endpointStatus(endpoint, now),
    ...(failing === undefined ? {} : { failing_since: seconds(failing) }),
    ...(endpoint.disabledAt === undefined ? {} : { disabled: true }),
    ...(endpoint.previousSecretUntil === undefined || endpoint.previousSecretUntil <= now
      ? {}
      : { previous_secret_expires_at: seconds(endpoint.previousSecretUntil) }),
  };
}

export const eventNotFound = () =>
  new ApiError(404, 'event_not_found', 'There is no event with this id.');

export const endpointNotFound = () =>
  new ApiError(404, 'webhook_endpoint_not_found', 'There is no webhook endpoint with this id.');

/** The environment's endpoint is WEBHOOK_URL's: changed there, not through the API. */
export function refuseEnvironment(id: string): void {
  if (id === ENV_ENDPOINT_ID) {
    throw new ApiError(
      409,
      'webhook_endpoint_from_environment',
      'This endpoint is WEBHOOK_URL: change or remove WEBHOOK_URL and WEBHOOK_SECRET and restart the proxy.',
    );
  }
}

export function webhookRoutes({ store, now, audit }: WebhookRouteDeps) {
  return new Hono<AppEnv>()
    .post(
      '/webhook-endpoints',
      jsonBody(createEndpointSchema, 'CreateWebhookEndpoint'),
      describeRoute({
        summary: 'Add an endpoint; its secret is in this answer only',
        responses: { 201: ok('Endpoint', ref('WebhookEndpointWithSecret')) },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const secret = newWebhookSecret();
        const endpoint: WebhookEndpoint = {
          id: `whe_${randomText(12)}`,
          url: body.url,
          createdAt: now(),
        };
        if (body.event_types !== undefined) endpoint.eventTypes = [...new Set(body.event_types)];
        await store.createEndpoint(endpoint, secret);
        c.get('log')('info', 'webhook endpoint created', { endpoint_id: endpoint.id });
        await audit(c, 'endpoint_created', {
          target: endpoint.id,
          detail: { event_types: endpoint.eventTypes },
        });
        return c.json({ ...endpointView(endpoint, now()), secret }, 201);
      },
    )
    .get(
      '/webhook-endpoints',
      queryOf(noQuerySchema),
      describeRoute({
        summary: 'Webhook endpoints (never their secrets)',
        responses: { 200: ok('Endpoints', listOf(ref('WebhookEndpoint'))) },
      }),
      async (c) => {
        const at = now();
        const endpoints = await store.listEndpoints();
        return c.json({ data: endpoints.map((endpoint) => endpointView(endpoint, at)) }, 200);
      },
    )
    .delete(
      '/webhook-endpoints/:id',
      queryOf(noQuerySchema),
      describeRoute({
        summary: 'Stop sending to an endpoint (its pending deliveries end)',
        responses: {
          204: { description: 'Deleted' },
          ...errors(404),
          409: ok('webhook_endpoint_from_environment: change WEBHOOK_URL instead.', ref('Error')),
          ...bodyTooLarge,
        },
      }),
      async (c) => {
        const id = c.req.param('id');
        refuseEnvironment(id);
        if (!(await store.deleteEndpoint(id, now()))) throw endpointNotFound();
        c.get('log')('info', 'webhook endpoint deleted', { endpoint_id: id });
        await audit(c, 'endpoint_deleted', { target: id });
        return c.body(null, 204);
      },
    )
    .post(
      '/webhook-endpoints/:id/rotate-secret',
      jsonBody(rotateSecretSchema, 'RotateWebhookSecret'),
      describeRoute({
        summary: 'A new secret; the old one signs too during the grace period',
        responses: {
          200: ok('Rotated', rotatedSecretSchema),
          ...errors(404),
          409: ok(
            'webhook_endpoint_from_environment: change WEBHOOK_SECRET instead.',
            ref('Error'),
          ),
        },
      }),
      async (c) => {
        const id = c.req.param('id');
        refuseEnvironment(id);
        const grace = c.req.valid('json').grace_seconds ?? DEFAULT_GRACE_SECONDS;
        const secret = newWebhookSecret();
        const until = now() + grace * 1000;
        if (!(await store.rotateEndpointSecret(id, secret, until))) throw endpointNotFound();
        c.get('log')('info', 'webhook endpoint secret rotated', { endpoint_id: id });
        await audit(c, 'secret_rotated', { target: id, detail: { grace_seconds: grace } });
        return c.json({ id, secret, previous_secret_expires_at: seconds(until) }, 200);
      },
    )
    .get(
      '/events',
      queryOf(listEventsQuerySchema),
      describeRoute({
        summary:
          'Events in the order they happened, a page at a time (catch up after `after`). An event older than RETENTION_DAYS is pruned once its deliveries are settled (delivered, failed or cancelled); one that never had a delivery (no endpoint) is pruned at the cut-off whether read or not',
        responses: {
          200: ok(
            'Events',
            listOf(ref('WebhookEvent'), {
              next_after: { type: 'string', description: 'Present when the page is full.' },
            }),
          ),
          409: ok(
            'event_not_found: after is no event this store holds (another database’s, or pruned after RETENTION_DAYS)',
            ref('Error'),
          ),
        },
      }),
      async (c) => {
        const query = c.req.valid('query');
        const limit = pageSize(query.limit);
        // Pages go on from the event's place in the sequence: an id the store never wrote (another
        // database's, or pruned) would give a page that silently skips events, or an empty one
        // that a back end takes for being caught up.
        if (query.after !== undefined && !(await store.hasEvent(query.after))) {
          throw new ApiError(
            409,
            'event_not_found',
            "The proxy has no event with this id (another database's, or pruned after RETENTION_DAYS): page again without after, from the oldest event kept.",
            { field: 'after' },
          );
        }
        const events = await store.listEvents({
          limit,
          ...(query.after === undefined ? {} : { after: query.after }),
          ...(query.type === undefined ? {} : { type: query.type }),
        });
        const last = events.length === limit ? events.at(-1)?.id : undefined;
        return c.json(
          { data: events.map(eventPayload), ...(last ? { next_after: last } : {}) },
          200,
        );
      },
    )
    .post(
      '/events/:id/redeliver',
      describeRoute({
        summary:
          'Send an event again to every endpoint that takes its type (a webhook.test event: to its own endpoint only)',
        responses: { 202: ok('Queued', redeliveredSchema), ...errors(404, 409), ...bodyTooLarge },
      }),
      async (c) => {
        const id = c.req.param('id');
        const deliveries = await store.redeliverEvent(id, now());
        if (deliveries === undefined) throw eventNotFound();
        // A 202 with nothing queued would leave the merchant waiting for a request that never comes.
        if (deliveries === 0) {
          throw new ApiError(
            409,
            'no_endpoint_for_event',
            'No webhook endpoint takes this event: add one that takes its type (or one without event_types) and send it again; a webhook.test event goes only to its own endpoint, so not once that endpoint is deleted or disabled.',
          );
        }
        c.get('log')('info', 'webhook event queued again', { event_id: id, deliveries });
        await audit(c, 'event_redelivered', { target: id, detail: { deliveries } });
        return c.json({ id, queued: true, deliveries }, 202);
      },
    );
}
