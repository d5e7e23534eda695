/**
 * One webhook attempt: the body built from the stored event (the same bytes every time), posted
 * as the protocol's Standard Webhooks request within a timeout; only an excerpt of the answer kept.
 */

import type { WebhookEvent } from '@crypto-pay/protocol/proxy-api';
import { retryAfterSeconds } from '@crypto-pay/protocol/retry-after';
import { webhookRefusal, webhookRequest } from '@crypto-pay/protocol/webhooks';
import type { AttemptResult, StoredEvent } from '../store/outbox.ts';

/** A receiver's whole answer is not kept: its first characters say enough. */
const EXCERPT_CHARS = 256;

/** An event as it is sent and listed: the contract's `{id, type, timestamp}`, then `data`. */
export function eventPayload(event: StoredEvent): WebhookEvent {
  return {
    id: event.id,
    type: event.type,
    timestamp: new Date(event.createdAt).toISOString(),
    data: event.data,
  };
}

export const eventBody = (event: StoredEvent): string => JSON.stringify(eventPayload(event));

/** Reads at most `EXCERPT_CHARS` of the answer and lets the rest go. */
async function excerptOf(response: Response): Promise<string | undefined> {
  if (!response.body) return undefined;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < EXCERPT_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text.length === 0 ? undefined : text.slice(0, EXCERPT_CHARS);
}

function errorText(error: unknown, stopping: AbortSignal): string {
  if (stopping.aborted) return 'cut off: the proxy stopped';
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return 'timed out';
  }
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  if (typeof cause?.code === 'string') return `connection failed (${cause.code})`;
  return error instanceof Error ? error.message : String(error);
}

/** The longest `Retry-After` followed: the retry schedule's longest wait, 20 h. */
const MAX_RETRY_AFTER_SECONDS = 20 * 3600;

/** An attempt's outcome, with how long the receiver asked to be left alone, if it did. */
export type SendResult = Omit<AttemptResult, 'retryAt'> & { retryAfterMs?: number };

export interface Attempt {
  url: string;
  secrets: string[];
  event: StoredEvent;
  timeoutMs: number;
  now: () => number;
  /** The proxy stopping: the attempt ends at once (and is due again at the next start). */
  signal: AbortSignal;
}

/** Sends once; the result says whether a 2xx came back in time (retry decided by the caller). */
export async function sendEvent(attempt: Attempt): Promise<SendResult> {
  const attemptedAt = attempt.now();
  const started = performance.now();
  const body = eventBody(attempt.event);
  const durationMs = () => Math.round(performance.now() - started);
  const signal = AbortSignal.any([AbortSignal.timeout(attempt.timeoutMs), attempt.signal]);
  try {
    const request = webhookRequest({
      id: attempt.event.id,
      body,
      at: new Date(attemptedAt),
      secrets: attempt.secrets,
      userAgent: 'crypto-pay-proxy webhooks',
    });
    const response = await fetch(attempt.url, { ...request, signal });
    const excerpt = await excerptOf(response).catch(() => undefined);
    const refusal = webhookRefusal(response);
    const result: SendResult = {
      attemptedAt,
      durationMs: durationMs(),
      statusCode: response.status,
      delivered: refusal === undefined,
    };
    if (excerpt !== undefined) result.responseExcerpt = excerpt;
    if (refusal !== undefined) {
      result.error = refusal;
      // Counted from the receiver's own `Date` when it gives one: its clock set the date.
      const wait = retryAfterSeconds(
        response.headers.get('retry-after'),
        Date.parse(response.headers.get('date') ?? '') || attemptedAt,
        MAX_RETRY_AFTER_SECONDS,
      );
      if (wait !== undefined) result.retryAfterMs = wait * 1000;
    }
    return result;
  } catch (error) {
    return {
      attemptedAt,
      durationMs: durationMs(),
      delivered: false,
      error: errorText(error, attempt.signal),
    };
  }
}
