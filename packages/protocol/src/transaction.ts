/**
 * Transaction lookup (`GET {base_url}/transactions/info`, with a JSON body): by internal `id`
 * or by the merchant's `foreign_id`, exactly one of the two.
 */

import * as z from 'zod/mini';
import { decimalString } from './fields.ts';

export const transactionInfoRequestSchema = z
  .object({
    id: z.optional(
      z
        .int({ error: 'The id must be a positive integer.' })
        .check(z.positive('The id must be a positive integer.')),
    ),
    foreign_id: z.optional(
      z
        .string({ error: 'The foreign_id must be a string.' })
        .check(z.minLength(1, 'The foreign_id must not be empty if provided.')),
    ),
  })
  .check(
    z.refine(
      (body) => (body.id === undefined) !== (body.foreign_id === undefined),
      'Exactly one of id and foreign_id must be given.',
    ),
  );
export type TransactionInfoRequest = { id: number } | { foreign_id: string };

/** Statuses the lookup returns; internal ones are mapped onto these first. */
export const TRANSACTION_STATUSES = [
  'cancelled',
  'confirmed',
  'declined',
  'not_confirmed',
  'pending',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

const INTERNAL_STATUS_MAP: Readonly<Record<string, TransactionStatus>> = {
  processing: 'not_confirmed',
  verifying: 'not_confirmed',
  error: 'cancelled',
  rejected: 'cancelled',
};

/** The status a lookup returns for an internal status (the spec's mapping table). */
export function publicTransactionStatus(internal: string): TransactionStatus {
  const mapped = INTERNAL_STATUS_MAP[internal];
  if (mapped) return mapped;
  if ((TRANSACTION_STATUSES as readonly string[]).includes(internal)) {
    return internal as TransactionStatus;
  }
  throw new RangeError(`Unknown transaction status: ${internal}`);
}

/** The spec names the fields each `transaction_type` carries, not their types: they pass as sent. */
const entryField = z.optional(z.unknown());

/**
 * One movement of a transaction: `blockchain` (id, currency, type, address, tag, amount, txid,
 * riskscore, confirmations), `internal` (the same without riskscore) or `exchange` (currency_to,
 * amount_to, plus the common fields).
 */
export const transactionEntrySchema = z.looseObject({
  transaction_type: z.string(),
  id: entryField,
  currency: entryField,
  type: entryField,
  address: entryField,
  tag: entryField,
  amount: entryField,
  txid: entryField,
  riskscore: entryField,
  confirmations: entryField,
  currency_to: entryField,
  amount_to: entryField,
});
export type TransactionEntry = z.infer<typeof transactionEntrySchema>;

export const transactionSchema = z.object({
  id: z.int().check(z.gte(1)),
  type: z.string(),
  transactions: z.array(transactionEntrySchema),
  fees: z.array(z.object({ type: z.string(), currency: z.string(), amount: decimalString })),
  status: z.enum(TRANSACTION_STATUSES),
  foreign_id: z.optional(z.string()),
  end_user_reference: z.optional(z.string()),
  crypto_address: z.optional(
    z.object({
      id: z.int(),
      currency: z.string(),
      address: z.string(),
      foreign_id: z.string(),
      tag: z.nullable(z.string()),
    }),
  ),
  currency_sent: z.optional(z.object({ currency: z.string(), amount: decimalString })),
  currency_received: z.optional(
    z.object({ currency: z.string(), amount: decimalString, amount_minus_fee: decimalString }),
  ),
  error: z.optional(z.nullable(z.string())),
  additional_details: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
});
export type Transaction = z.infer<typeof transactionSchema>;
