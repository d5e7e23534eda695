/**
 * Per-client rate limit as a token bucket: `perMinute` requests, refilled evenly. Over the
 * limit the answer is 429 with `Retry-After` in whole seconds. Buckets live in this process.
 */

import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../api-error.ts';
import type { AppEnv } from '../context.ts';

export interface RateLimitOptions {
  perMinute: number;
  /** Who is counted: usually the client IP. */
  key: (c: Context<AppEnv>) => string;
  /**
   * A monotonic clock in milliseconds (default `performance.now`; injectable for tests): with
   * the wall clock, a step back of an hour would refuse a client for an hour.
   */
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

const MAX_BUCKETS = 100_000;

export function rateLimit({ perMinute, key, now = () => performance.now() }: RateLimitOptions) {
  if (!Number.isInteger(perMinute) || perMinute < 1) {
    throw new TypeError('perMinute must be a positive whole number.');
  }
  const msPerToken = 60_000 / perMinute;
  const buckets = new Map<string, Bucket>();

  const take = (client: string): number => {
    const time = now();
    const bucket = buckets.get(client) ?? { tokens: perMinute, at: time };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (time - bucket.at) / msPerToken);
    bucket.at = time;
    // Re-insert so the map stays in least-recently-used order for the cap below.
    buckets.delete(client);
    buckets.set(client, bucket);
    if (buckets.size > MAX_BUCKETS) buckets.delete(buckets.keys().next().value!);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - bucket.tokens) * msPerToken) / 1000);
  };

  return createMiddleware<AppEnv>(async (c, next) => {
    const wait = take(key(c));
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
