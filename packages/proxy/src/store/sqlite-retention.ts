/**
 * Pruning by age on SQLite (`Store.pruneBefore`): each kind of row in its own statement or
 * transaction of at most `limit` rows, so a pass holds the one writer's lock (and, the driver
 * being synchronous, this process's event loop) for milliseconds however large the backlog, and
 * gives the event loop back between kinds: requests wait for one statement at most.
 */

import { setImmediate } from 'node:timers/promises';
import type Database from 'better-sqlite3';
import type { PrunedRows } from './store.ts';

export function sqlitePruner(
  db: Database.Database,
): (before: number, limit: number) => Promise<PrunedRows> {
  const statements = {
    callbacks: db.prepare(`DELETE FROM callbacks WHERE id IN
      (SELECT id FROM callbacks WHERE received_at < @before LIMIT @limit)`),
    // A pending delivery is never taken: it is still within its retry window.
    settled: db.prepare(`SELECT id FROM webhook_deliveries
      WHERE state IN ('delivered', 'failed', 'cancelled') AND next_attempt_at < @before
      LIMIT @limit`),
    attempts: db.prepare(
      'DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT value FROM json_each(?))',
    ),
    deliveries: db.prepare(
      'DELETE FROM webhook_deliveries WHERE id IN (SELECT value FROM json_each(?))',
    ),
    events: db.prepare(`DELETE FROM webhook_events WHERE seq IN (SELECT seq FROM webhook_events e
      WHERE created_at < @before
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_seq = e.seq)
      LIMIT @limit)`),
  };

  const deliveries = db.transaction((before: number, limit: number) => {
    const ids = (statements.settled.all({ before, limit }) as { id: number }[]).map(
      (row) => row.id,
    );
    if (ids.length === 0) return { deliveries: 0, attempts: 0 };
    const list = JSON.stringify(ids);
    const attempts = statements.attempts.run(list).changes;
    return { deliveries: statements.deliveries.run(list).changes, attempts };
  });

  return async (before, limit) => {
    const callbacks = statements.callbacks.run({ before, limit }).changes;
    await setImmediate();
    const settled = deliveries(before, limit);
    await setImmediate();
    // After the deliveries: an event whose last delivery just went goes in the same pass.
    const events = statements.events.run({ before, limit }).changes;
    return { callbacks, ...settled, events };
  };
}
