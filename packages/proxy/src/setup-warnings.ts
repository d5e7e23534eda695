/**
 * Settings that start a proxy no customer could pay through: said once at start, as warnings,
 * since a merchant may be setting up in steps.
 */

import type { Catalog } from './catalog.ts';
import type { Config } from './config.ts';

/** One sentence per problem, naming the variables that solve it. */
export function setupWarnings(config: Config, catalog: Catalog): string[] {
  const warnings: string[] = [];
  if (config.allowedOrigins.length === 0) {
    warnings.push(
      'ALLOWED_ORIGINS is empty: no shop page may call /api/* from a browser (CORS refuses it).',
    );
  }
  if (catalog.size === 0 && !config.openAmount && config.adminToken === undefined) {
    warnings.push(
      'No price can be named: set CATALOG_FILE (products), OPEN_AMOUNT_MIN/MAX/CURRENCIES, or ADMIN_TOKEN (sessions).',
    );
  }
  return warnings;
}
