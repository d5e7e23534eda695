/**
 * CORS for the widget's API: only `ALLOWED_ORIGINS` get `Access-Control-Allow-Origin`; a
 * preflight answers 204.
 *
 * Written here rather than `hono/cors`, for a measured reason: `hono/cors` sets its headers on
 * `c.res` before the handler runs, so under the Node adapter every answer is then rebuilt as a
 * web Response with a streamed body: that about doubled the CPU of a status read and put status
 * reads well below the share of a bare server that BENCHMARKS.md holds them to (its
 * "Hand-written paths" has the figures). These headers join the edge headers before the handler
 * runs (`edge-headers.ts`), so the answer is built once.
 */

import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { edgeHeaders, prepareEdgeHeaders } from '../edge-headers.ts';

const ALLOW_METHODS = 'GET,POST,OPTIONS';
const ALLOW_HEADERS = 'Content-Type,Idempotency-Key,If-None-Match,Last-Event-ID';
const EXPOSE_HEADERS = 'ETag,Retry-After,X-Request-Id,Location,Idempotent-Replayed';
const MAX_AGE_SECONDS = '600';

export function cors(allowedOrigins: readonly string[]) {
  // Not async: an answer that is no preflight goes on to its route at once.
  return createMiddleware<AppEnv>((c, next) => {
    const headers = edgeHeaders(c);
    // The answer depends on Origin: a shared cache must not hand one origin's copy to another.
    headers.Vary = 'Origin';
    const origin = c.req.header('Origin');
    const allowed = origin !== undefined && allowedOrigins.includes(origin);
    if (allowed) {
      headers['Access-Control-Allow-Origin'] = origin;
      headers['Access-Control-Expose-Headers'] = EXPOSE_HEADERS;
    }
    if (c.req.method !== 'OPTIONS') return next();
    prepareEdgeHeaders(c);
    if (allowed) {
      c.header('Access-Control-Allow-Methods', ALLOW_METHODS);
      c.header('Access-Control-Allow-Headers', ALLOW_HEADERS);
      c.header('Access-Control-Max-Age', MAX_AGE_SECONDS);
    }
    return Promise.resolve(c.body(null, 204));
  });
}
