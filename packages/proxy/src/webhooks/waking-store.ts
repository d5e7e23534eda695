/**
 * The store as the routes use it when webhooks are on: every write that may add events or
 * deliveries wakes the delivery worker once it has committed, so the send starts at once and
 * the request that caused it never waits for it.
 */

import type { Store } from '../store/store.ts';

export function wakingStore(store: Store, wake: () => void): Store {
  return {
    ...store,
    async insertCheckout(...args) {
      await store.insertCheckout(...args);
      wake();
    },
    async advanceCheckout(...args) {
      const changed = await store.advanceCheckout(...args);
      if (changed) wake();
      return changed;
    },
    async recordCallback(...args) {
      await store.recordCallback(...args);
      wake();
    },
    async redeliverEvent(...args) {
      const queued = await store.redeliverEvent(...args);
      if (queued) wake();
      return queued;
    },
  };
}
