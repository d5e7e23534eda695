/** The sandbox clock: real time plus an offset that tests move forward to make things expire. */

export interface SandboxClock {
  /** Unix seconds by the sandbox clock. */
  now(): number;
  /** Moves the clock forward; it never goes back. */
  advance(seconds: number): void;
  /** How far the clock runs ahead of real time, in seconds. */
  offsetSeconds(): number;
}

/** How far ahead the clock may run: 100 years, well inside what a `Date` can hold. */
export const MAX_OFFSET_SECONDS = 100 * 366 * 24 * 60 * 60;

export function createClock(realNow: () => number = () => Date.now()): SandboxClock {
  let offset = 0;
  return {
    now: () => Math.floor(realNow() / 1000) + offset,
    advance(seconds) {
      if (!Number.isSafeInteger(seconds) || seconds < 0) {
        throw new RangeError('advance_seconds must be a non-negative integer');
      }
      if (offset + seconds > MAX_OFFSET_SECONDS) {
        throw new RangeError('the sandbox clock cannot run more than 100 years ahead');
      }
      offset += seconds;
    },
    offsetSeconds: () => offset,
  };
}
