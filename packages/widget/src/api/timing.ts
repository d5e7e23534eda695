/**
 * The widget's waits, each with its default: how long a request may take, and how soon what
 * failed (or did not change) is asked again. The element takes others through its internal
 * `timing` property (tests make them short); nothing changes these.
 */
import type { Backoff } from '../utilities/backoff.ts';

/**
 * How often the widget asks for a checkout's status when the event stream is not available:
 * 2 s at first, growing to 10 s while nothing changes, each delay with jitter so many open
 * pages do not ask the proxy in step; every 30 s while the stream is open.
 */
export interface PollingSchedule extends Backoff {
  /**
   * While the event stream is open, a status read this often all the same: a stream held by a
   * buffering middlebox opens fine and brings nothing, which only a read can tell.
   */
  readonly streamCheckMs: number;
}

export interface Timing {
  /** A request that has not answered by then counts as a proxy not answering: no endless wait. */
  readonly requestTimeoutMs: number;
  /**
   * A status read unanswered this long tells the customer that the status cannot be checked
   * (a proxy that hangs answers nothing, so no failure would ever say it).
   */
  readonly troubleAfterMs: number;
  readonly polling: Readonly<PollingSchedule>;
  /** How soon a checkout to resume that could not be read is read again. */
  readonly resumeRetry: Readonly<Backoff>;
  /** How soon the watcher's chunk is fetched again when it could not be. */
  readonly watcherRetry: Readonly<Backoff>;
}

export const defaultTiming: Timing = {
  requestTimeoutMs: 20000,
  troubleAfterMs: 5000,
  polling: { firstMs: 2000, maxMs: 10000, growth: 1.5, jitter: 0.2, streamCheckMs: 30000 },
  resumeRetry: { firstMs: 5000, maxMs: 60000, growth: 2 },
  watcherRetry: { firstMs: 2000, maxMs: 30000, growth: 2 },
};
