/**
 * The signing proxy's merchant API answers as data (the back office's reads: accounts and
 * sessions, the callback log, a checkout's timeline, daily figures, the audit log, webhook
 * endpoints, delivery attempts and the backlog, balances, the processing service's addresses). The proxy types its answers with
 * these schemas and /openapi.json is generated from them, and the dashboard imports their
 * types, so the three cannot drift. Not re-exported by the index, like `proxy-api.ts`.
 */

import * as z from 'zod/mini';
import { balanceEntrySchema } from './account.ts';
import { MONEY_OPERATION_KINDS } from './merchant-rules.ts';
import { checkoutStatusSchema, merchantCheckoutSchema, statusDetailSchema } from './proxy-api.ts';

const unixSeconds = z.int().check(z.describe('Unix seconds.'));

export {
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  MONEY_OPERATION_KINDS,
  type MoneyOperationKind,
  REFUND_VOID_STATUSES,
} from './merchant-rules.ts';

/** `viewer` reads; `operator` also redelivers, manages endpoints and invoices; `owner` all. */
export const ROLES = ['viewer', 'operator', 'owner'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in account, as the session answers it. */
export const accountSchema = z.object({
  name: z.string(),
  role: roleSchema,
  setup: z.optional(
    z.boolean().check(z.describe('The ADMIN_TOKEN setup session: create an owner.')),
  ),
});
export type Account = z.infer<typeof accountSchema>;

/** A row of `GET /admin/accounts`. */
export const accountRowSchema = z.object({
  name: z.string(),
  role: roleSchema,
  created_at: unixSeconds,
  disabled: z.boolean().check(z.describe('A disabled account cannot sign in.')),
});
export type AccountRow = z.infer<typeof accountRowSchema>;

/** `GET|POST /admin/session`. */
export const sessionAnswerSchema = z.object({
  account: accountSchema,
  idle_expires_at: z.int().check(z.describe('Unix seconds: unused until then, it ends.')),
  expires_at: z.int().check(z.describe('Unix seconds: it ends then in any case.')),
});
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** What a callback did (a refused one is never stored): the description below says each. */
export const CALLBACK_OUTCOMES = [
  'applied',
  'duplicate',
  'late',
  'ignored',
  'recorded',
  'unknown',
] as const;
export const callbackOutcomeSchema = z
  .enum(CALLBACK_OUTCOMES)
  .check(
    z.describe(
      'applied: moved its checkout on; duplicate: the status the checkout had; late: a status behind it (any other once final); ignored: a duplicate or late one logged by an older release; recorded: an invoice, withdrawal, deposit or exchange callback; unknown: no checkout had its payment request.',
    ),
  );
export type CallbackOutcome = z.infer<typeof callbackOutcomeSchema>;

/** A row of the callback log (`GET /admin/callbacks`). */
export const storedCallbackSchema = z.object({
  id: z.int().check(z.describe('Increases in the order callbacks were received.')),
  received_at: unixSeconds,
  type: z.string(),
  object_id: z.optional(
    z
      .string()
      .check(z.describe('What the callback is about: payment request, invoice or transaction id.')),
  ),
  foreign_id: z.optional(z.string()),
  status: z.optional(z.string()),
  outcome: callbackOutcomeSchema,
  body: z
    .record(z.string(), z.unknown())
    .check(z.describe('The callback, personal fields removed.')),
});
export type StoredCallback = z.infer<typeof storedCallbackSchema>;

/** The answer's status and error of one webhook delivery attempt (its list and the timeline). */
const attemptResult = {
  attempt: z.int().check(z.describe('1 for the first attempt of this delivery.')),
  status_code: z.optional(z.int().check(z.describe('Absent when no answer came.'))),
  duration_ms: z.int(),
  error: z.optional(
    z.string().check(z.describe('Why it failed: timed out, connection failed, answered 500…')),
  ),
  response_excerpt: z.optional(
    z.string().check(z.describe('The first 256 characters of the answer.')),
  ),
};

const at = unixSeconds;
export const timelineEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('created'), at }),
  z.object({
    kind: z.literal('callback'),
    at,
    callback_id: z.int().check(z.describe('Its id in GET /admin/callbacks.')),
    type: z.string(),
    status: z.optional(z.string()),
    outcome: callbackOutcomeSchema,
  }),
  z.object({
    kind: z.literal('status'),
    at,
    status: checkoutStatusSchema,
    detail: z.optional(statusDetailSchema),
  }),
  z.object({ kind: z.literal('event'), at, event_id: z.string(), type: z.string() }),
  z.object({
    kind: z.literal('delivery_attempt'),
    at,
    event_id: z.string(),
    delivery_id: z.int(),
    endpoint_id: z.string(),
    endpoint_url: z.string(),
    ...attemptResult,
  }),
  z.object({ kind: z.literal('stale'), at }),
]);
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** `GET /admin/checkouts/{id}/timeline`. */
export const timelineSchema = z.object({
  checkout: merchantCheckoutSchema,
  data: z
    .array(timelineEntrySchema)
    .check(
      z.describe(
        'Oldest first. Once retention (RETENTION_DAYS) has pruned its callbacks and events, a checkout shows its creation, its current status at its last change, and its stale mark.',
      ),
    ),
});
export type Timeline = z.infer<typeof timelineSchema>;

/** A day of `GET /admin/checkouts/daily`. */
export const dailyFigureSchema = z.object({
  date: z.string().check(z.describe('The UTC day, YYYY-MM-DD.')),
  created: z.int().check(z.describe('Checkouts created that day.')),
  paid: z.int(),
  failed: z.int(),
  expired: z.int(),
  open: z.int().check(z.describe('Still created or processing.')),
  paid_share: z
    .nullable(z.string())
    .check(
      z.describe(
        'paid / (paid + failed + expired) as a decimal with 2 places, rounded half up; null when none finished (a day with no outcome has no share, not a share of 0).',
      ),
    ),
});
export type DailyFigure = z.infer<typeof dailyFigureSchema>;

/** An entry of `GET /admin/audit-log`. */
export const auditEntrySchema = z.object({
  id: z.int(),
  at: unixSeconds,
  actor: z
    .string()
    .check(
      z.describe(
        'The account; admin-token for the bearer token and the setup session; anonymous for a failed sign-in.',
      ),
    ),
  // A string, not an enum: a dashboard older than its proxy shows a new action as its code.
  action: z.string(),
  target: z.optional(
    z.string().check(z.describe('What it was done to: an account, endpoint, event, invoice…')),
  ),
  detail: z.optional(
    z
      .record(z.string(), z.unknown())
      .check(z.describe('A few allow-listed facts; never a secret or sender data.')),
  ),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * An invoice or withdrawal made through the merchant API (`GET /admin/money-operations`), kept
 * by the proxy from its creation, its status following the service's callbacks. Never the
 * sender, the receiver, an email or an address.
 */
export const moneyOperationSchema = z.object({
  id: z.int().check(z.describe('Increases in the order they were made.')),
  kind: z.enum(MONEY_OPERATION_KINDS),
  object_id: z.optional(
    z
      .string()
      .check(
        z.describe(
          'The service’s id of the invoice or withdrawal; absent while a refund is requested and the service’s answer is not known.',
        ),
      ),
  ),
  foreign_id: z.string(),
  amount: z.string().check(z.describe('Decimal digits, as the service answered them.')),
  currency: z.string().check(z.describe('The service’s currency code (USDTT, BTC, EUR…).')),
  status: z
    .string()
    .check(
      z.describe(
        'The service’s status at creation, then as its callbacks tell (invoices: created, pending, processing, confirmed, failed; cancelled once cancelled here; withdrawals: processing, not_confirmed, confirmed, declined, cancelled). A refund is requested from before the service is asked until it answers; one whose answer never came stays requested until a callback tells.',
      ),
    ),
  url: z.optional(z.string().check(z.describe('An invoice’s page for the customer.'))),
  created_by: z
    .string()
    .check(z.describe('The account that made it; admin-token for the bearer token.')),
  refund_of: z.optional(
    z.string().check(z.describe('The checkout a withdrawal sends money back for.')),
  ),
  created_at: unixSeconds,
  updated_at: unixSeconds,
});
export type MoneyOperation = z.infer<typeof moneyOperationSchema>;

/** The merchant's view of a webhook endpoint: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.string().check(z.describe('`env` for WEBHOOK_URL; whe_… for the others.')),
  url: z.string(),
  source: z.enum(['environment', 'merchant_api']),
  event_types: z.optional(
    z.array(z.string()).check(z.describe('Only these types are sent there; all when absent.')),
  ),
  created_at: unixSeconds,
  status: z
    .enum(['ok', 'retrying', 'failing', 'disabled'])
    .check(
      z.describe(
        'retrying: an attempt failed since the last success (or since it was last enabled again); failing: no success for a day (failing alone never disables it: retries go on); disabled: disabled by PATCH with disabled, or by the proxy when it answered 410 Gone, so nothing is sent to it or retried there until PATCH with {"disabled": false} enables it again (failing_since still says since when it failed before).',
      ),
    ),
  failing_since: z.optional(
    z
      .int()
      .check(
        z.describe(
          'Unix seconds of the first failure since the last success, or since the endpoint was last enabled again.',
        ),
      ),
  ),
  previous_secret_expires_at: z.optional(
    z
      .int()
      .check(z.describe('During a rotation’s grace period: until when the old secret signs too.')),
  ),
  disabled: z.optional(
    z
      .literal(true)
      .check(
        z.describe(
          'Disabled (PATCH with disabled, or by the proxy when it answered 410 Gone): no event is queued for it. Absent when enabled.',
        ),
      ),
  ),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** One delivery attempt of a webhook event (`GET /admin/webhook-deliveries`). */
export const deliveryAttemptSchema = z.object({
  id: z.int(),
  event_id: z.string(),
  event_type: z.string(),
  endpoint_id: z.string(),
  endpoint_url: z
    .string()
    .check(
      z.describe(
        'Where it was sent, as it was then (a later change of the endpoint’s URL leaves it).',
      ),
    ),
  attempted_at: unixSeconds,
  ...attemptResult,
  next_attempt_at: z.optional(
    z
      .int()
      .check(
        z.describe(
          'Unix seconds: on the latest attempt of a delivery still waiting to be retried, when its next attempt is due.',
        ),
      ),
  ),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

/**
 * A delivery dropped before any attempt (`GET /admin/webhook-deliveries/dropped`): queued, then
 * ended when its endpoint was disabled, never sent, and not queued again since.
 */
export const droppedDeliverySchema = z.object({
  id: z.int().check(z.describe('The delivery’s id: pass it as `before` for older ones.')),
  event_id: z.string(),
  event_type: z.string(),
  endpoint_id: z.string(),
  endpoint_url: z.string().check(z.describe('The endpoint’s URL now.')),
  queued_at: unixSeconds,
});
export type DroppedDelivery = z.infer<typeof droppedDeliverySchema>;

const oldestPending = z.optional(
  z.int().check(z.describe('Unix seconds: when the oldest delivery still waiting was queued.')),
);

/** `GET /admin/webhook-backlog`: deliveries not yet made (none succeeded, none gave up). */
export const webhookBacklogSchema = z.object({
  pending: z.int().check(z.describe('Deliveries waiting to be sent or retried.')),
  oldest_pending_at: oldestPending,
  endpoints: z.array(
    z.object({ endpoint_id: z.string(), pending: z.int(), oldest_pending_at: oldestPending }),
  ),
});
export type WebhookBacklog = z.infer<typeof webhookBacklogSchema>;

/**
 * `GET /admin/processing`: the processing service the proxy talks to, its two addresses
 * (PROCESSING_BASE_URL, PROCESSING_PAYMENTS_BASE_URL) without any credentials. A developer's
 * tool finds the sandbox's control API from it (`<origin>/_sandbox/...`).
 */
export const processingServiceSchema = z.object({
  base_url: z.string().check(z.describe('The service’s API (PROCESSING_BASE_URL).')),
  payments_base_url: z
    .string()
    .check(z.describe('Where its payment requests are made (PROCESSING_PAYMENTS_BASE_URL).')),
});
export type ProcessingService = z.infer<typeof processingServiceSchema>;

/** A balance at the service (`GET /admin/balances`), as the service gives it. */
export const balanceSchema = balanceEntrySchema;
export type Balance = z.infer<typeof balanceSchema>;

const nextBefore = z.optional(
  z.string().check(z.describe('Present when the page is full: pass it as `before` for the next.')),
);

/** A page of a list, newest first: `next_before` when there may be more. */
export const pageOf = <Item extends z.core.SomeType>(item: Item) =>
  z.object({ data: z.array(item), next_before: nextBefore });
export interface Page<T> {
  data: T[];
  next_before?: string;
}

/**
 * Why a payment goes stale (its final callback never came), as the proxy's stale warning and
 * `crypto-pay doctor` say it: one sentence, so the two cannot drift.
 */
export const STALE_CAUSES =
  'Likely causes: the callback URL the processing service holds for this merchant does not reach POST /callbacks/processing on this proxy; a firewall, WAF or security plugin in front of that URL refuses the service; or the callbacks are signed for another API key than PROCESSING_API_KEY (see the callback log, GET /admin/callbacks).';
