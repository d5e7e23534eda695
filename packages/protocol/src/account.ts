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
