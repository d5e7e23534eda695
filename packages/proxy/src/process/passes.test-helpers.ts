/**
 * What the tests of a task on `repeatPasses` watch: its log lines, and each pass's report as
 * its `onPass` gives it (awaited in order, so a test ticks the mock timers and then waits).
 */

import type { Log } from './logger.ts';

export function logRecorder() {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const log: Log = (level, message, fields) => {
    lines.push({ level, message, ...(fields ? { fields } : {}) });
  };
  return { lines, log };
}

/** Each pass's report: `onPass` for the task, `next()` resolves with the next one. */
export function passReports<T>() {
  const queue: T[] = [];
  let waiting: ((report: T) => void) | undefined;
  return {
    onPass(report: T) {
      if (waiting) {
        waiting(report);
        waiting = undefined;
      } else queue.push(report);
    },
    next(): Promise<T> {
      const ready = queue.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
  };
}
