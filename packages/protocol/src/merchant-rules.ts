/**
 * The merchant API's terms a page reads without its schemas: page sizes, the longest search, the
 * kinds and void statuses of money operations, what the service's currency codes mean. The
 * dashboard's shell imports these, and zod stays in the chunks that check forms
 * (`merchant-api.ts` re-exports the first ones).
 */

/** The most a merchant API list answers in one page (`limit=`), for the proxy and its callers. */
export const MAX_PAGE_SIZE = 200;

/**
 * The longest search of the merchant API's checkout list (`q`, the CLI's `--search`): a
 * reference, not a text to search.
 */
export const MAX_SEARCH_LENGTH = 255;

/** What the proxy keeps of the merchant API's objects: the invoices and withdrawals it made. */
export const MONEY_OPERATION_KINDS = ['invoice', 'withdrawal'] as const;
export type MoneyOperationKind = (typeof MONEY_OPERATION_KINDS)[number];

/**
 * The final statuses of a refund that sent no money: a checkout with only these may be paid back
 * again. Any other, `requested` (asked, the service's answer not yet known) included, counts as
 * sent. The proxy's store enforces it with a unique index built from this list, so changing it
 * needs a migration.
 */
export const REFUND_VOID_STATUSES: readonly string[] = ['cancelled', 'declined', 'failed'];

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
