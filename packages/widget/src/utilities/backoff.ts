/**
 * The one backoff of the widget: how long to wait before asking again, for status polls, a
 * checkout to resume that could not be read, and the watcher's chunk that could not be fetched.
 */

/** A wait that starts at `firstMs` and grows by `growth` each time, up to `maxMs`. */
export interface Backoff {
  firstMs: number;
  maxMs: number;
  growth: number;
  /**
   * Up to this share of the wait is taken off at random (never added: `maxMs` is the most), so
   * many open pages do not ask in step.
   */
  jitter?: number;
}

/** The wait before attempt `attempt` (0 for the first), given a random number in [0, 1). */
export function backoffDelay(
  { firstMs, maxMs, growth, jitter = 0 }: Backoff,
  attempt: number,
  random: number = Math.random(),
): number {
  return Math.round(Math.min(maxMs, firstMs * growth ** attempt) * (1 - jitter * random));
}
