/**
 * Finds stale checkouts while the proxy serves: still created or processing
 * `STALE_AFTER_SECONDS` after their payment request expired. Each is announced once across every
 * proxy on the database and every restart (the store's mark): a `checkout.stale` webhook event
 * and one warning naming the likely causes. The checkout keeps its status (the spec has no
 * status query: nothing is guessed), and a later callback moves it on. A pass at start, then
 * one every `intervalMs`, on a timer that never keeps the process alive.
 */

import { STALE_CAUSES } from '@crypto-pay/protocol/merchant-api';
import type { CheckoutRecord, Store } from '../store/store.ts';
import { staleEvent } from '../webhooks/events.ts';
import type { Log } from './logger.ts';
import { type Passes, repeatPasses } from './passes.ts';

/** `STALE_AFTER_SECONDS` unless set: an hour past the payment request's expiry. */
export const DEFAULT_STALE_AFTER_SECONDS = 3600;
/** `STALE_SWEEP_INTERVAL_MS` unless set. */
export const DEFAULT_STALE_SWEEP_INTERVAL_MS = 60_000;
/** Checkouts marked in one transaction; a full batch is followed by the next at once. */
export const STALE_BATCH = 100;

/** The warning, the same for every stale checkout: what usually keeps callbacks away. */
export const STALE_WARNING = `checkout stale: still not final STALE_AFTER_SECONDS after its payment request expired: its final callback never came. ${STALE_CAUSES} The checkout keeps its status; a later callback still moves it on.`;

/**
 * Said once per silent spell (per process) when no callback at all came since the stale
 * checkouts were made: a callback arriving ends the spell.
 */
export const NO_CALLBACKS_WARNING =
  'no callback at all has reached the proxy since these stale checkouts were created (created_since): the processing service is not delivering callbacks here. Check the callback URL it holds, what stands in front of it, and PROCESSING_API_KEY.';

export interface StaleSweepOptions {
  store: Pick<Store, 'markStaleCheckouts' | 'lastCallbackAt'>;
  log: Log;
  staleAfterSeconds: number;
  intervalMs?: number;
  /** Unix milliseconds (tests: a clock they move). */
  now?: () => number;
  batch?: number;
  /** Called after every pass with the checkouts it marked (tests wait on it). */
  onPass?: (marked: CheckoutRecord[]) => void;
}

export function startStaleSweep(options: StaleSweepOptions): Passes {
  const { store, log } = options;
  const now = options.now ?? Date.now;
  const batch = options.batch ?? STALE_BATCH;
  const intervalMs = options.intervalMs ?? DEFAULT_STALE_SWEEP_INTERVAL_MS;
  const staleAfterMs = options.staleAfterSeconds * 1000;
  // The last callback (0: none) as of the spell already warned of; another value is a new spell.
  let warnedSpell: number | undefined;

  /**
   * One more warning when nothing at all was heard since the first of `marked` was made, once
   * per spell: in an outage every sweep marks more, and one line says it.
   */
  const noteSilence = async (marked: CheckoutRecord[]) => {
    const since = Math.min(...marked.map((checkout) => checkout.createdAt));
    const last = await store.lastCallbackAt();
    if (last !== undefined && last >= since) return;
    if (warnedSpell === (last ?? 0)) return;
    warnedSpell = last ?? 0;
    log('warn', NO_CALLBACKS_WARNING, {
      stale_checkouts: marked.length,
      created_since: new Date(since).toISOString(),
      last_callback_at: last === undefined ? null : new Date(last).toISOString(),
    });
  };

  return repeatPasses(async (closing) => {
    const marked: CheckoutRecord[] = [];
    try {
      for (;;) {
        const found = await store.markStaleCheckouts(
          { now: now(), staleAfterMs, limit: batch },
          staleEvent,
        );
        marked.push(...found);
        // Ids, statuses and times only: a checkout holds no personal data, and none is logged.
        for (const checkout of found) {
          log('warn', STALE_WARNING, {
            checkout_id: checkout.id,
            status: checkout.status,
            expired_at: new Date(checkout.expiresAt * 1000).toISOString(),
            stale_after_seconds: options.staleAfterSeconds,
          });
        }
        if (found.length < batch || closing()) break;
      }
      if (marked.length > 0) await noteSilence(marked);
    } catch (error) {
      log('warn', 'stale checkout sweep paused: the store failed', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
    return { waitMs: intervalMs, report: marked };
  }, options.onPass);
}
