/**
 * The webhook outbox as the store keeps it, in database-neutral terms: events written with the
 * change that causes them, the endpoints they go to, one delivery per event and endpoint with a
 * lease for whichever worker sends it, and the log of every attempt. No personal data.
 */

import { randomText } from '../random-text.ts';

/** An event to write in the same transaction as its cause. */
export interface NewEvent {
  /** `checkout.paid`, `invoice.confirmed`, … */
  type: string;
  /** Unix milliseconds. */
  createdAt: number;
  /** What the event's body carries as `data` (already without personal fields). */
  data: Record<string, unknown>;
  /** An event whose key was written before is not written again (a repeated callback). */
  dedupeKey?: string;
}

export interface StoredEvent {
  /** `evt_` + the sequence number, zero-padded so ids sort as they were committed, + a nonce. */
  id: string;
  type: string;
  createdAt: number;
  data: Record<string, unknown>;
}

/** The type of the event `testEndpoint` sends, to one endpoint on request. */
export { TEST_EVENT_TYPE } from '@crypto-pay/protocol/event-types';

/** The endpoint of `WEBHOOK_URL`, whose secret lives in the environment only. */
export const ENV_ENDPOINT_ID = 'env';

export interface WebhookEndpoint {
  id: string;
  url: string;
  /** Event types sent there; all when undefined. */
  eventTypes?: string[];
  createdAt: number;
  /** Unix milliseconds of the first failure since its last success. */
  failingSince?: number;
  /** Until when the secret before the last rotation still signs too. */
  previousSecretUntil?: number;
  /** When it was disabled: no event is queued for it meanwhile. */
  disabledAt?: number;
}

/** What `PATCH /admin/webhook-endpoints/{id}` changes of an endpoint. */
export interface EndpointChange {
  url?: string;
  /** null: every type again. */
  eventTypes?: string[] | null;
  disabled?: boolean;
}

/** A managed endpoint with what signs for it (never shown after creation). */
export interface EndpointSecrets {
  /** Undefined for the environment's endpoint. */
  secret?: string;
  previousSecret?: string;
  previousSecretUntil?: number;
}

/**
 * Claims in force per endpoint across every worker on the database: a receiver that hangs holds
 * this many sends, not all of them, so the other endpoints' deliveries go on.
 */
export const CLAIMS_PER_ENDPOINT = 2;

/** A delivery a worker holds until `claimedUntil`. */
export interface ClaimedDelivery {
  id: number;
  /** The attempt this claim is (1 for the first); the claim's token for `finishAttempt`. */
  attempt: number;
  event: StoredEvent;
  endpoint: WebhookEndpoint & EndpointSecrets;
}

/** The claim an attempt is logged under, and the URL it was sent to. */
export type AttemptClaim = Pick<ClaimedDelivery, 'id' | 'attempt'> & {
  endpoint: Pick<WebhookEndpoint, 'url'>;
};

export interface AttemptResult {
  attemptedAt: number;
  durationMs: number;
  statusCode?: number;
  error?: string;
  responseExcerpt?: string;
  delivered: boolean;
  /** When to try again after a failure; undefined gives up (the schedule is spent). */
  retryAt?: number;
}

/**
 * Where an attempt leaves its delivery, on every store: delivered; pending again at `retryAt`;
 * or failed, the schedule spent.
 */
export function settlementOf(result: AttemptResult): {
  state: 'delivered' | 'pending' | 'failed';
  nextAttemptAt: number;
} {
  return {
    state: result.delivered ? 'delivered' : result.retryAt === undefined ? 'failed' : 'pending',
    nextAttemptAt: result.retryAt ?? result.attemptedAt,
  };
}

export interface DeliveryAttempt {
  id: number;
  deliveryId: number;
  eventId: string;
  eventType: string;
  endpointId: string;
  /**
   * Where it was sent, as it was then (a later PATCH of the endpoint's url leaves it); for an
   * attempt logged before version 13 of the schema, the endpoint's URL now.
   */
  endpointUrl: string;
  attempt: number;
  attemptedAt: number;
  durationMs: number;
  statusCode?: number;
  error?: string;
  responseExcerpt?: string;
  /** The delivery's next attempt, on its latest attempt while it waits to be retried. */
  nextAttemptAt?: number;
}

/**
 * A page of delivery attempts: newest first; ids below `before`. `failed`: the failures still
 * standing, one per event and endpoint (its latest failed attempt), none for an event
 * delivered to that endpoint since: what a merchant would redeliver.
 */
export interface AttemptQuery {
  eventId?: string;
  endpointId?: string;
  failed?: boolean;
  /** The last id of the page before. */
  before?: number;
  limit: number;
}

export interface WebhookStore {
  listEvents(query: { after?: string; type?: string; limit: number }): Promise<StoredEvent[]>;
  /** The id of the newest event committed, undefined when there is none (where "now" is). */
  lastEventId(): Promise<string | undefined>;
  /** Whether the store holds an event with this id (not another database's, nor pruned). */
  hasEvent(id: string): Promise<boolean>;
  /**
   * Queues the event again for every endpoint that takes it (a `webhook.test` event for its own
   * endpoint only): how many deliveries were queued
   * (0 when no endpoint takes its type), undefined when the event is unknown.
   */
  redeliverEvent(id: string, now: number): Promise<number | undefined>;
  /**
   * Queues event `eventId` again for endpoint `endpointId` only, whatever its event types (the
   * endpoint a failing delivery was for): `queued`; `disabled` when it is disabled (nothing
   * queued); `no_event` or `no_endpoint` (unknown or deleted) when either is not there.
   */
  redeliverToEndpoint(
    eventId: string,
    endpointId: string,
    now: number,
  ): Promise<'queued' | 'disabled' | 'no_event' | 'no_endpoint'>;

  /**
   * Writes a `webhook.test` event queued for endpoint `id` only (whatever its event types):
   * the event's id; `disabled` when it is disabled (nothing written); undefined when it is
   * unknown or deleted.
   */
  testEndpoint(id: string, now: number): Promise<string | 'disabled' | undefined>;
  /**
   * Changes an endpoint's URL, event types or disabled state at `now` (disabling ends its
   * pending deliveries); the endpoint after, undefined when unknown or deleted.
   */
  changeEndpoint(
    id: string,
    change: EndpointChange,
    now: number,
  ): Promise<WebhookEndpoint | undefined>;
  /**
   * Disables an endpoint whose receiver answered 410 Gone at `url`, ending its pending
   * deliveries and writing the audit log's entry, in one transaction; only while it is enabled
   * and still sends to `url` (a merchant who moved it and made the old address answer 410 keeps
   * the new one). True when it was disabled.
   */
  disableGoneEndpoint(id: string, url: string, now: number): Promise<boolean>;

  /** Makes the environment's endpoint send to `url`, or stops it (undefined). */
  setEnvEndpoint(url: string | undefined, now: number): Promise<void>;
  createEndpoint(endpoint: WebhookEndpoint, secret: string): Promise<void>;
  listEndpoints(): Promise<WebhookEndpoint[]>;
  /** Stops sending to it (its pending deliveries end too); false when unknown. */
  deleteEndpoint(id: string, now: number): Promise<boolean>;
  /** A new secret; the old one keeps signing until `previousUntil`. False when unknown. */
  rotateEndpointSecret(id: string, secret: string, previousUntil: number): Promise<boolean>;

  /**
   * Claims up to `limit` due deliveries until `now + leaseMs`: one conditional UPDATE, so of
   * several workers on one database each delivery goes to one (PostgreSQL: the endpoints, then
   * their deliveries, locked `SKIP LOCKED`). A lease that ran out (a worker that died) is claimed again. An endpoint never has
   * more than `CLAIMS_PER_ENDPOINT` claims in force, whichever workers hold them.
   */
  claimDeliveries(now: number, leaseMs: number, limit: number): Promise<ClaimedDelivery[]>;
  /** Logs the attempt and settles the delivery, if the claim `attempt` is still the latest. */
  finishAttempt(delivery: AttemptClaim, result: AttemptResult): Promise<void>;
  /**
   * Logs an attempt the proxy's shutdown cut off and gives the claim back uncounted (due at
   * once, the endpoint untouched), if the claim `attempt` is still the latest.
   */
  releaseClaim(delivery: AttemptClaim, result: Omit<AttemptResult, 'retryAt'>): Promise<void>;
  /**
   * Unix milliseconds when a claim at the earliest can take a pending delivery (an endpoint at
   * its claims' cap: when the first of them ends at the latest), for the worker's timer.
   */
  nextDeliveryAt(now: number): Promise<number | undefined>;
  listAttempts(query: AttemptQuery): Promise<DeliveryAttempt[]>;
  /**
   * The deliveries dropped before any attempt (their endpoint disabled while they waited, or
   * replaced by a redelivery to every endpoint whose types leave that one out), to
   * endpoints not deleted and with no delivery of the same event to it queued since: newest
   * first, ids below `before`.
   */
  listDroppedDeliveries(query: { before?: number; limit: number }): Promise<DroppedDelivery[]>;
}

/** A delivery dropped before any attempt: what a merchant would send again. */
export interface DroppedDelivery {
  id: number;
  eventId: string;
  eventType: string;
  endpointId: string;
  /** The endpoint's URL now. */
  endpointUrl: string;
  /** Unix milliseconds: when it was queued. */
  queuedAt: number;
}

/** `evt_` + the sequence zero-padded (ids sort in commit order) + a nonce (unique across databases). */
export const eventId = (seq: number) => `evt_${String(seq).padStart(12, '0')}${randomText(6)}`;

/** An event id as `eventId` makes it (what `after=` and Last-Event-ID take): its seq captured. */
export const EVENT_ID = /^evt_(\d{12})[A-Za-z0-9_-]{8}$/;

/** The sequence an event id carries; undefined for anything else. */
export function eventSeq(id: string): number | undefined {
  const match = EVENT_ID.exec(id);
  return match ? Number(match[1]) : undefined;
}
