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
  /**
   * A change this store committed (its own notice is not heard): moves the checkout's entry
   * forward, even when the copy was dropped and served again while the change was made.
   */
  changed(checkout: StreamedCheckout): void;
  figures(): StatusCopyFigures;
}

export function statusCopy(size: number): StatusCopy {
  const entries = new LRUCache<string, Entry>({ max: size });
  /**
   * Reads of the database in flight, by checkout: how many, and the newest version a notice, a
   * change or another read kept meanwhile (a read that began before must not keep its older
   * row, even if that entry was pushed out of the copy before the read ended).
   */
  const reading = new Map<string, { readers: number; noticed: number }>();
  /** Grows each time the copy is dropped or served again: a read begun before keeps nothing. */
  let generation = 0;
  let serving = false;
  const counts = { hits: 0, misses: 0, bypassed: 0 };

  const drop = (serve: boolean) => {
    entries.clear();
    generation++;
    serving = serve;
  };

  /** A read in flight may no longer keep a row older than `version` (committed, or served). */
  const outdate = (id: string, version: number) => {
    const inFlight = reading.get(id);
    if (inFlight) inFlight.noticed = Math.max(inFlight.noticed, version);
    return inFlight;
  };

  /**
   * A version committed: kept when newer than the entry, and when the checkout is in the copy or
   * (`fromFeed`) being read. Only a notice may start an entry for a read in flight: heard while
   * listening, it is newer than all committed before. This store's own change may have been
   * committed while the feed was deaf, and a change on another proxy after it missed; an entry
   * kept since the feed listens again is no older than that one, so the change only moves
   * such an entry forward.
   */
  const heard = (
    id: string,
    version: number,
    checkout: StreamedCheckout | undefined,
    fromFeed: boolean,
  ) => {
    const inFlight = outdate(id, version);
    // Peeked: news of a checkout is not a read of it (the least read go first).
    const known = entries.peek(id);
    if (!known && !(fromFeed && inFlight)) return;
    if (known && known.version >= version) return;
    entries.set(id, checkout ? { version, checkout } : { version });
  };

  return {
    listener: {
      checkout(id, version, checkout) {
        if (serving) heard(id, version, checkout, true);
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
      if (!row) return row;
      // Begun before the copy was dropped: a change made while the feed was deaf may be newer.
      if (since !== generation) {
        outdate(id, row.version);
        return row;
      }
      const newer = entries.peek(id);
      // A notice came during the read: the newer of the two is answered, and the copy keeps it.
      if (newer?.checkout && newer.version >= row.version) return newer.checkout;
      // Another read in flight may find an older row: it keeps nothing older than this one, even
      // should the entry kept here be pushed out before it ends (the copy would go backwards).
      const older = Math.max(newer?.version ?? 0, inFlight.noticed) > row.version;
      outdate(id, row.version);
      if (older) return row;
      const checkout = streamedCheckout(row);
      entries.set(id, { version: checkout.version, checkout });
      return checkout;
    },
    changed(checkout) {
      if (serving) heard(checkout.id, checkout.version, streamedCheckout(checkout), false);
    },
    figures: () => ({ ...counts, entries: entries.size }),
  };
}
