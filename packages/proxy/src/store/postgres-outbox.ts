/**
 * The webhook outbox on PostgreSQL: `writeEvent` runs inside the caller's transaction (the
 * change and its event commit together); the rest is the `WebhookStore` half of the store.
 */

import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import {
  type AttemptResult,
  CLAIMS_PER_ENDPOINT,
  type ClaimedDelivery,
  ENV_ENDPOINT_ID,
  eventSeq,
  type NewEvent,
  settlementOf,
  type WebhookStore,
} from './outbox.ts';
import { notify, outboxNotice } from './postgres-changes.ts';
import { listFilters, type Queryable, query, transaction } from './postgres-connection.ts';
import { CLAIM, FAN_OUT, LOCK_DUE_ENDPOINTS, NEXT_DUE } from './postgres-outbox-queries.ts';
import {
  type AttemptRow,
  attemptOf,
  type EndpointRow,
  type EventRow,
  endpointOf,
  endpointWithSecretsOf,
  eventOf,
} from './rows.ts';

/**
 * The transaction-level advisory lock an event's seq is taken under. Sequence values are handed
 * out at once but commit in any order; a reader paging `after=` an id could then pass a seq
 * whose transaction commits later, and never see it. Held from `nextval` to the commit, the lock
 * makes seqs commit in their order. It serialises only the end of transactions that write an
 * event (the event is the last write of each), which are short.
 */
const EVENT_ORDER_LOCK = 7_301_018_002;

/**
 * Writes `event` and its deliveries on `client`, inside the caller's transaction; false when its
 * dedupe key was seen (nothing written).
 */
export async function writeEvent(client: Queryable, event: NewEvent): Promise<boolean> {
  // Kept past pruning: a key once written never makes a second event. Before the order lock, so a
  // repeat takes no lock; a repeat racing the first waits for its commit here, then finds the key.
  if (event.dedupeKey !== undefined) {
    const kept = await client.query(
      `INSERT INTO webhook_dedupe_keys (dedupe_key, created_at) VALUES ($1, $2)
      ON CONFLICT (dedupe_key) DO NOTHING`,
      [event.dedupeKey, event.createdAt],
    );
    if (kept.rowCount === 0) return false;
  }
  await client.query('SELECT pg_advisory_xact_lock($1)', [EVENT_ORDER_LOCK]);
  const { rows } = await client.query<{ seq: number }>(
    `WITH next AS (SELECT nextval('webhook_events_seq') AS seq)
    INSERT INTO webhook_events (seq, id, type, created_at, data, dedupe_key)
    SELECT seq, 'evt_' || lpad(seq::text, 12, '0') || $1, $2, $3, $4, $5 FROM next
    ON CONFLICT (dedupe_key) DO NOTHING RETURNING seq`,
    [
      randomBytes(6).toString('base64url'),
      event.type,
      event.createdAt,
      JSON.stringify(event.data),
      event.dedupeKey ?? null,
    ],
  );
  // An event whose key is not kept above, written by a proxy of the version before migration 5
  // still running through a rolling upgrade, stops the repeat here.
  if (rows.length === 0) return false;
  await client.query(FAN_OUT, [rows[0]!.seq, event.createdAt, event.type]);
  return true;
}

async function deleteEndpoint(client: Queryable, id: string, now: number): Promise<boolean> {
  const deleted = await client.query(
    'UPDATE webhook_endpoints SET deleted_at = $1 WHERE id = $2 AND deleted_at IS NULL',
    [now, id],
  );
  if (deleted.rowCount === 0) return false;
  await client.query(
    `UPDATE webhook_deliveries SET state = 'cancelled', claimed_until = NULL
    WHERE endpoint_id = $1 AND state = 'pending'`,
    [id],
  );
  return true;
}

/**
 * Logs one attempt of a delivery, inside the caller's transaction; once, should its record be
 * written again (a COMMIT whose answer was lost is retried by the worker).
 */
async function logAttempt(
  client: Queryable,
  delivery: { id: number; attempt: number },
  result: Omit<AttemptResult, 'retryAt'>,
): Promise<void> {
  await client.query(
    `INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, duration_ms, status_code,
    error, response_excerpt)
    SELECT $1::bigint, $2::integer, $3::bigint, $4::integer, $5::integer, $6::text, $7::text
    WHERE NOT EXISTS (SELECT 1 FROM webhook_attempts
      WHERE delivery_id = $1 AND attempt = $2 AND attempted_at = $3)`,
    [
      delivery.id,
      delivery.attempt,
      result.attemptedAt,
      result.durationMs,
      result.statusCode ?? null,
      result.error ?? null,
      result.responseExcerpt ?? null,
    ],
  );
}

/** The outbox half of the store; `origin` names it in the notices that wake other proxies. */
export function postgresOutbox(pool: pg.Pool, origin: string): WebhookStore {
  return {
    async listEvents({ after, type, limit }) {
      const filters = listFilters();
      filters.where((n) => `seq > ${n}`, after === undefined ? 0 : (eventSeq(after) ?? 0));
      if (type !== undefined) filters.where((n) => `type = ${n}`, type);
      const { rows } = await query<EventRow>(
        pool,
        `SELECT * FROM webhook_events ${filters.clause()} ORDER BY seq LIMIT ${filters.param(limit)}`,
        filters.params,
      );
      return rows.map(eventOf);
    },
    async redeliverEvent(id, now) {
      return transaction(pool, async (client) => {
        const { rows } = await client.query<{ seq: number; type: string }>(
          'SELECT seq, type FROM webhook_events WHERE id = $1',
          [id],
        );
        if (!rows[0]) return undefined;
        const { rowCount } = await client.query(FAN_OUT, [rows[0].seq, now, rows[0].type]);
        if (rowCount) await notify(client, [outboxNotice(origin)]);
        return rowCount ?? 0;
      });
    },
    async setEnvEndpoint(url, now) {
      if (url === undefined) {
        await transaction(pool, (client) => deleteEndpoint(client, ENV_ENDPOINT_ID, now));
        return;
      }
      await query(
        pool,
        `INSERT INTO webhook_endpoints (id, url, created_at) VALUES ($1, $2, $3)
        ON CONFLICT (id) DO UPDATE SET url = excluded.url, deleted_at = NULL`,
        [ENV_ENDPOINT_ID, url, now],
      );
    },
    async createEndpoint(endpoint, secret) {
      await query(
        pool,
        `INSERT INTO webhook_endpoints (id, url, secret, event_types, created_at)
        VALUES ($1, $2, $3, $4, $5)`,
        [
          endpoint.id,
          endpoint.url,
          secret,
          endpoint.eventTypes === undefined ? null : JSON.stringify(endpoint.eventTypes),
          endpoint.createdAt,
        ],
      );
    },
    async listEndpoints() {
      const { rows } = await query<EndpointRow>(
        pool,
        'SELECT * FROM webhook_endpoints WHERE deleted_at IS NULL ORDER BY created_at, id',
      );
      return rows.map(endpointOf);
    },
    async deleteEndpoint(id, now) {
      return transaction(pool, (client) => deleteEndpoint(client, id, now));
    },
    async rotateEndpointSecret(id, secret, previousUntil) {
      const rotated = await query(
        pool,
        `UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_until = $1,
          secret = $2 WHERE id = $3 AND deleted_at IS NULL AND secret IS NOT NULL`,
        [previousUntil, secret, id],
      );
      return rotated.rowCount === 1;
    },
    async claimDeliveries(now, leaseMs, limit) {
      const rows = await transaction(pool, async (client) => {
        const locked = await client.query<{ id: string }>(LOCK_DUE_ENDPOINTS, [
          now,
          limit,
          CLAIMS_PER_ENDPOINT,
        ]);
        if (locked.rows.length === 0) return [];
        const endpoints = locked.rows.map((row) => row.id);
        const claimed = await client.query<
          EndpointRow & {
            delivery_id: number;
            attempt: number;
            event_id: string;
            event_type: string;
            event_created_at: number;
            event_data: Record<string, unknown>;
          }
        >(CLAIM, [now, now + leaseMs, limit, endpoints, CLAIMS_PER_ENDPOINT]);
        return claimed.rows;
      });
      return rows.map(
        (row): ClaimedDelivery => ({
          id: row.delivery_id,
          attempt: row.attempt,
          event: eventOf({
            id: row.event_id,
            type: row.event_type,
            created_at: row.event_created_at,
            data: row.event_data,
          }),
          endpoint: endpointWithSecretsOf(row),
        }),
      );
    },
    async finishAttempt(delivery, result) {
      await transaction(pool, async (client) => {
        await logAttempt(client, delivery, result);
        const { rows } = await client.query<{ attempt: number; endpoint_id: string }>(
          `SELECT attempt, endpoint_id FROM webhook_deliveries WHERE id = $1 AND state = 'pending'
          FOR UPDATE`,
          [delivery.id],
        );
        // Another worker took it over (this one's lease ran out): its outcome decides, not ours.
        if (rows[0]?.attempt !== delivery.attempt) return;
        if (result.delivered) {
          await client.query('UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1', [
            rows[0].endpoint_id,
          ]);
        } else {
          await client.query(
            'UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, $1) WHERE id = $2',
            [result.attemptedAt, rows[0].endpoint_id],
          );
        }
        const { state, nextAttemptAt } = settlementOf(result);
        await client.query(
          `UPDATE webhook_deliveries SET state = $1, next_attempt_at = $2, claimed_until = NULL
          WHERE id = $3`,
          [state, nextAttemptAt, delivery.id],
        );
      });
    },
    async releaseClaim(delivery, result) {
      await transaction(pool, async (client) => {
        // Kept in the log (the receiver may have had it), under the number the next try reuses.
        await logAttempt(client, delivery, result);
        await client.query(
          `UPDATE webhook_deliveries SET attempt = attempt - 1, claimed_until = NULL
          WHERE id = $1 AND attempt = $2 AND state = 'pending'`,
          [delivery.id, delivery.attempt],
        );
        // This proxy is stopping: another one sends it now, not when its poll comes round.
        await notify(client, [outboxNotice(origin)]);
      });
    },
    async nextDeliveryAt(now) {
      const { rows } = await query<{ due: number | null }>(pool, NEXT_DUE, [
        now,
        CLAIMS_PER_ENDPOINT,
      ]);
      return rows[0]?.due ?? undefined;
    },
    async listAttempts({ eventId, endpointId, limit }) {
      const filters = listFilters();
      if (eventId !== undefined) filters.where((n) => `e.id = ${n}`, eventId);
      if (endpointId !== undefined) filters.where((n) => `d.endpoint_id = ${n}`, endpointId);
      const { rows } = await query<AttemptRow>(
        pool,
        `SELECT a.*, e.id AS event_id, e.type AS event_type, d.endpoint_id
        FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
        JOIN webhook_events e ON e.seq = d.event_seq
        ${filters.clause()} ORDER BY a.id DESC LIMIT ${filters.param(limit)}`,
        filters.params,
      );
      return rows.map(attemptOf);
    },
  };
}
