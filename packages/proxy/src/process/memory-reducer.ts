/**
 * Gives memory back once a burst of event streams has closed: V8 asked, from inside the
 * process, for the collection it keeps for low memory, which also shrinks its heap and gives the
 * freed pages back to the system. Left to itself, V8 collects a burst's closed streams only when
 * the next burst's openings reach the limit it set while they were open, so the process holds
 * one burst's garbage beside the next one's streams (BENCHMARKS.md, issue 32).
 */

import { Session } from 'node:inspector';
import type { Log } from './logger.ts';

/** A burst smaller than this leaves too little garbage to pay for a full collection's pause. */
export const BURST_FLOOR = 1000;
/**
 * The burst has ended once the open streams are down to this share of its peak: most of it is
 * garbage by then, and a busy proxy never comes down to none.
 */
export const BURST_END = 0.25;

export interface Burst {
  /** The most streams open at once in the burst. */
  peak: number;
  /** Streams still open when it was said to have ended. */
  open: number;
}

/**
 * Told the open streams' count after each change, calls `ended` once a burst has fallen to
 * `BURST_END` of its peak. A burst begins when `BURST_FLOOR` more streams are open than the
 * fewest open since the start or the last end, so a burst's tail, however long, is never taken
 * for another.
 */
export function burstEnds(ended: (burst: Burst) => void): (open: number) => void {
  /** The most streams open in the burst; undefined between bursts. */
  let peak: number | undefined;
  /** The fewest streams open since the last end, between bursts. */
  let low = 0;
  return (open) => {
    if (peak === undefined) {
      low = Math.min(low, open);
      if (open - low >= BURST_FLOOR) peak = open;
      return;
    }
    peak = Math.max(peak, open);
    if (open > peak * BURST_END) return;
    ended({ peak, open });
    peak = undefined;
    low = open;
  };
}

/**
 * Asks V8 for its memory-reducing collection through the inspector's in-process session (no
 * port is opened; the public way to ask for it). It runs on the main thread, as a task soon
 * after the request: requests and streams wait for it. Logs how long that took.
 */
export function reduceMemory(log: Log, burst: Burst): void {
  const refused = (error: unknown) =>
    log('warn', 'could not ask V8 to give memory back after a burst of event streams', {
      error: String(error),
    });
  const heapBefore = process.memoryUsage().heapTotal;
  const asked = performance.now();
  const session = new Session();
  const answered = (error: Error | null) => {
    const tookMs = performance.now() - asked;
    // Disconnected on a later turn: Node 24 hangs when a session disconnects inside its answer.
    setImmediate(() => session.disconnect());
    if (error) return refused(error);
    log('info', 'gave memory back after a burst of event streams', {
      peak_streams: burst.peak,
      open_streams: burst.open,
      took_ms: Math.round(tookMs),
      heap_total_mib_before: toMiB(heapBefore),
      heap_total_mib_after: toMiB(process.memoryUsage().heapTotal),
    });
  };
  try {
    session.connect();
    session.post('HeapProfiler.collectGarbage', answered);
  } catch (error) {
    // Called as a stream is released: whatever the inspector throws must not end the process.
    // The memory is then collected later, as it was before.
    session.disconnect();
    refused(error);
  }
}

const toMiB = (bytes: number) => Math.round(bytes / 2 ** 20);
