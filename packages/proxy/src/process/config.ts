/**
 * The proxy's configuration, read once from the environment and validated: a missing or
 * malformed value stops start-up with one line naming the variable. There is no default secret.
 * What each variable may hold is `environment-schema.ts`; here are the defaults and the rules
 * that span several variables.
 */

import { compareDecimal, decimalPlaces, isLoopback } from '@crypto-pay/protocol';
import type { OpenAmount } from '@crypto-pay/protocol/proxy-api';
import {
  type DatabaseTimeouts,
  DEFAULT_POOL_SIZE,
  DEFAULT_TIMEOUTS,
} from '../store/database-timeouts.ts';
import { DEFAULT_STATUS_COPY_SIZE } from '../store/status-copy.ts';
import type { CurrencyRef } from '../store/store.ts';
import {
  type Environment,
  environmentSchema,
  paymentCurrencyOf,
  splitList,
} from './environment-schema.ts';
import type { Level } from './logger.ts';
import { DEFAULT_RETENTION_DAYS } from './retention.ts';
import { DEFAULT_STALE_AFTER_SECONDS, DEFAULT_STALE_SWEEP_INTERVAL_MS } from './stale-sweep.ts';

/** Start-up refused: `message` is the one line to print. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Caps on open event streams (`http/stream-limits.ts` counts them). */
export interface StreamLimits {
  /** Open streams at most, all clients together. */
  total: number;
  /** Open streams at most from one client (address, or IPv6 /64). */
  perClient: number;
}

/** What writes an event stream under Node (`EVENT_STREAM_WRITER`): see `Config`. */
export type EventStreamWriter = NonNullable<Environment['EVENT_STREAM_WRITER']>;

export interface Config {
  apiKey: string;
  signingSecret: string;
  baseUrl: string;
  paymentsBaseUrl: string;
  port: number;
  host: string;
  /** Where Prometheus's text format is served (`/metrics`, same HOST); metrics are off when unset. */
  metricsPort: number | undefined;
  databaseUrl: string;
  /** Connections each proxy keeps to a PostgreSQL store (`DATABASE_POOL_SIZE`). */
  databasePoolSize: number;
  /**
   * Checkouts a PostgreSQL store keeps for status reads, fed by the other proxies' notices
   * (`STATUS_COPY_SIZE`; 0: none, every read a query).
   */
  statusCopySize: number;
  /**
   * How long a PostgreSQL store waits for a connection and lets a statement run
   * (`DATABASE_CONNECT_TIMEOUT_MS`, `DATABASE_STATEMENT_TIMEOUT_MS`), so a stuck database is a 503.
   */
  databaseTimeouts: DatabaseTimeouts;
  allowedOrigins: string[];
  adminToken: string | undefined;
  catalogFile: string | undefined;
  /** `OPEN_AMOUNT_*`, as `/api/config` publishes them. */
  openAmount: OpenAmount | undefined;
  urlStore: string | undefined;
  urlSuccess: string | undefined;
  urlFailed: string | undefined;
  paymentLifetimeSeconds: number;
  rateLimitPerMinute: number;
  /** Refused admin tokens or callback signatures one client may have per minute. */
  authFailuresPerMinute: number;
  /** Open event streams at most, in all and per client (the widget polls beyond them). */
  eventStreams: StreamLimits;
  /**
   * Open connections at most: `total` (`MAX_CONNECTIONS`; undefined: all the descriptor limit
   * leaves, read at start) and per client address (`MAX_CONNECTIONS_PER_CLIENT`, 0 for none;
   * by default none behind a reverse proxy, whose one address every connection has).
   */
  connections: { total: number | undefined; perClient: number };
  /**
   * What writes an event stream under Node: `socket` (default) the route, straight to the
   * socket; `hono` Hono's `streamSSE` through the adapter, as everywhere else. `pnpm bench`
   * runs both (see `http/sse-node.ts`).
   */
  eventStreamWriter: EventStreamWriter;
  upstreamTimeoutMs: number;
  /**
   * How long a stop keeps serving with `/readyz` failing before it closes the listener
   * (`SHUTDOWN_DRAIN_MS`, default 0): the time a load balancer needs to take the proxy out of
   * rotation. A second signal ends it at once.
   */
  shutdownDrainMs: number;
  /** Key of the end_user_reference HMAC; derived from the signing secret when unset. */
  endUserReferenceKey: string | undefined;
  /** Take the client IP from `X-Forwarded-For` (only behind a reverse proxy you run). */
  trustProxy: boolean;
  /**
   * `PUBLIC_ORIGIN`: the origin the dashboard is reached on; changes made with its session
   * cookie must come from it. Unset: the request's own scheme and Host.
   */
  publicOrigin: string | undefined;
  /**
   * `DASHBOARD_DEMO_ACCOUNT` (`NAME:PASSWORD`): only `pnpm start`'s demo sets it, after making
   * that account; the dashboard's sign-in page then offers it in one click. Never in production.
   */
  dashboardDemoAccount: { name: string; password: string } | undefined;
  /** The least severe log lines written (`LOG_LEVEL`, default info). */
  logLevel: Level;
  /** The payment currencies offered (an entry without `network_name` means any network); all when unset. */
  paymentCurrencies: CurrencyRef[] | undefined;
  /** `WEBHOOK_URL` and `WEBHOOK_SECRET`: the usual single endpoint; none when unset. */
  webhook: { url: string; secret: string } | undefined;
  /**
   * Delays between webhook attempts, in milliseconds (`WEBHOOK_RETRY_SCHEDULE_MS`, for tests and
   * development); the README's three-day schedule when undefined.
   */
  webhookRetryScheduleMs: number[] | undefined;
  /**
   * Days the callback log, settled webhook deliveries and their events are kept
   * (`RETENTION_DAYS`, default 90); 0 keeps them for ever. Checkouts are always kept.
   */
  retentionDays: number;
  /**
   * A checkout still created or processing this long after its payment request expired is
   * stale (`STALE_AFTER_SECONDS`, default 3600): announced once, listed, counted.
   */
  staleAfterSeconds: number;
  /** Between two sweeps for stale checkouts (`STALE_SWEEP_INTERVAL_MS`, default a minute). */
  staleSweepIntervalMs: number;
}

export const DEFAULT_DATABASE_URL = 'sqlite:./data/crypto-pay.db';

/**
 * A browser opens about six connections to a host: this leaves room for dozens of customers
 * behind one office or carrier address, and holds one attacking address to a small share.
 */
export const DEFAULT_CONNECTIONS_PER_CLIENT = 256;

/** Reads the configuration from `env`; throws `ConfigError` with one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // Empty variables count as unset, as in most shells' `VAR= command`.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = environmentSchema.safeParse(given);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`${String(issue.path[0])} ${issue.message}.`);
  }
  const vars = result.data;
  const port = vars.PORT === undefined ? 8787 : Number(vars.PORT);
  const host = vars.HOST ?? '127.0.0.1';
  return {
    apiKey: vars.PROCESSING_API_KEY,
    signingSecret: vars.PROCESSING_SIGNING_SECRET,
    baseUrl: vars.PROCESSING_BASE_URL,
    paymentsBaseUrl: vars.PROCESSING_PAYMENTS_BASE_URL,
    port,
    host,
    metricsPort: metricsPortOf(vars, port),
    databaseUrl: vars.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    databasePoolSize: Number(vars.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE),
    statusCopySize: Number(vars.STATUS_COPY_SIZE ?? DEFAULT_STATUS_COPY_SIZE),
    databaseTimeouts: {
      connectMs: Number(vars.DATABASE_CONNECT_TIMEOUT_MS ?? DEFAULT_TIMEOUTS.connectMs),
      statementMs: Number(vars.DATABASE_STATEMENT_TIMEOUT_MS ?? DEFAULT_TIMEOUTS.statementMs),
    },
    allowedOrigins: splitList(vars.ALLOWED_ORIGINS ?? '').map((origin) => new URL(origin).origin),
    adminToken: vars.ADMIN_TOKEN,
    catalogFile: vars.CATALOG_FILE,
    openAmount: openAmountOf(vars),
    urlStore: vars.URL_STORE,
    urlSuccess: vars.URL_SUCCESS,
    urlFailed: vars.URL_FAILED,
    paymentLifetimeSeconds: Number(vars.PAYMENT_LIFETIME_SECONDS ?? 3600),
    rateLimitPerMinute: Number(vars.RATE_LIMIT_CHECKOUTS_PER_MINUTE ?? 20),
    authFailuresPerMinute: Number(vars.AUTH_FAILURES_PER_MINUTE ?? 10),
    eventStreams: {
      total: Number(vars.MAX_EVENT_STREAMS ?? 10_000),
      perClient: Number(vars.MAX_EVENT_STREAMS_PER_CLIENT ?? 100),
    },
    connections: {
      total: vars.MAX_CONNECTIONS === undefined ? undefined : Number(vars.MAX_CONNECTIONS),
      perClient: Number(
        vars.MAX_CONNECTIONS_PER_CLIENT ??
          (vars.TRUST_PROXY === 'true' ? 0 : DEFAULT_CONNECTIONS_PER_CLIENT),
      ),
    },
    eventStreamWriter: vars.EVENT_STREAM_WRITER ?? 'socket',
    upstreamTimeoutMs: Number(vars.UPSTREAM_TIMEOUT_MS ?? 10_000),
    shutdownDrainMs: Number(vars.SHUTDOWN_DRAIN_MS ?? 0),
    endUserReferenceKey: vars.END_USER_REFERENCE_KEY,
    trustProxy: vars.TRUST_PROXY === 'true',
    publicOrigin: vars.PUBLIC_ORIGIN === undefined ? undefined : new URL(vars.PUBLIC_ORIGIN).origin,
    dashboardDemoAccount: demoAccount(vars, host),
    logLevel: vars.LOG_LEVEL ?? 'info',
    paymentCurrencies:
      vars.PAYMENT_CURRENCIES === undefined
        ? undefined
        : splitList(vars.PAYMENT_CURRENCIES).map(paymentCurrencyOf),
    webhook: webhookOf(vars),
    webhookRetryScheduleMs:
      vars.WEBHOOK_RETRY_SCHEDULE_MS === undefined
        ? undefined
        : splitList(vars.WEBHOOK_RETRY_SCHEDULE_MS).map(Number),
    retentionDays: Number(vars.RETENTION_DAYS ?? DEFAULT_RETENTION_DAYS),
    staleAfterSeconds: Number(vars.STALE_AFTER_SECONDS ?? DEFAULT_STALE_AFTER_SECONDS),
    staleSweepIntervalMs: Number(vars.STALE_SWEEP_INTERVAL_MS ?? DEFAULT_STALE_SWEEP_INTERVAL_MS),
  };
}

/** Its own port: sharing the main one would serve the metrics to every caller, or fail to listen. */
function metricsPortOf(vars: Environment, mainPort: number): number | undefined {
  if (vars.METRICS_PORT === undefined) return undefined;
  const port = Number(vars.METRICS_PORT);
  if (port === mainPort) {
    throw new ConfigError(`METRICS_PORT must differ from PORT (both are ${port}).`);
  }
  return port;
}

/** The single endpoint takes both variables or neither. */
function webhookOf(vars: Environment): Config['webhook'] {
  const { WEBHOOK_URL: url, WEBHOOK_SECRET: secret } = vars;
  if (url === undefined && secret === undefined) return undefined;
  if (url === undefined)
    throw new ConfigError('WEBHOOK_URL is required when WEBHOOK_SECRET is set.');
  if (secret === undefined) {
    throw new ConfigError(
      'WEBHOOK_SECRET is required when WEBHOOK_URL is set (whsec_ followed by base64 of 24 to 64 random bytes).',
    );
  }
  return { url, secret };
}

/**
 * Open amounts are on only when all three variables are set, and the bounds are in order. The
 * widget's presets, if any, are amounts the proxy would take: within the bounds, in their places.
 */
function openAmountOf(vars: Environment): OpenAmount | undefined {
  const { OPEN_AMOUNT_MIN: min, OPEN_AMOUNT_MAX: max, OPEN_AMOUNT_CURRENCIES: codes } = vars;
  const set = [min, max, codes].filter((value) => value !== undefined).length;
  if (set === 0) {
    if (vars.OPEN_AMOUNT_PRESETS === undefined) return undefined;
    throw new ConfigError(
      'OPEN_AMOUNT_PRESETS needs open amounts: set OPEN_AMOUNT_MIN, OPEN_AMOUNT_MAX and OPEN_AMOUNT_CURRENCIES too.',
    );
  }
  if (set < 3) {
    const missing = !min ? 'OPEN_AMOUNT_MIN' : !max ? 'OPEN_AMOUNT_MAX' : 'OPEN_AMOUNT_CURRENCIES';
    throw new ConfigError(
      `${missing} is required when any of OPEN_AMOUNT_MIN, OPEN_AMOUNT_MAX, OPEN_AMOUNT_CURRENCIES is set.`,
    );
  }
  if (compareDecimal(min!, max!) > 0) {
    throw new ConfigError('OPEN_AMOUNT_MAX must not be below OPEN_AMOUNT_MIN.');
  }
  const open: OpenAmount = { min: min!, max: max!, currencies: splitList(codes!) };
  if (vars.OPEN_AMOUNT_PRESETS === undefined) return open;
  const places = Math.max(decimalPlaces(open.min), decimalPlaces(open.max));
  const presets = splitList(vars.OPEN_AMOUNT_PRESETS);
  const outside = presets.find(
    (preset) =>
      decimalPlaces(preset) > places ||
      compareDecimal(preset, open.min) < 0 ||
      compareDecimal(preset, open.max) > 0,
  );
  if (outside !== undefined) {
    throw new ConfigError(
      `OPEN_AMOUNT_PRESETS must be amounts from OPEN_AMOUNT_MIN to OPEN_AMOUNT_MAX with at most ${places} decimal places; ${outside} is not.`,
    );
  }
  return { ...open, presets };
}

/**
 * `DASHBOARD_DEMO_ACCOUNT` (`NAME:PASSWORD`, split at its first colon). Its password is served to
 * anyone who asks (`/dashboard/demo-account.json`): only on a proxy no other machine can reach,
 * so neither on a public HOST nor behind a reverse proxy (which forwards the public to loopback).
 */
function demoAccount(
  vars: Partial<
    Record<'DASHBOARD_DEMO_ACCOUNT' | 'TRUST_PROXY' | 'PUBLIC_ORIGIN', string | undefined>
  >,
  host: string,
): Config['dashboardDemoAccount'] {
  const value = vars.DASHBOARD_DEMO_ACCOUNT;
  if (value === undefined) return undefined;
  if (!isLoopback(host)) {
    throw new ConfigError(
      `DASHBOARD_DEMO_ACCOUNT is only for a proxy on a loopback HOST (127.0.0.1, ::1, localhost), not ${host}: it serves an owner's password to anyone who asks. Unset it (pnpm start's demo sets it).`,
    );
  }
  const behind =
    vars.TRUST_PROXY === 'true' ? 'TRUST_PROXY' : vars.PUBLIC_ORIGIN && 'PUBLIC_ORIGIN';
  if (behind) {
    throw new ConfigError(
      `DASHBOARD_DEMO_ACCOUNT is only for a proxy no other machine can reach, not one behind a reverse proxy (${behind} is set): it serves an owner's password to anyone who asks. Unset it (pnpm start's demo sets it).`,
    );
  }
  const colon = value.indexOf(':');
  return { name: value.slice(0, colon), password: value.slice(colon + 1) };
}
