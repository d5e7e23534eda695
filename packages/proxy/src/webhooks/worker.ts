/**
 * The delivery worker in the proxy's process: it claims due deliveries from the outbox (a lease,
 * so several proxies on one database send each once), sends them, and settles each attempt:
 * delivered on a 2xx, else due again after the retry schedule's next delay, with jitter, until
 * the schedule is spent. Woken after a commit that wrote events; never awaited by a request.
 */

import { setTimeout as delay } from 'node:timers/promises';
import type { Metrics } from '../metrics/metrics.ts';
import type { Log } from '../process/logger.ts';
import { type ClaimedDelivery, ENV_ENDPOINT_ID, type WebhookStore } from '../store/outbox.ts';
import { storeUnavailableReason } from '../store/unavailable.ts';
import { type SpanAttributes, tracing } from '../tracing/hooks.ts';
import { sendEvent } from './send.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Delays after each failed attempt: the first retry within about ten seconds, the last about
 * three days after the event (71.6 hours in all), as the README's table shows.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  5 * SECOND,
  MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  20 * HOUR,
];

/** The answer that disables an endpoint (Standard Webhooks: the receiver is gone for good). */
const GONE = 410;

/** An endpoint failing this long is said to be failing (merchant API, a `warn` line). */
export const FAILING_AFTER_MS = 24 * HOUR;

/** When attempt number `attempt` (1 = the first) failed at `now`: the next one, ±20 %. */
export function retryAt(
  schedule: readonly number[],
  attempt: number,
  now: number,
  random: () => number = Math.random,
): number | undefined {
  const delay = schedule[attempt - 1];
  if (delay === undefined) return undefined;
  return now + Math.round(delay * (0.8 + 0.4 * random()));
}

export interface WorkerOptions {
  store: WebhookStore;
  log: Log;
  /** `WEBHOOK_SECRET`, which signs for the environment's endpoint. */
  envSecret: string | undefined;
  schedule?: readonly number[];
  now?: () => number;
  /** Sends at once at most. */
  concurrency?: number;
  /** A receiver's time to answer (10 s). */
  timeoutMs?: number;
  /** Counts each attempt by result (`crypto_pay_webhook_attempts_total`). */
  metrics?: Pick<Metrics, 'webhookAttempt'>;
}

export interface WebhookWorker {
  /** Look for due deliveries soon (after the caller's own work, never during it). */
  wake(): void;
  /** Stops claiming, cuts off the sends in flight (due again at the next start), waits for them. */
  close(): Promise<void>;
}

/** Longest sleep between looks at the outbox: another proxy may have written to it. */
const POLL_MS = 30 * SECOND;
/** After a store failure, the next look. */
const STORE_RETRY_MS = 5 * SECOND;
/** Waits between tries to record an attempt while the store is unavailable: doubled up to the last. */
const RECORD_RETRY_MS = { first: 100, max: 5 * SECOND };

export function startWebhookWorker(options: WorkerOptions): WebhookWorker {
  const { store, log } = options;
  const now = options.now ?? Date.now;
  const schedule = options.schedule ?? RETRY_SCHEDULE_MS;
  const concurrency = options.concurrency ?? 8;
  const timeoutMs = options.timeoutMs ?? 10 * SECOND;
  // A claim outlives a send's timeout with room to record its result.
  const leaseMs = timeoutMs + MINUTE;
  const stopping = new AbortController();
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  /** The look at the outbox under way, if any: `close` waits for it. */
  let looking: Promise<void> | undefined;
  let again = false;

  const secretsOf = (endpoint: ClaimedDelivery['endpoint'], at: number): string[] => {
    if (endpoint.id === ENV_ENDPOINT_ID) return options.envSecret ? [options.envSecret] : [];
    const secrets = endpoint.secret ? [endpoint.secret] : [];
    if (endpoint.previousSecret && (endpoint.previousSecretUntil ?? 0) > at) {
      secrets.push(endpoint.previousSecret);
    }
    return secrets;
  };

  /**
   * Records an attempt's outcome, tried again while the store is unavailable (a restart, a
   * connection the server ended) and the claim is still this worker's (until `leaseEnd`):
   * unrecorded, the delivery would wait out its lease, over a minute, before anyone sent it
   * again. Not once the worker stops: its close must not wait for the database.
   */
  const record = async <T>(write: () => Promise<T>, leaseEnd: number, fields: object) => {
    for (let wait = RECORD_RETRY_MS.first; ; wait = Math.min(2 * wait, RECORD_RETRY_MS.max)) {
      try {
        return await write();
      } catch (error) {
        const reason = storeUnavailableReason(error);
        if (reason === undefined || stopping.signal.aborted || now() + wait >= leaseEnd) {
          throw error;
        }
        if (wait === RECORD_RETRY_MS.first) {
          log('warn', 'webhook attempt not recorded yet: the store is unavailable', {
            ...fields,
            error: reason,
          });
        }
        await delay(wait, undefined, { signal: stopping.signal }).catch(() => {
          throw error;
        });
      }
    }
  };

  const attemptDelivery = async (
    delivery: ClaimedDelivery,
    leaseEnd: number,
    annotate: (more: SpanAttributes) => void,
  ) => {
    const { event, endpoint } = delivery;
    const { retryAfterMs, ...result } = await sendEvent({
      url: endpoint.url,
      secrets: secretsOf(endpoint, now()),
      event,
      timeoutMs,
      now,
      signal: stopping.signal,
    });
    const fields = {
      event_id: event.id,
      type: event.type,
      endpoint_id: endpoint.id,
      attempt: delivery.attempt,
      ...(result.statusCode === undefined ? {} : { status: result.statusCode }),
      duration_ms: result.durationMs,
    };
    // Cut off by a shutdown, not by the receiver: the claim goes back uncounted, due again as
    // soon as a proxy runs, and the endpoint is not marked failing for it.
    if (!result.delivered && result.statusCode === undefined && stopping.signal.aborted) {
      await store.releaseClaim(delivery, result);
      log('info', 'webhook attempt cut off by the shutdown', fields);
      return;
    }
    const outcome = result.delivered
      ? 'delivered'
      : result.statusCode === undefined
        ? 'unreachable'
        : 'rejected';
    options.metrics?.webhookAttempt(outcome);
    annotate({
      'crypto_pay.webhook.result': outcome,
      ...(result.statusCode === undefined
        ? {}
        : { 'http.response.status_code': result.statusCode }),
    });
    let next = result.delivered ? undefined : retryAt(schedule, delivery.attempt, now());
    // Standard Webhooks: a receiver under load (a 429, a 503) may say when to come back; an
    // earlier retry would spend an attempt of the schedule on an answer known in advance. Capped
    // (`sendEvent`), so a mistaken header cannot park a delivery for longer than the schedule's
    // longest wait.
    if (next !== undefined && retryAfterMs !== undefined) {
      next = Math.max(next, result.attemptedAt + retryAfterMs);
    }
    await record(
      () =>
        store.finishAttempt(delivery, next === undefined ? result : { ...result, retryAt: next }),
      leaseEnd,
      fields,
    );
    if (result.delivered) {
      log('info', 'webhook delivered', fields);
      return;
    }
    log('info', 'webhook attempt failed', { ...fields, error: result.error });
    // Standard Webhooks: a 410 is the receiver saying it wants no more from us. Retrying it for
    // three days would only pile up deliveries for a URL that is gone, so the endpoint is
    // disabled as a merchant would (its waiting deliveries end: failed or dropped), in the audit
    // log and a warn line; enabling it again takes the events from then on. Only while it still
    // sends to the URL that answered: a merchant moving a receiver makes the old address answer
    // 410, then changes the URL, and a send already on its way must not undo that. WEBHOOK_URL's
    // endpoint is the environment's to change, so it is only retried.
    if (result.statusCode === GONE && endpoint.id !== ENV_ENDPOINT_ID) {
      const disabled = await record(
        () => store.disableGoneEndpoint(endpoint.id, endpoint.url, now()),
        leaseEnd,
        fields,
      );
      if (disabled) {
        log('warn', 'webhook endpoint disabled: it answered 410 Gone', {
          endpoint_id: endpoint.id,
          event_id: event.id,
        });
        return;
      }
    }
    const failingSince = endpoint.failingSince ?? result.attemptedAt;
    if (result.attemptedAt - failingSince >= FAILING_AFTER_MS) {
      log('warn', 'webhook endpoint failing for over a day', {
        endpoint_id: endpoint.id,
        failing_since: new Date(failingSince).toISOString(),
      });
    }
    if (next === undefined) {
      log('warn', 'webhook given up after its last retry', fields);
    }
  };

  // One span per attempt: the send, its record in the store and its log lines inside it.
  const deliver = (delivery: ClaimedDelivery, leaseEnd: number) =>
    tracing().span(
      'webhook attempt',
      {
        'crypto_pay.webhook.event_type': delivery.event.type,
        'crypto_pay.webhook.attempt': delivery.attempt,
      },
      (annotate) => attemptDelivery(delivery, leaseEnd, annotate),
    );

  const track = (delivery: ClaimedDelivery, leaseEnd: number) => {
    const sending: Promise<void> = deliver(delivery, leaseEnd)
      .catch((error) => {
        log('error', 'webhook attempt could not be recorded', {
          event_id: delivery.event.id,
          error: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => {
        inFlight.delete(sending);
        wake();
      });
    inFlight.add(sending);
  };

  const sleep = (ms: number) => {
    if (stopping.signal.aborted) return;
    clearTimeout(timer);
    timer = setTimeout(() => void pump(), Math.max(0, Math.min(ms, POLL_MS)));
    timer.unref();
  };

  const look = async () => {
    try {
      for (;;) {
        again = false;
        if (stopping.signal.aborted) return;
        const free = concurrency - inFlight.size;
        if (free > 0) {
          const claimedAt = now();
          const claimed = await store.claimDeliveries(claimedAt, leaseMs, free);
          for (const delivery of claimed) track(delivery, claimedAt + leaseMs);
          if (claimed.length === free) again = true;
        }
        if (again) continue;
        // Full: a send that ends wakes the worker. Otherwise sleep until the next due one (an
        // endpoint at its cap of claims: a send that ends wakes it too, or another worker's lease).
        if (inFlight.size < concurrency) {
          const due = await store.nextDeliveryAt(now());
          sleep(due === undefined ? POLL_MS : due - now());
        }
        if (!again) return;
      }
    } catch (error) {
      log('error', 'webhook deliveries paused: the store failed', {
        error: error instanceof Error ? error.message : String(error),
      });
      sleep(STORE_RETRY_MS);
    }
  };

  const pump = () => {
    if (looking) {
      again = true;
      return;
    }
    looking = look().finally(() => {
      looking = undefined;
    });
  };

  function wake() {
    if (stopping.signal.aborted) return;
    setImmediate(() => void pump());
  }

  wake();
  return {
    wake,
    async close() {
      stopping.abort();
      clearTimeout(timer);
      // A claim committed during a look is this worker's lease (timeout + a minute): its sends,
      // cut off at once, give it back. Waited for here, before the caller closes the store; else
      // the endpoint stays at its cap of claims until the leases run out, and nobody sends to it.
      await looking;
      await Promise.allSettled([...inFlight]);
    },
  };
}
