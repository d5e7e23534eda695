/**
 * Whether this process stood still during a wait: stopped (SIGSTOP, a frozen container, a
 * suspended VM) or its event loop blocked. A timer that expires across such a stall measured the
 * stall, not the database; and it runs before the answers that came meanwhile are read (timers
 * come before the poll for I/O in each turn of the loop). So the store's deadlines on PostgreSQL
 * are judged one turn later, and given again when the process stood still since they began.
 */

/** How often the watch looks at the clock. */
const TICK_MS = 250;
/** A tick this much later than due: the process stood still. */
const STALL_MS = 1000;
/**
 * Deadlines given again at most this many times: a process that keeps standing still (a loop
 * blocked again and again) answers 503 in the end rather than never.
 */
const MAX_RENEWALS = 3;

let lastTick = performance.now();
let lastStall = Number.NEGATIVE_INFINITY;
let watching: ReturnType<typeof setInterval> | undefined;

function watch(): void {
  // One watch for the process (a stall is the whole process's); it never holds the process open.
  if (watching) return;
  lastTick = performance.now();
  watching = setInterval(() => {
    const now = performance.now();
    if (now - lastTick > TICK_MS + STALL_MS) lastStall = now;
    lastTick = now;
  }, TICK_MS).unref();
}

/**
 * Resolves after the rest of this turn of the event loop, its poll for I/O included: an answer
 * already in a socket's buffer has been read by then, and the watch has seen any stall.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether the process stood still at some point after `since` (a `performance.now()`). */
async function stoodStillSince(since: number): Promise<boolean> {
  await nextTurn();
  return lastStall >= since;
}

/**
 * `attempt()`, tried again while it fails with an error `expired` recognises (a deadline of the
 * driver's own) and the process stood still since the attempt began: for waits that did nothing
 * yet, such as for a connection.
 */
export async function retriedAfterStalls<T>(
  attempt: () => Promise<T>,
  expired: (error: unknown) => boolean,
): Promise<T> {
  watch();
  for (let renewals = 0; ; renewals++) {
    const began = performance.now();
    try {
      return await attempt();
    } catch (error) {
      if (!expired(error) || renewals >= MAX_RENEWALS || !(await stoodStillSince(began))) {
        throw error;
      }
    }
  }
}

/**
 * `work`, or the error of `onExpiry()` once it has run `ms` without settling, with the time the
 * process stood still not counted: a deadline found past after a stall is given again in full
 * (up to MAX_RENEWALS times).
 * `onExpiry` is called once, if ever, and should end the wait (close the connection).
 */
export function withinRunningTime<T>(
  work: Promise<T>,
  ms: number,
  onExpiry: () => Error,
): Promise<T> {
  if (ms <= 0) return work;
  watch();
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    const arm = (renewals: number) => {
      const began = performance.now();
      timer = setTimeout(async () => {
        const stood = await stoodStillSince(began);
        if (done) return;
        if (stood && renewals < MAX_RENEWALS) arm(renewals + 1);
        else {
          // This callback's own rejection would reach no one (and end the process): whatever
          // `onExpiry` throws is the wait's error.
          try {
            reject(onExpiry());
          } catch (error) {
            reject(error);
          }
        }
      }, ms);
    };
    arm(0);
  });
  return Promise.race([work, expired]).finally(() => {
    done = true;
    clearTimeout(timer);
  });
}
