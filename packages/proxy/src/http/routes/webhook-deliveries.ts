/**
 * What the webhooks did and what waits (reads, a viewer's): every delivery attempt, or the
 * failures still standing, a page at a time with the URL each went to; the deliveries dropped
 * before any attempt (no attempt to list them by); and the backlog, the deliveries not yet made,
 * in all and per endpoint, with the oldest's time.
 */

import type * as Answer from '@crypto-pay/protocol/merchant-api';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { seconds } from '../../checkout/views.ts';
import { ok, ref, storeUnreadable } from '../../openapi/operations.ts';
import type { WebhookStore } from '../../store/outbox.ts';
import type { FiguresPart } from '../../store/store.ts';
import { attemptView } from '../../webhooks/attempt-view.ts';
import type { AppEnv } from '../context.ts';
import { noQuerySchema, pageAnswer, pageSize } from '../request-schemas.ts';
import { queryOf } from '../validation.ts';
import { listDeliveriesQuerySchema, listDroppedQuerySchema } from '../webhook-schemas.ts';

export interface DeliveryRouteDeps {
  store: Pick<WebhookStore, 'listAttempts' | 'listDroppedDeliveries'> &
    Pick<FiguresPart, 'pendingDeliveriesByEndpoint'>;
}

export function webhookDeliveryRoutes({ store }: DeliveryRouteDeps) {
  return new Hono<AppEnv>()
    .get(
      '/webhook-deliveries',
      queryOf(listDeliveriesQuerySchema),
      describeRoute({
        summary:
          'Every delivery attempt (or the failures still standing, one per event and endpoint), newest first, a page at a time, kept for RETENTION_DAYS once settled',
        responses: { 200: ok('Attempts', ref('AttemptPage')), ...storeUnreadable },
      }),
      async (c) => {
        const query = c.req.valid('query');
        const limit = pageSize(query.limit);
        const attempts = await store.listAttempts({
          limit,
          ...(query.event_id === undefined ? {} : { eventId: query.event_id }),
          ...(query.endpoint_id === undefined ? {} : { endpointId: query.endpoint_id }),
          ...(query.failed === undefined ? {} : { failed: true }),
          ...(query.before === undefined ? {} : { before: Number(query.before) }),
        });
        return c.json(pageAnswer(attempts, limit, attemptView), 200);
      },
    )
    .get(
      '/webhook-deliveries/dropped',
      queryOf(listDroppedQuerySchema),
      describeRoute({
        summary:
          'The deliveries dropped before any attempt (their endpoint disabled while they waited, or replaced by a redelivery to every endpoint whose types leave that one out), not queued again since, newest first, a page at a time: what to send again with POST /admin/webhook-endpoints/{id}/redeliver',
        responses: {
          200: ok('Dropped deliveries', ref('DroppedDeliveryPage')),
          ...storeUnreadable,
        },
      }),
      async (c) => {
        const query = c.req.valid('query');
        const limit = pageSize(query.limit);
        const dropped = await store.listDroppedDeliveries({
          limit,
          ...(query.before === undefined ? {} : { before: Number(query.before) }),
        });
        return c.json(
          pageAnswer(
            dropped,
            limit,
            (delivery): Answer.DroppedDelivery => ({
              id: delivery.id,
              event_id: delivery.eventId,
              event_type: delivery.eventType,
              endpoint_id: delivery.endpointId,
              endpoint_url: delivery.endpointUrl,
              queued_at: seconds(delivery.queuedAt),
            }),
          ),
          200,
        );
      },
    )
    .get(
      '/webhook-backlog',
      queryOf(noQuerySchema),
      describeRoute({
        summary:
          'The deliveries waiting to be sent or retried, in all and per endpoint, and since when the oldest waits',
        responses: { 200: ok('Backlog', ref('WebhookBacklog')), ...storeUnreadable },
      }),
      async (c) => {
        const endpoints = await store.pendingDeliveriesByEndpoint();
        const oldest = endpoints.reduce<number | undefined>(
          (min, { oldestCreatedAt }) => Math.min(min ?? oldestCreatedAt, oldestCreatedAt),
          undefined,
        );
        const backlog: Answer.WebhookBacklog = {
          pending: endpoints.reduce((sum, { count }) => sum + count, 0),
          ...(oldest === undefined ? {} : { oldest_pending_at: seconds(oldest) }),
          endpoints: endpoints.map((endpoint) => ({
            endpoint_id: endpoint.endpointId,
            pending: endpoint.count,
            oldest_pending_at: seconds(endpoint.oldestCreatedAt),
          })),
        };
        return c.json(backlog, 200);
      },
    );
}
