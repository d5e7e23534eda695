/**
 * The product catalogue (`CATALOG_FILE`): a JSON object from sku to price. Read and checked
 * once at start-up; a bad file stops the proxy with one line naming the variable.
 */

import { readFileSync } from 'node:fs';
import { compareDecimal, isDecimal } from '@crypto-pay/protocol';
import * as z from 'zod/mini';
import { ConfigError } from './config.ts';

/** One product: what the merchant is paid for it. */
export interface Product {
  amount: string;
  /** Currency the merchant receives, e.g. `EUR` (fiat) or `USDT` with `network_name`. */
  currency: string;
  network_name?: string;
  description?: string;
}

export type Catalog = ReadonlyMap<string, Product>;

const productSchema = z.strictObject({
  amount: z
    .string({ error: 'amount must be a decimal string such as "25.00"' })
    .check(
      z.refine(
        (value) => isDecimal(value) && compareDecimal(value, '0') > 0,
        'amount must be a positive decimal string such as "25.00"',
      ),
    ),
  currency: z
    .string({ error: 'currency must be a currency code such as "EUR"' })
    .check(z.regex(/^[A-Z0-9]{2,10}$/, 'currency must be a currency code such as "EUR"')),
  network_name: z.optional(
    z.string().check(z.minLength(1, 'network_name must not be empty if given')),
  ),
  description: z.optional(
    z
      .string()
      .check(
        z.minLength(1, 'description must not be empty if given'),
        z.maxLength(255, 'description must be 255 characters or less'),
      ),
  ),
});

const catalogSchema = z.record(
  z.string().check(z.regex(/^[A-Za-z0-9._-]{1,64}$/, 'sku must be 1-64 letters, digits, . _ -')),
  productSchema,
);

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
    const message =
      issue.path.length === 0 ? 'must be a JSON object from sku to product' : issue.message;
    throw new ConfigError(`${source}${where}: ${message}.`);
  }
  return new Map(Object.entries(result.data) as [string, Product][]);
}

/** Reads the catalogue file, or an empty catalogue when none is configured. */
export function loadCatalog(file: string | undefined): Catalog {
  if (file === undefined) return new Map();
  let json: string;
  try {
    json = readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`CATALOG_FILE cannot be read: ${file}.`);
  }
  return parseCatalog(json, `CATALOG_FILE ${file}`);
}
