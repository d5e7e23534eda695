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

/**
 * "Second chance" eviction: a read only marks its entry as used (moving it in the Map on every
 * read cost more than the rest of a status read); past capacity the oldest entry goes unless
 * it was used since it last came round, in which case it moves to the newest end, unmarked.
 */
export function recentCheckouts(capacity: number): RecentCheckouts {
  const entries = new Map<string, { checkout: CheckoutRecord; used: boolean }>();
  const evictOne = () => {
    for (const [id, entry] of entries) {
      entries.delete(id);
      if (!entry.used) return;
      entry.used = false;
      entries.set(id, entry);
    }
  };
  return {
    get(id) {
      const entry = entries.get(id);
      if (!entry) return undefined;
      entry.used = true;
      return entry.checkout;
    },
    put(checkout) {
      Object.freeze(checkout.currency);
      if (checkout.paymentCurrency) Object.freeze(checkout.paymentCurrency);
      Object.freeze(checkout);
      const entry = entries.get(checkout.id);
      if (entry) {
        entry.checkout = checkout;
        entry.used = true;
        return checkout;
      }
      // Room first, so the newcomer is never the one evicted.
      if (entries.size >= capacity) evictOne();
      entries.set(checkout.id, { checkout, used: false });
      return checkout;
    },
  };
}
