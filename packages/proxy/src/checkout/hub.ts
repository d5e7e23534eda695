/**
 * The in-process hub of checkout changes: every open event stream of a checkout subscribes,
 * and a committed change is pushed to all of them at once. One hub per process; several
 * replicas would need a shared channel (e.g. database notifications) in its place.
 */

import type { CheckoutRecord } from '../store/store.ts';

export interface HubListener {
  change(checkout: CheckoutRecord): void;
  /** The process is shutting down: end the stream. */
  close(): void;
}

export interface CheckoutHub {
  /** Starts listening to one checkout; call the returned function to stop. */
  subscribe(checkoutId: string, listener: HubListener): () => void;
  publish(checkout: CheckoutRecord): void;
  /** Ends every subscription, and any made after (graceful shutdown). */
  closeAll(): void;
  /** Number of open subscriptions, for tests and readiness. */
  size(): number;
}

export function createCheckoutHub(): CheckoutHub {
  const listeners = new Map<string, Set<HubListener>>();
  let total = 0;
  let closed = false;
  return {
    subscribe(checkoutId, listener) {
      // A stream opened on a connection still busy at shutdown ends too, once it has started.
      if (closed) {
        queueMicrotask(() => listener.close());
        return () => {};
      }
      let set = listeners.get(checkoutId);
      if (!set) {
        set = new Set();
        listeners.set(checkoutId, set);
      }
      set.add(listener);
      total++;
      return () => {
        if (set.delete(listener)) total--;
        if (set.size === 0 && listeners.get(checkoutId) === set) listeners.delete(checkoutId);
      };
    },
    publish(checkout) {
      for (const listener of [...(listeners.get(checkout.id) ?? [])]) listener.change(checkout);
    },
    closeAll() {
      closed = true;
      for (const set of [...listeners.values()]) {
        for (const listener of [...set]) listener.close();
      }
    },
    size() {
      return total;
    },
  };
}
