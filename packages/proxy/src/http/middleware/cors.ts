/**
 * CORS for the widget's API: only `ALLOWED_ORIGINS` get `Access-Control-Allow-Origin`; a
 * preflight answers 204. Headers are set before the handler runs, so a response is built once
 * (Hono's own middleware touches `c.res` first, which turns every answer into a web stream).
 */

import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';

const ALLOW_METHODS = 'GET,POST,OPTIONS';
const ALLOW_HEADERS = 'Content-Type,Idempotency-Key,If-None-Match,Last-Event-ID';
const EXPOSE_HEADERS = 'ETag,Retry-After,X-Request-Id,Location,Idempotent-Replayed';
const MAX_AGE_SECONDS = '600';

/** The CORS headers of an answer (not a preflight) to a request from `origin`. */
export function corsHeaders(
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
