/**
 * The service's refusals of a create that concern what the merchant set, not what the
 * customer typed: logged at warn with the service's text, so the merchant hears of them
 * before more customers meet them. Only catalogue texts are logged, never sender data.
 */

import { ProcessingApiError } from '@crypto-pay/client';
import type { Log } from '../process/logger.ts';
import type { CurrencyRef, PricingMode } from '../store/store.ts';
import type { CurrencyCache } from './currency-list.ts';
import { refusalOf } from './upstream.ts';

/** Fields the merchant sets for every pricing mode (configuration, catalogue, session). */
const MERCHANT_FIELDS = new Set([
  'url_store',
  'url_success',
  'url_failed',
  'description',
  'foreign_id',
  'end_user_reference',
  'life_time_duration',
]);

/** The price's fields: the merchant's for a product or a session, the customer's when open. */
const PRICE_FIELDS = new Set(['amount', 'currency.iso', 'currency.network_name']);

/** A payment currency the merchant offers that the service cannot take for this price. */
const PAYMENT_CURRENCY_REFUSALS = new Set([
  'payment_currency_iso_disabled',
  'exchange_rate_unavailable',
]);

export interface RefusedCreate {
  pricing: PricingMode;
  product?: string | undefined;
  paymentCurrency?: CurrencyRef | undefined;
}

/**
 * Logs a refusal of the service that names a merchant's setting, and remembers a payment
 * currency refused as disabled so `/api/config` stops offering it until the list refreshes.
 */
export function noteMerchantRefusal(
  error: unknown,
  create: RefusedCreate,
  deps: { log: Log; currencies: CurrencyCache },
): void {
  if (!(error instanceof ProcessingApiError)) return;
  const entry = refusalOf(error.message, { payment_currency: create.paymentCurrency });
  if (entry.name === 'validation') return;
  const field = entry.field ?? '';
  const merchants =
    PAYMENT_CURRENCY_REFUSALS.has(entry.name) ||
    MERCHANT_FIELDS.has(field) ||
    (create.pricing !== 'amount' && PRICE_FIELDS.has(field));
  if (!merchants) return;
  if (entry.name === 'payment_currency_iso_disabled' && create.paymentCurrency) {
    deps.currencies.markDisabled(create.paymentCurrency);
  }
  deps.log('warn', `the service refused a create because of a merchant setting: ${error.message}`, {
    code: entry.name,
    field,
    pricing: create.pricing,
    ...(create.product === undefined ? {} : { product: create.product }),
    ...(create.paymentCurrency === undefined ? {} : { payment_currency: create.paymentCurrency }),
  });
}
