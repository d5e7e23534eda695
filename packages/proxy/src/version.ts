/**
 * The proxy's release, from its own package.json (one level up from `src/` and `dist/` alike):
 * `/healthz` says it, so a deployment can be checked from outside (`crypto-pay doctor`), and the
 * OpenAPI document carries it.
 */

import { readFileSync } from 'node:fs';

export const PROXY_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
