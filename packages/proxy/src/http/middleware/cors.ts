/**
 * CORS for the widget's API: only `ALLOWED_ORIGINS` get `Access-Control-Allow-Origin`; a
 * preflight answers 204.
 *
 * Written here rather than `hono/cors`, for a measured reason: `hono/cors` sets its headers on
 * `c.res` before the handler runs, so under the Node adapter every answer is then rebuilt as a
 * web Response with a streamed body: that about doubled the CPU of a status read and put status
 * reads well below the share of a bare server that BENCHMARKS.md holds them to (its "One HTTP
 * stack" section has the figures). These headers are set before the handler through
 * `c.header`, so the answer is built once.
 */

import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';

const ALLOW_METHODS = 'GET,POST,OPTIONS';
const ALLOW_HEADERS = 'Content-Type,Idempotency-Key,If-None-Match,Last-Event-ID';
const EXPOSE_HEADERS = 'ETag,Retry-After,X-Request-Id,Location,Idempotent-Replayed';
const MAX_AGE_SECONDS = '600';

/** The CORS headers of an answer (not a preflight) to a request from `origin`. */
function corsHeaders(
  allowedOrigins: readonly string[],
  origin: string | undefined,
): [string, string][] {
  // The answer depends on Origin: a shared cache must not hand one origin's copy to another.
  const headers: [string, string][] = [['Vary', 'Origin']];
  if (origin !== undefined && allowedOrigins.includes(origin)) {
    headers.push(['Access-Control-Allow-Origin', origin]);
    headers.push(['Access-Control-Expose-Headers', EXPOSE_HEADERS]);
  }
  return headers;
}

export function cors(allowedOrigins: readonly string[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const headers = corsHeaders(allowedOrigins, c.req.header('Origin'));
    for (const [name, value] of headers) c.header(name, value);
    const allowed = headers.length > 1;
    if (c.req.method === 'OPTIONS') {
      if (allowed) {
        c.header('Access-Control-Allow-Methods', ALLOW_METHODS);
        c.header('Access-Control-Allow-Headers', ALLOW_HEADERS);
        c.header('Access-Control-Max-Age', MAX_AGE_SECONDS);
      }
      return c.body(null, 204);
    }
    await next();
    return undefined;
  });
}
