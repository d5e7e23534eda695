/**
 * The rate limits' token buckets on SQLite (creates, failed authentications): one UPSERT
 * refills a client's bucket by the time since its last take, takes a token (or, at cost 0,
 * none) if there is a whole one, and says whether there was. The table is TEMP,
 * of this connection: one process owns the file, so it is the whole store's, and a take (on
 * every create, refused ones too) costs no fsync of the database (about 2 ms each on the bench
 * machine with `synchronous = FULL`). A restart fills every bucket, as before.
 */

import type Database from 'better-sqlite3';
import { idleBucketSweep, rateWaitSeconds } from './rate-buckets.ts';
import type { RateLimitTake } from './store.ts';

/**
 * `refilled` is the bucket now: what was left plus a token per 60/perMinute seconds since the
 * last take, at most full. A clock stepped back counts as no time passed (MAX(0, …)), and the
 * take's time is kept, so a step back refuses no one for longer than a minute's worth.
 * In DO UPDATE the bare columns are the row before the take, `excluded` the take itself.
 */
const refilled = `MIN(:per_minute, tokens
  + MAX(0, excluded.updated_at - updated_at) * :per_minute / 60000.0)`;

const TAKE = `INSERT INTO rate_buckets (key, tokens, taken, updated_at)
  VALUES (:key, :per_minute - :cost, 1, :now)
  ON CONFLICT (key) DO UPDATE SET
    tokens = ${refilled} - (${refilled} >= 1) * :cost,
    taken = ${refilled} >= 1,
    updated_at = excluded.updated_at
  RETURNING tokens, taken`;

/**
 * Idle ones are deleted by a scan once a minute: the table holds about two minutes' clients,
 * and an index on updated_at would be rewritten by every take.
 */
const CREATE = `CREATE TEMP TABLE IF NOT EXISTS rate_buckets (
  key TEXT PRIMARY KEY,
  tokens REAL NOT NULL,
  taken INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID`;

export function sqliteRateLimit(db: Database.Database) {
  db.exec(CREATE);
  const take = db.prepare<{ key: string; per_minute: number; now: number; cost: number }>(TAKE);
  const purge = db.prepare('DELETE FROM rate_buckets WHERE updated_at < ?');
  const sweepDue = idleBucketSweep();
  return {
    async takeRateToken({
      key,
      perMinute,
      now = Date.now(),
      cost = 1,
    }: RateLimitTake): Promise<number> {
      const row = take.get({ key, per_minute: perMinute, now, cost }) as {
        tokens: number;
        taken: number;
      };
      const idleBefore = sweepDue(now);
      if (idleBefore !== undefined) purge.run(idleBefore);
      return rateWaitSeconds(row.tokens, row.taken === 1, perMinute);
    },
  };
}
