/**
 * Prunes, while the proxy serves, what it keeps past `RETENTION_DAYS`: the callback log, settled
 * webhook deliveries with their attempts, and events nothing refers to any more (checkouts are
 * kept, and so is every event's dedupe key, or a callback repeated later would be a new event).
 * A pass deletes at most `batch` rows of each kind in short transactions; passes follow
 * each other a moment apart while a backlog remains (so other writes get the lock in between),
 * then one every `intervalMs`, on a timer that never keeps the process alive.
 */

import { DAY_MS, type PrunedRows, type Store } from '../store/store.ts';
import type { Log } from './logger.ts';
import { type Passes, repeatPasses } from './passes.ts';

/** `RETENTION_DAYS` unless set. */
export const DEFAULT_RETENTION_DAYS = 90;
/**
 * Rows of each kind a pass deletes at most. On SQLite a pass of 200 took 19 ms (median; 56 ms
 * p95) on a loaded two-CPU machine, against 42 ms for 500: mostly the commits' fsyncs.
 */
export const PRUNE_BATCH = 200;
/** Between passes once nothing old is left. */
export const PRUNE_INTERVAL_MS = 60_000;
/** Between passes while a backlog remains (a first start on months of history). */
export const BACKLOG_PAUSE_MS = 250;

export interface PruningOptions {
  store: Pick<Store, 'pruneBefore'>;
  log: Log;
  retentionDays: number;
  /** Unix milliseconds (tests: a clock they move). */
  now?: () => number;
  batch?: number;
  intervalMs?: number;
  /** Called after every pass with what it deleted (tests wait on it). */
  onPass?: (pruned: PrunedRows) => void;
}

const total = (pruned: PrunedRows) =>
  pruned.callbacks + pruned.deliveries + pruned.attempts + pruned.events + pruned.failedSignIns;

/** Starts pruning: a first pass at once, then as above. */
export function startPruning(options: PruningOptions): Passes {
  const { store, log } = options;
  const now = options.now ?? Date.now;
  const batch = options.batch ?? PRUNE_BATCH;
  const intervalMs = options.intervalMs ?? PRUNE_INTERVAL_MS;
  const retentionMs = options.retentionDays * DAY_MS;
  // What a run of passes without a pause has deleted: one log line when it ends.
  let sweep: PrunedRows = { callbacks: 0, deliveries: 0, attempts: 0, events: 0, failedSignIns: 0 };

  return repeatPasses(async () => {
    const before = now() - retentionMs;
    let pruned: PrunedRows;
    try {
      pruned = await store.pruneBefore(before, batch);
    } catch (error) {
      log('warn', 'pruning paused: the store failed', {
        error: error instanceof Error ? error.message : String(error),
      });
      return { waitMs: intervalMs };
    }
    for (const kind of Object.keys(sweep) as (keyof PrunedRows)[]) sweep[kind] += pruned[kind];
    // A kind that filled its batch may have more: go on soon.
    const backlog = Object.values(pruned).some((count) => count >= batch);
    if (!backlog) {
      if (total(sweep) > 0) {
        log('info', 'pruned records older than RETENTION_DAYS', {
          ...sweep,
          before: new Date(before).toISOString(),
        });
      }
      sweep = { callbacks: 0, deliveries: 0, attempts: 0, events: 0, failedSignIns: 0 };
    }
    return { waitMs: backlog ? BACKLOG_PAUSE_MS : intervalMs, report: pruned };
  }, options.onPass);
}
