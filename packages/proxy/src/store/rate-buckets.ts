/**
 * The rate limits' buckets as every store keeps them, whatever its SQL: the wait a
 * refused take is told, and when the idle buckets are swept out.
 */

/** A bucket untouched this long is full again, as good as none: it may be forgotten. */
const RATE_BUCKET_IDLE_MS = 60_000;

/**
 * Seconds to wait for the next token of a bucket left with `tokens` after a take, or 0 when the
 * take got one (`taken`): the same answer on every store.
 */
export function rateWaitSeconds(tokens: number, taken: boolean, perMinute: number): number {
  if (taken) return 0;
  // In whole milliseconds first: 1 - 2/3 of a token must not make 10.000000000000002 s.
  const waitMs = Math.round(((1 - tokens) * 60_000) / perMinute);
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/**
 * Whether a sweep of old rows is due at `at`: the first time, then once every `periodMs` (or at
 * once after the clock stepped back). A store asks at each write that leaves rows to sweep, and
 * sweeps a table by a scan at most that often rather than at every write.
 */
export function periodicSweep(periodMs: number): (at: number) => boolean {
  let sweptAt: number | undefined;
  return (at) => {
    if (sweptAt !== undefined && at >= sweptAt && at - sweptAt < periodMs) return false;
    sweptAt = at;
    return true;
  };
}

/**
 * A store's sweep of idle buckets, asked after each take at the take's time: once a minute (or
 * at once after the clock stepped back) it answers the time before which buckets are idle, to
 * be deleted (they are full anyway); otherwise undefined. One sweep per store.
 */
export function idleBucketSweep(): (takenAt: number) => number | undefined {
  const due = periodicSweep(RATE_BUCKET_IDLE_MS);
  return (takenAt) => (due(takenAt) ? takenAt - RATE_BUCKET_IDLE_MS : undefined);
}

/** A take's outcome as a bucket keeps it: what is left, whether a token was there, and when. */
export interface BucketTake {
  tokens: number;
  taken: boolean;
  at: number;
}

/**
 * The buckets of a store one process owns (SQLite), in this process's memory: the same
 * arithmetic as the shared stores' statement (`dialect.postgres.ts`, `takeToken`), in the same
 * order of operations, so a take answers alike on both. A restart fills every bucket, as a
 * connection's TEMP table did; a take costs no statement, no await on the driver and no write
 * (BENCHMARKS.md, "Hand-written paths and why they stay"). Idle buckets are forgotten once a
 * minute, so the map stays bounded by the clients of the last minute.
 */
export function heldRateBuckets() {
  const buckets = new Map<string, { tokens: number; updatedAt: number }>();
  const sweepDue = idleBucketSweep();
  return {
    take(key: string, perMinute: number, cost: number, now: number): BucketTake {
      const bucket = buckets.get(key);
      let take: BucketTake;
      if (bucket === undefined) {
        take = { tokens: perMinute - Math.max(cost, 0), taken: true, at: now };
        buckets.set(key, { tokens: take.tokens, updatedAt: now });
      } else {
        // A clock stepped back counts as no time.
        const refilled = Math.min(
          perMinute,
          bucket.tokens + (Math.max(0, now - bucket.updatedAt) * perMinute) / 60000,
        );
        const taken = refilled >= 1 || cost < 0;
        bucket.tokens = Math.min(perMinute, refilled - (taken ? cost : 0));
        bucket.updatedAt = now;
        take = { tokens: bucket.tokens, taken, at: now };
      }
      const idleBefore = sweepDue(now);
      if (idleBefore !== undefined) {
        for (const [name, held] of buckets) if (held.updatedAt < idleBefore) buckets.delete(name);
      }
      return take;
    },
    /** How many buckets are held (tests: idle ones are forgotten). */
    get size() {
      return buckets.size;
    },
  };
}
