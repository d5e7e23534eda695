/**
 * What makes "every route" a checked claim in the fuzzers: the proxy and the sandbox are built
 * in-process (no socket, no upstream call) and their endpoints read from Hono's `app.routes`;
 * each fuzzed request is matched to the endpoint that would answer it, and the runs are shared
 * out over the route generators so every one gets a fixed number of requests.
 */

import { createProcessingClient } from '@crypto-pay/client';
import {
  createApp,
  createLogger,
  loadConfig,
  openSqliteStore,
  parseCatalog,
} from '@crypto-pay/proxy';
import { createSandbox } from '@crypto-pay/sandbox';
import type { FuzzRequest } from '@crypto-pay/test-kit/fuzz';
import type fc from 'fast-check';

/** A route a server registers: `GET /api/checkouts/:id`, `ALL /api/*`. */
export interface Endpoint {
  key: string;
  method: string;
  pattern: RegExp;
  wildcard: boolean;
}

/** A generator of requests aimed at some endpoints, and its share of the runs. */
export interface FuzzRoute<Extra = object> {
  name: string;
  /** The registered endpoints (`METHOD /path`) this generator is written to reach. */
  endpoints: string[];
  weight: number;
  request: fc.Arbitrary<FuzzRequest & Extra>;
}

interface RegisteredRoute {
  method: string;
  path: string;
  handler: { length: number };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The handlers of an app, middleware left out: a middleware takes `(c, next)`, a handler `(c)`
 * (Hono's own `inspectRoutes` tells them apart the same way).
 */
export function endpointsOf(routes: readonly RegisteredRoute[]): Endpoint[] {
  const found = new Map<string, Endpoint>();
  for (const { method, path, handler } of routes) {
    if (handler.length > 1) continue;
    const key = `${method} ${path}`;
    const source = path
      .split('/')
      .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : escaped(part)))
      .join('/');
    found.set(key, {
      key,
      method,
      pattern: new RegExp(`^${source}$`),
      wildcard: path.endsWith('*'),
    });
  }
  return [...found.values()];
}

/** The endpoint that answers a request (a named route before a catch-all), if any. */
export function endpointFor(
  endpoints: readonly Endpoint[],
  request: Pick<FuzzRequest, 'method' | 'path'>,
): Endpoint | undefined {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const path = request.path.split('?')[0]!;
  const matching = endpoints.filter(
    (endpoint) =>
      (endpoint.method === method || endpoint.method === 'ALL') && endpoint.pattern.test(path),
  );
  return matching.find((endpoint) => !endpoint.wildcard) ?? matching[0];
}

/** The proxy's endpoints with the merchant API on, as the stack's proxy runs it. */
export async function proxyEndpoints(adminToken: string): Promise<Endpoint[]> {
  const upstream = 'http://127.0.0.1:9';
  const credentials = { apiKey: 'route-listing-key', signingSecret: 'route-listing-secret' };
  const config = loadConfig({
    PROCESSING_API_KEY: credentials.apiKey,
    PROCESSING_SIGNING_SECRET: credentials.signingSecret,
    PROCESSING_BASE_URL: `${upstream}/api/v2`,
    PROCESSING_PAYMENTS_BASE_URL: `${upstream}/api/payments/v1`,
    DATABASE_URL: 'sqlite::memory:',
    ADMIN_TOKEN: adminToken,
  });
  const store = openSqliteStore(':memory:');
  try {
    const app = createApp({
      config,
      store,
      processing: createProcessingClient({
        ...credentials,
        baseUrl: config.baseUrl,
        paymentsBaseUrl: config.paymentsBaseUrl,
      }),
      catalog: parseCatalog('{}'),
      log: createLogger(() => {}),
    });
    return endpointsOf(app.routes);
  } finally {
    await store.close();
  }
}

/** The sandbox's endpoints: processing API, hosted pages, dashboard and control API. */
export function sandboxEndpoints(): Endpoint[] {
  const sandbox = createSandbox({});
  try {
    return endpointsOf(sandbox.app.routes);
  } finally {
    sandbox.close();
  }
}

/** Each route's number of runs: its weight's share of `total`, at least `least`. */
export function sharesOf(routes: readonly FuzzRoute<unknown>[], total: number, least: number) {
  const weights = routes.reduce((sum, route) => sum + route.weight, 0);
  return new Map(
    routes.map((route) => [
      route.name,
      Math.max(least, Math.round((total * route.weight) / weights)),
    ]),
  );
}
