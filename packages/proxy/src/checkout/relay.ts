/**
 * Brings to this proxy what the others on the same database commit (the store's change feed):
 * a checkout change is published on this process's hub, when a stream here follows it and the
 * version is new to it, as the notice carried it or else read from the store; an outbox notice
 * wakes the webhook worker; and once the feed is back after it was lost, every followed
 * checkout is read again, so a notice missed meanwhile cannot leave a stream stale. On SQLite
 * the feed is silent.
 */

import type { Log } from '../process/logger.ts';
import type { Store } from '../store/store.ts';
import type { CheckoutHub } from './hub.ts';

export interface RelayDeps {
  store: Pick<Store, 'getCheckout' | 'subscribeChanges'>;
  hub: CheckoutHub;
  log: Log;
  /** Wakes the webhook delivery worker. */
  wake?: () => void;
}

/** Reads at once at most when every followed checkout is read again (the pool serves requests too). */
const RESYNC_READS = 4;
/** A read the store failed is tried again this much later, until it succeeds or nobody follows. */
const RETRY_MS = 1000;

/** Starts relaying; returns the function that stops. */
export function relayStoreChanges(deps: RelayDeps): () => void {
  const { store, hub, log } = deps;
  /** Checkouts being read; true when a newer notice came meanwhile (the read may predate it). */
  const reading = new Map<string, boolean>();
  const failed = new Set<string>();
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const retryLater = (id: string) => {
    failed.add(id);
    retry ??= setTimeout(() => {
      retry = undefined;
      const ids = [...failed];
      failed.clear();
      void readAll(ids);
    }, RETRY_MS);
    retry.unref();
  };

  const read = async (id: string): Promise<void> => {
    // Nobody here follows it: nothing to read (most notices, on a proxy with few streams).
    if (stopped || !hub.follows(id)) return;
    if (reading.has(id)) {
      reading.set(id, true);
      return;
    }
    try {
      do {
        reading.set(id, false);
        const current = await store.getCheckout(id);
        if (current) hub.publish(current);
      } while (reading.get(id) && !stopped);
    } catch (error) {
      log('warn', 'a checkout changed on another proxy could not be read', {
        error: error instanceof Error ? error.message : String(error),
      });
      retryLater(id);
    } finally {
      reading.delete(id);
    }
  };

  const readAll = async (ids: string[]) => {
    const queue = ids.values();
    const worker = async () => {
      for (const id of queue) await read(id);
    };
    await Promise.all(Array.from({ length: Math.min(RESYNC_READS, ids.length) }, worker));
  };

  const unsubscribe = store.subscribeChanges({
    checkout(id, version, checkout) {
      if (!hub.follows(id)) return;
      const published = hub.publishedVersion(id);
      if (published !== undefined && published >= version) return;
      // Carried by the notice: no read (the hub drops it should a read in flight be newer).
      if (checkout) hub.publish(checkout);
      else void read(id);
    },
    outbox() {
      deps.wake?.();
    },
    resync() {
      const ids = hub.followed();
      // At start, and after the listening connection was lost: a line an operator can count.
      log('info', 'listening to other proxies’ changes', { rereading_checkouts: ids.length });
      void readAll(ids);
      // Events written meanwhile wait for no poll either.
      deps.wake?.();
    },
  });

  return () => {
    stopped = true;
    clearTimeout(retry);
    unsubscribe();
  };
}
