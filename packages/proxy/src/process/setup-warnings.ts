/**
 * Settings that start a proxy no customer could pay through: said once at start, and once
 * against the service's first currency list, as warnings, since a merchant may be setting up
 * in steps.
 */

import { type CurrencyEntry, isLoopback } from '@crypto-pay/protocol';
import type { Catalog } from '../checkout/catalog.ts';
import {
  type CurrencyCache,
  createCurrencyCache,
  isOffered,
  paymentCurrencies,
} from '../checkout/currency-list.ts';
import { priceRefusal } from '../checkout/currency-rules.ts';
import { productCurrency } from '../checkout/pricing.ts';
import type { ProcessingClient } from '../checkout/upstream.ts';
import type { CurrencyRef } from '../store/store.ts';
import type { Config } from './config.ts';
import type { Log } from './logger.ts';

const named = (currency: CurrencyRef) =>
  currency.network_name === undefined
    ? currency.iso
    : `${currency.iso} on ${currency.network_name}`;

/** One sentence per problem, naming the variables that solve it. */
export function setupWarnings(config: Config, catalog: Catalog): string[] {
  const warnings: string[] = [];
  if (config.allowedOrigins.length === 0) {
    warnings.push(
      'ALLOWED_ORIGINS is empty: no shop page on another origin may call /api/* from a browser (CORS hides the answers, creates get 403).',
    );
  }
  if (catalog.size === 0 && !config.openAmount && config.adminToken === undefined) {
    warnings.push(
      'No price can be named: set CATALOG_FILE (products), OPEN_AMOUNT_MIN/MAX/CURRENCIES, or ADMIN_TOKEN (sessions).',
    );
  }
  for (const [name, url] of [
    ['PROCESSING_BASE_URL', config.baseUrl],
    ['PROCESSING_PAYMENTS_BASE_URL', config.paymentsBaseUrl],
  ] as const) {
    const { protocol, hostname } = new URL(url);
    if (protocol === 'http:' && !isLoopback(hostname)) {
      warnings.push(
        `${name} is plain http to ${hostname}: the API key and customers' names and birth dates would cross the network unencrypted. Use https (plain http is for a sandbox on this machine).`,
      );
    }
  }
  return warnings;
}

/**
 * The merchant's settings the service's currency list cannot take, one sentence each: a
 * catalogue price the service would refuse at every create (the rules of `currency-rules.ts`),
 * and a `PAYMENT_CURRENCIES` entry that matches no crypto currency of the list.
 */
export function currencyListWarnings(
  catalog: Catalog,
  offered: readonly CurrencyRef[] | undefined,
  entries: readonly CurrencyEntry[],
): string[] {
  const warnings: string[] = [];
  for (const [sku, product] of catalog) {
    const currency = productCurrency(product);
    const refusal = priceRefusal(product.amount, currency, entries);
    if (refusal) {
      warnings.push(
        `CATALOG_FILE product "${sku}" (${product.amount} ${named(currency)}) cannot be bought: the service would refuse it with "${refusal.message}"`,
      );
    }
  }
  const listed = paymentCurrencies([...entries]);
  for (const entry of offered ?? []) {
    if (!listed.some((currency) => isOffered(currency, [entry]))) {
      warnings.push(
        `PAYMENT_CURRENCIES entry ${named(entry)} matches no crypto currency in the service's currency list, so it is never offered.`,
      );
    }
  }
  return warnings;
}

const CURRENCY_TTL_MS = 5 * 60_000;

/**
 * The service's currency list, cached, with the merchant's catalogue prices and
 * `PAYMENT_CURRENCIES` checked against the first list fetched (a warning per problem).
 */
export function checkedCurrencyCache(options: {
  config: Config;
  processing: ProcessingClient;
  catalog: Catalog;
  log: Log;
  /** A monotonic clock in milliseconds (default `performance.now`). */
  monotonicNow?: () => number;
  ttlMs?: number;
}): CurrencyCache {
  const { config, catalog, log } = options;
  return createCurrencyCache(
    options.processing,
    options.ttlMs ?? CURRENCY_TTL_MS,
    options.monotonicNow ?? (() => performance.now()),
    (entries) => {
      for (const warning of currencyListWarnings(catalog, config.paymentCurrencies, entries)) {
        log('warn', warning);
      }
    },
  );
}
