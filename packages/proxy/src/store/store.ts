/**
 * What the proxy keeps, behind a small asynchronous interface: checkouts, single-use checkout
 * sessions, idempotency keys, the callback log, the webhook outbox (`outbox.ts`), the create
 * rate limit's buckets, and the news of what other proxies changed. SQLite implements it for one
 * process; PostgreSQL for any number of proxies on one database. Nothing here ever holds sender
 * data.
 */

import type { CallbackOutcome } from '@crypto-pay/protocol/merchant-api';
import type {
  CheckoutStatus,
  CurrencyRef,
  RefundInstructions,
  StatusDetail,
} from '@crypto-pay/protocol/proxy-api';
import type { AccountsPart } from './accounts.ts';
import type { AuditLogPart } from './audit-log.ts';
import type { CheckoutRecord, StreamedCheckout } from './checkout-record.ts';
import type { MoneyOperationsPart } from './money-operations.ts';
import type { NewEvent, WebhookStore } from './outbox.ts';
import type { CheckoutFilter, PaymentsPart } from './payments.ts';
import type { StaleSweep } from './stale.ts';
import type { StatusCopyFigures } from './status-copy.ts';

// The accounts' and the record's types live in their own files; the store's users import them
// from here, with the store.
export {
  type Account,
  type DashboardSession,
  ROLES,
  type Role,
  SETUP_ACCOUNT,
} from './accounts.ts';
export { AUDIT_ACTIONS, type AuditAction } from './audit-log.ts';
export {
  CHECKOUT_ID_CHARACTER,
  type CheckoutRecord,
  type CurrencyRef,
  type PricingMode,
  PUBLIC_FIELDS,
  type StreamedCheckout,
  streamedCheckout,
} from './checkout-record.ts';
export type { MoneyOperation, StoredMoneyOperation } from './money-operations.ts';

/** What a merchant's back end pinned for one customer's checkout. */
export interface CheckoutSession {
  /** SHA-256 of the token (the token itself is handed out once and never stored). */
  tokenHash: string;
  amount: string;
  currency: CurrencyRef;
  foreignId?: string;
  endUserReference?: string;
  description?: string;
  urlStore?: string;
  urlSuccess?: string;
  urlFailed?: string;
  /** Unix milliseconds after which the token is refused. */
  expiresAt: number;
  createdAt: number;
}

/** A callback's news for its checkout: the status, and what the callback says with it. */
export interface CheckoutChange {
  status: CheckoutStatus;
  paymentCurrency?: CurrencyRef;
  statusDetail?: StatusDetail;
  refundInstructions?: RefundInstructions;
  at: number;
}

/**
 * What `advanceCheckout` did, decided inside its transaction: `applied` (the checkout moved on),
 * `duplicate` (the status it already had), `late` (a status behind the one it has) or
 * `unknown` (no such checkout).
 */
export type CheckoutAdvance =
  | { outcome: 'applied'; checkout: CheckoutRecord }
  | { outcome: 'duplicate' | 'late' | 'unknown'; checkout?: undefined };

export type IdempotencyReservation =
  | { kind: 'reserved' }
  | { kind: 'replay'; checkoutId: string }
  | { kind: 'in_progress' }
  | { kind: 'conflict' };

/**
 * What a new checkout completes: its Idempotency-Key and its session, each with the `now` its
 * claim was made at. That time is the claim's token: claims of one key or session in force
 * together are a lease apart (a stuck create's is taken over only once its lease ran out), so
 * it tells the create holding one from one that lost it, which must not use it.
 */
export interface CreateLinks {
  idempotencyKey?: string;
  keyClaimedAt?: number;
  sessionTokenHash?: string;
  sessionClaimedAt?: number;
}

/** A day in milliseconds (a UTC day: Unix time has no leap seconds). */
export const DAY_MS = 86_400_000;

/** Idempotency keys are kept this long, like the payment request they name at most. */
export const IDEMPOTENCY_TTL_MS = DAY_MS;

/** One callback received and verified, as the log keeps it (no personal data). */
export interface CallbackEntry {
  receivedAt: number;
  type: string;
  /** Payment request id, invoice id, transaction id: what the callback is about. */
  objectId?: string;
  foreignId?: string;
  status?: string;
  /** What the proxy did with it (the contract's `CALLBACK_OUTCOMES`, which say what each means). */
  outcome: CallbackOutcome;
  /** The callback body with personal fields removed. */
  body: Record<string, unknown>;
}

export interface StoredCallback extends CallbackEntry {
  id: number;
}

/** A page of the callback log: newest first, each filter exact, ids below `before`. */
export interface CallbackQuery {
  type?: string;
  foreignId?: string;
  objectId?: string;
  status?: string;
  /** The last id of the page before. */
  before?: number;
  limit: number;
}

export interface CheckoutQuery extends CheckoutFilter {
  /** Only checkouts created before this one (pagination cursor). */
  before?: string;
  limit: number;
}

/** Rows `pruneBefore` deleted, by kind. */
export interface PrunedRows {
  callbacks: number;
  /** Settled webhook deliveries, and the attempts they logged. */
  deliveries: number;
  attempts: number;
  events: number;
  /** The audit log's `sign_in_failed` entries: anyone can add them, so they cannot be kept for ever. */
  failedSignIns: number;
}

/**
 * What other proxies on the same database committed, as their notifications tell it: ids and
 * versions, and the checkout as streams tell it when it fits in the notice (a listener reads
 * from the store what it needs and was not given).
 */
export interface StoreChangeListener {
  /**
   * A checkout was committed at `version`; `checkout` is what streams tell of it at that
   * version, when the notice could carry it.
   */
  checkout(id: string, version: number, checkout?: StreamedCheckout): void;
  /** Events or deliveries were written, or a claim given back: the outbox has work. */
  outbox(): void;
  /**
   * Listening now, and news may have been missed before (the way it comes was lost and is
   * back, or had just been opened): read again whatever is followed, as if each had changed.
   */
  resync(): void;
  /**
   * The way news comes was lost: what is committed from now on may go unheard until the next
   * `resync`.
   */
  lost?(): void;
}

/** One client's take from its rate-limit bucket. */
export interface RateLimitTake {
  /** Who is counted (a client address, or IPv6 /64). */
  key: string;
  /** The bucket's size; it refills evenly over a minute. */
  perMinute: number;
  /**
   * The time of the take in milliseconds, for tests; by default the store's own clock (the
   * database server's on PostgreSQL, one clock for every proxy).
   */
  now?: number;
  /**
   * The tokens the take spends: 1 (the default), or 0 to be let through only while the bucket
   * holds a whole one, spending none (a right credential under a failure limit: refused while a
   * guesser has emptied the bucket, by the same statement as a wrong one), or -1 to give back
   * a token taken before a check that then passed (always done, the bucket at most full).
   */
  cost?: -1 | 0 | 1;
}

/**
 * The figures the metrics poller reads (`figures.ts`): small reads of the shared database, the
 * same on every proxy.
 */
export interface FiguresPart {
  /** Webhook deliveries not yet settled, and when the oldest of them was created (Unix ms). */
  pendingDeliveries(): Promise<{ count: number; oldestCreatedAt: number | undefined }>;
  /** The same per endpoint (those with any pending), in one grouped read. */
  pendingDeliveriesByEndpoint(): Promise<
    { endpointId: string; count: number; oldestCreatedAt: number }[]
  >;
  /** When the last callback was received (Unix ms), by any proxy; undefined when none ever was. */
  lastCallbackAt(): Promise<number | undefined>;
}

export interface Store
  extends WebhookStore,
    FiguresPart,
    AccountsPart,
    AuditLogPart,
    PaymentsPart,
    MoneyOperationsPart {
  /**
   * Saves a new checkout; also completes its idempotency key, consumes its session and writes
   * `event`, all in one transaction. True when the event queued a webhook delivery.
   */
  insertCheckout(checkout: CheckoutRecord, links: CreateLinks, event?: NewEvent): Promise<boolean>;
  /**
   * The checkout `id`. The record may be shared with every other caller (the SQLite store's
   * copy of recent checkouts, frozen): read it, never change it.
   */
  getCheckout(id: string): Promise<CheckoutRecord | undefined>;
  /**
   * The checkout `id` as the public API tells it, for status reads and event streams. On
   * PostgreSQL it may come from a copy fed by the other proxies' notices (`status-copy.ts`): a
   * notice's latency behind a change committed on another proxy, never behind one committed
   * here, never older than one answered before. Shared with other callers, as `getCheckout`'s: read it, never change it.
   */
  readCheckout(id: string): Promise<StreamedCheckout | undefined>;
  findCheckoutByPaymentRequest(
    paymentRequestId: string,
    foreignId?: string,
  ): Promise<CheckoutRecord | undefined>;
  /**
   * Moves a checkout forward to `status`, logs the callback and writes the event `eventOf`
   * makes of the changed checkout, in one transaction. Answers the checkout after the change
   * (shared, as `getCheckout`'s), or no checkout (and writes no event) when the status is not
   * ahead of the current one, with the outcome either way.
   */
  advanceCheckout(
    id: string,
    change: CheckoutChange,
    /** Logged with the outcome this decides. */
    callback: Omit<CallbackEntry, 'outcome'>,
    eventOf?: (checkout: CheckoutRecord) => NewEvent,
  ): Promise<CheckoutAdvance>;
  listCheckouts(query: CheckoutQuery): Promise<CheckoutRecord[]>;
  /**
   * Marks the checkouts newly stale at `sweep.now` (at most `sweep.limit`) and writes the event
   * `eventOf` makes of each, in one transaction; answers them. Each checkout is marked once,
   * whichever proxy sweeps and however often: the caller announces what it gets.
   */
  markStaleCheckouts(
    sweep: StaleSweep,
    eventOf: (checkout: CheckoutRecord) => NewEvent,
  ): Promise<CheckoutRecord[]>;
  /** Checkouts stale at `now` (Unix ms), the cluster's: a count over a small partial index. */
  countStaleCheckouts(now: number): Promise<number>;

  /**
   * Saves a session, unless its `foreignId` is held by a stored checkout or by another session
   * still open (unused, unexpired at its `createdAt`): the service takes a foreign_id once.
   */
  createSession(session: CheckoutSession): Promise<'created' | 'foreign_id_taken'>;
  /** The session, untouched, while it can still be used (for showing its price). */
  openSession(tokenHash: string, now: number): Promise<CheckoutSession | undefined>;
  /** Takes the session for one create attempt; `undefined` when unknown, used or expired. */
  claimSession(tokenHash: string, now: number): Promise<CheckoutSession | undefined>;
  /**
   * Gives a claimed session back after a failed create: the claim made at `claimedAt` (the
   * `now` it was claimed at), when given, so not another create's that took it over since.
   */
  releaseSession(tokenHash: string, claimedAt?: number): Promise<void>;
  /** Ends a session that can make no checkout any more (expires it at `now`). */
  endSession(tokenHash: string, now: number): Promise<void>;

  /** Reserves `key` for a request whose body hashes to `requestHash`. */
  reserveIdempotencyKey(
    key: string,
    requestHash: string,
    now: number,
  ): Promise<IdempotencyReservation>;
  /**
   * Forgets a reservation whose create failed, so the caller may retry with the same key: the
   * one made at `claimedAt`, when given, as `releaseSession`.
   */
  releaseIdempotencyKey(key: string, claimedAt?: number): Promise<void>;

  /**
   * Logs a callback and writes `event` (unless its dedupe key was seen), in one transaction; an
   * invoice's or withdrawal's moves the one the proxy made to its status (`money-operations.ts`).
   * True when the event queued a webhook delivery.
   */
  recordCallback(entry: CallbackEntry, event?: NewEvent): Promise<boolean>;
  listCallbacks(query: CallbackQuery): Promise<StoredCallback[]>;

  /**
   * Deletes at most `limit` rows of each kind older than `before` (Unix ms), in short
   * transactions: callback log entries received before it; webhook deliveries settled (delivered,
   * failed or cancelled) and last due before it, with their attempts; then events created before
   * it that no delivery refers to any more. Never a checkout, a session, a pending delivery
   * (within its retry window) or its event. Several proxies may prune one database at once: each
   * takes rows the others have not locked.
   */
  pruneBefore(before: number, limit: number): Promise<PrunedRows>;

  /**
   * Takes a token from `take.key`'s bucket (full when new or idle a minute, refilled evenly,
   * shared by every proxy on the store) in one atomic step: 0 when one was taken (or, at
   * `cost` 0, was there), otherwise the whole seconds until one will be there (and nothing is
   * taken). A clock that steps back
   * refills nothing, and refuses no one for longer than a minute's worth. Idle buckets are
   * forgotten, so the table stays bounded.
   */
  takeRateToken(take: RateLimitTake): Promise<number>;

  /**
   * Follows changes that other proxies commit on the same database (PostgreSQL: LISTEN/NOTIFY
   * on one dedicated connection, opened at the first subscription). SQLite has one process,
   * whose own changes its callers publish themselves, so it never calls. Returns the function
   * that stops following.
   */
  subscribeChanges(listener: StoreChangeListener): () => void;

  /**
   * A small real write (readiness: a full disk or a read-only file must show); throws when the
   * store cannot save. Failures of the store itself throw errors `storeUnavailableReason` knows.
   */
  ping(): Promise<void>;
  /** The PostgreSQL pool's connections (for metrics); absent on SQLite. */
  poolConnections?(): { total: number; idle: number; waiting: number };
  /** How status reads were answered (PostgreSQL's copy, when on): for metrics. */
  statusCopy?(): StatusCopyFigures;
  close(): Promise<void>;
}

/** The part of a store that keeps checkouts and the callback log (`checkouts.ts`). */
export type CheckoutsPart = Pick<
  Store,
  | 'insertCheckout'
  | 'getCheckout'
  | 'readCheckout'
  | 'findCheckoutByPaymentRequest'
  | 'advanceCheckout'
  | 'listCheckouts'
  | 'markStaleCheckouts'
  | 'countStaleCheckouts'
  | 'recordCallback'
  | 'listCallbacks'
>;

/** The part that keeps what a create claims: sessions, Idempotency-Keys (`create-claims.ts`). */
export type CreateClaimsPart = Pick<
  Store,
  | 'createSession'
  | 'openSession'
  | 'claimSession'
  | 'releaseSession'
  | 'endSession'
  | 'reserveIdempotencyKey'
  | 'releaseIdempotencyKey'
>;
