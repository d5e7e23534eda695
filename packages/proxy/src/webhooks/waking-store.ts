/**
 * The store as the routes (and the stale sweep) use it: every write that queued deliveries
 * (or, for a checkout's change, may have) wakes the delivery worker once it has committed, so
 * the send starts at once and the request that caused it never waits for it; every write that
 * may have written an event wakes the events streams' reader (`event-feed.ts`), which does
 * nothing while no stream is open. A write that queued none wakes no worker: its look would
 * find nothing (a claim, a transaction, per create).
 */

import type { Store } from '../store/store.ts';

export interface Wakes {
  /** The webhook delivery worker. */
  deliveries?: () => void;
  /** The reader of the events streams. */
  events?: () => void;
}

export function wakingStore(store: Store, wakes: Wakes): Store {
  const deliveries = wakes.deliveries ?? (() => {});
  const events = wakes.events ?? (() => {});
  const waking: Pick<
    Store,
    | 'insertCheckout'
    | 'advanceCheckout'
    | 'markStaleCheckouts'
    | 'recordCallback'
    | 'redeliverEvent'
    | 'redeliverToEndpoint'
    | 'testEndpoint'
  > = {
    async insertCheckout(...args) {
      const queued = await store.insertCheckout(...args);
      // Its event is written whether or not an endpoint takes it.
      events();
      if (queued) deliveries();
      return queued;
    },
    async advanceCheckout(...args) {
      const advance = await store.advanceCheckout(...args);
      if (advance.checkout) {
        events();
        deliveries();
      }
      return advance;
    },
    async markStaleCheckouts(...args) {
      const marked = await store.markStaleCheckouts(...args);
      if (marked.length > 0) {
        events();
        deliveries();
      }
      return marked;
    },
    async recordCallback(...args) {
      const queued = await store.recordCallback(...args);
      // A relayed callback's event may be written with no endpoint to take it.
      events();
      if (queued) deliveries();
      return queued;
    },
    async redeliverEvent(...args) {
      const queued = await store.redeliverEvent(...args);
      if (queued) deliveries();
      return queued;
    },
    async redeliverToEndpoint(...args) {
      const outcome = await store.redeliverToEndpoint(...args);
      if (outcome === 'queued') deliveries();
      return outcome;
    },
    async testEndpoint(...args) {
      const tested = await store.testEndpoint(...args);
      // An event's id: the test event queued for that endpoint.
      if (tested !== undefined && tested !== 'disabled') {
        events();
        deliveries();
      }
      return tested;
    },
  };
  // The store's other methods through the prototype, not copied: what a test (or a wrapper)
  // sets on the store later is what the routes call.
  return Object.assign(Object.create(store) as Store, waking);
}
