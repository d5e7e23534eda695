/**
 * A background task run pass after pass on a timer (the retention's pruning, the stale checkout
 * sweep): a first pass at once, then each pass says how long until the next. The timer keeps no
 * process alive; `close()` stops it and waits for a pass in progress.
 */

export interface Passes {
  /** Stops the timer and waits for a pass in progress. */
  close(): Promise<void>;
}

/** What a pass answers: how long until the next, and what it did (for `onPass`), if anything. */
export interface PassResult<T> {
  waitMs: number;
  report?: T;
}

/**
 * Runs `pass` now, then again after the `waitMs` it answers, until closed; `onPass` gets each
 * report once the next pass is scheduled (a test ticks the timers as soon as it has it). A pass
 * handles its own failures (the store down is a log line and another try later); `closing()`
 * tells a long pass that the process is stopping.
 */
export function repeatPasses<T>(
  pass: (closing: () => boolean) => Promise<PassResult<T>>,
  onPass?: (report: T) => void,
): Passes {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const closing = () => closed;

  const schedule = (ms: number) => {
    if (closed) return;
    timer = setTimeout(() => {
      running = pass(closing)
        .then(({ waitMs, report }) => {
          schedule(waitMs);
          if (report !== undefined) onPass?.(report);
        })
        .finally(() => {
          running = undefined;
        });
    }, ms);
    timer.unref();
  };

  schedule(0);
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
