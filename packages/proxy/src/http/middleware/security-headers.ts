/** The security headers of every answer, set by one middleware before the handler runs. */

import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { edgeHeaders } from '../edge-headers.ts';

/**
 * The proxy answers only JSON and event streams, never a document, so it sends the headers the
 * OWASP REST Security Cheat Sheet names for APIs. Document-only headers (COOP,
 * Origin-Agent-Cluster, Referrer-Policy, X-XSS-Protection, X-Download-Options,
 * X-DNS-Prefetch-Control, X-Permitted-Cross-Domain-Policies) would protect nothing here and
 * cost every status poll their bytes; the widget reads answers through CORS, which
 * Cross-Origin-Resource-Policy does not govern.
 */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  // Nothing in an answer may load, run or be framed, should a browser ever render one.
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

/** The same headers as a record: an answer's own headers, or the edge headers' start. */
export const SECURITY_RECORD = Object.fromEntries(SECURITY_HEADERS);

/**
 * Adds the headers to the edge headers before the handler runs, so every answer (errors, 304s,
 * preflights and event streams too) carries them and is built once: setting them on `c.res`
 * afterwards turns the adapter's light response into a web Response with undici Headers.
 */
export function securityHeaders() {
  // Not async: nothing runs after the handler, so no promise of its own to wait on.
  return createMiddleware<AppEnv>((c, next) => {
    Object.assign(edgeHeaders(c), SECURITY_RECORD);
    return next();
  });
}
