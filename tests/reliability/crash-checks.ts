/**
 * What the crash-safety test checks once the load is over: SQLite's own checks of the proxy's
 * file, and the sandbox's callback deliveries judged against when the proxy was down.
 */

import { readStore } from '@crypto-pay/test-kit/store-file';

/** SQLite's own checks of the file: `ok` and no row pointing at a missing parent. */
export function storeChecks(file: string): { integrity: string; foreignKeyViolations: unknown[] } {
  return readStore(file, (db) => ({
    integrity: (db.pragma('integrity_check', { simple: true }) as string) ?? 'no answer',
    foreignKeyViolations: db.pragma('foreign_key_check') as unknown[],
  }));
}

/** One attempt to deliver a callback, as the sandbox's control API lists it. */
export interface DeliveryAttempt {
  delivery_id: number;
  response_status: number | null;
  error: string | null;
  final: boolean;
  /** When the attempt ended (real time: the test does not move the sandbox clock). */
  at: string;
}

/** From a kill (SIGKILL sent) to the restarted proxy announcing it listens, test clock. */
export interface Downtime {
  from: number;
  to: number;
}

/**
 * How long after a restart an attempt may still end in a way the kill explains: one begun just
 * before the restart may wait out the sandbox's 5 s attempt timeout; the rest is slack.
 */
const AFTER_RESTART_MS = 10_000;

/**
 * The attempts no kill explains. Every delivery must end in a 200. An earlier attempt may fail
 * only around a kill, and only as a kill explains: the connection failed (the proxy was down),
 * no answer in time (a slow restart), or 503 (the proxy's retryable `store_unavailable`, which
 * the sandbox records as the status alone), as the test's own requests may near a kill.
 */
export function unexplainedAttempts(
  attempts: readonly DeliveryAttempt[],
  downtimes: readonly Downtime[],
): string[] {
  return attempts
    .filter((attempt) => {
      if (attempt.final) return attempt.response_status !== 200;
      const at = Date.parse(attempt.at);
      const nearKill = downtimes.some(({ from, to }) => at >= from && at <= to + AFTER_RESTART_MS);
      const explained =
        attempt.error?.startsWith('Connection failed') ||
        attempt.error === 'No answer in time.' ||
        attempt.response_status === 503;
      return !(nearKill && explained);
    })
    .map((attempt) => `${attempt.at} ${attempt.response_status} ${attempt.error}`);
}
