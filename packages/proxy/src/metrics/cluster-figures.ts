/**
 * The cluster's figures: read from the shared database by one poller per process, at most every
 * few seconds (never per scrape), and served from memory, so they are the same on every proxy.
 * The poller also watches for checkouts created for hours with no callback at all, the mark of
 * callbacks that never reach the proxy, and says so once per such spell.
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
    name: 'crypto_pay_last_callback_timestamp_seconds',
    help: 'Unix time of the last callback received from the processing service, 0 when none ever was (the cluster: the same on every proxy).',
    read: async (store) => seconds((await store.lastCallbackAt()) ?? 0),
  },
];

/** How often the poller reads the database. */
export const POLL_MS = 5_000;

/** Checkouts created this long with no callback at all: callbacks are likely not arriving. */
export const CALLBACK_SILENCE_MS = 3 * 60 * 60 * 1000;

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
  silenceMs?: number;
  figures?: ClusterFigure[];
}

export function startClusterPoller(options: PollerOptions): ClusterPoller {
  const { store, log } = options;
  const now = options.now ?? Date.now;
  const silenceMs = options.silenceMs ?? CALLBACK_SILENCE_MS;
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
  let silent = false;
  let failing = false;

  /**
   * Checkouts have been created for `silenceMs` since the last callback (or since the first of
   * the newest checkouts, when none ever came): logged when such a spell begins, not again
   * until a callback ends it.
   */
  const watchSilence = async (at: number) => {
    const lastCallback = (await store.lastCallbackAt()) ?? 0;
    const firstCheckout = await store.firstCheckoutAfter(lastCallback);
    const now = firstCheckout !== undefined && at - firstCheckout >= silenceMs;
    if (now && !silent) {
      log('warn', 'no callback from the processing service while checkouts are created', {
        since: new Date(firstCheckout).toISOString(),
        hours: Math.floor((at - firstCheckout) / 3_600_000),
        likely_causes:
          'the callback URL the processing service holds for this merchant is wrong or unreachable; a firewall, WAF or security plugin in front of /callbacks/processing refuses it; or the API key or signing secret the proxy holds is not the one the service signs with (refused callbacks are logged as "callback refused")',
      });
    }
    silent = now;
  };

  const poll = async () => {
    const at = now();
    try {
      for (const figure of options.figures ?? CLUSTER_FIGURES) {
        values.set(figure.name, await figure.read(store, at));
      }
      await watchSilence(at);
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
