/**
 * The PostgreSQL store's copy of the checkouts being read, for status reads without a round trip
 * to the database. Filled on a read miss; moved forward by the change feed's notices and by this
 * store's own changes, by version (an older or equal version never replaces a newer one); and
 * trusted only while the feed listens: when its connection is lost the whole copy is dropped,
 * and nothing is kept or served until the feed listens again and says so (`resync`), since
 * notices sent meanwhile are lost for it. A read answered from it may be a notice's latency
 * behind a change committed on another proxy, never older than one already answered here.
 */

import { LRUCache } from 'lru-cache';
import { type StreamedCheckout, streamedCheckout } from './checkout-record.ts';
import type { StoreChangeListener } from './store.ts';

/** Checkouts kept unless `STATUS_COPY_SIZE` says otherwise: about 1 KiB each. */
export const DEFAULT_STATUS_COPY_SIZE = 10_000;

/** How status reads were answered since the start (metrics, tests). */
export interface StatusCopyFigures {
  /** From the copy. */
  hits: number;
  /** From the database, and kept. */
  misses: number;
  /** From the database while the copy was dropped (the feed not listening). */
  bypassed: number;
  /** Checkouts in the copy now. */
  entries: number;
}

/**
 * A checkout known at `version`: with its public fields, or without when a notice named a newer
 * version without carrying it (too big for one): then a read goes to the database.
 */
interface Entry {
  version: number;
  checkout?: StreamedCheckout;
}

export interface StatusCopy {
  /** What the change feed tells it (the copy must be subscribed to the feed to serve). */
  listener: StoreChangeListener;
  /** The checkout `id` from the copy, or else from `fromDatabase` (kept when it may be). */
  read(
    id: string,
    fromDatabase: (id: string) => Promise<StreamedCheckout | undefined>,
  ): Promise<StreamedCheckout | undefined>;
  /** The copy's generation now: taken before a change this store commits, given to `changed`. */
  generation(): number;
  /**
   * A change this store committed (its own notice is not heard), begun at `since`: kept unless
   * the copy was dropped meanwhile, when a newer change may have been missed.
   */
  changed(since: number, checkout: StreamedCheckout): void;
  figures(): StatusCopyFigures;
}

export function statusCopy(size: number): StatusCopy {
  const entries = new LRUCache<string, Entry>({ max: size });
  /**
   * Reads of the database in flight, by checkout: how many, and the newest version a notice named
   * meanwhile (a read that began before it must not keep its older row, even if the notice's
   * entry was pushed out of the copy before the read ended).
   */
  const reading = new Map<string, { readers: number; noticed: number }>();
  /** Grows each time the copy is dropped or served again: a read or change begun before is not kept. */
  let generation = 0;
  let serving = false;
  const counts = { hits: 0, misses: 0, bypassed: 0 };

  const drop = (serve: boolean) => {
    entries.clear();
    generation++;
    serving = serve;
  };

  /** A version committed: kept when the checkout is in the copy or being read, and newer. */
  const heard = (id: string, version: number, checkout: StreamedCheckout | undefined) => {
    const inFlight = reading.get(id);
    if (inFlight) inFlight.noticed = Math.max(inFlight.noticed, version);
    const known = entries.get(id);
    if (!known && !inFlight) return;
    if (known && known.version >= version) return;
    entries.set(id, checkout ? { version, checkout } : { version });
  };

  return {
    listener: {
      checkout(id, version, checkout) {
        if (serving) heard(id, version, checkout);
      },
      outbox() {},
      resync() {
        // Listening from now on: every change committed from here is heard. Those before are
        // read from the database, entry by entry.
        drop(true);
      },
      lost() {
        drop(false);
      },
    },
    async read(id, fromDatabase) {
      if (!serving) {
        counts.bypassed++;
        return fromDatabase(id);
      }
      const known = entries.get(id);
      if (known?.checkout) {
        counts.hits++;
        return known.checkout;
      }
      counts.misses++;
      const since = generation;
      const inFlight = reading.get(id) ?? { readers: 0, noticed: 0 };
      inFlight.readers++;
      reading.set(id, inFlight);
      let row: StreamedCheckout | undefined;
      try {
        row = await fromDatabase(id);
      } finally {
        if (--inFlight.readers === 0) reading.delete(id);
      }
      // Begun before the copy was dropped: a change made while the feed was deaf may be newer.
      if (!row || since !== generation) return row;
      const newer = entries.get(id);
      // A notice came during the read: the newer of the two is answered, and the copy keeps it.
      if (newer?.checkout && newer.version >= row.version) return newer.checkout;
      if (Math.max(newer?.version ?? 0, inFlight.noticed) > row.version) return row;
      const checkout = streamedCheckout(row);
      entries.set(id, { version: checkout.version, checkout });
      return checkout;
    },
    generation: () => generation,
    changed(since, checkout) {
      if (serving && since === generation)
        heard(checkout.id, checkout.version, streamedCheckout(checkout));
    },
    figures: () => ({ ...counts, entries: entries.size }),
  };
}
