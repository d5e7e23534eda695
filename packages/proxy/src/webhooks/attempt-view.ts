/**
 * A webhook delivery attempt as the merchant API shows it: in the delivery log and, with the
 * same result fields, in a checkout's timeline.
 */

import type * as Answer from '@crypto-pay/protocol/merchant-api';
import { seconds } from '../checkout/views.ts';
import type { DeliveryAttempt } from '../store/outbox.ts';

/** The attempt's number and what came of it: the fields the log and the timeline share. */
export function attemptResultView(attempt: DeliveryAttempt) {
  return {
    attempt: attempt.attempt,
    ...(attempt.statusCode === undefined ? {} : { status_code: attempt.statusCode }),
    duration_ms: attempt.durationMs,
    ...(attempt.error === undefined ? {} : { error: attempt.error }),
    ...(attempt.responseExcerpt === undefined ? {} : { response_excerpt: attempt.responseExcerpt }),
  };
}

/** One row of `GET /admin/webhook-deliveries`. */
export function attemptView(attempt: DeliveryAttempt): Answer.DeliveryAttempt {
  return {
    id: attempt.id,
    event_id: attempt.eventId,
    event_type: attempt.eventType,
    endpoint_id: attempt.endpointId,
    endpoint_url: attempt.endpointUrl,
    attempted_at: seconds(attempt.attemptedAt),
    ...attemptResultView(attempt),
    ...(attempt.nextAttemptAt === undefined
      ? {}
      : { next_attempt_at: seconds(attempt.nextAttemptAt) }),
  };
}
