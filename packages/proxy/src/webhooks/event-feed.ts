/**
 * The webhook events as they are committed, read once per process for every open events
 * stream (`GET /admin/events/stream`): while one is open, a single reader pages `listEvents`
 * after the newest event it has read whenever it is woken, and hands each page to every
 * stream. Woken by this process's writes (`waking-store.ts`), by the store's change feed (on
 * PostgreSQL, another proxy's checkout and outbox notices) and by a fallback interval for what
 * sends no notice (another proxy's event that queued no delivery). Events sort by their seq in
 * commit order (`store/outbox.ts`), so reading after the newest one read never misses one.
 */

import type { Log } from '../process/logger.ts';
import { eventSeq, type StoredEvent } from '../store/outbox.ts';
import type { Store } from '../store/store.ts';

/** Reads of the feed: a page as `GET /admin/events` pages them. */
export type FeedStore = Pick<Store, 'listEvents' | 'lastEventId' | 'subscribeChanges'>;

export interface FeedListener {
  /** Events committed after those handed out before, oldest first. */
  events(page: StoredEvent[]): void;
  /** The process is shutting down: end the stream. */
  close(): void;
}

export interface EventFeed {
  /**
   * Adds `listener`: it hears every event committed after `after` (the newest event the feed
   * had read when it joined; undefined when there was none). Rejects when the store cannot say
   * where the events are.
   */
  join(listener: FeedListener): Promise<{ after: string | undefined; leave(): void }>;
  /** Reads the events committed since the last read (at once, or after the read under way). */
  wake(): void;
  /** Ends every listener, and any that joins after (graceful shutdown). */
  closeAll(): void;
  /** Listeners now. */
  size(): number;
}

export interface EventFeedOptions {
  store: FeedStore;
  log: Log;
  /** The page of one read (`GET /admin/events`' default page). */
  pageSize: number;
  /** How often it reads anyway, for events no notice announces (default 1 s). */
  fallbackMs?: number;
}

const FALLBACK_MS = 1000;

/** Whether event `id` was committed after `than` (every event is, after none). */
export function committedAfter(id: string, than: string | undefined): boolean {
  return than === undefined || (eventSeq(id) ?? 0) > (eventSeq(than) ?? 0);
}

export function createEventFeed(options: EventFeedOptions): EventFeed {
  const { store, log, pageSize } = options;
  const listeners = new Set<FeedListener>();
  /** The newest event handed out, or where the feed started. */
  let newest: string | undefined;
  /** Where the feed starts, read once it has a listener. */
  let started: Promise<void> | undefined;
  let reading = false;
  let again = false;
  /** The last read failed: the outage is logged once, not at every look while it lasts. */
  let failing = false;
  let closed = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let unsubscribe = () => {};

  const advance = (id: string | undefined) => {
    if (id !== undefined && committedAfter(id, newest)) newest = id;
  };

  const read = async () => {
    do {
      again = false;
      for (;;) {
        const page = await store.listEvents({
          limit: pageSize,
          ...(newest === undefined ? {} : { after: newest }),
        });
        // A start point read meanwhile may be ahead of this page: nobody hears an event twice.
        const fresh = page.filter((event) => committedAfter(event.id, newest));
        advance(fresh.at(-1)?.id);
        if (fresh.length > 0) for (const listener of [...listeners]) listener.events(fresh);
        if (page.length < pageSize) break;
      }
    } while (again && listeners.size > 0 && !closed);
  };

  const wake = () => {
    if (listeners.size === 0 || closed || !started) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    const ready = started;
    ready
      .then(read)
      .then(() => {
        if (!failing) return;
        failing = false;
        log('info', 'the events streams read the events again');
      })
      .catch((error: unknown) => {
        // The next wake, or the fallback interval, reads again.
        if (failing) return;
        failing = true;
        log('warn', 'the events streams could not read the events (said once until they can)', {
          error_message: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => {
        reading = false;
        // Woken between the last read and now.
        if (again) wake();
      });
  };

  const start = () => {
    const attempt = store.lastEventId().then(advance);
    started = attempt;
    attempt.catch(() => {
      if (started === attempt) started = undefined;
    });
    timer = setInterval(wake, options.fallbackMs ?? FALLBACK_MS).unref();
    unsubscribe = store.subscribeChanges({
      checkout: wake,
      outbox: wake,
      resync: wake,
    });
  };

  const stop = () => {
    clearInterval(timer);
    timer = undefined;
    unsubscribe();
    unsubscribe = () => {};
    // Read again at the next start: paging from here could be a long way.
    started = undefined;
  };

  return {
    async join(listener) {
      if (closed) {
        queueMicrotask(() => listener.close());
        return { after: newest, leave: () => {} };
      }
      if (listeners.size === 0 && !started) start();
      listeners.add(listener);
      const leave = () => {
        if (listeners.delete(listener) && listeners.size === 0) stop();
      };
      try {
        await started;
      } catch (error) {
        leave();
        throw error;
      }
      // Everything after `newest` is read from now on and handed to this listener too.
      return { after: newest, leave };
    },
    wake,
    closeAll() {
      closed = true;
      for (const listener of [...listeners]) listener.close();
      listeners.clear();
      stop();
    },
    size: () => listeners.size,
  };
}
