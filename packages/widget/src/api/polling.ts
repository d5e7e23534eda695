/**
 * How often the widget asks for a checkout's status when the event stream is not available:
 * 2 s at first, growing to 10 s while nothing changes, each delay with jitter so many open
 * pages do not ask the proxy in step; every 30 s while the stream is open.
 */

export const pollingSchedule = {
  firstDelayMs: 2000,
  maxDelayMs: 10000,
  /** Each unchanged answer makes the next wait this much longer. */
  growth: 1.5,
  /** Up to this share of the delay is taken off at random (never added: 10 s is the most). */
  jitter: 0.2,
  /**
   * While the event stream is open, a status read this often all the same: a stream held by a
   * buffering middlebox opens fine and brings nothing, which only a read can tell.
   */
  streamCheckMs: 30000,
};

/** The wait before poll number `attempt` (0 for the first), given a random number in [0, 1). */
export function pollDelay(attempt: number, random: number = Math.random()): number {
  const { firstDelayMs, maxDelayMs, growth, jitter } = pollingSchedule;
  const base = Math.min(maxDelayMs, firstDelayMs * growth ** attempt);
  return Math.round(base * (1 - jitter * random));
}
