/** Create a crypto withdrawal (`POST {base_url}/withdrawal/crypto`, 201). */

import * as z from 'zod/mini';
import { decimalString, optionalString, requiredString, textField, wireAmount } from './fields.ts';
import { receiverDataIssues, senderDataIssues } from './sender.ts';
import {
  receiverDataFieldSchema,
  receiverTypeSchema,
  senderDataFieldSchema,
  senderTypeSchema,
} from './sender-schemas.ts';

const required = (name: string) => `The ${name} is a mandatory field.`;

/**
 * Withdrawal request fields in the spec's order; then the rules across fields: exactly one of
 * `amount` and `amount_to` (the latter only with `convert_to`), sender and receiver data.
 */
export const createWithdrawalSchema = z
  .object({
    currency: requiredString('currency'),
    amount: z.optional(wireAmount('amount')),
    address: requiredString('address'),
    // Typed "any" in the spec: a string, a number of any size, any JSON value; none, null or ''
    // is missing.
    foreign_id: z
      .unknown()
      .check(
        z.refine(
          (value) => value !== undefined && value !== null && value !== '',
          required('foreign_id'),
        ),
      ),
    end_user_reference: textField('end_user_reference', {
      empty: required('end_user_reference'),
      tooLong: 'The end_user_reference must be 255 characters or less.',
    }),
    sender_type: senderTypeSchema,
    sender_data: senderDataFieldSchema,
    receiver_type: receiverTypeSchema,
    receiver_data: receiverDataFieldSchema,
    convert_to: optionalString('convert_to'),
    amount_to: z.optional(wireAmount('amount_to')),
    tag: z.optional(z.string({ error: 'The tag must be a string.' })),
  })
  .check(
    z.superRefine((body, context) => {
      const push = (message: string, path: string[]) =>
        context.issues.push({ code: 'custom', message, input: body, path });
      if (body.amount === undefined && body.amount_to === undefined) {
        push('Either amount or amount_to must be given.', ['amount']);
      } else if (body.amount !== undefined && body.amount_to !== undefined) {
        push('Only one of amount and amount_to may be given.', ['amount_to']);
      } else if (body.amount_to !== undefined && body.convert_to === undefined) {
        push('The amount_to can be given only with convert_to.', ['amount_to']);
      }
      for (const issue of senderDataIssues(body.sender_type, body.sender_data)) {
        push(issue.message, ['sender_data', ...(issue.field ? [issue.field] : [])]);
      }
      for (const issue of receiverDataIssues(body.receiver_type, body.receiver_data)) {
        push(issue.message, ['receiver_data', ...(issue.field ? [issue.field] : [])]);
      }
    }),
  );

/** A withdrawal request as a caller builds it; amounts are decimal strings, sent as JSON numbers. */
export type CreateWithdrawalRequest = z.output<typeof createWithdrawalSchema>;

export const withdrawalSchema = z.object({
  id: z.int(),
  foreign_id: z.string(),
  end_user_reference: z.string(),
  type: z.string(),
  status: z.string(),
  amount: decimalString,
  sender_amount: decimalString,
  sender_currency: z.string(),
  receiver_currency: z.string(),
  receiver_amount: decimalString,
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalResponseSchema = z.object({ data: withdrawalSchema });
