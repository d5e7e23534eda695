/**
 * The proxy's configuration, read once from the environment and validated: a missing or
 * malformed value stops start-up with one line naming the variable. There is no default secret.
 */

import { isIP } from 'node:net';
import {
  compareDecimal,
  decimalPlaces,
  isDecimal,
  isStoreUrl,
  isWebUrl,
} from '@crypto-pay/protocol';
import {
  fitsCheckoutId,
  MAX_RESULT_URL_LENGTH,
  type OpenAmount,
} from '@crypto-pay/protocol/proxy-api';
import * as z from 'zod/mini';
import { type DatabaseTimeouts, DEFAULT_TIMEOUTS } from '../store/database-timeouts.ts';
import type { CurrencyRef } from '../store/store.ts';
import { isWebhookSecret, webhookUrlProblem } from '../webhooks/endpoint-url.ts';
import { LEVELS, type Level } from './logger.ts';
import { DEFAULT_RETENTION_DAYS } from './retention.ts';

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

export interface Config {
  apiKey: string;
  signingSecret: string;
  baseUrl: string;
  paymentsBaseUrl: string;
  port: number;
  host: string;
  databaseUrl: string;
  /** Connections each proxy keeps to a PostgreSQL store (`DATABASE_POOL_SIZE`). */
  databasePoolSize: number;
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
   * runs both (see `http/routes/event-stream-node.ts`).
   */
  eventStreamWriter: 'socket' | 'hono';
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
}

const text = (why: string) =>
  z.string({ error: why }).check(z.refine((value) => value.trim().length > 0, why));

const optionalText = z.optional(z.string());

const integer = (min: number, max: number) =>
  z.optional(
    z
      .string()
      .check(
        z.refine(
          (value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max,
          `must be a whole number from ${min} to ${max}`,
        ),
      ),
  );

const baseUrl = (version: string) =>
  z.string({ error: 'is required' }).check(
    z.refine(isWebUrl, 'must be an http(s) URL'),
    z.refine(
      (value) =>
        !isWebUrl(value) || new URL(value).pathname.replace(/\/+$/, '').endsWith(`/${version}`),
      `must end in /${version}`,
    ),
  );

/** A result address: the service gets it with `checkout=<id>` added, within its 255 characters. */
const resultUrl = z.optional(
  z
    .string()
    .check(
      z.refine(isWebUrl, 'must be an http(s) URL'),
      z.refine(
        fitsCheckoutId,
        `is too long: with checkout=<id> added it would pass the ${MAX_RESULT_URL_LENGTH} characters the processing service accepts`,
      ),
    ),
);

const decimal = z.optional(
  z
    .string()
    .check(
      z.refine(
        (value) => isDecimal(value) && compareDecimal(value, '0') > 0,
        'must be a positive decimal such as 1.00',
      ),
    ),
);

const environmentSchema = z.object({
  PROCESSING_API_KEY: text('is required (the merchant API key)'),
  PROCESSING_SIGNING_SECRET: text('is required (the merchant signing secret)'),
  PROCESSING_BASE_URL: baseUrl('v2'),
  PROCESSING_PAYMENTS_BASE_URL: baseUrl('v1'),
  PORT: integer(0, 65535),
  HOST: z.optional(
    z
      .string()
      .check(
        z.refine(isHost, 'must be an IP address or a host name, such as 127.0.0.1, 0.0.0.0 or ::'),
      ),
  ),
  DATABASE_URL: z.optional(
    z
      .string()
      .check(
        z.refine(
          (value) => /^sqlite:.+/.test(value) || /^postgres(ql)?:\/\/.+/.test(value),
          'must look like sqlite:./data/crypto-pay.db or postgres://user:password@host:5432/database',
        ),
      ),
  ),
  ALLOWED_ORIGINS: z.optional(
    z
      .string()
      .check(
        z.refine(
          (value) => splitList(value).every(isOrigin),
          'must be comma-separated origins such as https://shop.example',
        ),
      ),
  ),
  ADMIN_TOKEN: z.optional(z.string().check(z.minLength(16, 'must be at least 16 characters long'))),
  CATALOG_FILE: optionalText,
  OPEN_AMOUNT_MIN: decimal,
  OPEN_AMOUNT_MAX: decimal,
  OPEN_AMOUNT_CURRENCIES: z.optional(
    z
      .string()
      .check(
        z.refine(
          (value) => splitList(value).every((code) => /^[A-Z0-9]{2,10}$/.test(code)),
          'must be comma-separated currency codes such as EUR,USD',
        ),
      ),
  ),
  OPEN_AMOUNT_PRESETS: z.optional(
    z
      .string()
      .check(
        z.refine(
          (value) => splitList(value).every(isDecimal),
          'must be comma-separated decimals such as 5.00,20.00,50.00',
        ),
      ),
  ),
  URL_STORE: z.optional(
    z
      .string()
      .check(z.refine(isStoreUrl, 'must be an https URL on a domain name (not an IP address)')),
  ),
  URL_SUCCESS: resultUrl,
  URL_FAILED: resultUrl,
  PAYMENT_LIFETIME_SECONDS: integer(300, 60 * 60 * 24 * 60),
  DATABASE_POOL_SIZE: integer(1, 1000),
  DATABASE_CONNECT_TIMEOUT_MS: integer(100, 600_000),
  DATABASE_STATEMENT_TIMEOUT_MS: integer(0, 600_000),
  RATE_LIMIT_CHECKOUTS_PER_MINUTE: integer(1, 100_000),
  MAX_EVENT_STREAMS: integer(1, 1_000_000),
  MAX_EVENT_STREAMS_PER_CLIENT: integer(1, 1_000_000),
  MAX_CONNECTIONS: integer(1, 10_000_000),
  MAX_CONNECTIONS_PER_CLIENT: integer(0, 10_000_000),
  EVENT_STREAM_WRITER: z.optional(z.enum(['socket', 'hono'], { error: 'must be socket or hono' })),
  UPSTREAM_TIMEOUT_MS: integer(100, 600_000),
  SHUTDOWN_DRAIN_MS: integer(0, 600_000),
  RETENTION_DAYS: integer(0, 36_500),
  END_USER_REFERENCE_KEY: z.optional(
    z.string().check(z.minLength(32, 'must be at least 32 characters long')),
  ),
  TRUST_PROXY: z.optional(z.enum(['true', 'false'], { error: 'must be true or false' })),
  LOG_LEVEL: z.optional(z.enum(LEVELS, { error: `must be one of ${LEVELS.join(', ')}` })),
  PAYMENT_CURRENCIES: z.optional(
    z
      .string()
      .check(
        z.refine(
          (value) => splitList(value).length > 0 && splitList(value).every(isPaymentCurrency),
          'must be comma-separated ISO or ISO:network entries such as BTC:bitcoin,USDT:tron',
        ),
      ),
  ),
  WEBHOOK_URL: z.optional(
    z.string().check(
      z.superRefine((value, context) => {
        const problem = webhookUrlProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
      }),
    ),
  ),
  WEBHOOK_SECRET: z.optional(
    z
      .string()
      .check(
        z.refine(isWebhookSecret, 'must be whsec_ followed by the base64 of 24 to 64 random bytes'),
      ),
  ),
  WEBHOOK_RETRY_SCHEDULE_MS: z.optional(
    z
      .string()
      .check(
        z.refine(
          (value) =>
            splitList(value).length > 0 &&
            splitList(value).every((item) => /^\d{1,10}$/.test(item)),
          'must be comma-separated milliseconds such as 100,200,400',
        ),
      ),
  ),
});

/** `BTC`, or `USDT:tron`: an uppercase code, and optionally a network as the service names it. */
const PAYMENT_CURRENCY = /^([A-Z0-9]{2,10})(?::([a-z0-9_-]{1,64}))?$/;

function isPaymentCurrency(value: string): boolean {
  return PAYMENT_CURRENCY.test(value);
}

function paymentCurrencyOf(value: string): CurrencyRef {
  const [, iso, network] = PAYMENT_CURRENCY.exec(value)!;
  return network === undefined ? { iso: iso! } : { iso: iso!, network_name: network };
}

/**
 * An address to listen on: an IP address, or a name made of DNS labels. Dotted digits that are
 * no IPv4 address (999.1.1.1) would go to DNS and fail there, far from the variable's name.
 */
function isHost(value: string): boolean {
  if (isIP(value) !== 0) return true;
  if (/^[\d.]+$/.test(value)) return false;
  return /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/.test(
    value,
  );
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

function isOrigin(value: string): boolean {
  return isWebUrl(value) && new URL(value).origin === value.replace(/\/$/, '');
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
  return {
    apiKey: vars.PROCESSING_API_KEY,
    signingSecret: vars.PROCESSING_SIGNING_SECRET,
    baseUrl: vars.PROCESSING_BASE_URL,
    paymentsBaseUrl: vars.PROCESSING_PAYMENTS_BASE_URL,
    port: vars.PORT === undefined ? 8787 : Number(vars.PORT),
    host: vars.HOST ?? '127.0.0.1',
    databaseUrl: vars.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    databasePoolSize: Number(vars.DATABASE_POOL_SIZE ?? 10),
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
  };
}

/** The single endpoint takes both variables or neither. */
function webhookOf(vars: z.output<typeof environmentSchema>): Config['webhook'] {
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
function openAmountOf(vars: z.output<typeof environmentSchema>): OpenAmount | undefined {
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
