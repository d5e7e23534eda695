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
import type { CurrencyRef } from '../store/store.ts';
import { currencyRefOf } from './currency-list.ts';

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
