/**
 * What only PostgreSQL does (`dialect.ts`), for several proxies on one database: NOTIFY tells
 * the others what a transaction committed; advisory locks order what rows cannot (a foreign_id
 * not yet stored, events' seqs); a claim locks endpoints and deliveries `SKIP LOCKED`; the rate
 * buckets follow the database server's clock, one clock for every proxy.
 */

import { type Insertable, type RawBuilder, sql } from 'kysely';
import { randomText } from '../random-text.ts';
import { compiledQuery } from './compiled.ts';
import type { Db, StoreDialect } from './dialect.ts';
import { CLAIMS_PER_ENDPOINT } from './outbox.ts';
import { checkoutNotice, type Notice, outboxNotice } from './postgres-changes.ts';
import { CHECKOUT_COLUMNS } from './rows.ts';
import type { CheckoutsTable } from './tables.ts';

/**
 * The transaction-level advisory lock an event's seq is taken under. Sequence values are handed
 * out at once but commit in any order; a reader paging `after=` an id could then pass a seq
 * whose transaction commits later, and never see it. Held from `nextval` to the commit, the lock
 * makes seqs commit in their order. It serialises only the end of transactions that write an
 * event (the event is the last write of each), which are short.
 */
const EVENT_ORDER_LOCK = 7_301_018_002;

/**
 * The WITH items that take the order lock and then the event's seq (`next`): `next` reads
 * `ordered`'s one row, so nextval runs once the lock is held; `after` (a FROM clause) holds the
 * lock back until the items it reads have run.
 */
const orderedSeq = (after: RawBuilder<unknown> = sql``) => sql`
  ordered AS MATERIALIZED (SELECT pg_advisory_xact_lock(${EVENT_ORDER_LOCK}) ${after}),
  next AS (SELECT nextval('webhook_events_seq') AS seq FROM ordered)`;

/** An event's id, of its seq (in order) and a random `suffix` (not guessable). */
const eventId = (suffix: unknown) => sql`'evt_' || lpad(seq::text, 12, '0') || ${suffix}`;

/**
 * Sends `notices` from inside the caller's transaction, in one statement. The server drops a
 * repeat of the same channel and payload within one transaction, so an outbox notice per event
 * is one notice per commit.
 */
async function notify(trx: Db, notices: Notice[]): Promise<void> {
  if (notices.length === 0) return;
  await sql`SELECT pg_notify(channel, payload) FROM unnest(${notices.map((n) => n.channel)}::text[],
    ${notices.map((n) => n.payload)}::text[]) AS n(channel, payload)`.execute(trx);
}

/** Claims in force per endpoint (by any proxy): a lease not yet run out at `now`. */
const inFlight = (now: number) => sql`in_flight AS (SELECT endpoint_id, COUNT(*) AS claims,
    MIN(claimed_until) AS first_lease_end FROM webhook_deliveries
    WHERE state = 'pending' AND claimed_until > ${now} GROUP BY endpoint_id)`;

/** The PostgreSQL half of the store's queries; `origin` names this store in its notices. */
export function postgresDialect(origin: string): StoreDialect {
  // A create's statements, compiled once (`compiled.ts`) and kept parsed on each connection
  // (`prepared-statements.ts`).
  const insertEventRow = compiledQuery<
    { suffix: string; type: string; createdAt: number; data: string; dedupeKey: string | null },
    { seq: number }
  >(
    (db, param) =>
      // The order lock first, in the insert's statement: one round trip per event, not two. An
      // event whose key is not kept, written by a proxy of a version before the dedupe keys' table
      // still running through a rolling upgrade, stops a repeat here.
      sql<{ seq: number }>`WITH ${orderedSeq()}
      INSERT INTO webhook_events (seq, id, type, created_at, data, dedupe_key)
      SELECT seq, ${eventId(param('suffix'))},
        ${param('type')}, ${param('createdAt')}, ${param('data')}, ${param('dedupeKey')} FROM next
      ON CONFLICT (dedupe_key) DO NOTHING RETURNING seq`.compile(db),
    { prepared: true },
  );
  /**
   * A create's whole write in one statement, so one round trip and one commit where a
   * transaction took five (BEGIN, the checkout with its links, the event, the endpoints' read,
   * COMMIT): the checkout; its Idempotency-Key's and session's links (a null key or session
   * matches no row; a key's claim taken over since, of another time, neither: `CreateLinks`); its event, under the order lock as `insertEventRow` takes it; a delivery
   * for every active endpoint taking the event's type (`fanOut`'s rule in `outbox-store.ts`, in SQL:
   * the lists are jsonb here; keep the two alike); and the outbox notice when one was queued.
   * Data-modifying WITH items all run, read or not, and its foreign keys are checked at its end;
   * an item no other reads runs last, so `ordered` reads the links' rows: their row locks are
   * taken before the order lock, never while holding it. Every item reads the snapshot taken as
   * the statement starts, before the order lock: the endpoints given a delivery are those
   * committed then (one committed while this waits for the lock gets none of this event).
   */
  const insertCheckoutRow = compiledQuery<
    Insertable<CheckoutsTable> & {
      idempotencyKey: string | null;
      keyClaimedAt: number | null;
      sessionTokenHash: string | null;
      suffix: string;
      type: string;
      createdAt: number;
      data: string;
      channel: string;
      payload: string;
    },
    { queued: number }
  >(
    (db, param) => {
      const columns = sql.join(CHECKOUT_COLUMNS.map((column) => sql.ref(column)));
      const values = sql.join(CHECKOUT_COLUMNS.map((column) => param(column)));
      return sql<{ queued: number }>`WITH
      checkout AS (INSERT INTO checkouts (${columns}) VALUES (${values}) RETURNING id),
      linked_key AS (UPDATE idempotency_keys SET checkout_id = checkout.id FROM checkout
        WHERE key = ${param('idempotencyKey')}::text
          AND created_at = COALESCE(${param('keyClaimedAt')}::bigint, created_at) RETURNING 1),
      linked_session AS (UPDATE checkout_sessions SET checkout_id = checkout.id FROM checkout
        WHERE token_hash = ${param('sessionTokenHash')}::text RETURNING 1),
      ${orderedSeq(sql`FROM checkout WHERE (SELECT COUNT(*) FROM linked_key)
        + (SELECT COUNT(*) FROM linked_session) >= 0`)},
      event AS (INSERT INTO webhook_events (seq, id, type, created_at, data)
        SELECT seq, ${eventId(param('suffix'))},
          ${param('type')}, ${param('createdAt')}, ${param('data')} FROM next RETURNING seq),
      deliveries AS (INSERT INTO webhook_deliveries
          (event_seq, endpoint_id, state, next_attempt_at, created_at)
        SELECT event.seq, endpoint.id, 'pending', ${param('createdAt')}, ${param('createdAt')}
        FROM event CROSS JOIN webhook_endpoints AS endpoint
        WHERE endpoint.deleted_at IS NULL AND endpoint.disabled_at IS NULL
          AND (endpoint.event_types IS NULL
            OR endpoint.event_types @> jsonb_build_array(${param('type')}::text))
        RETURNING 1),
      announced AS (SELECT pg_notify(${param('channel')}::text, ${param('payload')}::text)
        FROM (SELECT 1 FROM deliveries LIMIT 1) AS queued)
      SELECT (SELECT COUNT(*) FROM deliveries)::int AS queued,
        (SELECT COUNT(*) FROM announced)::int AS announced`.compile(db);
    },
    { prepared: true },
  );
  /**
   * One UPSERT on the server's clock (unless the take brings its time: tests) refills the
   * bucket by the time since its last take (at most full; a clock stepped back counts as no
   * time, GREATEST(0, …)), takes `cost` if a whole token is there, and says whether one was.
   * Concurrent takes of one key queue on its row. In DO UPDATE, `bucket` is the row before.
   */
  const takeToken = compiledQuery<
    { key: string; perMinute: number; cost: number; now: number | null },
    { tokens: number; taken: boolean; updated_at: number }
  >(
    (db, param) => {
      const at = sql`COALESCE(${param('now')}::bigint,
      (extract(epoch FROM clock_timestamp()) * 1000)::bigint)`;
      const refilled = sql`LEAST(${param('perMinute')}::float8, bucket.tokens
      + GREATEST(0, excluded.updated_at - bucket.updated_at) * ${param('perMinute')}::float8 / 60000)`;
      return sql<{ tokens: number; taken: boolean; updated_at: number }>`INSERT
      INTO rate_buckets AS bucket (key, tokens, taken, updated_at)
      VALUES (${param('key')}, ${param('perMinute')}::float8 - GREATEST(${param('cost')}::float8, 0), true, ${at})
      ON CONFLICT (key) DO UPDATE SET
        tokens = CASE WHEN ${refilled} >= 1 OR ${param('cost')}::float8 < 0
          THEN LEAST(${param('perMinute')}::float8, ${refilled} - ${param('cost')}::float8) ELSE ${refilled} END,
        taken = ${refilled} >= 1 OR ${param('cost')}::float8 < 0,
        updated_at = excluded.updated_at
      RETURNING tokens, taken, updated_at`.compile(db);
    },
    { prepared: true },
  );

  return {
    name: 'postgres',
    sharedByProcesses: true,
    async announce(trx, { checkout, outbox }) {
      await notify(trx, [
        ...(checkout ? [checkoutNotice(origin, checkout)] : []),
        ...(outbox ? [outboxNotice(origin)] : []),
      ]);
    },
    async lockForeignId(trx, foreignId) {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${foreignId}))`.execute(trx);
    },

    async insertCheckout(db, row, links, event) {
      const notice = outboxNotice(origin);
      const { rows } = await insertCheckoutRow(db, {
        ...row,
        idempotencyKey: links.idempotencyKey ?? null,
        keyClaimedAt: links.keyClaimedAt ?? null,
        sessionTokenHash: links.sessionTokenHash ?? null,
        suffix: randomText(6),
        type: event.type,
        createdAt: event.createdAt,
        data: JSON.stringify(event.data),
        channel: notice.channel,
        payload: notice.payload,
      });
      return rows[0]!.queued > 0;
    },

    async insertEvent(trx, event) {
      const { rows } = await insertEventRow(trx, {
        suffix: randomText(6),
        type: event.type,
        createdAt: event.createdAt,
        data: JSON.stringify(event.data),
        dedupeKey: event.dedupeKey ?? null,
      });
      return rows[0]?.seq;
    },

    /**
     * First the endpoints with a due delivery and a free place under the cap, earliest first,
     * each locked until the claim commits: another proxy claiming for one of them at the same
     * time skips it (SKIP LOCKED), so one proxy at a time counts an endpoint's claims and adds
     * to them, and the cap holds across proxies. Then, in a statement of its own (its snapshot
     * sees every claim committed before the endpoints' locks were ours), each one's earliest due
     * deliveries up to its free places, locked SKIP LOCKED in `due` (PostgreSQL takes no FOR
     * UPDATE beside a window function), ranked in `placed`, leased and counted.
     */
    async claimDeliveries(trx, now, until, limit) {
      const per = CLAIMS_PER_ENDPOINT;
      const locked = await sql<{ id: string }>`SELECT p.id FROM webhook_endpoints p
        JOIN LATERAL (SELECT MIN(next_attempt_at) AS due FROM webhook_deliveries
          WHERE endpoint_id = p.id AND state = 'pending' AND next_attempt_at <= ${now}
            AND (claimed_until IS NULL OR claimed_until <= ${now})) d ON d.due IS NOT NULL
        WHERE (SELECT COUNT(*) FROM webhook_deliveries WHERE endpoint_id = p.id
          AND state = 'pending' AND claimed_until > ${now}) < ${per}
        ORDER BY d.due, p.id LIMIT ${limit} FOR NO KEY UPDATE OF p SKIP LOCKED`.execute(trx);
      if (locked.rows.length === 0) return [];
      const endpoints = locked.rows.map((row) => row.id);
      const { rows } = await sql<{
        id: number;
        attempt: number;
        event_seq: number;
        endpoint_id: string;
      }>`WITH ${inFlight(now)},
        due AS (SELECT c.id, c.endpoint_id, c.next_attempt_at FROM unnest(${endpoints}::text[]) AS p (id)
          CROSS JOIN LATERAL (SELECT id, endpoint_id, next_attempt_at FROM webhook_deliveries
            WHERE endpoint_id = p.id AND state = 'pending' AND next_attempt_at <= ${now}
              AND (claimed_until IS NULL OR claimed_until <= ${now})
            ORDER BY next_attempt_at, id LIMIT ${per} FOR UPDATE SKIP LOCKED) c),
        placed AS (SELECT due.id, due.next_attempt_at, COALESCE(f.claims, 0)
            + ROW_NUMBER() OVER (PARTITION BY due.endpoint_id ORDER BY due.next_attempt_at, due.id)
            AS place FROM due LEFT JOIN in_flight f USING (endpoint_id)),
        chosen AS (SELECT id FROM placed WHERE place <= ${per} ORDER BY next_attempt_at, id
          LIMIT ${limit})
        UPDATE webhook_deliveries d SET claimed_until = ${until}, attempt = d.attempt + 1
        FROM chosen WHERE d.id = chosen.id
        RETURNING d.id, d.attempt, d.event_seq, d.endpoint_id`.execute(trx);
      return rows;
    },

    inFlight,
    // The byte-order operators of text_pattern_ops, which its index serves.
    idStartsWith: (prefix) => sql<boolean>`id ~>=~ ${prefix} AND id ~<~ ${`${prefix}~`}`,
    amountIs: (op, amount) => sql<boolean>`${postgresAmount()} ${sql.raw(op)} ${amount}::numeric`,
    eventCheckoutId: postgresEventCheckout,
    greatest: (...values) => sql<number>`GREATEST(${sql.join(values)})`,

    async takeRateToken(db, { key, perMinute, now, cost }) {
      const { rows } = await takeToken(db, { key, perMinute, cost, now: now ?? null });
      const row = rows[0]!;
      return { tokens: row.tokens, taken: row.taken, at: row.updated_at };
    },
  };
}

/**
 * The `amount` column as an exact number (numeric, never a float): the expression
 * `checkouts_amount` is built on, so rows any release writes are in it at once.
 */
export function postgresAmount() {
  return sql<string>`(amount::numeric)`;
}

/** The checkout a `checkout.*` event is about: the id in its data (`webhook_events_checkout`). */
export function postgresEventCheckout() {
  return sql<string>`(data->>'id')`;
}
