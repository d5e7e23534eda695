/**
 * A checkout's amount as a text key that sorts as the amount does, so an amount range on SQLite
 * is an index range compared exactly (never a float): two digits giving the length of the whole
 * part (leading zeros dropped), the whole part, then the fraction without its trailing zeros.
 * `"0.1"` and `"0.10"` get one key; `"9"` sorts before `"10"` by its length. Digits only, so
 * any collation orders the keys alike. SQLite computes the same key of the `amount` column
 * (`sqliteAmountKey` in `dialect.sqlite.ts`, what its index is built on); this one is the key
 * of a bound a request gives. Amounts have at most 30 whole digits (`isBoundedDecimal` at the
 * edge), well within the two digits of length.
 */

import { isDecimal } from '@crypto-pay/protocol/money';

/** The key of a non-negative decimal string (`"25.00"` → `"0225"`). */
export function amountKey(amount: string): string {
  if (!isDecimal(amount) || amount.startsWith('-')) {
    throw new TypeError(`Not a non-negative decimal amount: ${JSON.stringify(amount)}`);
  }
  const [whole = '', fraction = ''] = amount.split('.');
  const digits = whole.replace(/^0+/, '');
  if (digits.length > 99) throw new RangeError('An amount of 100 or more whole digits');
  return `${String(digits.length).padStart(2, '0')}${digits}${fraction.replace(/0+$/, '')}`;
}
