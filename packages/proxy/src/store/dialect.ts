/**
 * What the store's queries need from its database beyond the SQL both speak: each item here is
 * written once per database (`*.sqlite.ts`, `*.postgres.ts`), because the databases truly
 * differ there (row locks skipped by other proxies, advisory locks, NOTIFY, a clock, a queue
 * claimed in one statement or two). Everything else is written once, with Kysely, but one:
 * PostgreSQL's `insertCheckout`, a create's whole write as one statement (one round trip where
 * a transaction of Kysely's queries took five: BENCHMARKS.md, "Issue 32"), which SQLite, with
 * no round trips, does not need.
 */

import type { Insertable, Kysely, RawBuilder, Transaction } from 'kysely';
import type { NewEvent } from './outbox.ts';
import type { CreateLinks, RateLimitTake, StreamedCheckout } from './store.ts';
import type { CheckoutsTable, Tables } from './tables.ts';

/** The store's Kysely instance, or one of its transactions. */
export type Db = Kysely<Tables> | Transaction<Tables>;

/** A due delivery a claim took: its row's keys, read whole by the caller. */
export interface ClaimedRow {
  id: number;
  attempt: number;
  event_seq: number;
  endpoint_id: string;
}

export interface StoreDialect {
  readonly name: 'sqlite' | 'postgres';
  /**
   * Whether several processes share the database: rows picked for a change are then locked
   * (`FOR UPDATE`, `SKIP LOCKED` where another may take others). SQLite has one writer.
   */
  readonly sharedByProcesses: boolean;
  /** Tells the other proxies, when `trx` commits, of a checkout changed or outbox work. */
  announce(trx: Db, news: { checkout?: StreamedCheckout; outbox?: boolean }): Promise<void>;
  /** Makes the check of a foreign_id, inside `trx`, one proxy's at a time. */
  lockForeignId(trx: Db, foreignId: string): Promise<void>;
  /**
   * Inserts `event` inside `trx`, its seq in commit order, its id `eventId(seq)`; the seq, or
   * undefined when an event of its dedupe key is there already.
   */
  insertEvent(trx: Db, event: NewEvent): Promise<number | undefined>;
  /**
   * PostgreSQL only: a new checkout with its links, its event (one without a dedupe key) and the
   * event's deliveries in one statement, a round trip and a commit; true when it queued a
   * delivery (and told the other proxies' workers). SQLite has none: its statements cost no round
   * trip, and its transaction is already the create's one commit.
   */
  insertCheckout?(
    db: Db,
    row: Insertable<CheckoutsTable>,
    links: CreateLinks,
    event: NewEvent,
  ): Promise<boolean>;
  /** Claims due deliveries inside `trx` (see `WebhookStore.claimDeliveries`). */
  claimDeliveries(trx: Db, now: number, until: number, limit: number): Promise<ClaimedRow[]>;
  /**
   * The `in_flight` common table expression: claims in force per endpoint (by any worker), a
   * lease not yet run out at `now`, with how many and when the first ends.
   */
  inFlight(now: number): RawBuilder<unknown>;
  /**
   * Checkouts whose id begins with `prefix` (base64url characters only, which all sort before
   * `~`): a range of the ids in byte order, walked on an index (`checkouts_id_pattern` on
   * PostgreSQL, whose text collation need not be byte order; the unique index on SQLite).
   */
  idStartsWith(prefix: string): RawBuilder<boolean>;
  /**
   * The checkout's amount `op` `amount` (a non-negative decimal string), compared exactly on the
   * expression `checkouts_amount` is built on: numeric on PostgreSQL, the sortable text key of
   * `amount-key.ts` on SQLite. Nothing is stored for it, so no row is ever left without.
   */
  amountIs(op: '>=' | '<=', amount: string): RawBuilder<boolean>;
  /** What `webhook_events_checkout` is built on: the checkout id in an event's data. */
  eventCheckoutId(): RawBuilder<string>;
  /** The largest of `values`: GREATEST on PostgreSQL, the scalar MAX on SQLite. */
  greatest(...values: RawBuilder<unknown>[]): RawBuilder<number>;
  /**
   * One take from a rate bucket, in one statement: what is left, whether a token was there, and
   * the take's time on the store's clock. Absent where one process owns the store (SQLite): its
   * buckets are kept in that process's memory (`rate-buckets.ts`, `heldRateBuckets`).
   */
  takeRateToken?(
    db: Db,
    take: Required<Omit<RateLimitTake, 'now'>> & { now?: number },
  ): Promise<{ tokens: number; taken: boolean; at: number }>;
}
