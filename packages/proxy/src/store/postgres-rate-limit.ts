/**
 * The rate limits' token buckets on PostgreSQL (creates, failed authentications), shared by
 * every proxy on the database: one UPSERT refills a client's bucket by the time since its last
 * take on the database server's clock (one clock for all proxies, whatever theirs say), takes a
 * token (or, at cost 0, none) if there is a whole one, and says whether there was. Concurrent
 * takes of one key queue on its row.
 */

import type pg from 'pg';
import { query } from './postgres-connection.ts';
import { idleBucketSweep, rateWaitSeconds } from './rate-buckets.ts';
import type { RateLimitTake } from './store.ts';

/** The take's time: the caller's (tests), else the server's clock in Unix milliseconds. */
const NOW = `COALESCE($3::bigint, (extract(epoch FROM clock_timestamp()) * 1000)::bigint)`;

/**
 * The bucket now: what was left plus a token per 60/perMinute seconds since the last take, at
 * most full. A clock stepped back counts as no time passed (GREATEST(0, …)), and the take's time
 * is kept, so a step back refuses no one for longer than a minute's worth. In DO UPDATE,
 * `bucket` is the row before the take, `excluded` the take itself.
 */
const refilled = `LEAST($2::float8, bucket.tokens
  + GREATEST(0, excluded.updated_at - bucket.updated_at) * $2::float8 / 60000)`;

const TAKE = `INSERT INTO rate_buckets AS bucket (key, tokens, taken, updated_at)
  VALUES ($1, $2::float8 - $4::float8, true, ${NOW})
  ON CONFLICT (key) DO UPDATE SET
    tokens = CASE WHEN ${refilled} >= 1 THEN ${refilled} - $4::float8 ELSE ${refilled} END,
    taken = ${refilled} >= 1,
    updated_at = excluded.updated_at
  RETURNING tokens, taken, updated_at`;

export function postgresRateLimit(pool: pg.Pool) {
  const sweepDue = idleBucketSweep();
  return {
    async takeRateToken({ key, perMinute, now, cost = 1 }: RateLimitTake): Promise<number> {
      const { rows } = await query<{ tokens: number; taken: boolean; updated_at: number }>(
        pool,
        TAKE,
        [key, perMinute, now ?? null, cost],
      );
      const row = rows[0]!;
      // By the take's time on the database's clock, as the buckets keep it.
      const idleBefore = sweepDue(row.updated_at);
      if (idleBefore !== undefined) {
        await query(pool, 'DELETE FROM rate_buckets WHERE updated_at < $1', [idleBefore]);
      }
      return rateWaitSeconds(row.tokens, row.taken, perMinute);
    },
  };
}
