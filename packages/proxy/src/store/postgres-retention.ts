/**
 * Pruning by age on PostgreSQL (`Store.pruneBefore`), safe with several proxies pruning one
 * database at once: each batch locks the rows it takes `FOR UPDATE SKIP LOCKED`, so two proxies
 * take different rows and neither waits for the other, and each is a short transaction of at most
 * `limit` rows, so creates and callbacks never queue behind a long delete.
 */

import type pg from 'pg';
import { query, transaction } from './postgres-connection.ts';
import type { PrunedRows } from './store.ts';

const CALLBACKS = `DELETE FROM callbacks WHERE id IN (SELECT id FROM callbacks
  WHERE received_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`;

// A pending delivery is never taken: it is still within its retry window.
const SETTLED = `SELECT id FROM webhook_deliveries
  WHERE state IN ('delivered', 'failed', 'cancelled') AND next_attempt_at < $1
  LIMIT $2 FOR UPDATE SKIP LOCKED`;

// An event a redelivery is fanning out right now is locked by its new delivery's key check: skipped.
const EVENTS = `DELETE FROM webhook_events WHERE seq IN (SELECT seq FROM webhook_events e
  WHERE created_at < $1
    AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_seq = e.seq)
  LIMIT $2 FOR UPDATE SKIP LOCKED)`;

export async function prunePostgres(
  pool: pg.Pool,
  before: number,
  limit: number,
): Promise<PrunedRows> {
  const callbacks = (await query(pool, CALLBACKS, [before, limit])).rowCount ?? 0;
  const settled = await transaction(pool, async (client) => {
    const { rows } = await client.query<{ id: string }>(SETTLED, [before, limit]);
    if (rows.length === 0) return { deliveries: 0, attempts: 0 };
    const ids = rows.map((row) => row.id);
    const attempts = await client.query(
      'DELETE FROM webhook_attempts WHERE delivery_id = ANY($1::bigint[])',
      [ids],
    );
    const deliveries = await client.query(
      'DELETE FROM webhook_deliveries WHERE id = ANY($1::bigint[])',
      [ids],
    );
    return { deliveries: deliveries.rowCount ?? 0, attempts: attempts.rowCount ?? 0 };
  });
  // After the deliveries: an event whose last delivery just went goes in the same pass.
  const events = (await query(pool, EVENTS, [before, limit])).rowCount ?? 0;
  return { callbacks, ...settled, events };
}
