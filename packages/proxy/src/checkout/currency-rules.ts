/**
 * A price held to the service's currency list before anyone pays it. The service refuses an
 * unknown currency, a crypto currency without its network, and more decimals than the
 * currency has; found here, the merchant meets the refusal when setting the price up instead
 * of a customer meeting it at checkout. The texts are the spec's.
 */

import {
  type CurrencyEntry,
  decimalPlaces,
  errors,
  type ProcessingError,
} from '@crypto-pay/protocol';
import { ApiError } from '../api-error.ts';
import type { CurrencyRef } from '../store/store.ts';
import { type CurrencyCache, currencyRefOf } from './currency-list.ts';
import type { Price } from './pricing.ts';
import { forCustomer } from './upstream.ts';

/** The service's refusal of this price, or undefined when its list allows it. */
export function priceRefusal(
  amount: string,
  currency: CurrencyRef,
  entries: readonly CurrencyEntry[],
): ProcessingError | undefined {
  const sameIso = entries.filter((entry) => currencyRefOf(entry).iso === currency.iso);
  if (sameIso.length === 0) return errors.currencyIsoUnknown;
  const isCrypto = sameIso.some((entry) => entry.type === 'crypto');
  if (isCrypto && currency.network_name === undefined) return errors.networkNameRequired;
  // The spec leaves the network out for fiat: the service refuses one given.
  if (!isCrypto && currency.network_name !== undefined) return errors.currencyNetworkUnsupported;
  // A code the proxy cannot place on a network stands for every network of its iso.
  const entry = sameIso.find((candidate) => {
    const network = currencyRefOf(candidate).network_name;
    return network === undefined || network === currency.network_name;
  });
  if (!entry) return errors.currencyNetworkUnsupported;
  if (decimalPlaces(amount) > entry.precision) {
    return errors.amountTooManyDecimals(currency.iso, entry.precision);
  }
  return undefined;
}

/** Who asks for a price's check: how its route answers a list it could not read, and its fields. */
export interface PriceCheckCaller {
  /** The merchant API passes the service's failure through; the widget's hides the merchant's setup. */
  listFailed: (error: unknown) => never;
  /** The caller's names for the catalogue's fields, where its body differs (`currency.network_name`). */
  fields?: Readonly<Record<string, string>>;
}

/**
 * A price held to the service's list before it is pinned (a session) or paid (a create): the
 * spec's text as 422, on the caller's own field.
 */
export async function checkPrice(
  amount: string,
  currency: CurrencyRef,
  currencies: CurrencyCache,
  caller: PriceCheckCaller,
): Promise<void> {
  const entries = await currencies.get().catch(caller.listFailed);
  const refusal = priceRefusal(amount, currency, entries);
  if (!refusal) return;
  const field = refusal.field ?? 'currency';
  throw new ApiError(422, refusal.name, refusal.message, {
    field: caller.fields?.[field] ?? field,
  });
}

/**
 * A create's open amount on a network (`{iso, network_name}`), held to the list before the
 * payment request: the service has one text for a network it does not support on the price and
 * on the payment currency, and the proxy would blame the customer's choice (`refusalOf`).
 */
export async function checkOpenPrice(price: Price, currencies: CurrencyCache): Promise<void> {
  if (price.pricing !== 'amount' || price.currency.network_name === undefined) return;
  await checkPrice(price.amount, price.currency, currencies, {
    listFailed: (error) => forCustomer(error),
  });
}
