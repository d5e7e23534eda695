/**
 * The security headers of every answer, in one list used by the Hono middleware and by the
 * fast status-read path, so the two cannot drift apart.
 */

import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';

/** Hono's `secureHeaders` defaults, with resources readable cross-origin (the widget embeds). */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** Sets the headers on the finished response, over whatever a handler set (as Hono's does). */
export function securityHeaders() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    for (const [name, value] of SECURITY_HEADERS) c.res.headers.set(name, value);
    c.res.headers.delete('X-Powered-By');
  });
}
