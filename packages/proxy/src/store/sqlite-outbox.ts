/**
 * The webhook outbox on SQLite: `writeEvent` runs inside the caller's transaction (the change
 * and its event commit together); the rest is the `WebhookStore` half of the store.
 */

import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import {
  type AttemptResult,
  CLAIMS_PER_ENDPOINT,
  type ClaimedDelivery,
  ENV_ENDPOINT_ID,
  eventId,
  eventSeq,
  type NewEvent,
  type StoredEvent,
  settlementOf,
  type WebhookEndpoint,
  type WebhookStore,
} from './outbox.ts';
import {
  type AttemptRow,
  attemptOf,
  type EndpointRow,
  type EventRow,
  endpointOf,
  endpointWithSecretsOf,
  eventOf,
} from './rows.ts';
import { CLAIM, FAN_OUT, NEXT_DUE } from './sqlite-outbox-queries.ts';

// SQLite keeps JSON columns as text: parsed here, the rows take the shared mappers.
type EventText = Omit<EventRow, 'data'> & { seq: number; data: string };
type EndpointText = Omit<EndpointRow, 'event_types'> & { event_types: string | null };

const eventOfText = (row: EventText): StoredEvent =>
  eventOf({ ...row, data: JSON.parse(row.data) as Record<string, unknown> });

const parsedEndpoint = (row: EndpointText): EndpointRow => ({
  ...row,
  event_types: row.event_types === null ? null : (JSON.parse(row.event_types) as string[]),
});

const endpointOfText = (row: EndpointText): WebhookEndpoint => endpointOf(parsedEndpoint(row));

export function sqliteOutbox(db: Database.Database): {
  writeEvent(event: NewEvent): void;
  store: WebhookStore;
} {
  const statements = {
    // ON CONFLICT for an event whose key `keepKey` lacks: one an older version wrote on this
    // file after migration 7 (a rollback), not keeping the key.
    insertEvent: db.prepare(`INSERT INTO webhook_events (id, type, created_at, data, dedupe_key)
      VALUES (@id, @type, @created_at, @data, @dedupe_key) ON CONFLICT (dedupe_key) DO NOTHING`),
    // Kept past pruning (migration 7, which copied in the older events' keys): a key once
    // written never makes a second event.
    keepKey: db.prepare(`INSERT INTO webhook_dedupe_keys (dedupe_key, created_at) VALUES (?, ?)
      ON CONFLICT (dedupe_key) DO NOTHING`),
    nameEvent: db.prepare('UPDATE webhook_events SET id = ? WHERE seq = ?'),
    fanOut: db.prepare(FAN_OUT),
    eventById: db.prepare('SELECT * FROM webhook_events WHERE id = ?'),
    eventBySeq: db.prepare('SELECT * FROM webhook_events WHERE seq = ?'),
    endpoint: db.prepare('SELECT * FROM webhook_endpoints WHERE id = ?'),
    upsertEnv: db.prepare(`INSERT INTO webhook_endpoints (id, url, created_at) VALUES (?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET url = excluded.url, deleted_at = NULL`),
    insertEndpoint: db.prepare(`INSERT INTO webhook_endpoints (id, url, secret, event_types,
      created_at) VALUES (@id, @url, @secret, @event_types, @created_at)`),
    listEndpoints: db.prepare(
      'SELECT * FROM webhook_endpoints WHERE deleted_at IS NULL ORDER BY created_at, id',
    ),
    deleteEndpoint: db.prepare(
      'UPDATE webhook_endpoints SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL',
    ),
    cancelDeliveries: db.prepare(`UPDATE webhook_deliveries SET state = 'cancelled',
      claimed_until = NULL WHERE endpoint_id = ? AND state = 'pending'`),
    rotate: db.prepare(`UPDATE webhook_endpoints SET previous_secret = secret,
      previous_secret_until = @until, secret = @secret
      WHERE id = @id AND deleted_at IS NULL AND secret IS NOT NULL`),
    claim: db.prepare(CLAIM),
    currentAttempt: db.prepare(
      "SELECT attempt FROM webhook_deliveries WHERE id = ? AND state = 'pending'",
    ),
    // Once, should an attempt's record be written again (PostgreSQL's does the same).
    insertAttempt: db.prepare(`INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at,
      duration_ms, status_code, error, response_excerpt) SELECT @delivery_id, @attempt,
      @attempted_at, @duration_ms, @status_code, @error, @response_excerpt
      WHERE NOT EXISTS (SELECT 1 FROM webhook_attempts WHERE delivery_id = @delivery_id
        AND attempt = @attempt AND attempted_at = @attempted_at)`),
    settle: db.prepare(`UPDATE webhook_deliveries SET state = @state,
      next_attempt_at = @next_attempt_at, claimed_until = NULL WHERE id = @id`),
    endpointOfDelivery: db.prepare('SELECT endpoint_id FROM webhook_deliveries WHERE id = ?'),
    succeeded: db.prepare('UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ?'),
    failed: db.prepare(
      'UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, ?) WHERE id = ?',
    ),
    nextDue: db.prepare(NEXT_DUE),
    giveBack: db.prepare(`UPDATE webhook_deliveries SET attempt = attempt - 1,
      claimed_until = NULL WHERE id = ? AND attempt = ? AND state = 'pending'`),
  };

  const writeEvent = (event: NewEvent): void => {
    if (
      event.dedupeKey !== undefined &&
      statements.keepKey.run(event.dedupeKey, event.createdAt).changes === 0
    ) {
      return;
    }
    const inserted = statements.insertEvent.run({
      id: `new_${randomBytes(16).toString('hex')}`,
      type: event.type,
      created_at: event.createdAt,
      data: JSON.stringify(event.data),
      dedupe_key: event.dedupeKey ?? null,
    });
    if (inserted.changes === 0) return;
    const seq = Number(inserted.lastInsertRowid);
    statements.nameEvent.run(eventId(seq), seq);
    statements.fanOut.run({ seq, now: event.createdAt, type: event.type });
  };

  const redeliver = db.transaction((id: string, now: number): number | undefined => {
    const row = statements.eventById.get(id) as EventText | undefined;
    if (!row) return undefined;
    return statements.fanOut.run({ seq: row.seq, now, type: row.type }).changes;
  });

  const deleteEndpoint = db.transaction((id: string, now: number): boolean => {
    if (statements.deleteEndpoint.run(now, id).changes === 0) return false;
    statements.cancelDeliveries.run(id);
    return true;
  });

  const claim = db.transaction((now: number, leaseMs: number, limit: number) => {
    const claimed = statements.claim.all({
      now,
      until: now + leaseMs,
      limit,
      per: CLAIMS_PER_ENDPOINT,
    }) as {
      id: number;
      attempt: number;
      event_seq: number;
      endpoint_id: string;
    }[];
    return claimed.map(
      (row): ClaimedDelivery => ({
        id: row.id,
        attempt: row.attempt,
        event: eventOfText(statements.eventBySeq.get(row.event_seq) as EventText),
        endpoint: endpointWithSecretsOf(
          parsedEndpoint(statements.endpoint.get(row.endpoint_id) as EndpointText),
        ),
      }),
    );
  });

  const logAttempt = (
    delivery: { id: number; attempt: number },
    result: Omit<AttemptResult, 'retryAt'>,
  ) =>
    statements.insertAttempt.run({
      delivery_id: delivery.id,
      attempt: delivery.attempt,
      attempted_at: result.attemptedAt,
      duration_ms: result.durationMs,
      status_code: result.statusCode ?? null,
      error: result.error ?? null,
      response_excerpt: result.responseExcerpt ?? null,
    });

  const finish = db.transaction(
    (delivery: { id: number; attempt: number }, result: AttemptResult) => {
      logAttempt(delivery, result);
      const current = statements.currentAttempt.get(delivery.id) as { attempt: number } | undefined;
      // Another worker took it over (this one's lease ran out): its outcome decides, not ours.
      if (current?.attempt !== delivery.attempt) return;
      const { endpoint_id } = statements.endpointOfDelivery.get(delivery.id) as {
        endpoint_id: string;
      };
      if (result.delivered) statements.succeeded.run(endpoint_id);
      else statements.failed.run(result.attemptedAt, endpoint_id);
      const { state, nextAttemptAt } = settlementOf(result);
      statements.settle.run({ id: delivery.id, state, next_attempt_at: nextAttemptAt });
    },
  );

  const release = db.transaction(
    (delivery: { id: number; attempt: number }, result: Omit<AttemptResult, 'retryAt'>) => {
      // Kept in the log (the receiver may have had it), under the number the next try reuses.
      logAttempt(delivery, result);
      statements.giveBack.run(delivery.id, delivery.attempt);
    },
  );

  const store: WebhookStore = {
    async listEvents({ after, type, limit }) {
      const where = ['seq > ?'];
      const params: unknown[] = [after === undefined ? 0 : (eventSeq(after) ?? 0)];
      if (type !== undefined) {
        where.push('type = ?');
        params.push(type);
      }
      const rows = db
        .prepare(`SELECT * FROM webhook_events WHERE ${where.join(' AND ')} ORDER BY seq LIMIT ?`)
        .all(...params, limit) as EventText[];
      return rows.map(eventOfText);
    },
    async redeliverEvent(id, now) {
      return redeliver(id, now);
    },
    async setEnvEndpoint(url, now) {
      if (url === undefined) deleteEndpoint(ENV_ENDPOINT_ID, now);
      else statements.upsertEnv.run(ENV_ENDPOINT_ID, url, now);
    },
    async createEndpoint(endpoint, secret) {
      statements.insertEndpoint.run({
        id: endpoint.id,
        url: endpoint.url,
        secret,
        event_types: endpoint.eventTypes === undefined ? null : JSON.stringify(endpoint.eventTypes),
        created_at: endpoint.createdAt,
      });
    },
    async listEndpoints() {
      return (statements.listEndpoints.all() as EndpointText[]).map(endpointOfText);
    },
    async deleteEndpoint(id, now) {
      return deleteEndpoint(id, now);
    },
    async rotateEndpointSecret(id, secret, previousUntil) {
      return statements.rotate.run({ id, secret, until: previousUntil }).changes === 1;
    },
    async claimDeliveries(now, leaseMs, limit) {
      return claim(now, leaseMs, limit);
    },
    async finishAttempt(delivery, result) {
      finish(delivery, result);
    },
    async releaseClaim(delivery, result) {
      release(delivery, result);
    },
    async nextDeliveryAt(now) {
      const { due } = statements.nextDue.get({ now, per: CLAIMS_PER_ENDPOINT }) as {
        due: number | null;
      };
      return due ?? undefined;
    },
    async listAttempts({ eventId: event, endpointId, limit }) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (event !== undefined) {
        where.push('e.id = ?');
        params.push(event);
      }
      if (endpointId !== undefined) {
        where.push('d.endpoint_id = ?');
        params.push(endpointId);
      }
      const rows = db
        .prepare(`SELECT a.*, e.id AS event_id, e.type AS event_type, d.endpoint_id
          FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
          JOIN webhook_events e ON e.seq = d.event_seq
          ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY a.id DESC LIMIT ?`)
        .all(...params, limit) as AttemptRow[];
      return rows.map(attemptOf);
    },
  };
  return { writeEvent, store };
}
