/**
 * Per-client rate limits as token buckets, refilled evenly over a minute: `rateLimit` counts
 * every request, `failureLimit` only the refused authentications yet refuses everything once
 * they ran out. Over a limit the answer is 429 with `Retry-After` in whole seconds. The buckets
 * live in the store, so every proxy on one database counts a client together; a store that
 * fails answers 503 `store_unavailable`, as everywhere else.
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

export function rateLimit({ perMinute, store, key, now }: RateLimitOptions) {
  checkPerMinute(perMinute);
  return createMiddleware<AppEnv>(async (c, next) => {
    const wait = await store.takeRateToken({
      key: key(c),
      perMinute,
      ...(now === undefined ? {} : { now: now() }),
    });
    if (wait > 0) {
      throw new ApiError(
        429,
        'rate_limited',
        'Too many checkouts from this address. Try again later.',
        { headers: { 'Retry-After': String(wait) } },
      );
    }
    await next();
  });
}

export interface FailureLimitOptions extends Omit<RateLimitOptions, 'store'> {
  store: Pick<Store, 'takeRateToken' | 'rateTokenWait'>;
  /** The answer that counts as a failure: 401 for a bearer token, 403 for a signature. */
  failureStatus: number;
  /** Keeps these buckets apart from other limits' of the same client. */
  name: string;
}

/**
 * Slows down guessing: `perMinute` failures (`failureStatus` answers) from a client in a burst,
 * then one per 60/perMinute seconds. Once its bucket is empty every request of that client is
 * refused with 429 until a token is back, right credentials too (else the answer would tell a
 * right guess). Only the failing address is slowed: the service's callbacks from its own keep
 * their way in. A failure is counted after its answer, so a few requests at once may each fail
 * before the first is counted.
 */
export function failureLimit({
  perMinute,
  store,
  key,
  now,
  failureStatus,
  name,
}: FailureLimitOptions) {
  checkPerMinute(perMinute);
  return createMiddleware<AppEnv>(async (c, next) => {
    const take = {
      key: `${name}:${key(c)}`,
      perMinute,
      ...(now === undefined ? {} : { now: now() }),
    };
    const wait = await store.rateTokenWait(take);
    if (wait > 0) {
      throw new ApiError(
        429,
        'rate_limited',
        'Too many failed attempts from this address. Try again later.',
        { headers: { 'Retry-After': String(wait) } },
      );
    }
    await next();
    if (c.res.status === failureStatus) await store.takeRateToken(take);
  });
}
