/**
 * The rate limits' token buckets (creates, failed authentications): on a store shared by
 * processes (PostgreSQL) a take in one statement (`takeRateToken` of the dialect) and idle
 * buckets swept out once a minute so the table stays bounded; on a store one process owns
 * (SQLite) the buckets in its memory (`heldRateBuckets`). Either way the wait a refused take is
 * told is the same.
 */

import type { Kysely } from 'kysely';
import type { StoreDialect } from './dialect.ts';
import { heldRateBuckets, idleBucketSweep, rateWaitSeconds } from './rate-buckets.ts';
import type { Store } from './store.ts';
import type { Tables } from './tables.ts';

export function rateLimit(db: Kysely<Tables>, dialect: StoreDialect): Pick<Store, 'takeRateToken'> {
  const shared = dialect.takeRateToken;
  if (!shared) {
    const held = heldRateBuckets();
    return {
      async takeRateToken({ key, perMinute, now = Date.now(), cost = 1 }) {
        const take = held.take(key, perMinute, cost, now);
        return rateWaitSeconds(take.tokens, take.taken, perMinute);
      },
    };
  }
  const sweepDue = idleBucketSweep();
  return {
    async takeRateToken({ key, perMinute, now, cost = 1 }) {
      const take = await shared(db, {
        key,
        perMinute,
        cost,
        ...(now === undefined ? {} : { now }),
      });
      // By the take's time on the store's clock, as the buckets keep it.
      const idleBefore = sweepDue(take.at);
      if (idleBefore !== undefined) {
        await db.deleteFrom('rate_buckets').where('updated_at', '<', idleBefore).execute();
      }
      return rateWaitSeconds(take.tokens, take.taken, perMinute);
    },
  };
}
