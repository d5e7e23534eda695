/**
 * The most recently used checkouts, kept in memory so status reads and event streams skip the
 * database. Only the store fills it, with records it read or changed itself (one process owns
 * the file), and entries are frozen: a caller cannot change what the next caller reads.
 */

import type { CheckoutRecord } from './store.ts';

export interface RecentCheckouts {
  get(id: string): CheckoutRecord | undefined;
  /** Remembers `checkout` (frozen) and returns it. */
  put(checkout: CheckoutRecord): CheckoutRecord;
}

export function recentCheckouts(capacity: number): RecentCheckouts {
  const entries = new Map<string, CheckoutRecord>();
  return {
    get(id) {
      const checkout = entries.get(id);
      if (checkout) {
        // Move to the newest end: the Map's order is the order of use.
        entries.delete(id);
        entries.set(id, checkout);
      }
      return checkout;
    },
    put(checkout) {
      Object.freeze(checkout.currency);
      if (checkout.paymentCurrency) Object.freeze(checkout.paymentCurrency);
      Object.freeze(checkout);
      entries.delete(checkout.id);
      entries.set(checkout.id, checkout);
      if (entries.size > capacity) entries.delete(entries.keys().next().value!);
      return checkout;
    },
  };
}
