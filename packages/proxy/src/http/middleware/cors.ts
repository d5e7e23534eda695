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
 *
 * One readable refusal: the configuration's read from a page outside `ALLOWED_ORIGINS`
 * (`configOriginRefusal`), so the widget can tell the shop's setup mistake from a proxy that
 * does not answer.
 */

import { isCrossSite } from '@crypto-pay/protocol';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../api-error.ts';
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

/**
 * `GET /api/config` from a page whose origin is not allowed: a 403 `origin_not_allowed` that
 * page may read (its own origin in `Access-Control-Allow-Origin`; not `null`), where CORS alone would hide
 * the answer and the widget would see what it sees of a proxy that is not there. Safe to show:
 * it says no more than that origin's refusal (the configuration itself is public), no other
 * route, method or header is opened to that origin, and no credentials are allowed.
 */
export function configOriginRefusal(allowedOrigins: readonly string[]) {
  return createMiddleware<AppEnv>((c, next) => {
    const origin = c.req.header('Origin');
    const source = { origin, secFetchSite: c.req.header('Sec-Fetch-Site') };
    if (origin === undefined || !isCrossSite(source, (o) => allowedOrigins.includes(o))) {
      return next();
    }
    // `null` (a sandboxed frame, a file, a redirect) is shared by every such page: granting it
    // would let any of them read; it gets the refusal unreadable, as every other route does.
    const readable = origin === 'null' ? {} : { 'Access-Control-Allow-Origin': origin };
    throw new ApiError(
      403,
      'origin_not_allowed',
      `This page’s origin (${origin}) is not one of the proxy’s ALLOWED_ORIGINS: add it there for the widget to work on this page.`,
      { headers: { ...readable, 'Cache-Control': 'no-store' } },
    );
  });
}
