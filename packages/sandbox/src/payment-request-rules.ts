/**
 * The rules of create payment request that need the sandbox's state (currency list, exchange
 * rates, clock, store reputation, earlier requests), applied after the schema passed and in
 * this order: currency, amount, lifespan, payment_currency, exchange rate, url_store,
 * foreign_id. The first broken rule answers.
 */

import {
  type CreatePaymentRequest,
  compareDecimal,
  decimalPlaces,
  errors,
} from '@crypto-pay/protocol';
import type { SandboxCore } from './core.ts';
import {
  CURRENCIES,
  type Currency,
  currenciesByIso,
  currencyByRef,
  hasRate,
  inEur,
} from './currencies.ts';
import { fail } from './failure.ts';

export const MINIMUM_EUR = '1.00';
export const MAXIMUM_EUR = '100000.00';
export const MINIMUM_LIFESPAN_SECONDS = 5 * 60;
export const MAXIMUM_LIFESPAN_SECONDS = 60 * 24 * 60 * 60;

export interface CheckedPaymentRequest {
  currency: Currency;
  lifeTime: number;
  payWithOptions: Currency[];
}

function requestedCurrency(body: CreatePaymentRequest): Currency {
  const { iso, network_name } = body.currency;
  const candidates = currenciesByIso(iso);
  if (candidates.length === 0) fail(errors.currencyIsoUnknown);
  if (candidates.every((currency) => !currency.enabled)) fail(errors.currencyIsoDisabled);
  const isCrypto = candidates[0]!.type === 'crypto';
  if (isCrypto && (network_name === undefined || network_name === null || network_name === '')) {
    fail(errors.networkNameRequired);
  }
  const currency = currencyByRef(iso, network_name);
  if (!currency) fail(errors.currencyNetworkUnsupported);
  if (!currency.enabled) fail(errors.currencyIsoDisabled);
  return currency;
}

/** Bounds are in EUR through the sandbox's rates; then the currency's decimal places. */
function checkAmount(amount: string, currency: Currency): void {
  const eur = inEur(amount, currency);
  if (eur === undefined) fail(errors.exchangeRateUnavailable(currency.iso, 'EUR'));
  if (compareDecimal(eur, MINIMUM_EUR) < 0) fail(errors.amountBelowMinimum(MINIMUM_EUR));
  if (compareDecimal(eur, MAXIMUM_EUR) > 0) fail(errors.amountAboveMaximum(MAXIMUM_EUR));
  if (decimalPlaces(amount) > currency.precision) {
    fail(errors.amountTooManyDecimals(currency.iso, currency.precision));
  }
}

/** The expiry as Unix seconds, its span checked against the sandbox clock. */
function lifeTime(core: SandboxCore, body: CreatePaymentRequest): number {
  const now = core.clock.now();
  const expiry =
    body.life_time_duration != null ? now + body.life_time_duration : body.life_time_datetime!;
  const span = expiry - now;
  if (span < MINIMUM_LIFESPAN_SECONDS) fail(errors.lifespanTooShort(5, 'minutes'));
  if (span > MAXIMUM_LIFESPAN_SECONDS) fail(errors.lifespanTooLong(60, 'days'));
  return expiry;
}

/**
 * What the customer may pay with: the forced currency (every network of its iso when no
 * network is given), else every enabled crypto currency the sandbox can convert into.
 */
function payWithOptions(body: CreatePaymentRequest, currency: Currency): Currency[] {
  const given = body.payment_currency;
  if (!given) {
    return CURRENCIES.filter(
      (option) => option.type === 'crypto' && option.enabled && hasRate(currency, option),
    );
  }
  const candidates = currenciesByIso(given.iso);
  if (candidates.length === 0) fail(errors.paymentCurrencyIsoUnknown);
  if (candidates[0]!.type !== 'crypto') fail(errors.paymentCurrencyNotCrypto);
  if (candidates.every((option) => !option.enabled)) fail(errors.paymentCurrencyIsoDisabled);
  let options = candidates.filter((option) => option.enabled);
  if (given.network_name !== undefined) {
    const chosen = candidates.find((option) => option.network === given.network_name);
    if (!chosen) fail(errors.paymentCurrencyNetworkUnsupported);
    if (!chosen.enabled) fail(errors.paymentCurrencyIsoDisabled);
    options = [chosen];
  }
  options = options.filter((option) => hasRate(currency, option));
  if (options.length === 0) fail(errors.exchangeRateUnavailable(currency.iso, given.iso));
  return options;
}

/** A host under `.invalid`, or a listed host or any of its subdomains, is judged unclean. */
export function isBlockedStoreHost(hostname: string, blocked: ReadonlySet<string>): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'invalid' || host.endsWith('.invalid')) return true;
  const labels = host.split('.');
  return labels.some((_, index) => blocked.has(labels.slice(index).join('.')));
}

/** Applies the state rules in order; throws the first broken one. */
export function checkPaymentRequest(
  core: SandboxCore,
  body: CreatePaymentRequest,
): CheckedPaymentRequest {
  const currency = requestedCurrency(body);
  checkAmount(body.amount, currency);
  const expiry = lifeTime(core, body);
  const options = payWithOptions(body, currency);
  if (
    body.url_store !== undefined &&
    isBlockedStoreHost(new URL(body.url_store).hostname, core.options.blockedHosts)
  ) {
    fail(errors.urlStoreInvalid);
  }
  if (body.foreign_id !== undefined && core.store.paymentRequestForeignIds.has(body.foreign_id)) {
    fail(errors.foreignIdTaken);
  }
  return { currency, lifeTime: expiry, payWithOptions: options };
}
