/**
 * The headers the edge middleware gives every answer (request id, security headers, CORS),
 * gathered per request in one plain record instead of set one by one with `c.header`.
 *
 * Why a record, for a measured reason (BENCHMARKS.md, "Session 11: status reads"): Hono's
 * context keeps what `c.header` sets (and more than one header given to `c.body`) in a web
 * `Headers` object, which checks and lower-cases each name and value, and `@hono/node-server`
 * then copies it, sorted, into the plain object Node writes. A status read answers with a
 * Response built on the record (`readAnswer`), which the adapter hands to Node as it is: the
 * largest cut of a read's CPU found there. Every other answer keeps Hono's way: the record is set
 * with `c.header` once the request reaches the routes after the status read's
 * (`edgeHeadersOnAnswers`), or by the error handler.
 */

import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.ts';

/** This request's edge headers, so far. */
export function edgeHeaders(c: Context<AppEnv>): Record<string, string> {
  let headers = c.get('edgeHeaders');
  if (headers === undefined) {
    headers = {};
    c.set('edgeHeaders', headers);
  }
  return headers;
}

/** Sets the edge headers on the answer Hono's context builds (errors, preflights, routes). */
export function prepareEdgeHeaders(c: Context<AppEnv>): void {
  const headers = c.get('edgeHeaders');
  if (headers === undefined) return;
  for (const name in headers) c.header(name, headers[name]);
}

/**
 * The edge headers on every answer of the routes registered after it; registered after the
 * status read's route, which builds its answer from the record itself (`readAnswer`).
 */
export function edgeHeadersOnAnswers() {
  return createMiddleware<AppEnv>((c, next) => {
    prepareEdgeHeaders(c);
    return next();
  });
}

/** An answer carrying the edge headers and `own`, its headers handed to Node as they are. */
export function readAnswer(
  c: Context<AppEnv>,
  body: string | null,
  status: 200 | 304,
  own: Record<string, string>,
): Response {
  return new Response(body, { status, headers: { ...c.get('edgeHeaders'), ...own } });
}
