/**
 * The cluster's figures: read from the shared database by one poller per process, at most every
 * few seconds (never per scrape), and served from memory, so they are the same on every proxy.
 * (Checkouts left without a callback are the stale sweep's to log: `process/stale-sweep.ts`.)
 */

import { Gauge, type Registry } from 'prom-client';
import type { Log } from '../process/logger.ts';
import type { Store } from '../store/store.ts';

/** What one round reads: each query once, whatever number of figures it feeds. */
interface ClusterReading {
  pending: { count: number; oldestCreatedAt?: number | undefined };
  stale: number;
  lastCallbackAt: number | undefined;
}

async function readCluster(store: Store, now: number): Promise<ClusterReading> {
  return {
    pending: await store.pendingDeliveries(),
    stale: await store.countStaleCheckouts(now),
    lastCallbackAt: await store.lastCallbackAt(),
  };
}

/**
 * One gauge of the cluster, from a round's reading. The list is the one source of these names;
 * the proxy's README marks the same ones "the cluster" (tests/deploy checks the monitoring files
 * by that table).
 */
interface ClusterFigure {
  name: string;
  help: string;
  /** Its value in `reading`, taken at `now` (Unix milliseconds). */
  value(reading: ClusterReading, now: number): number;
}

const seconds = (ms: number) => ms / 1000;
const CLUSTER = '(the cluster: the same on every proxy)';

/** This proxy's own gauge of when the figures were last read (not a cluster figure itself). */
export const READ_AT = 'crypto_pay_cluster_figures_read_timestamp_seconds';

export const CLUSTER_FIGURES: ClusterFigure[] = [
  {
    name: 'crypto_pay_webhook_pending',
    help: `Webhook deliveries not yet delivered or given up ${CLUSTER}.`,
    value: ({ pending }) => pending.count,
  },
  {
    name: 'crypto_pay_webhook_oldest_pending_seconds',
    help: `Age of the oldest pending webhook delivery, 0 when none ${CLUSTER}.`,
    value: ({ pending }, now) =>
      pending.oldestCreatedAt === undefined
        ? 0
        : Math.max(0, seconds(now - pending.oldestCreatedAt)),
  },
  {
    name: 'crypto_pay_checkouts_stale',
    help: `Checkouts still not final STALE_AFTER_SECONDS after their payment request expired ${CLUSTER}.`,
    value: ({ stale }) => stale,
  },
  {
    name: 'crypto_pay_last_callback_timestamp_seconds',
    help: `Unix time of the last callback received from the processing service, 0 when none ever was ${CLUSTER}.`,
    value: ({ lastCallbackAt }) => seconds(lastCallbackAt ?? 0),
  },
];

/** How often the poller reads the database. */
export const POLL_MS = 5_000;

export interface ClusterPoller {
  /** One read of every figure now, once the round in flight (if any) is over. */
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
  /** Reads the cluster (tests make it fail). */
  read?: typeof readCluster;
}

export function startClusterPoller(options: PollerOptions): ClusterPoller {
  const { store, log } = options;
  const now = options.now ?? Date.now;
  const read = options.read ?? readCluster;
  // The last good round's reading. A failed round keeps it, and the time of that round is
  // exported, so an alert sees figures that stopped moving rather than trusting them.
  let reading: { at: number; values: ClusterReading } | undefined;
  for (const figure of CLUSTER_FIGURES) {
    new Gauge({
      name: figure.name,
      help: figure.help,
      registers: [options.registry],
      collect() {
        if (reading) this.set(figure.value(reading.values, reading.at));
      },
    });
  }
  new Gauge({
    name: READ_AT,
    help: "Unix time of this proxy's last successful read of the cluster's figures, 0 before the first; behind by more than a few polls, those figures are old.",
    registers: [options.registry],
    collect() {
      this.set(reading ? seconds(reading.at) : 0);
    },
  });
  let failing = false;

  const poll = async () => {
    const at = now();
    try {
      reading = { at, values: await read(store, at) };
      failing = false;
    } catch (error) {
      // Said once per outage, not every round.
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
    // After the round in flight: two rounds at once could end out of order.
    async poll() {
      await round;
      await poll();
    },
    async close() {
      clearInterval(timer);
      await round;
    },
  };
}
