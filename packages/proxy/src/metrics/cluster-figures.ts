/**
 * The cluster's figures: read from the shared database by one poller per process, at most every
 * few seconds (never per scrape), and served from memory, so they are the same on every proxy.
 * (Checkouts left without a callback are the stale sweep's to log: `process/stale-sweep.ts`.)
 */

import { Gauge, type Registry } from 'prom-client';
import type { Log } from '../process/logger.ts';
import type { Store } from '../store/store.ts';

/** One gauge of the cluster: adding one is one entry of `CLUSTER_FIGURES`. */
interface ClusterFigure {
  name: string;
  help: string;
  /** Its value now; `now` is Unix milliseconds. */
  read(store: Store, now: number): Promise<number>;
}

const seconds = (ms: number) => ms / 1000;

export const CLUSTER_FIGURES: ClusterFigure[] = [
  {
    name: 'crypto_pay_webhook_pending',
    help: 'Webhook deliveries not yet delivered or given up (the cluster: the same on every proxy).',
    read: async (store) => (await store.pendingDeliveries()).count,
  },
  {
    name: 'crypto_pay_webhook_oldest_pending_seconds',
    help: 'Age of the oldest pending webhook delivery, 0 when none (the cluster: the same on every proxy).',
    read: async (store, now) => {
      const { oldestCreatedAt } = await store.pendingDeliveries();
      return oldestCreatedAt === undefined ? 0 : Math.max(0, seconds(now - oldestCreatedAt));
    },
  },
  {
    name: 'crypto_pay_checkouts_stale',
    help: 'Checkouts still not final STALE_AFTER_SECONDS after their payment request expired (the cluster: the same on every proxy).',
    read: (store, now) => store.countStaleCheckouts(now),
  },
  {
    name: 'crypto_pay_last_callback_timestamp_seconds',
    help: 'Unix time of the last callback received from the processing service, 0 when none ever was (the cluster: the same on every proxy).',
    read: async (store) => seconds((await store.lastCallbackAt()) ?? 0),
  },
];

/** How often the poller reads the database. */
export const POLL_MS = 5_000;

export interface ClusterPoller {
  /** One read of every figure now (the poller's own rounds call it too). */
  poll(): Promise<void>;
  close(): Promise<void>;
}

export interface PollerOptions {
  store: Store;
  registry: Registry;
  log: Log;
  /** Unix milliseconds (tests move it). */
  now?: () => number;
  pollMs?: number;
  figures?: ClusterFigure[];
}

export function startClusterPoller(options: PollerOptions): ClusterPoller {
  const { store, log } = options;
  const now = options.now ?? Date.now;
  const values = new Map<string, number>();
  for (const figure of options.figures ?? CLUSTER_FIGURES) {
    new Gauge({
      name: figure.name,
      help: figure.help,
      registers: [options.registry],
      collect() {
        const value = values.get(figure.name);
        if (value !== undefined) this.set(value);
      },
    });
  }
  let failing = false;

  const poll = async () => {
    const at = now();
    try {
      for (const figure of options.figures ?? CLUSTER_FIGURES) {
        values.set(figure.name, await figure.read(store, at));
      }
      failing = false;
    } catch (error) {
      // The figures keep their last values; said once per outage, not every round.
      if (!failing) {
        log('warn', 'metrics: the cluster figures could not be read', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
      failing = true;
    }
  };

  let round: Promise<void> | undefined = poll();
  const timer = setInterval(() => {
    round ??= poll().finally(() => {
      round = undefined;
    });
  }, options.pollMs ?? POLL_MS);
  timer.unref();
  void round.finally(() => {
    round = undefined;
  });
  return {
    poll,
    async close() {
      clearInterval(timer);
      await round;
    },
  };
}
