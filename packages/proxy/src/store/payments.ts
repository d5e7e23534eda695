/**
 * The back office's reads of checkouts, on either database: the list's filters (written once
 * here, for the list and its CSV export alike), the search of a reference, the figures per day,
 * and what a checkout's timeline is made of (its callbacks, events and delivery attempts).
 */

import type { CheckoutStatus, PricingMode, StatusDetail } from '@crypto-pay/protocol/proxy-api';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { CHECKOUT_ID_CHARACTER, type CheckoutRecord } from './checkout-record.ts';
import type { Db, StoreDialect } from './dialect.ts';
import { attemptsJoined } from './log-search.ts';
import type { DeliveryAttempt, StoredEvent } from './outbox.ts';
import { attemptOf, callbackOf, eventOf } from './rows.ts';
import { DAY_MS, type StoredCallback } from './store.ts';
import type { Tables } from './tables.ts';

/** What the list (and its export) may be narrowed by; every one given must hold. */
export interface CheckoutFilter {
  status?: CheckoutStatus;
  /** The merchant's order id the checkout was made with (unique, so at most one). */
  foreignId?: string;
  /** Only stale checkouts (true), or only those not stale (false). */
  stale?: boolean;
  /** What the service said beyond the status; `none` when it said nothing. */
  statusDetail?: StatusDetail | 'none';
  pricing?: PricingMode;
  /** The ISO code of the checkout's currency (what the merchant asked for). */
  currency?: string;
  /** Unix milliseconds: created at or after. */
  createdFrom?: number;
  /** Unix milliseconds: created before. */
  createdTo?: number;
  /** Non-negative decimal strings, inclusive, compared exactly (`StoreDialect.amountIs`). */
  amountMin?: string;
  amountMax?: string;
  /** Only these checkouts (what a search found). */
  ids?: readonly string[];
}

/** `query` narrowed by `filter`: each condition one an index of the checkouts serves. */
export function filtered<O>(
  query: SelectQueryBuilder<Tables, 'checkouts', O>,
  filter: CheckoutFilter,
  dialect: StoreDialect,
): SelectQueryBuilder<Tables, 'checkouts', O> {
  const { status, foreignId, stale, statusDetail, pricing, currency, ids } = filter;
  const { createdFrom, createdTo, amountMin, amountMax } = filter;
  return query
    .$if(status !== undefined, (q) => q.where('status', '=', status!))
    .$if(foreignId !== undefined, (q) => q.where('foreign_id', '=', foreignId!))
    .$if(stale !== undefined, (q) => q.where('stale_at', stale ? 'is not' : 'is', null))
    .$if(statusDetail !== undefined, (q) =>
      statusDetail === 'none'
        ? q.where('status_detail', 'is', null)
        : q.where('status_detail', '=', statusDetail!),
    )
    .$if(pricing !== undefined, (q) => q.where('pricing', '=', pricing!))
    .$if(currency !== undefined, (q) => q.where('currency_iso', '=', currency!))
    .$if(createdFrom !== undefined, (q) => q.where('created_at', '>=', createdFrom!))
    .$if(createdTo !== undefined, (q) => q.where('created_at', '<', createdTo!))
    .$if(amountMin !== undefined, (q) => q.where(dialect.amountIs('>=', amountMin!)))
    .$if(amountMax !== undefined, (q) => q.where(dialect.amountIs('<=', amountMax!)))
    .$if(ids !== undefined, (q) =>
      // `IN ()` is no SQL: an empty search result matches no row.
      ids!.length === 0 ? q.where((eb) => eb.lit(false)) : q.where('id', 'in', ids!),
    );
}

/** The shortest prefix of a checkout id that a search takes as one. */
export const MIN_ID_PREFIX = 4;

/** The characters of a checkout id: a prefix of others matches nothing. */
const ID_CHARACTERS = new RegExp(`^${CHECKOUT_ID_CHARACTER}+$`);

/**
 * The `checkout.*` events: the partial index `webhook_events_checkout` holds those only, and a
 * query it serves says so in these very words (a bound parameter would not match it).
 */
export const CHECKOUT_EVENTS = sql<boolean>`type LIKE 'checkout.%'`;

/** Checkouts created in [from, to) (Unix ms) counted by UTC day and status: one GROUP BY. */
export function dailyQuery(db: Db, from: number, to: number) {
  // Integer division of milliseconds is the UTC day on both databases; the divisor written
  // into the statement, as GROUP BY must match the selected expression.
  const day = sql<number | string>`created_at / ${sql.lit(DAY_MS)}`;
  return db
    .selectFrom('checkouts')
    .select((eb) => [day.as('day'), 'status', eb.fn.countAll<number | string>().as('count')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy([day, 'status']);
}

/** What a search of the checkouts found: their ids, and whether a prefix named several. */
export interface CheckoutMatch {
  ids: string[];
  /** A prefix that begins more than one checkout id (`ids` then holds two of them). */
  ambiguous: boolean;
}

/** Checkouts created per UTC day (`day`: days since 1970-01-01), by status. */
export interface DailyCount {
  day: number;
  status: CheckoutStatus;
  count: number;
}

/** What a checkout's timeline is made of, each part oldest first. */
export interface CheckoutHistory {
  /** The payment request's callbacks (by its id, or the checkout's foreign_id). */
  callbacks: StoredCallback[];
  /** The `checkout.*` events about it. */
  events: StoredEvent[];
  attempts: DeliveryAttempt[];
}

/** At most this many of each part of a timeline, the newest (a checkout has a handful). */
const HISTORY_LIMIT = 1000;

/** The `checkout.*` events about the checkout `id`, on `webhook_events_checkout`. */
export function eventsAbout(db: Db, dialect: StoreDialect, id: string) {
  return db
    .selectFrom('webhook_events')
    .where(CHECKOUT_EVENTS)
    .where(sql<boolean>`${dialect.eventCheckoutId()} = ${id}`);
}

export interface PaymentsPart {
  /**
   * The checkouts a reference names: the one whose id, foreign_id or payment request id is
   * `reference` (trimmed) exactly; else, its spaces dropped (the grouped form the customer reads
   * out), the one whose id it is or, with `MIN_ID_PREFIX` characters or more, begins. A leading
   * `'` (the export's guard against formulas) is dropped first.
   */
  matchCheckouts(reference: string): Promise<CheckoutMatch>;
  /** Checkouts created in [from, to) (Unix ms), counted by UTC day and status. */
  dailyCheckouts(from: number, to: number): Promise<DailyCount[]>;
  checkoutHistory(checkout: CheckoutRecord): Promise<CheckoutHistory>;
}

export function payments(db: Kysely<Tables>, dialect: StoreDialect): PaymentsPart {
  return {
    async matchCheckouts(reference) {
      const text = reference.trim().replace(/^'/, '');
      // Three unique indexes, one lookup each: the text as written first (a foreign_id is the
      // merchant's free text, spaces and all), then as an id.
      const compact = text.replace(/\s+/g, '');
      const exact = await db
        .selectFrom('checkouts')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('id', '=', compact),
            eb('foreign_id', '=', text),
            eb('payment_request_id', '=', text),
          ]),
        )
        .execute();
      if (exact.length > 0) return { ids: exact.map((row) => row.id), ambiguous: false };
      if (compact.length < MIN_ID_PREFIX || !ID_CHARACTERS.test(compact)) {
        return { ids: [], ambiguous: false };
      }
      // Two are enough to know a prefix is not unique.
      const begun = await db
        .selectFrom('checkouts')
        .select('id')
        .where(dialect.idStartsWith(compact))
        .limit(2)
        .execute();
      return { ids: begun.map((row) => row.id), ambiguous: begun.length > 1 };
    },

    async dailyCheckouts(from, to) {
      const rows = await dailyQuery(db, from, to).execute();
      return rows.map((row) => ({
        day: Number(row.day),
        status: row.status,
        count: Number(row.count),
      }));
    },

    async checkoutHistory(checkout) {
      const callbacks = await db
        .selectFrom('callbacks')
        .selectAll()
        .where('type', '=', 'payment_request')
        .where((eb) =>
          eb.or([
            eb('object_id', '=', checkout.paymentRequestId),
            eb('foreign_id', '=', checkout.foreignId),
          ]),
        )
        .orderBy('id', 'desc')
        .limit(HISTORY_LIMIT)
        .execute();
      const events = await eventsAbout(db, dialect, checkout.id)
        .select(['seq', 'id', 'type', 'created_at', 'data'])
        .orderBy('seq', 'desc')
        .limit(HISTORY_LIMIT)
        .execute();
      const attempts =
        events.length === 0
          ? []
          : await attemptsJoined(db)
              .where(
                'd.event_seq',
                'in',
                events.map((event) => event.seq),
              )
              .orderBy('a.id', 'desc')
              .limit(HISTORY_LIMIT)
              .execute();
      // Read newest first, so a long history keeps its latest rows; given oldest first.
      return {
        callbacks: callbacks.map(callbackOf).reverse(),
        events: events.map(eventOf).reverse(),
        attempts: attempts.map(attemptOf).reverse(),
      };
    },
  };
}
