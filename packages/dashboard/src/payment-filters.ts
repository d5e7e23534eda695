/**
 * The payments list's filters: read from and written to the page's address (so a filtered list
 * is a link, like the demo's `/dashboard/?q=<reference>`), and turned into the merchant API's
 * queries: a page of `GET /admin/checkouts` and the CSV export with the same filters.
 */

import type { PricingMode } from '@crypto-pay/protocol/proxy-api';
import { pagePath, pickSearch, searchParams } from './list-query.ts';

export const FILTER_NAMES = [
  'q',
  'status',
  'detail',
  'stale',
  'pricing',
  'currency',
  'from',
  'to',
  'amount_min',
  'amount_max',
] as const;

/** The filters as the page's address holds them; dates as the date field's `YYYY-MM-DD`. */
export type PaymentFilters = Partial<Record<(typeof FILTER_NAMES)[number], string>>;

/** The pricing filter's values and the pricing mode each finds: the names checkouts carry. */
export const PRICING_FILTERS = {
  product: 'product',
  session: 'session',
  amount: 'amount',
} as const satisfies Record<string, PricingMode>;

const DAY_SECONDS = 86_400;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The filters a page address (or the filter form) carries, trimmed, empty ones left out. */
export function filtersFrom(
  values: URLSearchParams | Record<string, string | undefined>,
): PaymentFilters {
  return pickSearch(values, FILTER_NAMES);
}

/** The page address's query of the filters, in a fixed order. */
export function filtersSearch(filters: PaymentFilters): URLSearchParams {
  return searchParams(pickSearch(filters, FILTER_NAMES));
}

/** Unix seconds of a `YYYY-MM-DD` day's start in UTC, or undefined for anything else. */
export function dayStart(date: string): number | undefined {
  const match = DATE.exec(date);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(ms) ? undefined : ms / 1000;
}

/**
 * The merchant API's query of the filters: `created_from` the start of the first day,
 * `created_to` the start of the day after the last (the API's end is exclusive); amounts as
 * typed (decimal strings, compared by the proxy exactly).
 */
export function apiQuery(filters: PaymentFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of ['q', 'status', 'detail', 'stale', 'pricing'] as const) {
    if (filters[name]) query.set(name, filters[name]);
  }
  if (filters.currency) query.set('currency', filters.currency.toUpperCase());
  const from = filters.from === undefined ? undefined : dayStart(filters.from);
  if (from !== undefined) query.set('created_from', String(from));
  const to = filters.to === undefined ? undefined : dayStart(filters.to);
  if (to !== undefined) query.set('created_to', String(to + DAY_SECONDS));
  if (filters.amount_min) query.set('amount_min', filters.amount_min);
  if (filters.amount_max) query.set('amount_max', filters.amount_max);
  return query;
}

/** `GET /admin/checkouts` for one page of the filtered list. */
export function listPath(filters: PaymentFilters, before?: string, limit = 50): string {
  return pagePath('/admin/checkouts', apiQuery(filters), before, limit);
}

/** The CSV export of the filtered list (every match: no page). */
export function csvExportHref(filters: PaymentFilters): string {
  const query = apiQuery(filters).toString();
  return query ? `/admin/checkouts/export?${query}` : '/admin/checkouts/export';
}
