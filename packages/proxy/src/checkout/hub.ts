/**
 * The hub of checkout changes in this process: every open event stream of a checkout
 * subscribes, and a committed change is pushed to all of them at once. A change committed here
 * is published where it is made (`apply-callback.ts`); one committed by another proxy on the
 * same database arrives through the store's change feed (`relay.ts`: PostgreSQL's
 * LISTEN/NOTIFY), so every proxy's streams hear of every change. A version is published once and
 * never after a newer one, whichever way it came.
 */

import type { StreamedCheckout } from '../store/store.ts';

export interface HubListener {
  change(checkout: StreamedCheckout): void;
  /** The process is shutting down: end the stream. */
  close(): void;
}

export interface CheckoutHub {
  /** Starts listening to one checkout; call the returned function to stop. */
  subscribe(checkoutId: string, listener: HubListener): () => void;
  /** Pushes `checkout` to its listeners, unless a version as new was pushed already. */
  publish(checkout: StreamedCheckout): void;
  /** The checkouts that have listeners now. */
  followed(): string[];
  /** Whether `checkoutId` has listeners now. */
  follows(checkoutId: string): boolean;
  /** The newest version pushed to the current listeners of `checkoutId`, if any. */
  publishedVersion(checkoutId: string): number | undefined;
  /** Ends every subscription, and any made after (graceful shutdown). */
  closeAll(): void;
  /** Number of open subscriptions, for tests and readiness. */
  size(): number;
}

interface Followed {
  listeners: Set<HubListener>;
  /** Forgotten with the last listener: a new stream reads the checkout itself at first. */
  version?: number;
}

export function createCheckoutHub(): CheckoutHub {
  const checkouts = new Map<string, Followed>();
  let total = 0;
  let closed = false;
  return {
    subscribe(checkoutId, listener) {
      // A stream opened on a connection still busy at shutdown ends too, once it has started.
      if (closed) {
        queueMicrotask(() => listener.close());
        return () => {};
      }
      let followed = checkouts.get(checkoutId);
      if (!followed) {
        followed = { listeners: new Set() };
        checkouts.set(checkoutId, followed);
      }
      const { listeners } = followed;
      listeners.add(listener);
      total++;
      return () => {
        if (listeners.delete(listener)) total--;
        if (listeners.size === 0 && checkouts.get(checkoutId) === followed) {
          checkouts.delete(checkoutId);
        }
      };
    },
    publish(checkout) {
      const followed = checkouts.get(checkout.id);
      if (!followed) return;
      // The same change may come twice (here and through the store's feed), and reads may
      // resolve out of order: a stream never goes back, nor hears a version twice.
      if (followed.version !== undefined && checkout.version <= followed.version) return;
      followed.version = checkout.version;
      for (const listener of [...followed.listeners]) listener.change(checkout);
    },
    followed() {
      return [...checkouts.keys()];
    },
    follows(checkoutId) {
      return checkouts.has(checkoutId);
    },
    publishedVersion(checkoutId) {
      return checkouts.get(checkoutId)?.version;
    },
    closeAll() {
      closed = true;
      for (const followed of [...checkouts.values()]) {
        for (const listener of [...followed.listeners]) listener.close();
      }
    },
    size() {
      return total;
    },
  };
}
