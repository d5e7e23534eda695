/**
 * Schemas of the merchant API's webhook requests (endpoints, events, deliveries): they validate
 * at the edge and generate /openapi.json, like `request-schemas.ts`.
 */

import { eventTypeProblem } from '@crypto-pay/protocol/event-types';
import { webhookUrlProblem } from '@crypto-pay/protocol/webhooks';
import * as z from 'zod/mini';
import { EVENT_ID } from '../store/outbox.ts';
import { filter, idCursor, limit } from './request-schemas.ts';

/** `after=`: an event id, described for its route. */
const afterEvent = (description: string) =>
  z.optional(
    z
      .string()
      .check(z.regex(EVENT_ID, 'The after must be an event id (evt_…).'), z.describe(description)),
  );

/** `checkout.paid`, `invoice.confirmed`, …: a kind and a status. */
const TYPE_PATTERN = '[a-z][a-z0-9_]{0,63}\\.[a-z][a-z0-9_]{0,63}';
/** What `event_types` holds, said when it holds something else. */
const EVENT_TYPES_TEXT = 'The event_types must be a list of event types such as checkout.paid.';

/** One the proxy writes: a typo would filter out every event in silence. */
const eventType = z.string({ error: EVENT_TYPES_TEXT }).check(
  z.regex(
    new RegExp(`^${TYPE_PATTERN}$`),
    'An event type looks like checkout.paid or invoice.confirmed.',
  ),
  z.superRefine((value, context) => {
    const problem = eventTypeProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
  }),
);

/** `POST /admin/webhook-endpoints`. */
export const createEndpointSchema = z.strictObject(
  {
    url: z.string().check(
      z.superRefine((value, context) => {
        const problem = webhookUrlProblem(value);
        if (problem)
          context.addIssue({ code: 'custom', message: `The url ${problem}.`, input: value });
      }),
    ),
    event_types: z.optional(
      z
        .array(eventType, { error: EVENT_TYPES_TEXT })
        .check(z.minLength(1, 'The event_types must name at least one type when given.')),
    ),
  },
  {
    error: 'The request body must be a JSON object such as {"url": "https://shop.example/hooks"}.',
  },
);

/** `PATCH /admin/webhook-endpoints/{id}`: what is given changes, the rest stays. */
export const changeEndpointSchema = z.strictObject(
  {
    url: z.optional(createEndpointSchema.shape.url),
    event_types: z.optional(
      z.nullable(
        z
          .array(eventType, { error: EVENT_TYPES_TEXT })
          .check(z.minLength(1, 'The event_types must name at least one type when given.')),
      ),
    ),
    disabled: z.optional(z.boolean({ error: 'The disabled field must be true or false.' })),
  },
  { error: 'The request body must be a JSON object such as {"disabled": true}.' },
);

/** `POST /admin/webhook-endpoints/{id}/rotate-secret`. */
export const rotateSecretSchema = z.strictObject(
  {
    /** How long the old secret keeps signing too (default a day, at most 7 days). */
    grace_seconds: z.optional(
      z
        .int({ error: 'The grace_seconds must be a whole number of seconds.' })
        .check(
          z.gte(0, 'The grace_seconds must be between 0 and 604800.'),
          z.lte(604_800, 'The grace_seconds must be between 0 and 604800.'),
        ),
    ),
  },
  { error: 'The request body must be a JSON object such as {"grace_seconds": 86400}.' },
);

/** `GET /admin/events?after=&type=&limit=`. */
export const listEventsQuerySchema = z.strictObject({
  after: afterEvent('The last event id seen (or the next_after of the previous page).'),
  type: z.optional(eventType.check(z.describe('Only events of this type, e.g. checkout.paid.'))),
  limit,
});

/** At most this many types in an events stream's `types=`. */
const MAX_STREAM_TYPES = 50;

/** `GET /admin/events/stream?after=&types=`. */
export const eventStreamQuerySchema = z.strictObject({
  after: afterEvent(
    'Start after this event id (the backlog first, then live); without it (and without Last-Event-ID) the stream starts now. Last-Event-ID wins when both are sent.',
  ),
  types: z.optional(
    z.string().check(
      z.regex(
        new RegExp(`^${TYPE_PATTERN}(,${TYPE_PATTERN}){0,${MAX_STREAM_TYPES - 1}}$`),
        `The types must be event types separated by commas (at most ${MAX_STREAM_TYPES}), e.g. checkout.paid,checkout.failed.`,
      ),
      // Each one the proxy writes, as `type=` of the events list: a typo would open a stream
      // that never sends anything.
      z.superRefine((value, context) => {
        const problem = value.split(',').map(eventTypeProblem).find(Boolean);
        if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
      }),
      z.describe(
        'Only events of these types, comma-separated, e.g. checkout.paid,checkout.failed.',
      ),
    ),
  ),
});

/** `GET /admin/webhook-deliveries?event_id=&endpoint_id=&failed=&before=&limit=`. */
export const listDeliveriesQuerySchema = z.strictObject({
  event_id: filter('Only attempts to send this event.'),
  endpoint_id: filter('Only attempts to this endpoint.'),
  failed: z.optional(
    z
      .literal('true', { error: 'The failed must be true (or left out for every attempt).' })
      .check(
        z.describe(
          'true: the failures still standing, one per event and endpoint (its latest failed attempt: no 2xx answer, an error status, a timeout…), none for an event delivered to that endpoint since.',
        ),
      ),
  ),
  before: idCursor('an attempt'),
  limit,
});

/** `GET /admin/webhook-deliveries/dropped`: a page of the deliveries dropped before any attempt. */
export const listDroppedQuerySchema = z.strictObject({
  before: idCursor('a delivery'),
  limit,
});

/** `POST /admin/webhook-endpoints/{id}/redeliver`: the event to send this endpoint again. */
export const redeliverToEndpointSchema = z.strictObject(
  {
    event_id: z.string().check(z.regex(EVENT_ID, 'The event_id must be an event id (evt_…).')),
  },
  { error: 'The request body must be a JSON object such as {"event_id": "evt_…"}.' },
);
