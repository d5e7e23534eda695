/**
 * Posts each event `crypto-pay listen` receives to the local handler as a Standard Webhook,
 * as the protocol's request, the proxy's own, the body exactly as the stream gave it. Events are queued as they are
 * read, so a slow handler never holds up reading the stream; first attempts go one at a time in
 * the stream's order; a handler that is down, hangs past the attempt's timeout or answers non-2xx
 * is tried again in the background, so a failing event holds up the ones after it at most once.
 */

import { webhookRefusal, webhookRequest } from '@crypto-pay/protocol/webhooks';
import { failureCause } from '../../proxy-api.ts';

/**
 * Waits before the second and third attempts: three attempts over about ten seconds, long
 * enough for a handler restarted by a file watcher, short enough to see the failure soon.
 */
export const RETRY_DELAYS_MS: readonly number[] = [2_000, 8_000];

/** An attempt the handler has not answered by then counts as failed. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** An event of the stream: its id and type, and its JSON as it came. */
export interface StreamedEvent {
  id: string;
  type: string;
  body: string;
}

/** One attempt, as `listen` prints it. */
export interface DeliveryReport {
  /** When the attempt started. */
  at: Date;
  event: StreamedEvent;
  attempt: number;
  attempts: number;
  /** The handler's status, when it answered. */
  status?: number;
  /** Why it failed: no connection, no answer in time, a redirect, a non-2xx status. */
  error?: string;
  durationMs: number;
  outcome: 'delivered' | 'retrying' | 'failed';
  /** With `retrying`: the wait before the next attempt. */
  retryInMs?: number;
}

export interface ForwarderOptions {
  url: string;
  secret: string;
  report(report: DeliveryReport): void;
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
}

export interface Forwarder {
  /**
   * Queues the event's first attempt after those before it and returns at once; the promise
   * settles once that attempt is answered (a retry, if any, is scheduled): for tests, not to be
   * awaited by a reader of the stream.
   */
  deliver(event: StreamedEvent): Promise<void>;
  /**
   * Stops: waits up to `graceMs` for the attempts under way, ends the rest, drops the scheduled
   * retries; resolves with the events that were not delivered.
   */
  close(graceMs: number): Promise<StreamedEvent[]>;
}

/** A fetch failure in a few words: the system's code (ECONNREFUSED, …) or the timeout. */
function failureOf(error: unknown, timeoutMs: number, closing: boolean): string {
  if (closing) return 'stopped';
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  return `connection failed (${failureCause(error)})`;
}

export function createForwarder(options: ForwarderOptions): Forwarder {
  const secrets = [options.secret];
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const timeoutMs = options.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const attempts = delays.length + 1;
  const closing = new AbortController();
  /** Attempts under way, by their event. */
  const underWay = new Map<Promise<void>, StreamedEvent>();
  /** Retries waiting for their time. */
  const scheduled = new Map<ReturnType<typeof setTimeout>, StreamedEvent>();
  const undelivered: StreamedEvent[] = [];
  /** Set once `close` is called: no first attempt or retry starts after it. */
  let stopping = false;
  /** Events waiting for their first attempt, in the stream's order, one attempt at a time. */
  const waiting: { event: StreamedEvent; done: () => void }[] = [];
  let pumping: Promise<void> | undefined;
  const pump = async () => {
    while (waiting.length > 0 && !stopping) {
      const { event, done } = waiting.shift()!;
      await track(event, attempt(event, 1));
      done();
    }
    pumping = undefined;
  };

  const attempt = async (event: StreamedEvent, number: number): Promise<void> => {
    const at = new Date();
    const started = performance.now();
    let status: number | undefined;
    let error: string | undefined;
    try {
      const request = webhookRequest({
        id: event.id,
        body: event.body,
        at,
        secrets,
        userAgent: 'crypto-pay listen',
      });
      const response = await fetch(options.url, {
        ...request,
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), closing.signal]),
      });
      status = response.status;
      await response.body?.cancel().catch(() => {});
      error = webhookRefusal(response);
    } catch (failure) {
      error = failureOf(failure, timeoutMs, closing.signal.aborted);
    }
    const delivered = error === undefined;
    const again = !delivered && number < attempts && !stopping;
    const report: DeliveryReport = {
      at,
      event,
      attempt: number,
      attempts,
      ...(status === undefined ? {} : { status }),
      ...(error === undefined ? {} : { error }),
      durationMs: Math.round(performance.now() - started),
      outcome: delivered ? 'delivered' : again ? 'retrying' : 'failed',
    };
    if (again) {
      const wait = delays[number - 1]!;
      report.retryInMs = wait;
      const timer = setTimeout(() => {
        scheduled.delete(timer);
        track(event, attempt(event, number + 1));
      }, wait);
      scheduled.set(timer, event);
    } else if (!delivered) {
      undelivered.push(event);
    }
    options.report(report);
  };

  const track = (event: StreamedEvent, running: Promise<void>): Promise<void> => {
    underWay.set(running, event);
    void running.finally(() => underWay.delete(running));
    return running;
  };

  return {
    deliver(event) {
      const first = new Promise<void>((done) => waiting.push({ event, done }));
      // Started at once when nothing is under way: the first attempt begins before this returns.
      pumping ??= pump();
      return first;
    },
    async close(graceMs) {
      stopping = true;
      // No first attempt starts after the stop: what waits for one is not delivered.
      for (const { event, done } of waiting.splice(0)) {
        undelivered.push(event);
        done();
      }
      for (const [timer, event] of scheduled) {
        clearTimeout(timer);
        undelivered.push(event);
      }
      scheduled.clear();
      const settled = Promise.allSettled([...underWay.keys()]);
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        settled,
        new Promise((resolve) => (timer = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(timer);
      // What has not settled by now ends as failed (and is counted then).
      closing.abort();
      await settled;
      await pumping;
      return undelivered;
    },
  };
}
