/** Rules on currencies named by code and amounts, shared by invoices and withdrawals. */

import {
  compareDecimal,
  decimalPlaces,
  isNegativeDecimal,
  isZeroDecimal,
} from '@crypto-pay/protocol';
import { type Currency, currencyByCode, hasRate } from './currencies.ts';
import { fail } from './failure.ts';
import { sandboxErrors } from './sandbox-errors.ts';

/** A known, enabled currency by its list code; `crypto` when the field must name one. */
export function currencyField(code: string, field: string, crypto = false): Currency {
  const currency = currencyByCode(code);
  if (!currency) fail(sandboxErrors.currencyUnknown(field));
  if (crypto && currency.type !== 'crypto') fail(sandboxErrors.notCrypto(field));
  if (!currency.enabled) fail(sandboxErrors.currencyDisabled(field));
  return currency;
}

export function requireRate(from: Currency, to: Currency): void {
  if (!hasRate(from, to)) fail(sandboxErrors.exchangeRateUnavailable(from.code, to.code));
}

/** Positive, and no more decimal places than the currency has. */
export function amountField(amount: string, field: string, currency: Currency): void {
  if (isZeroDecimal(amount) || isNegativeDecimal(amount))
    fail(sandboxErrors.amountNotPositive(field));
  if (decimalPlaces(amount) > currency.precision) {
    fail(sandboxErrors.amountTooManyDecimals(field, currency.code, currency.precision));
  }
}

export function atLeast(amount: string, minimum: string, error: Parameters<typeof fail>[0]): void {
  if (compareDecimal(amount, minimum) < 0) fail(error);
}
