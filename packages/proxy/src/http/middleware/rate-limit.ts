/**
 * Per-client rate limit as a token bucket: `perMinute` requests, refilled evenly. Over the
 * limit the answer is 429 with `Retry-After` in whole seconds. The buckets live in the store,
 * so every proxy on one database counts a client together (one atomic take per request); a
 * store that fails answers 503 `store_unavailable`, as everywhere else.
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

export function rateLimit({ perMinute, store, key, now }: RateLimitOptions) {
  if (!Number.isInteger(perMinute) || perMinute < 1) {
    throw new TypeError('perMinute must be a positive whole number.');
  }
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
