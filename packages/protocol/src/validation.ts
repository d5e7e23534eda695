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

type Issue = z.core.$ZodIssue;

/** zod's own text for every issue a schema gives no sentence of its own. */
const ZOD_DEFAULT_TEXT = 'Invalid input';

/** What a value of each JSON type is called in a sentence, by zod's `expected`. */
const KINDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/** The value at `path` in `input`, or undefined where nothing is. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A branch's failure on the type of the value itself. */
const isRootTypeIssue = (issue: Issue | undefined): issue is z.core.$ZodIssueInvalidType =>
  issue?.code === 'invalid_type' && issue.path.length === 0;

/**
 * The issue a failed union is about. A value of a branch's type that broke that branch's rules
 * (`{"iso": 5}` for a code or `{iso}`) is that branch's issue, at its place in the input.
 */
function unionBranchIssue(issue: Issue): Issue | undefined {
  if (issue.code !== 'invalid_union') return undefined;
  const deeper = issue.errors.filter(([first]) => first !== undefined && !isRootTypeIssue(first));
  const inner = deeper.length === 1 ? deeper[0]![0] : undefined;
  return inner && { ...inner, path: [...issue.path, ...inner.path] };
}

/** The kinds of value a union takes, where each of its branches failed on the value's type. */
function unionKinds(issue: Issue): string[] | undefined {
  if (issue.code !== 'invalid_union') return undefined;
  const kinds = issue.errors.map(([first]) =>
    isRootTypeIssue(first) ? KINDS[first.expected] : undefined,
  );
  return kinds.every((kind) => kind !== undefined) ? [...new Set(kinds)] : undefined;
}

/**
 * The issue's sentence and where it is. Where the schema gave none (zod's "Invalid input", which
 * names nothing), one that names the field and says what is wrong: missing, or a value of the
 * wrong type. The body itself (an empty path) is left to the caller, which knows what it should
 * have been.
 */
function explain(issue: Issue, input: unknown): { message: string; path: PropertyKey[] } {
  const field = issue.path.join('.');
  const said = (message: string) => ({ message, path: issue.path });
  if (issue.message !== ZOD_DEFAULT_TEXT || field === '') return said(issue.message);
  if (valueAt(input, issue.path) === undefined) return said(`The ${field} is a mandatory field.`);
  if (issue.code === 'invalid_type') {
    return said(`The ${field} must be ${KINDS[issue.expected] ?? issue.expected}.`);
  }
  if (issue.code === 'invalid_value') {
    return said(`The ${field} must be one of ${issue.values.map(String).join(', ')}.`);
  }
  const branch = unionBranchIssue(issue);
  if (branch) return explain(branch, input);
  const kinds = unionKinds(issue);
  if (kinds) return said(`The ${field} must be ${kinds.join(' or ')}.`);
  return said(`The ${field} has a value it does not take.`);
}

/** Parses with `schema`; on failure, keeps only the first issue (schemas list rules in order). */
export function validate<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
): Validated<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const { message, path } = explain(result.error.issues[0]!, input);
  return { success: false, failure: { error: errorForMessage(message), field: path.join('.') } };
}
