/**
 * The texts the sandbox decides where the spec shows none: invoices, withdrawals, transaction
 * lookup, unknown routes. Same shape as the protocol's catalogue (`{error, code}` with `code`
 * equal to the status), so callers handle both alike. The README lists every entry.
 */

import type { ProcessingError } from '@crypto-pay/protocol';

const entry = (
  status: ProcessingError['status'],
  name: string,
  message: string,
): ProcessingError => ({ name, status, code: status, message });

export const sandboxErrors = {
  routeNotFound: entry(404, 'route_not_found', 'No such operation.'),

  // Currencies named by code (invoices, withdrawals).
  currencyUnknown: (field: string) => entry(404, 'currency_unknown', `The ${field} is incorrect.`),
  currencyDisabled: (field: string) => entry(422, 'currency_disabled', `The ${field} is disabled.`),
  notCrypto: (field: string) => entry(422, 'not_crypto', `The ${field} must be a cryptocurrency.`),
  exchangeRateUnavailable: (from: string, to: string) =>
    entry(
      422,
      'exchange_rate_unavailable',
      `Exchange rate is not available between ${from} and ${to}.`,
    ),
  amountNotPositive: (field: string) =>
    entry(422, 'amount_not_positive', `The ${field} must be greater than zero.`),
  amountTooManyDecimals: (field: string, code: string, places: number) =>
    entry(
      422,
      'amount_too_many_decimals',
      `The ${field} for ${code} cannot have more than ${places} decimal places.`,
    ),
  amountBelowCurrencyMinimum: (amount: string, code: string) =>
    entry(422, 'amount_below_currency_minimum', `The minimum amount is ${amount} ${code}.`),

  // Invoices.
  invoiceForeignIdTaken: entry(
    400,
    'invoice_foreign_id_taken',
    'Invoice with this foreign_id already exists.',
  ),
  invoiceNotFound: entry(404, 'invoice_not_found', 'Invoice not found.'),
  invoiceNotCancellable: (status: string) =>
    entry(409, 'invoice_not_cancellable', `The invoice cannot be cancelled in status ${status}.`),

  // Withdrawals.
  withdrawalForeignIdTaken: entry(
    400,
    'withdrawal_foreign_id_taken',
    'Withdrawal with this foreign_id already exists.',
  ),
  withdrawalBelowMinimum: (amount: string, code: string) =>
    entry(422, 'withdrawal_below_minimum', `The minimum withdrawal amount is ${amount} ${code}.`),
  insufficientBalance: (code: string) =>
    entry(422, 'insufficient_balance', `Insufficient balance in ${code}.`),
  convertToSameCurrency: entry(
    422,
    'convert_to_same_currency',
    'The convert_to must differ from the currency.',
  ),

  // Transactions.
  transactionNotFound: entry(404, 'transaction_not_found', 'Transaction not found.'),
} as const;
