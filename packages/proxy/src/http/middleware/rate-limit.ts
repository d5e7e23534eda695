/**
 * Per-client rate limits as token buckets, refilled evenly over a minute: `rateLimit` counts
 * every request, `failureLimit` only the refused authentications. Over a limit the answer is
 * 429 with `Retry-After` in whole seconds. The buckets live in the store, so every proxy on one
 * database counts a client together; a store that fails answers 503 `store_unavailable`, as
 * everywhere else.
 */

import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../api-error.ts';
import type { Store } from '../../store/store.ts';
import type { AppEnv } from '../context.ts';

export interface RateLimitOptions {
  perMinute: number;
  /** Where the buckets are kept. */
  store: Pick<Store, 'takeRateToken'>;
  /** Who is counted: usually the client IP. */
  key: (c: Context<AppEnv>) => string;
  /**
   * A clock in milliseconds, for tests; by default the store's (the database server's on
   * PostgreSQL, one clock for every proxy). Either way a clock stepped back locks no one out.
   */
  now?: () => number;
}

function checkPerMinute(perMinute: number): void {
  if (!Number.isInteger(perMinute) || perMinute < 1) {
    throw new TypeError('perMinute must be a positive whole number.');
  }
}

/** 429 (`rate_limited` unless told) with `Retry-After` while a bucket's `wait` (seconds) says it is empty. */
function refuseWhileEmpty(wait: number, sentence: string, code = 'rate_limited'): void {
  if (wait > 0) {
    throw new ApiError(429, code, sentence, {
      headers: { 'Retry-After': String(wait) },
    });
  }
}

export function rateLimit({ perMinute, store, key, now }: RateLimitOptions) {
  checkPerMinute(perMinute);
  return createMiddleware<AppEnv>(async (c, next) => {
    const wait = await store.takeRateToken({
      key: key(c),
      perMinute,
      ...(now === undefined ? {} : { now: now() }),
    });
    refuseWhileEmpty(wait, 'Too many checkouts from this address. Try again later.');
    await next();
  });
}

export interface FailureLimitOptions extends RateLimitOptions {
  /** Keeps these buckets apart from other limits' of the same client. */
  name: string;
  /** The 429's code and sentence, when not `rate_limited`'s of an address. */
  refusal?: { code: string; sentence: string };
}

/**
 * Told the outcome of a credential check, after it (in constant time) and before the request
 * goes on: throws 429 when the client's failures are used up. A costly check (a password's
 * scrypt) is told 'failed' BEFORE it instead, so tries sent at once cannot all pass an unspent
 * bucket, and 'returned' once it passed: the try is given back (never refused).
 */
export type FailureLimit = (
  c: Context<AppEnv>,
  outcome: 'passed' | 'failed' | 'returned',
) => Promise<void>;

const COSTS = { passed: 0, failed: 1, returned: -1 } as const;

/**
 * Slows down guessing: `perMinute` failures from a client in a burst, then one per
 * 60/perMinute seconds. A failure takes a token in one atomic step, so guesses sent at once get
 * no more answers than the bucket holds; past it they are told 429 instead. A check told
 * 'passed' spends nothing yet is refused while the bucket is empty (the admin token, which can
 * be guessed: a right guess must look like a wrong one, by the same statement); a check whose
 * right answer cannot be guessed (a callback's signature) need not tell its passes at all, and
 * then costs the store nothing.
 */
export function failureLimit({
  perMinute,
  store,
  key,
  now,
  name,
  refusal = {
    code: 'rate_limited',
    sentence: 'Too many failed attempts from this address. Try again later.',
  },
}: FailureLimitOptions): FailureLimit {
  checkPerMinute(perMinute);
  return async (c, outcome) => {
    const wait = await store.takeRateToken({
      key: `${name}:${key(c)}`,
      perMinute,
      cost: COSTS[outcome],
      ...(now === undefined ? {} : { now: now() }),
    });
    refuseWhileEmpty(wait, refusal.sentence, refusal.code);
  };
}
