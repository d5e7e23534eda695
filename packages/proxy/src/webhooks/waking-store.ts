/**
 * The store as the routes (and the stale sweep) use it when webhooks are on: every write that
 * queued deliveries (or, for a checkout's change, may have) wakes the delivery worker once it
 * has committed, so the send starts at once and the request that caused it never waits for it.
 * A write that queued none wakes nobody: the look would find nothing (a claim, a transaction,
 * per create).
 */

import type { Store } from '../store/store.ts';

export function wakingStore(store: Store, wake: () => void): Store {
  return {
    ...store,
    async insertCheckout(...args) {
      const queued = await store.insertCheckout(...args);
      if (queued) wake();
      return queued;
    },
    async advanceCheckout(...args) {
      const advance = await store.advanceCheckout(...args);
      if (advance.checkout) wake();
      return advance;
    },
    async markStaleCheckouts(...args) {
      const marked = await store.markStaleCheckouts(...args);
      if (marked.length > 0) wake();
      return marked;
    },
    async recordCallback(...args) {
      const queued = await store.recordCallback(...args);
      if (queued) wake();
      return queued;
    },
    async redeliverEvent(...args) {
      const queued = await store.redeliverEvent(...args);
      if (queued) wake();
      return queued;
    },
    async testEndpoint(...args) {
      const tested = await store.testEndpoint(...args);
      // An event's id: the test event queued for that endpoint.
      if (tested !== undefined && tested !== 'disabled') wake();
      return tested;
    },
  };
}
