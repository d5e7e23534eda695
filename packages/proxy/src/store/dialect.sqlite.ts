/**
 * What only SQLite does (`dialect.ts`): one process owns the file (`lock.ts`) and SQLite has
 * one writer, so there is nobody to tell of a change and nothing to lock against; an event's
 * seq is its AUTOINCREMENT rowid, committed in order; a claim of due deliveries is one
 * statement; the rate buckets are kept in memory (`rate-buckets.ts`), not in SQL.
 */

import { sql } from 'kysely';
import { randomText } from '../random-text.ts';
import { amountKey } from './amount-key.ts';
import { compiledQuery } from './compiled.ts';
import type { StoreDialect } from './dialect.ts';
import { CLAIMS_PER_ENDPOINT, eventId } from './outbox.ts';

/**
 * Claims in force per endpoint (by any worker): a lease not yet run out. The index named, as the
 * planner without statistics would rather walk every pending row by state.
 */
const inFlight = (now: number) => sql`in_flight AS (SELECT endpoint_id, COUNT(*) AS claims,
    MIN(claimed_until) AS first_lease_end FROM webhook_deliveries
    INDEXED BY webhook_deliveries_claimed
    WHERE state = 'pending' AND claimed_until > ${now} GROUP BY endpoint_id)`;

/** An event's row, its seq the rowid SQLite gives it, its id a placeholder till then. */
const insertEventRow = compiledQuery<{
  id: string;
  type: string;
  createdAt: number;
  data: string;
  dedupeKey: string | null;
}>((db, param) =>
  db
    .insertInto('webhook_events')
    .values({
      id: param('id'),
      type: param('type'),
      created_at: param('createdAt'),
      data: param('data'),
      dedupe_key: param('dedupeKey'),
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing()),
);

const nameEvent = compiledQuery<{ id: string; seq: number }>((db, param) =>
  db
    .updateTable('webhook_events')
    .set({ id: param('id') })
    .where('seq', '=', param('seq')),
);

export const sqliteDialect: StoreDialect = {
  name: 'sqlite',
  sharedByProcesses: false,
  async announce() {},
  async lockForeignId() {},

  async insertEvent(trx, event) {
    const inserted = await insertEventRow(trx, {
      id: `new_${randomText(16)}`,
      type: event.type,
      createdAt: event.createdAt,
      data: JSON.stringify(event.data),
      dedupeKey: event.dedupeKey ?? null,
    });
    if (inserted.numAffectedRows === 0n || inserted.insertId === undefined) return undefined;
    const seq = Number(inserted.insertId);
    await nameEvent(trx, { id: eventId(seq), seq });
    return seq;
  },

  /**
   * The earliest due deliveries, each endpoint's up to its free places, claimed in one statement
   * (SQLite's writer lock covers the read too, so two workers cannot both fill a place). `due`
   * walks each endpoint's index for CLAIMS_PER_ENDPOINT rows at most, however long its backlog.
   */
  async claimDeliveries(trx, now, until, limit) {
    const per = CLAIMS_PER_ENDPOINT;
    const { rows } = await sql<{
      id: number;
      attempt: number;
      event_seq: number;
      endpoint_id: string;
    }>`WITH ${inFlight(now)},
      due AS (SELECT d.id, d.endpoint_id, d.next_attempt_at FROM webhook_endpoints p
        JOIN webhook_deliveries d ON d.id IN (SELECT id FROM webhook_deliveries
          WHERE endpoint_id = p.id AND state = 'pending' AND next_attempt_at <= ${now}
            AND (claimed_until IS NULL OR claimed_until <= ${now})
          ORDER BY next_attempt_at, id LIMIT ${per})),
      placed AS (SELECT due.id, due.next_attempt_at, COALESCE(in_flight.claims, 0)
          + ROW_NUMBER() OVER (PARTITION BY due.endpoint_id ORDER BY due.next_attempt_at, due.id)
          AS place FROM due LEFT JOIN in_flight USING (endpoint_id))
      UPDATE webhook_deliveries SET claimed_until = ${until}, attempt = attempt + 1
      WHERE id IN (SELECT id FROM placed WHERE place <= ${per} ORDER BY next_attempt_at, id
        LIMIT ${limit})
      AND (claimed_until IS NULL OR claimed_until <= ${now})
      RETURNING id, attempt, event_seq, endpoint_id`.execute(trx);
    return rows;
  },

  inFlight,
  idStartsWith: (prefix) => sql<boolean>`id >= ${prefix} AND id < ${`${prefix}~`}`,
  amountIs: (op, amount) => sql<boolean>`${sqliteAmountKey()} ${sql.raw(op)} ${amountKey(amount)}`,
  eventCheckoutId: sqliteEventCheckout,
  greatest: (...values) => sql<number>`MAX(${sql.join(values)})`,
};

/**
 * `amount-key.ts`'s key of the `amount` column, in SQLite's built-in functions only: the
 * expression `checkouts_amount` is built on, and which an amount range compares. No function of
 * the proxy's own, so any SQLite that writes the file keeps that index (a previous release's
 * proxy after a downgrade, `sqlite3`, a restored backup) and nothing is stored or filled in.
 */
export function sqliteAmountKey() {
  const dot = sql`instr(amount, '.')`;
  const whole = sql`ltrim(CASE WHEN ${dot} > 0 THEN substr(amount, 1, ${dot} - 1) ELSE amount END, '0')`;
  const fraction = sql`CASE WHEN ${dot} > 0 THEN substr(amount, ${dot} + 1) ELSE '' END`;
  return sql<string>`(substr('0' || length(${whole}), -2, 2) || ${whole} || rtrim(${fraction}, '0'))`;
}

/** The checkout a `checkout.*` event is about: the id in its data (`webhook_events_checkout`). */
export function sqliteEventCheckout() {
  return sql<string>`json_extract(data, '$.id')`;
}
