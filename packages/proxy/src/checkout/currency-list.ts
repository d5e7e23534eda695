/**
 * The service's currency list, cached for a while so page loads do not multiply upstream
 * calls; one call in flight at a time, and the last good list served if a refresh fails.
 * Payment currencies the service refused as disabled are remembered until the next refresh.
 * (`checkedCurrencyCache` in process/setup-warnings.ts checks the merchant's setup against it.)
 */

import type { CurrencyEntry } from '@crypto-pay/protocol';
import { currencyOfCode } from '@crypto-pay/protocol/merchant-rules';
import type { PaymentCurrency } from '@crypto-pay/protocol/proxy-api';
import type { CurrencyRef } from '../store/store.ts';
import type { ProcessingClient } from './upstream.ts';

export interface CurrencyCache {
  get(): Promise<CurrencyEntry[]>;
  /** Payment currencies the service refused as disabled since the list was last fetched. */
  disabled(): readonly CurrencyRef[];
  /** Notes a payment currency the service refused as disabled (dropped until the next refresh). */
  markDisabled(currency: CurrencyRef): void;
}

export function createCurrencyCache(
  processing: Pick<ProcessingClient, 'listCurrencies'>,
  ttlMs: number,
  /** A monotonic clock in milliseconds. */
  now: () => number,
  /** Called once, with the first list fetched (the merchant's setup is checked against it). */
  onFirstList: (entries: CurrencyEntry[]) => void = () => {},
): CurrencyCache {
  let cached: { entries: CurrencyEntry[]; at: number } | undefined;
  let pending: Promise<CurrencyEntry[]> | undefined;
  let disabled: CurrencyRef[] = [];

  const refresh = () => {
    pending ??= processing
      .listCurrencies()
      .then((entries) => {
        const first = cached === undefined;
        cached = { entries, at: now() };
        if (first) onFirstList(entries);
        else disabled = [];
        return entries;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };

  return {
    async get() {
      if (cached && now() - cached.at < ttlMs) return cached.entries;
      try {
        return await refresh();
      } catch (error) {
        if (cached) return cached.entries;
        throw error;
      }
    },
    disabled: () => disabled,
    markDisabled(currency) {
      if (!isOffered(currency, disabled)) disabled.push(currency);
    },
  };
}

/**
 * Whether the merchant offers `currency` (`PAYMENT_CURRENCIES`; everything when unset). An
 * offered entry without a network covers every network of that iso; a currency without a
 * network matches only such an entry, since the service would choose its network.
 */
export function isOffered(
  currency: CurrencyRef,
  offered: readonly CurrencyRef[] | undefined,
): boolean {
  if (offered === undefined) return true;
  return offered.some(
    (entry) =>
      entry.iso === currency.iso &&
      (entry.network_name === undefined || entry.network_name === currency.network_name),
  );
}

/** A list entry as payment requests name it: `{iso, network_name}` (no network when unknown). */
export function currencyRefOf(entry: CurrencyEntry): CurrencyRef {
  return currencyOfCode(entry.currency);
}

/**
 * The crypto currencies a customer may pay in, as `/api/config` lists them: offered, and not
 * refused as disabled (an entry without a network stands for every network of its iso).
 */
export function paymentCurrencies(
  entries: CurrencyEntry[],
  offered?: readonly CurrencyRef[],
  disabled: readonly CurrencyRef[] = [],
): PaymentCurrency[] {
  return entries
    .filter((entry) => entry.type === 'crypto')
    .map((entry): PaymentCurrency => ({ ...currencyRefOf(entry), precision: entry.precision }))
    .filter((currency) => isOffered(currency, offered))
    .filter((currency) => disabled.length === 0 || !isOffered(currency, disabled));
}
