/**
 * What each environment variable of the proxy may hold: the schema start-up checks the
 * environment against, one message per variable, and the checks of its values.
 */

import { isIP } from 'node:net';
import { baseAddressProblem } from '@crypto-pay/client';
import { compareDecimal, isDecimal, isStoreUrl, isWebUrl } from '@crypto-pay/protocol';
import { fitsCheckoutId, MAX_RESULT_URL_LENGTH } from '@crypto-pay/protocol/proxy-api';
import { webhookUrlProblem } from '@crypto-pay/protocol/webhooks';
import * as z from 'zod/mini';
import type { CurrencyRef } from '../store/store.ts';
import { isWebhookSecret } from '../webhooks/endpoint-url.ts';
import { LEVELS } from './logger.ts';

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

/** A base address of the service's API: the client's own rule, in its words. */
const baseUrl = (version: 'v1' | 'v2') =>
  z.string({ error: 'is required' }).check(
    z.superRefine((value, context) => {
      const problem = baseAddressProblem(value, version);
      if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
    }),
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

/** `postgres://…` or `postgresql://…`, as pg reads them (TLS by `sslmode` and the rest). */
export const POSTGRES_URL = /^postgres(ql)?:\/\/.+/;
const isPostgresUrl = (value: string) => POSTGRES_URL.test(value);

/** The `sslmode`s pg reads in a URL. */
const SSL_MODES = ['disable', 'prefer', 'require', 'verify-ca', 'verify-full', 'no-verify'];

/**
 * A PostgreSQL URL as WHATWG's parser reads it once its user and password are set aside: pg
 * reads `user:pass@/db?host=/socket` (a socket, as Cloud SQL's documentation writes it), which
 * that parser refuses after a user. Undefined for one that is no address.
 */
export const postgresAddressOf = (value: string): URL | undefined =>
  URL.parse(value.replace(/^(postgres(?:ql)?:\/\/)[^@/]*@/, '$1')) ?? undefined;

export const environmentSchema = z.object({
  PROCESSING_API_KEY: text('is required (the merchant API key)'),
  PROCESSING_SIGNING_SECRET: text('is required (the merchant signing secret)'),
  PROCESSING_BASE_URL: baseUrl('v2'),
  PROCESSING_PAYMENTS_BASE_URL: baseUrl('v1'),
  PORT: integer(0, 65535),
  METRICS_PORT: integer(1, 65535),
  HOST: z.optional(
    z
      .string()
      .check(
        z.refine(isHost, 'must be an IP address or a host name, such as 127.0.0.1, 0.0.0.0 or ::'),
      ),
  ),
  DATABASE_URL: z.optional(
    z.string().check(
      z.refine(
        (value) => /^sqlite:.+/.test(value) || isPostgresUrl(value),
        'must look like sqlite:./data/crypto-pay.db or postgres://user:password@host:5432/database',
      ),
      // A password's own @, /, : or # cut the address elsewhere than meant: a host that is
      // none, or a port that is no number. Said here, as a setting to correct (exit 2).
      z.refine(
        (value) => !isPostgresUrl(value) || postgresAddressOf(value) !== undefined,
        'cannot be read as an address: write a password’s @ / : # ? as %40 %2F %3A %23 %3F, and the port as a number',
      ),
      z.refine(
        (value) => !isPostgresUrl(value) || (postgresAddressOf(value)?.hash ?? '') === '',
        'holds a #, which ends an address there: write a password’s # as %23',
      ),
      // pg takes any other sslmode as TLS asked for: a typo would read as a server without it.
      z.refine(
        (value) => {
          const mode = isPostgresUrl(value)
            ? postgresAddressOf(value)?.searchParams.get('sslmode')
            : undefined;
          return mode == null || SSL_MODES.includes(mode);
        },
        `has an sslmode that is none of ${SSL_MODES.join(', ')}`,
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
  PUBLIC_ORIGIN: z.optional(
    z.string().check(z.refine(isOrigin, 'must be an origin such as https://pay.shop.example')),
  ),
  ADMIN_TOKEN: z.optional(z.string().check(z.minLength(16, 'must be at least 16 characters long'))),
  DASHBOARD_DEMO_ACCOUNT: z.optional(
    z.string().check(z.regex(/^[^:]+:.{12,}$/su, 'must be NAME:PASSWORD (pnpm start sets it)')),
  ),
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
  STATUS_COPY_SIZE: integer(0, 1_000_000),
  DATABASE_CONNECT_TIMEOUT_MS: integer(100, 600_000),
  DATABASE_STATEMENT_TIMEOUT_MS: integer(0, 600_000),
  RATE_LIMIT_CHECKOUTS_PER_MINUTE: integer(1, 100_000),
  AUTH_FAILURES_PER_MINUTE: integer(1, 100_000),
  MAX_EVENT_STREAMS: integer(1, 1_000_000),
  MAX_EVENT_STREAMS_PER_CLIENT: integer(1, 1_000_000),
  MAX_CONNECTIONS: integer(1, 10_000_000),
  MAX_CONNECTIONS_PER_CLIENT: integer(0, 10_000_000),
  EVENT_STREAM_WRITER: z.optional(z.enum(['socket', 'hono'], { error: 'must be socket or hono' })),
  UPSTREAM_TIMEOUT_MS: integer(100, 600_000),
  SHUTDOWN_DRAIN_MS: integer(0, 600_000),
  RETENTION_DAYS: integer(0, 36_500),
  STALE_AFTER_SECONDS: integer(0, 60 * 60 * 24 * 365),
  STALE_SWEEP_INTERVAL_MS: integer(100, 60 * 60 * 1000),
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

export function paymentCurrencyOf(value: string): CurrencyRef {
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

/** The entries of a comma-separated variable, trimmed, empty ones dropped. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

function isOrigin(value: string): boolean {
  return isWebUrl(value) && new URL(value).origin === value.replace(/\/$/, '');
}

/** The environment once the schema took it: every variable a string as given, or undefined. */
export type Environment = z.output<typeof environmentSchema>;
