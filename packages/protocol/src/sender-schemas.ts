/**
 * The sender's and receiver's fields as parts of a request's zod schema: `sender_type` and
 * `receiver_type` with the spec's texts, `sender_data` present and an object, and the check
 * that runs the rules of `sender.ts` once both are known. Servers use these; the widget needs
 * only the rules, without zod.
 */

import * as z from 'zod/mini';
import { customerErrors as errors } from './customer-errors.ts';
import {
  isDataObject,
  RECEIVER_TYPES,
  SENDER_TYPES,
  type SenderData,
  senderDataIssues,
} from './sender.ts';

/** `sender_type`, with the spec's texts for a missing and for an unknown value. */
export const senderTypeSchema = z.enum(SENDER_TYPES, {
  error: (issue) =>
    issue.input === undefined ? errors.senderTypeMissing.message : errors.senderTypeInvalid.message,
});

export const receiverTypeSchema = z.enum(RECEIVER_TYPES, {
  error: (issue) =>
    issue.input === undefined
      ? 'The receiver_type is a mandatory field.'
      : 'The receiver_type must be one of ‘natural’, ‘legal’ or ‘self’.',
});

/**
 * `sender_data` as a field of a request: present and an object. Its content depends on
 * `sender_type`, so requests check it with `senderDataCheck` once both fields are known.
 */
export const senderDataFieldSchema = z.custom<SenderData>(isDataObject, {
  error: (issue) =>
    issue.input === undefined
      ? errors.senderDataMissing.message
      : errors.senderDataNotObject.message,
});

/**
 * `receiver_data` as a field: any value, judged with `receiver_type` by `receiverDataIssues`, so
 * that a `null` sent for `self` is told to be left out rather than to be an object.
 */
export const receiverDataFieldSchema = z.optional(z.custom<SenderData>());

/**
 * A check for a request object carrying `sender_type` and `sender_data`: adds each broken
 * sender rule as an issue at `sender_data.<field>`, after the request's own fields passed.
 */
export function senderDataCheck<T extends { sender_type: unknown; sender_data: unknown }>() {
  return z.superRefine<T>((body, context) => {
    for (const issue of senderDataIssues(body.sender_type, body.sender_data)) {
      context.issues.push({
        code: 'custom',
        message: issue.message,
        input: body.sender_data,
        path: ['sender_data', ...(issue.field ? [issue.field] : [])],
      });
    }
  });
}
