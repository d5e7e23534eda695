/**
 * Turns a failed schema parse into the one error the service answers with: the first issue,
 * looked up in the catalogue for its status and code (422 where the text is not a spec row).
 */

import type * as z from 'zod/mini';
import { errors, type ProcessingError } from './errors.ts';

const byMessage = new Map<string, ProcessingError>();
/** Texts with placeholders, as patterns: `The minimum amount is (.+) EUR.` */
const byPattern: { pattern: RegExp; entry: (...values: string[]) => ProcessingError }[] = [];
for (const entry of Object.values(errors)) {
  if (typeof entry === 'function') {
    const template = entry as (...values: string[]) => ProcessingError;
    const marks = Array.from({ length: template.length }, (_, index) => `\uE000${index}\uE000`);
    const sample = template(...marks).message;
    const source = sample
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\uE000\d\uE000/g, '(.+?)');
    byPattern.push({ pattern: new RegExp(`^${source}$`), entry: template });
  } else if (!byMessage.has(entry.message)) {
    byMessage.set(entry.message, entry);
  }
}

/**
 * The catalogue entry for an error text (with its status, code and field), placeholders
 * included; a text the catalogue does not know becomes a 422 `validation` entry.
 */
export function errorForMessage(message: string): ProcessingError {
  const exact = byMessage.get(message);
  if (exact) return exact;
  for (const { pattern, entry } of byPattern) {
    const values = pattern.exec(message)?.slice(1);
    if (values) return { ...entry(...values), message };
  }
  return { name: 'validation', status: 422, code: 422, message };
}

/** Where a schema failed first, and the error the service answers for it. */
export interface ValidationFailure {
  error: ProcessingError;
  /** Dotted path of the offending field, e.g. `sender_data.first_name`; empty for the body. */
  field: string;
}

export type Validated<T> =
  | { success: true; data: T }
  | { success: false; failure: ValidationFailure };

/** Parses with `schema`; on failure, keeps only the first issue (schemas list rules in order). */
export function validate<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
): Validated<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const issue = result.error.issues[0]!;
  return {
    success: false,
    failure: { error: errorForMessage(issue.message), field: issue.path.join('.') },
  };
}
