/**
 * Request bodies as the wire wants them: checked with the protocol's schemas before anything
 * is sent, then written with the amounts of invoices and withdrawals as JSON numbers whose
 * digits are exactly the caller's decimal strings.
 */

import {
  type CreateInvoiceRequest,
  type CreatePaymentRequest,
  type CreateWithdrawalRequest,
  createInvoiceSchema,
  createPaymentRequestSchema,
  createWithdrawalSchema,
  INVOICE_FOREIGN_ID_DOTS,
  isDecimal,
  isInvoicePathSegment,
  jsonNumber,
  stringifyJson,
  type TransactionInfoRequest,
  transactionInfoRequestSchema,
  type Validated,
  validate,
} from '@crypto-pay/protocol';
import { ProcessingValidationError } from './errors.ts';

/** The body of operations without fields. */
export const EMPTY_BODY = '{}';

function checked<T>(result: Validated<T>): T {
  if (result.success) return result.data;
  const { error, field } = result.failure;
  throw new ProcessingValidationError(error.message, {
    field,
    status: error.status,
    code: error.code,
  });
}

/**
 * Swaps decimal-string amounts for JSON numbers with the same digits, so the schema sees the
 * wire form. A string that is not a plain decimal (`"1e-8"`, `"1,5"`) is refused here, by name.
 */
function withWireAmounts(input: unknown, fields: readonly string[]): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const wire: Record<string, unknown> = { ...input };
  for (const field of fields) {
    const value = wire[field];
    // A fractional JavaScript number has already lost digits to binary: it must come as text.
    const lossy = typeof value === 'number' && !Number.isSafeInteger(value);
    if (typeof value !== 'string' && !lossy) continue;
    if (typeof value === 'number' || !isDecimal(value)) {
      throw new ProcessingValidationError(
        `The ${field} must be a decimal amount written as a string, such as "0.00000001".`,
        { field, status: 422, code: 422 },
      );
    }
    wire[field] = jsonNumber(value);
  }
  return wire;
}

export function paymentRequestBody(input: CreatePaymentRequest): string {
  return stringifyJson(checked(validate(createPaymentRequestSchema, input)));
}

export function invoiceBody(input: CreateInvoiceRequest): string {
  const invoice = checked(validate(createInvoiceSchema, withWireAmounts(input, ['amount'])));
  return stringifyJson({ ...invoice, amount: jsonNumber(invoice.amount) });
}

export function withdrawalBody(input: CreateWithdrawalRequest): string {
  const withdrawal = checked(
    validate(createWithdrawalSchema, withWireAmounts(input, ['amount', 'amount_to'])),
  );
  const { amount, amount_to } = withdrawal;
  return stringifyJson({
    ...withdrawal,
    amount: amount === undefined ? undefined : jsonNumber(amount),
    amount_to: amount_to === undefined ? undefined : jsonNumber(amount_to),
  });
}

export function transactionInfoBody(query: TransactionInfoRequest): string {
  return stringifyJson(checked(validate(transactionInfoRequestSchema, query)));
}

/** The cancel route's path segment for an invoice's `foreign_id`. */
export function invoicePathSegment(foreignId: string): string {
  if (typeof foreignId !== 'string' || foreignId.length === 0) {
    throw new ProcessingValidationError('The foreign_id must not be empty.', {
      field: 'foreign_id',
      status: 422,
      code: 422,
    });
  }
  // `.` and `..` stay dot segments escaped, and the URL would resolve them away.
  if (!isInvoicePathSegment(foreignId)) {
    throw new ProcessingValidationError(INVOICE_FOREIGN_ID_DOTS, {
      field: 'foreign_id',
      status: 422,
      code: 422,
    });
  }
  return encodeURIComponent(foreignId);
}
