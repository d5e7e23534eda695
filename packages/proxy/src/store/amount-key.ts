/**
 * A checkout's amount as a text key that sorts as the amount does, on both databases, so an
 * amount range is an index range compared exactly (never a float): two digits giving the length
 * of the whole part (leading zeros dropped), the whole part, then the fraction without its
 * trailing zeros. `"0.1"` and `"0.10"` get one key; `"9"` sorts before `"10"` by its length.
 * Digits only, so any collation orders the keys alike. The migration that adds the key computes
 * it in SQL for the rows already there (`amountKeyOfColumn` in `dialect.*.ts`).
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
