/**
 * Signed callbacks to the merchant: the body is signed over its exact bytes like a request,
 * retried after each delay of a compressed schedule until the merchant answers 200, and
 * every attempt is recorded for `GET /_sandbox/callbacks`.
 */

import { stringifyJson } from '@crypto-pay/protocol';
import { signedHeadersSync } from '@crypto-pay/protocol/node';
import type { ResolvedOptions } from './config.ts';
import type { SandboxStore } from './store.ts';

/** How long one attempt may take before it counts as unanswered. */
const ATTEMPT_TIMEOUT_MS = 5000;
/** Attempts kept for `GET /_sandbox/callbacks`; the oldest go first beyond this. */
export const RECORDED_ATTEMPTS = 10_000;

export interface CallbackSender {
  /** Queues a callback; first attempts go out in the order they were sent. */
  send(payload: { type: string } & Record<string, unknown>): void;
  /** Queues the exact body of an earlier delivery again as a new delivery (a late callback): its id. */
  resend(type: string, body: string): number | undefined;
  /** Resolves once no attempt is in flight or waiting for its retry. */
  idle(): Promise<void>;
  /** Stops retries and in-flight attempts. */
  close(): void;
}

export function createCallbackSender(
  options: ResolvedOptions,
  store: SandboxStore,
): CallbackSender {
  const timers = new Set<NodeJS.Timeout>();
  const controllers = new Set<AbortController>();
  let pending = 0;
  let idleWaiters: (() => void)[] = [];
  let queue: Promise<void> = Promise.resolve();
  let closed = false;

  const settle = () => {
    // After close() the count is already 0; a late attempt must not push it below.
    pending = Math.max(0, pending - 1);
    if (pending === 0) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
  };

  async function attempt(deliveryId: number, type: string, body: string, number: number) {
    const url = store.merchant.callbackUrl;
    const record = (
      response_status: number | null,
      error: string | null,
      final: boolean,
      dropped = false,
    ) => {
      store.callbacks.push({
        delivery_id: deliveryId,
        attempt: number,
        type,
        url,
        body,
        response_status,
        error,
        at: new Date(options.now()).toISOString(),
        final,
        dropped,
      });
      if (store.callbacks.length > RECORDED_ATTEMPTS) store.callbacks.shift();
    };
    if (url === null) {
      record(null, 'No callback URL is set.', true);
      return settle();
    }
    // Like a firewall that swallows it: never sent, and not retried (the merchant never heard).
    if (store.faults.dropCallbacks) {
      record(null, 'Dropped by the drop_callbacks fault: not sent.', true, true);
      return settle();
    }
    const controller = new AbortController();
    controllers.add(controller);
    const timeout = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...signedHeadersSync(options.apiKey, options.signingSecret, body),
        },
        body,
        // A redirect is not a 200: like the real service, the sandbox does not follow it.
        redirect: 'manual',
        signal: controller.signal,
      });
      status = response.status;
      await response.body?.cancel();
    } catch (cause) {
      error = closed
        ? 'The sandbox closed during the attempt.'
        : controller.signal.aborted
          ? 'No answer in time.'
          : `Connection failed: ${(cause as Error).cause ?? (cause as Error).message}`;
    } finally {
      clearTimeout(timeout);
      controllers.delete(controller);
    }
    const delay = options.callbackRetryDelaysMs[number - 1];
    const retry = status !== 200 && delay !== undefined && !closed;
    record(status, error ?? (status === 200 ? null : `Answered ${status}.`), !retry);
    if (!retry) return settle();
    const timer = setTimeout(() => {
      timers.delete(timer);
      void run(deliveryId, type, body, number + 1);
    }, delay);
    timers.add(timer);
  }

  /** One attempt that never rejects: a broken one must not silence every later callback. */
  function run(deliveryId: number, type: string, body: string, number: number): Promise<void> {
    return attempt(deliveryId, type, body, number).catch((error: unknown) => {
      console.error('crypto-pay-sandbox: callback attempt failed', error);
      settle();
    });
  }

  const queueDelivery = (type: string, body: string) => {
    if (closed) return undefined;
    const deliveryId = store.nextId('delivery');
    pending += 1;
    queue = queue.then(() => run(deliveryId, type, body, 1));
    return deliveryId;
  };

  return {
    send: (payload) => {
      queueDelivery(payload.type, stringifyJson(payload));
    },
    resend: queueDelivery,
    idle: () =>
      pending === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve)),
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      for (const controller of controllers) controller.abort();
      timers.clear();
      pending = 0;
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    },
  };
}
