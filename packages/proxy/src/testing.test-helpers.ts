/**
 * Shared test fixtures: a sandbox on 127.0.0.1, a fresh proxy app for it (the sender data and
 * checkout bodies come from the test kit, as every suite's), and a recorder of every response and log line so each test file can check
 * that neither the signing secret nor any sender data ever left the proxy.
 */

import assert from 'node:assert/strict';
import { after, before, beforeEach } from 'node:test';
import type { InvoiceCallback } from '@crypto-pay/protocol';
import { type RunningSandbox, startSandbox } from '@crypto-pay/sandbox';
import { CATALOG, checkoutBody } from '@crypto-pay/test-kit/checkouts';
import {
  type Answer,
  type HeaderOverrides,
  send,
  signedJsonHeaders,
} from '@crypto-pay/test-kit/http';
import { sandboxDriver } from '@crypto-pay/test-kit/sandbox-driver';
import { PERSONAL_SENTINELS } from '@crypto-pay/test-kit/senders';
import { proxyData, proxyEnv } from '@crypto-pay/test-kit/servers';
import { parseCatalog } from './checkout/catalog.ts';
import { type CheckoutHub, createCheckoutHub } from './checkout/hub.ts';
import { processingClientOf } from './checkout/upstream.ts';
import { type App, createApp } from './http/app.ts';
import type { DashboardFiles } from './http/routes/dashboard.ts';
import type { Metrics } from './metrics/metrics.ts';
import { assertDocumented } from './openapi/documented-answers.test-helpers.ts';
import { type Config, loadConfig } from './process/config.ts';
import { createLogger } from './process/logger.ts';
import { type RunningProxy, type StartOptions, startProxy } from './process/server.ts';
import { openSqliteStore } from './store/sqlite.ts';
import type { CheckoutRecord, Store } from './store/store.ts';

export const API_KEY = 'test-merchant-key-7c1d';
export const SIGNING_SECRET = 'test-SIGNING-secret-4f2a9e71b3';
export const ADMIN_TOKEN = 'admin-token-0123456789abcdef';
export const SHOP = 'https://shop.example';
/** The processing credentials the test sandbox checks and every test proxy signs with. */
export const CREDENTIALS = { apiKey: API_KEY, signingSecret: SIGNING_SECRET };

/** Strings that must never appear in a response or a log line. */
export const FORBIDDEN = [SIGNING_SECRET, ...PERSONAL_SENTINELS];

export const CATALOG_JSON = JSON.stringify(CATALOG);

/** Everything the proxy said during this test file. */
export const seen: string[] = [];

/** Fails when anything the proxy said contains the secret or the sender data. */
export function assertNothingLeaked(): void {
  assert.ok(seen.length > 0, 'the recorder saw nothing');
  for (const text of seen) {
    for (const secret of FORBIDDEN) {
      assert.ok(
        !text.includes(secret),
        `leaked ${JSON.stringify(secret)} in: ${text.slice(0, 300)}`,
      );
    }
  }
}

export function startTestSandbox(): Promise<RunningSandbox> {
  return startSandbox({
    port: 0,
    host: '127.0.0.1',
    ...CREDENTIALS,
    callbackRetryDelaysMs: [50, 100, 200],
  });
}

/** The proxy's environment for a sandbox, with `extra` variables on top. */
export function testEnv(
  sandbox: { baseUrl: string; paymentsBaseUrl: string },
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    ...proxyEnv(sandbox, CREDENTIALS, {
      ALLOWED_ORIGINS: SHOP,
      ADMIN_TOKEN,
      URL_SUCCESS: `${SHOP}/thanks`,
      URL_FAILED: `${SHOP}/sorry`,
      // Generous: a loaded test machine must not turn into 504s; timeout tests set their own.
      UPSTREAM_TIMEOUT_MS: '8000',
    }),
    ...extra,
  };
}

/**
 * The configuration of a proxy that runs as a real server on a free port of 127.0.0.1, with
 * its own SQLite file and catalogue in a temporary directory that `remove()` deletes.
 */
export function serverConfig(sandbox: RunningSandbox): { config: Config; remove(): void } {
  const data = proxyData({ database: 'proxy.db' });
  const config = loadConfig(testEnv(sandbox, { PORT: '0', HOST: '127.0.0.1', ...data.env }));
  return { config, remove: data.remove };
}

export interface TestProxy {
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /** `POST /api/checkouts` with this body (and headers, an Idempotency-Key say). */
  createCheckout(body: unknown, headers?: Record<string, string>): Promise<Response>;
  /** The Hono app itself, for what it registers (`app.routes`). */
  app: App;
  store: Store;
  hub: CheckoutHub;
  config: Config;
  clock: { now: number };
}

/** A fresh app on an in-memory store, talking to `sandbox`; requests go through app.request(). */
export function testProxy(
  sandbox: { baseUrl: string; paymentsBaseUrl: string },
  extra: Record<string, string | undefined> = {},
  options: {
    heartbeatMs?: number;
    store?: Store;
    /** The clock of intervals (rate limit, probes, currency cache); default `clock.now`. */
    monotonicNow?: () => number;
    giveBackRetryMs?: number;
    metrics?: Metrics;
    dashboard?: DashboardFiles;
  } = {},
): TestProxy {
  const config = loadConfig(testEnv(sandbox, extra));
  const store = options.store ?? openSqliteStore(':memory:');
  const hub = createCheckoutHub();
  const clock = { now: Date.now() };
  const processing = processingClientOf(config, { attempts: 2, baseDelayMs: 10, maxDelayMs: 20 });
  const app = createApp({
    config,
    store,
    processing,
    catalog: parseCatalog(CATALOG_JSON),
    log: createLogger((line) => seen.push(line)),
    hub,
    now: () => clock.now,
    monotonicNow: options.monotonicNow ?? (() => clock.now),
    ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
    ...(options.giveBackRetryMs === undefined ? {} : { giveBackRetryMs: options.giveBackRetryMs }),
    ...(options.metrics === undefined ? {} : { metrics: options.metrics }),
    ...(options.dashboard === undefined ? {} : { dashboard: options.dashboard }),
  });
  const proxy: TestProxy = {
    app,
    store,
    hub,
    config,
    clock,
    createCheckout: (body, headers = {}) =>
      proxy.request('/api/checkouts', { method: 'POST', json: body, headers }),
    async request(path, init = {}) {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set('Content-Type', 'application/json');
      const response = await app.request(path, {
        ...rest,
        headers,
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
      const head = `${response.status} ${JSON.stringify([...response.headers])}`;
      // An event stream never ends by itself: its tests record what they read.
      const streaming = response.headers.get('Content-Type')?.startsWith('text/event-stream');
      const text = streaming ? undefined : await response.clone().text();
      seen.push(text === undefined ? head : `${head} ${text}`);
      await assertDocumented(app, rest.method ?? 'GET', path, response, text);
      return response;
    },
  };
  return proxy;
}

export const adminHeaders = { Authorization: `Bearer ${ADMIN_TOKEN}` };

/** Reads the JSON of a response (typed loosely for assertions). */
// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON.
export async function json(response: Response): Promise<any> {
  return response.json();
}

/**
 * The hooks of a test file that shares one sandbox: started before its tests, closed after
 * them, then the leak check over everything the file saw. The holder is filled by the hooks.
 */
export function useTestSandbox(): { sandbox: RunningSandbox } {
  const shared = {} as { sandbox: RunningSandbox };
  before(async () => {
    shared.sandbox = await startTestSandbox();
  });
  after(async () => {
    await shared.sandbox.close();
    assertNothingLeaked();
  });
  return shared;
}

/** The usual hooks of a route test file: `useTestSandbox()` and a fresh proxy for each test. */
export function useSandboxAndProxy(): { sandbox: RunningSandbox; proxy: TestProxy } {
  const pair = useTestSandbox() as { sandbox: RunningSandbox; proxy: TestProxy };
  beforeEach(() => {
    pair.proxy = testProxy(pair.sandbox);
  });
  return pair;
}

/**
 * A sandbox and a proxy serving on 127.0.0.1 (a real Node server, as in production) for the
 * tests of one file; `changes` adjust the proxy's configuration, or are asked for once earlier
 * hooks have run (a database of a cluster `usePostgres` started, say).
 */
export function useServedProxy(
  options: StartOptions,
  changes: Partial<Config> | (() => Promise<Partial<Config>>) = {},
): { sandbox: RunningSandbox; proxy: RunningProxy } {
  const served = {} as { sandbox: RunningSandbox; proxy: RunningProxy };
  let remove = () => {};
  before(async () => {
    served.sandbox = await startTestSandbox();
    const server = serverConfig(served.sandbox);
    remove = server.remove;
    const extra = typeof changes === 'function' ? await changes() : changes;
    served.proxy = await startProxy({ ...server.config, ...extra }, options);
  });
  after(async () => {
    await served.proxy?.close();
    await served.sandbox?.close();
    remove();
  });
  return served;
}

/**
 * The test kit's sandbox driver for a sandbox this file started (in process or as a process,
 * with the test credentials), over `send`: its answers are `Answer`s, as a stack's are, so
 * the test kit's helpers (`paymentRequestOf`, say) take it.
 */
export const driverOf = (sandbox: { url: string }) => sandboxDriver(sandbox.url, CREDENTIALS, send);

/** The sandbox's view of the payment requests it received, newest first. */
export async function upstreamRequests(sandbox: { url: string }) {
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON.
  return (await driverOf(sandbox).control('/payment-requests')).json as any;
}

/** A POST to the sandbox's control API (`/_sandbox/...`): faults, merchant, simulations. */
export function sandboxControl(
  sandbox: { url: string },
  path: string,
  body: object,
): Promise<Answer> {
  return driverOf(sandbox).control(path, body);
}

/**
 * Creates a checkout through `proxy`'s API and answers its record in the store, which names the
 * payment request behind it upstream (`paymentRequestId`, `foreignId`).
 */
export async function createdRecord(proxy: TestProxy): Promise<CheckoutRecord> {
  const checkout = await json(await proxy.createCheckout(checkoutBody()));
  const record = await proxy.store.getCheckout(checkout.id);
  assert.ok(record, 'the store has the created checkout');
  return record;
}

/**
 * `POST /callbacks/processing` of `body` to `proxy`, signed with the merchant's credentials as
 * the service signs it; `headers` override those (`undefined` removes one: a forgery, say).
 */
export function deliverCallback(
  proxy: TestProxy,
  body: string,
  headers: HeaderOverrides = {},
): Promise<Response> {
  return proxy.request('/callbacks/processing', {
    method: 'POST',
    headers: signedJsonHeaders(CREDENTIALS, body, headers),
    body,
  });
}

/** The service's callback on invoice 101 (`inv-1`), confirmed; `extra` adds or replaces fields. */
export function invoiceCallbackBody(extra: Record<string, unknown> = {}): InvoiceCallback {
  return {
    type: 'invoice',
    id: 101,
    foreign_id: 'inv-1',
    status: 'confirmed',
    currency: 'EUR',
    amount: '10.00000000',
    ...extra,
  };
}
