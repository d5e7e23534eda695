/**
 * The rate limits' token buckets (creates, failed authentications) on either database: a take
 * in one statement (`takeRateToken` of the dialect: the clock and the table differ), the wait a
 * refused take is told, and idle buckets swept out once a minute so the table stays bounded.
 */

import type { Kysely } from 'kysely';
import type { StoreDialect } from './dialect.ts';
import { idleBucketSweep, rateWaitSeconds } from './rate-buckets.ts';
import type { Store } from './store.ts';
import type { Tables } from './tables.ts';

export function rateLimit(db: Kysely<Tables>, dialect: StoreDialect): Pick<Store, 'takeRateToken'> {
  const sweepDue = idleBucketSweep();
  return {
    async takeRateToken({ key, perMinute, now, cost = 1 }) {
      const take = await dialect.takeRateToken(db, {
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
