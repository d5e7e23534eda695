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
