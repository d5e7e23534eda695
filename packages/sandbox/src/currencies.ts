/**
 * The sandbox's currency list and exchange rates. A currency is one asset on one network;
 * its `code` is what invoices, withdrawals, balances and the currency list name it by, while
 * payment requests name it by `{iso, network_name}`.
 */

import { divideDecimal, multiplyDecimal, scaleDecimal } from '@crypto-pay/protocol';

export interface Currency {
  id: number;
  /** Code in the currency list and balances (`USDTT` is USDT on tron). */
  code: string;
  iso: string;
  /** Network of a crypto currency; null for fiat. */
  network: string | null;
  type: 'crypto' | 'fiat';
  precision: number;
  enabled: boolean;
  minimumAmount: string;
  minimumWithdrawalAmount: string;
  depositConfirmations: number;
  depositFeePercent: string;
  withdrawalFeePercent: string;
  /** Price of one unit in EUR; null when the sandbox has no rate for it. */
  eurRate: string | null;
  /** Balance the sandbox starts with. */
  seedBalance: string;
}

const fiat = (id: number, iso: string, eurRate: string): Currency => ({
  id,
  code: iso,
  iso,
  network: null,
  type: 'fiat',
  precision: 2,
  enabled: true,
  minimumAmount: '1.00',
  minimumWithdrawalAmount: '10.00',
  depositConfirmations: 0,
  depositFeePercent: '0.000000',
  withdrawalFeePercent: '0.000000',
  eurRate,
  seedBalance: '0',
});

const crypto = (
  fields: Pick<Currency, 'id' | 'code' | 'iso' | 'network' | 'precision' | 'eurRate'> &
    Partial<Currency>,
): Currency => ({
  type: 'crypto',
  enabled: true,
  minimumAmount: '0.0001',
  minimumWithdrawalAmount: '0.001',
  depositConfirmations: 2,
  depositFeePercent: '1.000000',
  withdrawalFeePercent: '0.500000',
  seedBalance: '0',
  ...fields,
});

/** Price of one US dollar in EUR: the fiat's rate, and the dollar stablecoins'. */
const USD_IN_EUR = '0.92';

/** A dollar stablecoin: priced as the dollar, six decimals, from one unit. */
const stablecoin = (
  fields: Pick<
    Currency,
    'id' | 'code' | 'iso' | 'network' | 'minimumWithdrawalAmount' | 'depositConfirmations'
  > &
    Partial<Currency>,
): Currency => crypto({ precision: 6, eurRate: USD_IN_EUR, minimumAmount: '1', ...fields });

/** What a dollar stablecoin on Ethereum (an ERC-20 token) takes: 12 confirmations, 10 to withdraw. */
const ON_ETHEREUM = {
  network: 'ethereum',
  minimumWithdrawalAmount: '10',
  depositConfirmations: 12,
} as const;

/** Every currency the sandbox knows, in the order the currency list shows them. */
export const CURRENCIES: readonly Currency[] = [
  fiat(1, 'EUR', '1'),
  fiat(2, 'USD', USD_IN_EUR),
  crypto({
    id: 3,
    code: 'BTC',
    iso: 'BTC',
    network: 'bitcoin',
    precision: 8,
    eurRate: '60000',
    minimumAmount: '0.00005',
    minimumWithdrawalAmount: '0.0005',
    seedBalance: '1.25000000',
  }),
  crypto({
    id: 4,
    code: 'ETH',
    iso: 'ETH',
    network: 'ethereum',
    precision: 8,
    eurRate: '3000',
    minimumAmount: '0.001',
    minimumWithdrawalAmount: '0.005',
    depositConfirmations: 12,
    seedBalance: '15.00000000',
  }),
  crypto({
    id: 5,
    code: 'LTC',
    iso: 'LTC',
    network: 'litecoin',
    precision: 8,
    eurRate: '80',
    minimumAmount: '0.01',
    minimumWithdrawalAmount: '0.05',
    depositConfirmations: 6,
    seedBalance: '120.00000000',
  }),
  stablecoin({
    id: 6,
    code: 'USDTE',
    iso: 'USDT',
    ...ON_ETHEREUM,
    seedBalance: '25000.000000',
  }),
  stablecoin({
    id: 7,
    code: 'USDTT',
    iso: 'USDT',
    network: 'tron',
    minimumWithdrawalAmount: '5',
    depositConfirmations: 20,
    seedBalance: '10000.000000',
  }),
  stablecoin({
    id: 8,
    code: 'USDC',
    iso: 'USDC',
    ...ON_ETHEREUM,
    seedBalance: '5000.000000',
  }),
  crypto({
    id: 9,
    code: 'XRP',
    iso: 'XRP',
    network: 'ripple',
    precision: 6,
    eurRate: '0.5',
    enabled: false,
  }),
  crypto({
    id: 10,
    code: 'DOGE',
    iso: 'DOGE',
    network: 'dogecoin',
    precision: 8,
    eurRate: null,
    minimumAmount: '1',
    minimumWithdrawalAmount: '10',
  }),
];

const byCode = new Map(CURRENCIES.map((currency) => [currency.code, currency]));

/** A currency by its list code (`BTC`, `USDTT`), or undefined. */
export function currencyByCode(code: string): Currency | undefined {
  return byCode.get(code);
}

/** Every network on which an iso exists (USDT has two). */
export function currenciesByIso(iso: string): Currency[] {
  return CURRENCIES.filter((currency) => currency.iso === iso);
}

/** The currency `{iso, network_name}` names: for fiat the network must be absent or null. */
export function currencyByRef(
  iso: string,
  network: string | null | undefined,
): Currency | undefined {
  return CURRENCIES.find(
    (currency) => currency.iso === iso && currency.network === (network ?? null),
  );
}

/** `{iso, network_name}` as the service writes it: no network_name for fiat. */
export function currencyRef(currency: Currency): { iso: string; network_name?: string } {
  return currency.network === null
    ? { iso: currency.iso }
    : { iso: currency.iso, network_name: currency.network };
}

/** True when the sandbox can convert between the two (always for a currency and itself). */
export function hasRate(from: Currency, to: Currency): boolean {
  return from.iso === to.iso || (from.eurRate !== null && to.eurRate !== null);
}

/**
 * `amount` of `from` expressed in `to`, rounded half-up to `places` (default: `to`'s
 * precision). Callers check `hasRate` first.
 */
export function convert(
  amount: string,
  from: Currency,
  to: Currency,
  places = to.precision,
): string {
  if (from.iso === to.iso) return scaleDecimal(amount, places);
  if (from.eurRate === null || to.eurRate === null) {
    throw new RangeError(`No exchange rate between ${from.code} and ${to.code}`);
  }
  return divideDecimal(multiplyDecimal(amount, from.eurRate), to.eurRate, places);
}

/** The amount in EUR (8 decimals, for comparing with the bounds), or undefined without a EUR rate. */
export function inEur(amount: string, from: Currency): string | undefined {
  if (from.eurRate === null) return undefined;
  return scaleDecimal(multiplyDecimal(amount, from.eurRate), 8);
}
