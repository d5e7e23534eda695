/**
 * The proxy as one Hono app: edge middleware (request log, secure headers, CORS, cross-site
 * creates, body limit, rate limits), one sub-app per resource mounted with `route()`, and one
 * error handler. Each route and refusing middleware describes itself, and `/openapi.json` is
 * generated from what is registered here. The status read comes first, then the edge headers are handed to Hono for the
 * rest (`edge-headers.ts` says why).
 */

import { type Context, Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { Catalog } from '../checkout/catalog.ts';
import { type CheckoutHub, createCheckoutHub } from '../checkout/hub.ts';
import { referenceKey } from '../checkout/identity.ts';
import type { ProcessingClient } from '../checkout/upstream.ts';
import { type Metrics, noMetrics } from '../metrics/metrics.ts';
import { openApiRoutes } from '../openapi/document.ts';
import { crossSiteRefusals, merchantAuth, tooManyCreates } from '../openapi/operations.ts';
import type { Config } from '../process/config.ts';
import type { Log } from '../process/logger.ts';
import { checkedCurrencyCache } from '../process/setup-warnings.ts';
import type { Store } from '../store/store.ts';
import { createEventFeed, type EventFeed } from '../webhooks/event-feed.ts';
import { wakingStore } from '../webhooks/waking-store.ts';
import { allowedMethods } from './allowed-methods.ts';
import { auditOf } from './audit.ts';
import { bodyLimit, closeUnreadBodies, DEFAULT_MAX_BODY_BYTES } from './body.ts';
import type { AppEnv } from './context.ts';
import { edgeHeadersOnAnswers } from './edge-headers.ts';
import { handleError } from './errors.ts';
import { adminAuth } from './middleware/admin-auth.ts';
import { clientKey } from './middleware/client-ip.ts';
import { configOriginRefusal, cors } from './middleware/cors.ts';
import { crossSiteGuard } from './middleware/cross-site.ts';
import { dotSegmentGuard } from './middleware/path-guard.ts';
import { failureLimit, rateLimit } from './middleware/rate-limit.ts';
import { requestLog } from './middleware/request-log.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { passwordChecks } from './password-checks.ts';
import { DEFAULT_PAGE_SIZE } from './request-schemas.ts';
import { accountRoutes } from './routes/accounts.ts';
import { adminRoutes } from './routes/admin.ts';
import { callbackRoutes } from './routes/callbacks.ts';
import { checkoutReadRoutes, checkoutRoutes } from './routes/checkouts.ts';
import { type DashboardFiles, dashboardRoutes, installedDashboard } from './routes/dashboard.ts';
import { dashboardSessionRoutes, NAME_LIMIT_TIMES } from './routes/dashboard-sessions.ts';
import { eventFeedStreamRoutes } from './routes/event-feed-stream.ts';
import { eventRoutes } from './routes/event-stream.ts';
import { opsRoutes } from './routes/ops.ts';
import { paymentRoutes } from './routes/payments.ts';
import { processingOperationRoutes } from './routes/processing-operations.ts';
import { publicConfigRoutes } from './routes/public-config.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { webhookDeliveryRoutes } from './routes/webhook-deliveries.ts';
import { webhookEndpointChangeRoutes } from './routes/webhook-endpoint-changes.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { installedWidgetParts, type WidgetParts, widgetPartRoutes } from './routes/widget-parts.ts';

export interface AppOptions {
  config: Config;
  store: Store;
  processing: ProcessingClient;
  catalog: Catalog;
  log: Log;
  hub?: CheckoutHub;
  /** Unix milliseconds: timestamps and expiries. */
  now?: () => number;
  /**
   * Milliseconds of a monotonic clock, for intervals (probe reuse, currency cache): the wall
   * clock steps with NTP or by hand. Default `performance.now`. Tests give it to the rate limit
   * too, whose buckets otherwise follow the store's clock (shared by every proxy).
   */
  monotonicNow?: () => number;
  /** Interval of SSE heartbeats (default 15 s). */
  heartbeatMs?: number;
  /** How long the currency list is cached (default 5 minutes). */
  currencyTtlMs?: number;
  /** Largest accepted request body in bytes (default 32 KiB). */
  maxBodyBytes?: number;
  /** How soon a failed create's give-back the store could not write is tried again (5 s). */
  giveBackRetryMs?: number;
  isShuttingDown?: () => boolean;
  /** The webhook delivery worker, woken after writes that add events. */
  webhooks?: { wake(): void };
  /** What reads the events for the events streams (default: one of this app's own). */
  events?: EventFeed;
  /** The most one events stream may hold for a slow client (tests lower it). */
  eventStreamHeldBytes?: number;
  /** Where requests, creates and callbacks are counted (`METRICS_PORT`); nowhere by default. */
  metrics?: Metrics;
  /** The script-tag widget's chunks it serves (default: the installed `@crypto-pay/widget`'s). */
  widgetParts?: WidgetParts;
  /** The dashboard's built files it serves at /dashboard/ (default: the installed package's). */
  dashboard?: DashboardFiles;
  /** Told the checkouts' open event streams after each change (the process's memory reducer). */
  eventStreamsCounted?: (open: number) => void;
}

export function createApp(options: AppOptions) {
  const { config, processing, catalog, log } = options;
  const metrics = options.metrics ?? noMetrics;
  // The process's reader of the events streams (`GET /admin/events/stream`), given by the server
  // so its shutdown ends them.
  const events =
    options.events ?? createEventFeed({ store: options.store, log, pageSize: DEFAULT_PAGE_SIZE });
  const store = wakingStore(options.store, {
    ...(options.webhooks ? { deliveries: options.webhooks.wake } : {}),
    events: events.wake,
  });
  const now = options.now ?? Date.now;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const monotonicNow = options.monotonicNow ?? (() => performance.now());
  const hub = options.hub ?? createCheckoutHub();
  const currencies = checkedCurrencyCache({
    ...options,
    monotonicNow,
    ...(options.currencyTtlMs === undefined ? {} : { ttlMs: options.currencyTtlMs }),
  });
  const checkoutDeps = {
    config,
    store,
    processing,
    catalog,
    currencies,
    now,
    referenceKey: referenceKey(config.signingSecret, config.endUserReferenceKey),
    metrics,
    ...(options.giveBackRetryMs === undefined ? {} : { giveBackRetryMs: options.giveBackRetryMs }),
  };
  const clientOf = (c: Context<AppEnv>) => clientKey(c, config.trustProxy);
  // A process's monotonic clock means nothing to another proxy: the limits keep the store's
  // clock unless a test gives one.
  const limitClock = options.monotonicNow === undefined ? {} : { now: options.monotonicNow };
  /** Guessing a key, a signature or a token is slowed per address (`failureLimit`). */
  const failures = (name: string) =>
    failureLimit({
      perMinute: config.authFailuresPerMinute,
      store,
      key: clientOf,
      name,
      ...limitClock,
    });
  const app = new Hono<AppEnv>()
    .use(requestLog(log, metrics))
    .use(closeUnreadBodies())
    .use(securityHeaders())
    .use(dotSegmentGuard())
    // CORS before the body limit: a browser can read a 413 only with the CORS headers on it.
    .use('/api/*', cors(config.allowedOrigins))
    // A page not allowed may read why its configuration is refused (and nothing else).
    .on('GET', '/api/config', configOriginRefusal(config.allowedOrigins))
    // After CORS, so the shop's own page can read a 415; before the body and the rate limit.
    .on(
      'POST',
      '/api/checkouts',
      describeRoute(crossSiteRefusals),
      crossSiteGuard(config.allowedOrigins),
    )
    .use(bodyLimit(options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES))
    .on(
      'POST',
      '/api/checkouts',
      describeRoute(tooManyCreates),
      rateLimit({ perMinute: config.rateLimitPerMinute, store, key: clientOf, ...limitClock }),
    )
    // Before the edge headers are handed to Hono: it answers with their record itself.
    .route('/api/checkouts', checkoutReadRoutes(store))
    .use(edgeHeadersOnAnswers())
    .route(
      '/api/config',
      publicConfigRoutes({
        catalog,
        openAmount: config.openAmount,
        sessionsEnabled: config.adminToken !== undefined,
        currencies,
        offered: config.paymentCurrencies,
      }),
    )
    .route('/api/sessions', sessionRoutes({ store, now }))
    .route('/api/checkouts', checkoutRoutes(checkoutDeps))
    .route(
      '/api/checkouts',
      eventRoutes({
        store,
        hub,
        heartbeatMs,
        limits: config.eventStreams,
        clientOf,
        writer: config.eventStreamWriter,
        counted: options.eventStreamsCounted,
      }),
    )
    .route(
      '/callbacks',
      callbackRoutes({
        store,
        hub,
        now,
        processing,
        metrics,
        failures: failures('callback-failures'),
      }),
    )
    .route('/widget', widgetPartRoutes(options.widgetParts ?? installedWidgetParts()))
    .route(
      '/',
      dashboardRoutes(options.dashboard ?? installedDashboard(), config.dashboardDemoAccount),
    )
    .route(
      '/',
      opsRoutes({
        store,
        processing,
        isShuttingDown: options.isShuttingDown ?? (() => false),
        probeTimeoutMs: Math.min(config.upstreamTimeoutMs, 3000),
        serviceOrigin: new URL(config.baseUrl).origin,
        monotonicNow,
        log,
      }),
    );

  // The merchant API, and so the dashboard's sessions and accounts, only with ADMIN_TOKEN:
  // its switch (DESIGN.md). The bearer token is an owner; accounts sign in beside it.
  if (config.adminToken !== undefined) {
    const sessions = {
      store,
      now,
      trustProxy: config.trustProxy,
      publicOrigin: config.publicOrigin,
    };
    const audit = auditOf({ store, now });
    const signInLimit = (name: string, key: (c: Context<AppEnv>) => string, times = 1) =>
      failureLimit({
        perMinute: config.authFailuresPerMinute * times,
        store,
        key,
        name,
        refusal: {
          code: 'too_many_sign_ins',
          sentence:
            'Too many wrong passwords for this name or from this address (sign-ins and password changes). Try again later.',
        },
        ...limitClock,
      });
    app.use(
      '/admin/*',
      describeRoute(merchantAuth),
      adminAuth({ token: config.adminToken, failures: failures('admin-failures'), ...sessions }),
    );
    app.route(
      '/admin',
      dashboardSessionRoutes({
        ...sessions,
        adminToken: config.adminToken,
        adminFailures: failures('admin-failures'),
        audit,
        // One checker for the sign-in and one's own password change: the same buckets, and
        // the same few scrypt checks at once.
        checkPassword: passwordChecks(store, {
          byAddress: signInLimit('sign-in-address', clientOf),
          byName: (account) => signInLimit('sign-in-name', () => account, NAME_LIMIT_TIMES),
        }),
      }),
    );
    // Before adminRoutes: its /checkouts/:id would take /checkouts/export.
    app.route('/admin', paymentRoutes({ store, now }));
    app.route('/admin', adminRoutes({ store, currencies, now }));
    app.route(
      '/admin',
      processingOperationRoutes({ processing, audit, service: config, store, now }),
    );
    app.route(
      '/admin',
      eventFeedStreamRoutes({
        store,
        feed: events,
        heartbeatMs,
        limits: config.eventStreams,
        clientOf,
        writer: config.eventStreamWriter,
        log,
        ...(options.eventStreamHeldBytes === undefined
          ? {}
          : { maxHeldBytes: options.eventStreamHeldBytes }),
      }),
    );
    app.route('/admin', webhookRoutes({ store, now, audit }));
    app.route('/admin', webhookEndpointChangeRoutes({ store, now, audit }));
    app.route('/admin', webhookDeliveryRoutes({ store }));
    app.route('/admin', accountRoutes({ store, now, audit }));
  }
  app.route('/', openApiRoutes(app));

  const allowedAt = allowedMethods(app);
  app.notFound((c) => {
    c.set('unmatched', true);
    const allowed = allowedAt(c.req.path);
    if (allowed.length > 0) {
      return c.json(
        {
          error: `This address takes ${METHODS_LIST.format(allowed)}, not ${c.req.method}.`,
          code: 'method_not_allowed',
        },
        405,
        { Allow: allowed.join(', ') },
      );
    }
    return c.json({ error: 'There is nothing at this address.', code: 'not_found' }, 404);
  });
  app.onError(handleError);
  return app;
}

/** The methods a 405 names, as a sentence says them: "GET, HEAD and POST". */
const METHODS_LIST = new Intl.ListFormat('en-GB', { type: 'conjunction' });

export type App = ReturnType<typeof createApp>;
