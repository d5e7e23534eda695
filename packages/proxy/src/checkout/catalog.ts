/**
 * The product catalogue (`CATALOG_FILE`): a JSON object from sku to price. Read and checked
 * once at start-up; a bad file stops the proxy with one line naming the variable.
 */

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { compareDecimal, isBoundedDecimal, MAX_AMOUNT_DIGITS } from '@crypto-pay/protocol';
import type { Product } from '@crypto-pay/protocol/proxy-api';
import * as z from 'zod/mini';
import { ConfigError } from '../process/config.ts';

/** A product as `/api/config` publishes it: its currency is the one the merchant receives. */
export type { Product };

export type Catalog = ReadonlyMap<string, Product>;

const productSchema = z.strictObject({
  amount: z
    .string({ error: 'amount must be a decimal string such as "25.00"' })
    .check(
      z.refine(
        (value) => isBoundedDecimal(value) && compareDecimal(value, '0') > 0,
        `amount must be a positive decimal string such as "25.00", at most ${MAX_AMOUNT_DIGITS} digits each side of its point`,
      ),
    ),
  currency: z
    .string({ error: 'currency must be a currency code such as "EUR"' })
    .check(z.regex(/^[A-Z0-9]{2,10}$/, 'currency must be a currency code such as "EUR"')),
  network_name: z.optional(
    z
      .string({ error: 'network_name must be a string such as "tron"' })
      .check(z.minLength(1, 'network_name must not be empty if given')),
  ),
  description: z.optional(
    z
      .string({ error: 'description must be a string' })
      .check(
        z.minLength(1, 'description must not be empty if given'),
        z.maxLength(255, 'description must be 255 characters or less'),
      ),
  ),
});

const SKU_RULE = 'sku must be 1-64 letters, digits, . _ -';

const catalogSchema = z.record(
  z.string().check(z.regex(/^[A-Za-z0-9._-]{1,64}$/, SKU_RULE)),
  productSchema,
);

const FIELDS = Object.keys(productSchema.shape);

/**
 * The sentence for one issue. zod/mini carries no locale, so the issues its own checks raise
 * (an unknown field, a bad record key, a product that is no object) would read "Invalid input".
 */
function problemOf(issue: z.core.$ZodIssue, data: unknown): string {
  if (issue.path.length === 0) return 'must be a JSON object from sku to product';
  if (issue.code === 'invalid_key') return SKU_RULE;
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((key) => JSON.stringify(key)).join(', ');
    return `unknown field${issue.keys.length > 1 ? 's' : ''} ${names} (a product has ${FIELDS.join(', ')})`;
  }
  if (issue.path.length === 1)
    return 'must be an object such as {"amount": "25.00", "currency": "EUR"}';
  const [sku, field] = issue.path as [string, string];
  const product = (data as Record<string, Record<string, unknown>>)[sku];
  if (issue.code === 'invalid_type' && product?.[field] === undefined)
    return `${field} is required`;
  return issue.message;
}

/** Parses catalogue JSON text; `source` names it in errors. */
export function parseCatalog(json: string, source = 'CATALOG_FILE'): Catalog {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new ConfigError(`${source} is not valid JSON.`);
  }
  const result = catalogSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length > 0 ? ` (product ${JSON.stringify(issue.path[0])})` : '';
    throw new ConfigError(`${source}${where}: ${problemOf(issue, data)}.`);
  }
  return new Map(Object.entries(result.data) as [string, Product][]);
}

/** Why a catalogue file could not be read, as the operator fixes it, by the file system's code. */
const UNREADABLE: Record<string, string> = {
  ENOENT: 'no such file',
  ENOTDIR: 'no such file',
  EISDIR: 'a directory, not a file',
  EACCES: "permission denied: can the proxy's user read it?",
  EPERM: "permission denied: can the proxy's user read it?",
};

/**
 * Reads the catalogue file, or an empty catalogue when none is configured. A file that cannot
 * be read is named absolute (a relative one counts from the proxy's working directory, which in
 * a container or a service manager is not the operator's) with the reason.
 */
export function loadCatalog(file: string | undefined): Catalog {
  if (file === undefined) return new Map();
  let json: string;
  try {
    json = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const reason = typeof code === 'string' ? UNREADABLE[code] : undefined;
    throw new ConfigError(
      `CATALOG_FILE cannot be read: ${resolve(file)}${reason ? ` (${reason})` : ''}.`,
    );
  }
  return parseCatalog(json, `CATALOG_FILE ${file}`);
}
