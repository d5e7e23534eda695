/**
 * Runs the proxy: opens the store, builds the client and the app, listens, and shuts down
 * gracefully (stop accepting, end event streams, finish in-flight requests, close the store).
 */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { loadCatalog } from '../checkout/catalog.ts';
import { createCheckoutHub } from '../checkout/hub.ts';
import { relayStoreChanges } from '../checkout/relay.ts';
import { processingClientOf } from '../checkout/upstream.ts';
import { createApp } from '../http/app.ts';
import { unreadableRequestAnswer } from '../http/errors.ts';
import { DEFAULT_PAGE_SIZE } from '../http/request-schemas.ts';
import { type ClusterPoller, startClusterPoller } from '../metrics/cluster-figures.ts';
import { createMetricsRegistry, noMetrics } from '../metrics/metrics.ts';
import { type MetricsServer, startMetricsServer } from '../metrics/server.ts';
import {
  DEFAULT_CLAIM_LEASE_MS,
  openPostgresStore,
  type PostgresStoreOptions,
} from '../store/postgres.ts';
import { openSqliteStore } from '../store/sqlite.ts';
import type { Store } from '../store/store.ts';
import { PROXY_VERSION } from '../version.ts';
import { createEventFeed } from '../webhooks/event-feed.ts';
import { wakingStore } from '../webhooks/waking-store.ts';
import { startWebhookWorker, type WebhookWorker } from '../webhooks/worker.ts';
import type { Config } from './config.ts';
import { type ConnectionCounts, capConnections } from './connection-caps.ts';
import { dataFileWarnings, protectDataFiles } from './data-file-modes.ts';
import { databaseOf, storeNameOf } from './database-url.ts';
import { connectionCapsOf, descriptorLimit } from './descriptor-limit.ts';
import { createLogger, type Log } from './logger.ts';
import { burstEnds, reduceMemory } from './memory-reducer.ts';
import type { Passes } from './passes.ts';
import { startPruning } from './retention.ts';
import { setupWarnings } from './setup-warnings.ts';
import { startStaleSweep } from './stale-sweep.ts';

export interface RunningProxy {
  url: string;
  port: number;
  /** Where Prometheus reads the metrics (`METRICS_PORT`), when they are on. */
  metricsUrl: string | undefined;
  /** Graceful shutdown; resolves once the store is closed. */
  close(): Promise<void>;
  /** Event streams open now: the checkouts' and the merchant's events streams. */
  eventStreams(): number;
  /** Client connections open now, and those shed or refused by the caps since the start. */
  connections(): ConnectionCounts;
}

export interface StartOptions {
  log?: Log;
  /** Longest wait for in-flight requests before connections are cut (default 10 s). */
  shutdownGraceMs?: number;
  heartbeatMs?: number;
  /** How long a client may take to send its headers, and its whole request (tests shorten). */
  slowClientMs?: { headers: number; request: number };
  /** The connection caps' clock in milliseconds, to step past a stalled body's time (tests). */
  connectionClock?: () => number;
  /** Awaited before the PostgreSQL store listens again after its connection was lost (tests). */
  beforeRelisten?: () => Promise<void>;
  /**
   * How often the events streams' reader looks with no wake (default 1 s); tests set it longer
   * than they run, so what they prove is the wakes' doing.
   */
  eventFeedFallbackMs?: number;
}

/**
 * A request's headers and body are small here (32 KiB at most), so a client sending them
 * slowly is holding a connection, not uploading: cut it off long before Node's own 300 s.
 */
const SLOW_CLIENT_MS = { headers: 10_000, request: 30_000 };

/**
 * Opens the store `databaseUrl` names: SQLite (`sqlite:./data/x.db`, `sqlite::memory:`) or
 * PostgreSQL (`postgres://…`, with `options`), migrated.
 */
export async function openStore(
  databaseUrl: string,
  options: PostgresStoreOptions = {},
): Promise<Store> {
  const database = databaseOf(databaseUrl);
  return database.kind === 'sqlite'
    ? openSqliteStore(
        database.file,
        options.claimLeaseMs === undefined ? {} : { claimLeaseMs: options.claimLeaseMs },
      )
    : openPostgresStore(database.url, options);
}

/**
 * A create holds its session or Idempotency-Key through one upstream call, which
 * `UPSTREAM_TIMEOUT_MS` bounds with its retries: a claim twice as old was left by a dead proxy.
 */
const claimLeaseOf = (config: Config) =>
  Math.max(DEFAULT_CLAIM_LEASE_MS, 2 * config.upstreamTimeoutMs);

export async function startProxy(
  config: Config,
  options: StartOptions = {},
): Promise<RunningProxy> {
  const log = options.log ?? createLogger(undefined, config.logLevel);
  const catalog = loadCatalog(config.catalogFile);
  // The store first: a file another process holds is refused before any setup advice.
  const store = await openStore(config.databaseUrl, {
    poolSize: config.databasePoolSize,
    statusCopySize: config.statusCopySize,
    claimLeaseMs: claimLeaseOf(config),
    timeouts: config.databaseTimeouts,
    ...(options.beforeRelisten ? { beforeRelisten: options.beforeRelisten } : {}),
  });
  for (const warning of setupWarnings(config, catalog)) log('warn', warning);
  const database = databaseOf(config.databaseUrl);
  if (database.kind === 'sqlite') {
    try {
      for (const line of dataFileWarnings(protectDataFiles(database.file))) log('warn', line);
    } catch (error) {
      // Advice, not a reason to refuse the start: the store itself opened.
      log('warn', `DATABASE_URL: could not check the data files' modes: ${String(error)}`);
    }
  }
  // Until the proxy listens, a failure closes the store again: its lock would otherwise refuse
  // a later start in this process (another port, a test) as another process's.
  let webhooks: WebhookWorker | undefined;
  let pruning: Passes | undefined;
  let staleSweep: Passes | undefined;
  let stopRelay = () => {};
  let metricsServer: MetricsServer | undefined;
  let poller: ClusterPoller | undefined;
  // Off unless METRICS_PORT is set: then nothing is counted and nothing polls the database.
  const measured = config.metricsPort === undefined ? undefined : createMetricsRegistry();
  const metrics = measured?.metrics ?? noMetrics;
  try {
    // Before any request: a checkout created from now on has a delivery to WEBHOOK_URL.
    await store.setEnvEndpoint(config.webhook?.url, Date.now());
    const processing = processingClientOf(config, undefined, measured?.metrics);
    const hub = createCheckoutHub();
    // Resumes what was pending at the last stop or crash as soon as it starts.
    webhooks = startWebhookWorker({
      store,
      log,
      envSecret: config.webhook?.secret,
      metrics,
      ...(config.webhookRetryScheduleMs === undefined
        ? {}
        : { schedule: config.webhookRetryScheduleMs }),
    });
    // What the other proxies on the database commit reaches this one's streams and worker.
    const worker = webhooks;
    stopRelay = relayStoreChanges({ store, hub, log, wake: () => worker.wake() });
    // One reader of the events for every events stream of this process.
    const events = createEventFeed({
      store,
      log,
      pageSize: DEFAULT_PAGE_SIZE,
      ...(options.eventFeedFallbackMs === undefined
        ? {}
        : { fallbackMs: options.eventFeedFallbackMs }),
    });

    // RETENTION_DAYS=0 keeps everything.
    if (config.retentionDays > 0) {
      pruning = startPruning({ store, log, retentionDays: config.retentionDays });
    }
    staleSweep = startStaleSweep({
      // Its events go out at once, not at the worker's next look.
      store: wakingStore(store, { deliveries: () => worker.wake(), events: events.wake }),
      log,
      staleAfterSeconds: config.staleAfterSeconds,
      intervalMs: config.staleSweepIntervalMs,
    });

    let shuttingDown = false;
    const app = createApp({
      config,
      store,
      processing,
      catalog,
      log,
      hub,
      isShuttingDown: () => shuttingDown,
      webhooks,
      events,
      metrics,
      ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
      // The widgets' streams come and go in bursts (a sale, a launch); the merchant's are few.
      eventStreamsCounted: burstEnds((burst) => reduceMemory(log, burst)),
    });

    const pruner = pruning;
    const sweeper = staleSweep;
    const slow = options.slowClientMs ?? SLOW_CLIENT_MS;
    const server = createServer(
      {
        headersTimeout: slow.headers,
        requestTimeout: slow.request,
        // How often Node looks for clients past those times (its default is 30 s).
        connectionsCheckingInterval: Math.min(slow.headers, 1000),
      },
      // The adapter's listener, given what `createAdaptorServer` does not pass on: an answer
      // for a request line it cannot make a URL of. The host stands in for an HTTP/1.0
      // request's missing Host header (a load balancer's health check), as it did there.
      getRequestListener(app.fetch, {
        hostname: config.host,
        errorHandler: (error) => unreadableRequestAnswer(error, log),
      }),
    );
    const limit = descriptorLimit();
    const { caps, warning } = connectionCapsOf(config.connections, limit, config.databasePoolSize);
    if (warning) log('warn', warning);
    log('info', 'connection caps', {
      descriptor_limit: limit ?? 'unknown',
      max_connections: caps.total,
      max_connections_per_client: caps.perClient,
    });
    const connections = capConnections(server, caps, log, options.connectionClock);
    if (measured && config.metricsPort !== undefined) {
      measured.watch({
        // The widgets following a checkout (what dashboards read it as), not the merchant's.
        eventStreams: () => hub.size(),
        connections: connections.counts,
        pool: store.poolConnections?.bind(store),
        statusCopy: store.statusCopy?.bind(store),
      });
      metricsServer = await startMetricsServer(measured.registry, config.host, config.metricsPort);
      poller = startClusterPoller({ store, registry: measured.registry, log });
    }
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    // The JSON log's own record of a start: which release, on which store (the start line on
    // stdout is plain text, and a log pipeline that reads JSON may drop it).
    log('info', 'started', {
      version: PROXY_VERSION,
      store: storeNameOf(config.databaseUrl),
      url: `http://${host}:${port}`,
      ...(metricsServer ? { metrics_url: metricsServer.url } : {}),
    });

    let closing: Promise<void> | undefined;
    let endDrain: (() => void) | undefined;
    const close = () => {
      // Called again while draining (a second signal): the drain ends now.
      endDrain?.();
      closing ??= (async () => {
        shuttingDown = true;
        if (config.shutdownDrainMs > 0) {
          // /readyz fails from now on; everything else is still served until the balancer
          // has stopped sending traffic here.
          log('info', 'draining', { drain_ms: config.shutdownDrainMs });
          await new Promise<void>((resolve) => {
            const drained = setTimeout(resolve, config.shutdownDrainMs);
            endDrain = () => {
              clearTimeout(drained);
              resolve();
            };
          });
        }
        log('info', 'shutting down');
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        const stopped = worker.close();
        stopRelay();
        hub.closeAll();
        events.closeAll();
        if ('closeIdleConnections' in server) server.closeIdleConnections();
        const graceMs = options.shutdownGraceMs ?? 10_000;
        const grace = setTimeout(() => {
          // Those callers got no answer (a create among them may have reached the service):
          // the on-call engineer reads that the stop was not clean, and how many it cut.
          log('warn', 'cut off requests still in flight after the grace period', {
            connections: connections.counts().open,
            grace_ms: graceMs,
          });
          if ('closeAllConnections' in server) server.closeAllConnections();
        }, graceMs);
        await closed;
        clearTimeout(grace);
        await metricsServer?.close();
        await poller?.close();
        await stopped;
        await pruner?.close();
        await sweeper.close();
        await store.close();
        log('info', 'stopped');
      })();
      return closing;
    };

    return {
      url: `http://${host}:${port}`,
      port,
      metricsUrl: metricsServer?.url,
      close,
      eventStreams: () => hub.size() + events.size(),
      connections: connections.counts,
    };
  } catch (error) {
    stopRelay();
    await metricsServer?.close();
    await poller?.close();
    await webhooks?.close();
    await pruning?.close();
    await staleSweep?.close();
    await store.close();
    throw error;
  }
}
