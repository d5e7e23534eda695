/**
 * When and how often an operation is tried again: reads on any transient failure, operations
 * that create or move money only when the request provably never left this machine. Delays
 * grow exponentially with jitter, so many clients recovering together do not stampede.
 */

import { ProcessingUnavailableError } from './errors.ts';

export interface RetryOptions {
  /** Attempts in all, the first one included (default 3; 1 turns retries off). */
  attempts?: number;
  /** Delay before the first retry, doubling after each (default 200 ms). */
  baseDelayMs?: number;
  /** Longest single delay (default 2000 ms). */
  maxDelayMs?: number;
  /**
   * Time allowed for the whole operation, every attempt and delay included: an attempt waits
   * at most what is left of it, and a retry starts only with a quarter of it still left
   * (default: no limit).
   */
  totalTimeoutMs?: number;
  /** Called before each retry (for logs and metrics); the retry waits for a returned promise. */
  onRetry?: (event: RetryEvent) => void | Promise<void>;
}

export interface RetryEvent {
  /** The client method, e.g. `listBalances`. */
  operation: string;
  /** The attempt that just failed, from 1. */
  attempt: number;
  delayMs: number;
  error: ProcessingUnavailableError;
}

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  totalTimeoutMs: number;
  onRetry?: RetryOptions['onRetry'];
}

/** Fills in defaults and rejects nonsense at construction rather than at the first failure. */
export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  const {
    attempts = 3,
    baseDelayMs = 200,
    maxDelayMs = 2000,
    totalTimeoutMs = Number.POSITIVE_INFINITY,
    onRetry,
  } = options;
  if (!Number.isInteger(attempts) || attempts < 1) {
    throw new TypeError('retry.attempts must be an integer of at least 1.');
  }
  for (const [name, value] of [
    ['baseDelayMs', baseDelayMs],
    ['maxDelayMs', maxDelayMs],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) {
      throw new TypeError(`retry.${name} must be a number of milliseconds, 0 or more.`);
    }
  }
  // Not Number.isFinite: no limit (Infinity) is the default. A string from the environment
  // must not pass, since `now + '5000'` would join them as text.
  if (typeof totalTimeoutMs !== 'number' || !(totalTimeoutMs > 0)) {
    throw new TypeError('retry.totalTimeoutMs must be a positive number of milliseconds.');
  }
  return { attempts, baseDelayMs, maxDelayMs, totalTimeoutMs, ...(onRetry ? { onRetry } : {}) };
}

/** Which failures are worth another attempt. */
export type RetryRule = (error: ProcessingUnavailableError) => boolean;

/** Reads change nothing, so any transient failure may be retried (a malformed answer is not transient). */
export const retryRead: RetryRule = (error) => error.reason !== 'malformed_response';

/** Creates are retried only when the service cannot have seen the request. */
export const retryUnsent: RetryRule = (error) =>
  error.reason === 'connection' && !error.mayHaveReachedService;

/** Exponential backoff with "equal jitter": between half and all of the capped delay. */
export function backoffDelay(policy: RetryPolicy, retry: number): number {
  const capped = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(capped / 2 + (Math.random() * capped) / 2);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The least share of `totalTimeoutMs` a retry must have left to be started. */
const MIN_RETRY_SHARE = 0.25;

/**
 * Runs `attempt` (given the milliseconds left of the policy's total time) until it succeeds,
 * fails for good, or the policy's attempts or time are spent.
 */
export async function withRetries<T>(
  operation: string,
  policy: RetryPolicy,
  shouldRetry: RetryRule,
  attempt: (timeLeftMs: number) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  // A monotonic clock: a wall clock stepped back would stretch the deadline.
  const deadline = performance.now() + policy.totalTimeoutMs;
  const timeLeft = () => deadline - performance.now();
  // A retry left too little time could only time out: a clear failure (a 503, a refused
  // connection) would become a timeout, and a create cut short may still reach the service.
  const enough = policy.totalTimeoutMs * MIN_RETRY_SHARE;
  for (let number = 1; ; number++) {
    try {
      return await attempt(timeLeft());
    } catch (error) {
      const retryable =
        error instanceof ProcessingUnavailableError &&
        number < policy.attempts &&
        shouldRetry(error);
      if (!retryable) throw error;
      const delayMs = backoffDelay(policy, number);
      if (timeLeft() - delayMs < enough) throw error;
      await policy.onRetry?.({ operation, attempt: number, delayMs, error });
      await sleep(delayMs, signal);
      // `onRetry` or a late timer may have used what was left.
      if (timeLeft() < enough) throw error;
    }
  }
}
