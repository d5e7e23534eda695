/**
 * List balances (`POST {base_url}/accounts/list`) and list currencies
 * (`POST {base_url}/currencies/list`): both take the body `{}`.
 */

import * as z from 'zod/mini';
import { decimalString } from './fields.ts';

/** The body of operations without fields: exactly an empty object. */
export const emptyRequestSchema = z.strictObject(
  {},
  { error: 'This operation takes the body {}.' },
);

export const balanceEntrySchema = z.object({
  currency: z.string(),
  type: z.enum(['crypto', 'fiat']),
  balance: decimalString,
});
export type BalanceEntry = z.infer<typeof balanceEntrySchema>;
export const balancesResponseSchema = z.object({ data: z.array(balanceEntrySchema) });

const feePercent = z
  .string()
  .check(z.regex(/^\d+\.\d{6}$/, 'Expected a percentage with 6 decimals.'));

export const currencyEntrySchema = z.object({
  id: z.int(),
  type: z.string(),
  currency: z.string(),
  minimum_amount: decimalString,
  minimum_withdrawal_amount: decimalString,
  deposit_confirmations: z.int(),
  deposit_fee_percent: feePercent,
  withdrawal_fee_percent: feePercent,
  precision: z.int(),
});
export type CurrencyEntry = z.infer<typeof currencyEntrySchema>;
export const currenciesResponseSchema = z.object({ data: z.array(currencyEntrySchema) });

/**
 * What a currency code of the list and the balances means as payment requests name it: the
 * list names one asset on one network by a code (`USDTT` is USDT on tron), while payment
 * requests take `{iso, network_name}`. A code missing here is its own iso, with no network (for
 * the service to choose one, or a fiat currency).
 */
const CURRENCY_CODES: Readonly<Record<string, { iso: string; network_name: string }>> = {
  BTC: { iso: 'BTC', network_name: 'bitcoin' },
  ETH: { iso: 'ETH', network_name: 'ethereum' },
  LTC: { iso: 'LTC', network_name: 'litecoin' },
  BCH: { iso: 'BCH', network_name: 'bitcoin_cash' },
  DOGE: { iso: 'DOGE', network_name: 'dogecoin' },
  XRP: { iso: 'XRP', network_name: 'ripple' },
  TRX: { iso: 'TRX', network_name: 'tron' },
  SOL: { iso: 'SOL', network_name: 'solana' },
  TON: { iso: 'TON', network_name: 'ton' },
  USDTE: { iso: 'USDT', network_name: 'ethereum' },
  USDTT: { iso: 'USDT', network_name: 'tron' },
  USDC: { iso: 'USDC', network_name: 'ethereum' },
};

/** `{iso, network_name}` of a list or balance code: `USDTT` is `{iso: 'USDT', network_name: 'tron'}`. */
export function currencyOfCode(code: string): { iso: string; network_name?: string } {
  return CURRENCY_CODES[code] ?? { iso: code };
}

/**
 * The list and balance code of a currency named `{iso, network_name}` (a callback's
 * `currency_sent`), as invoices and withdrawals take it: USDT on tron is `USDTT`. Undefined for
 * a network this table does not know: its iso alone may name another network's code.
 */
export function codeOfCurrency(currency: {
  iso: string;
  network_name?: string | null | undefined;
}): string | undefined {
  const found = Object.entries(CURRENCY_CODES).find(
    ([, entry]) => entry.iso === currency.iso && entry.network_name === currency.network_name,
  );
  if (found) return found[0];
  // No network (a fiat currency, or one the service chose): the iso is the code.
  return currency.network_name ? undefined : currency.iso;
}
