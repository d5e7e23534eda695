/**
 * The metrics listener (`METRICS_PORT`): a node:http server of its own, on the proxy's HOST,
 * that answers `GET /metrics` in Prometheus's text format and nothing else. Apart from the
 * main port, so a balancer or a firewall rule can keep it private.
 */

import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { ConfigError } from '../process/config.ts';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

function refuse(response: ServerResponse, status: number, error: string, code: string): void {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (status === 405) headers.Allow = 'GET, HEAD';
  response.writeHead(status, headers).end(JSON.stringify({ error, code }));
}

export async function startMetricsServer(
  registry: Registry,
  host: string,
  port: number,
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      refuse(
        response,
        404,
        'There is nothing at this address: metrics are at /metrics.',
        'not_found',
      );
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      refuse(response, 405, 'Metrics are read with GET.', 'method_not_allowed');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'Content-Type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        refuse(
          response,
          503,
          `The metrics could not be collected: ${error instanceof Error ? error.message : String(error)}`,
          'metrics_unavailable',
        );
      },
    );
  });
  // Scrapes are short: an idle scraper's connection should not hold the shutdown.
  server.keepAliveTimeout = 5_000;
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
