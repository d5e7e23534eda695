/**
 * The test kit's one wait for something that happens on its own (a callback applied, a stream let
 * go): it polls a condition until it holds, with a generous limit for a loaded machine.
 */

import assert from 'node:assert/strict';

/** How often a condition is looked at: often enough to add no noticeable wait. */
const POLL_MS = 20;

/**
 * Resolves with what `check` returns once that is neither undefined nor false; fails an
 * assertion naming `what` after `timeoutMs` (default 10 s).
 */
export async function eventually<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) assert.fail(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
