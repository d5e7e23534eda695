/**
 * The metrics listener (`METRICS_PORT`): a small Hono app of its own, served by
 * @hono/node-server as the main port is, on the proxy's HOST, that answers `GET /metrics` in
 * Prometheus's text format and nothing else. Apart from the main port, so a balancer or a
 * firewall rule can keep it private; capped and quick to time out, so whoever reaches it
 * cannot hold the process's file descriptors.
 */

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import type { Registry } from 'prom-client';
import { ConfigError } from '../process/config.ts';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A few scrapers (Prometheus, its HA twin, an operator's curl) are all this port serves: more
 * connections than this are refused by Node before any request is read.
 */
export const METRICS_MAX_CONNECTIONS = 16;
/** A scrape sends its request at once and is answered in milliseconds. */
const HEADERS_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;
/** A connection that sends nothing for this long is closed. */
const IDLE_TIMEOUT_MS = 10_000;
/** An idle scraper's connection is let go before the next scrape (every 15 s by default). */
const KEEP_ALIVE_MS = 5_000;

/** The app: `/metrics` by GET or HEAD, the project's error body for anything else. */
export function metricsApp(registry: Registry) {
  return new Hono()
    .on(['GET', 'HEAD'], '/metrics', async (c) => {
      try {
        const text = await registry.metrics();
        return c.body(text, 200, { 'Content-Type': registry.contentType });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return c.json(
          {
            error: `The metrics could not be collected: ${message}`,
            code: 'metrics_unavailable',
          },
          503,
        );
      }
    })
    .all('/metrics', (c) =>
      c.json({ error: 'Metrics are read with GET.', code: 'method_not_allowed' }, 405, {
        Allow: 'GET, HEAD',
      }),
    )
    .notFound((c) =>
      c.json(
        { error: 'There is nothing at this address: metrics are at /metrics.', code: 'not_found' },
        404,
      ),
    );
}

export async function startMetricsServer(
  registry: Registry,
  host: string,
  port: number,
  /** For tests: a shorter idle time-out than IDLE_TIMEOUT_MS. */
  idleTimeoutMs = IDLE_TIMEOUT_MS,
): Promise<MetricsServer> {
  const server = createAdaptorServer({
    fetch: metricsApp(registry).fetch,
    hostname: host,
    serverOptions: {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      // How often Node looks for connections past those times (its default is 30 s).
      connectionsCheckingInterval: 1_000,
    },
  }) as Server;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // The time-outs above start with a request's first byte: a connection that sends nothing
  // is ended by this one.
  server.setTimeout(idleTimeoutMs);
  server.maxConnections = METRICS_MAX_CONNECTIONS;
  await new Promise<void>((resolve, reject) => {
    // Named after the variable to change, as the main port's failures are (`main.ts`).
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE' || error.code === 'EACCES'
          ? new ConfigError(
              `METRICS_PORT: cannot listen on ${port} at ${host} (${error.code}${error.code === 'EADDRINUSE' ? ': already in use' : ''}).`,
            )
          : error,
      );
    });
    server.listen(port, host, () => {
      server.removeAllListeners('error');
      resolve();
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${bound}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
