/**
 * Gives each request an id (`X-Request-Id`, kept when a trusted-looking one is sent) and a
 * logger carrying it, and writes one JSON line per request: method, path, status, duration.
 * The same figures go to the metrics, by route template (`route`), never the path, and the
 * template names the request's span when traces are on.
 * Never bodies, query strings or headers, so no secret or sender data can reach the log; a
 * session token in the path is replaced by `{token}` (`redactedPath`), whatever route took it.
 */

import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { type Metrics, noMetrics, UNMATCHED_ROUTE } from '../../metrics/metrics.ts';
import { childLogger, type Log } from '../../process/logger.ts';
import { tracing } from '../../tracing/hooks.ts';
import type { AppEnv } from '../context.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A path that may hold a session token, in some spelling: most paths are let through at once. */
const MAY_HOLD_TOKEN = /sessions|cps_|%/i;
/** A `sessions` segment and all after it: a token, or what stands where one would. */
const AFTER_SESSIONS = /(sessions)[^a-z0-9].*$/is;
/** A session token (`cps_` and base64url) wherever it is. */
const TOKEN = /cps_[a-z0-9_-]*/gi;
/** A percent-escape of an ASCII character: `%2F`, `%5C`, `%63`. */
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi;

/** `path` with its ASCII escapes decoded, again while decoding makes new ones (`%252F`). */
function unescaped(path: string): string {
  let current = path;
  for (let round = 0; round < 4; round++) {
    const next = current.replace(ASCII_ESCAPE, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * The path as the log may show it: a session token spends a session, so none is written,
 * however a client spells the path (case, doubled or trailing slashes, `%2F`), and on any
 * route, a 404 included. The path is read decoded, so an encoded slash or letter hides
 * nothing; when something is replaced, the decoded form is logged.
 */
export function redactedPath(path: string): string {
  if (!MAY_HOLD_TOKEN.test(path)) return path;
  const decoded = unescaped(path);
  const redacted = decoded.replace(AFTER_SESSIONS, '$1/{token}').replace(TOKEN, '{token}');
  return redacted === decoded ? path : redacted;
}

/** The id of a request: the caller's `X-Request-Id` when it looks like one, else a new one. */
function requestIdFrom(given: string | undefined): string {
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The one line written per request; `started` is from `performance.now()`. A `routine` request
 * (a status read answered 200 or 304: widgets poll) is logged at debug, so the default level
 * keeps the log to what someone may need to read.
 */
function logRequest(
  log: Log,
  request: {
    requestId: string;
    method: string;
    path: string;
    status: number;
    started: number;
    routine?: boolean | undefined;
  },
): void {
  const level = request.status >= 500 ? 'error' : request.routine ? 'debug' : 'info';
  log(level, 'request', {
    request_id: request.requestId,
    method: request.method,
    path: request.path,
    status: request.status,
    duration_ms: Math.round(performance.now() - request.started),
  });
}

export function requestLog(log: Log, metrics: Metrics = noMetrics) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const requestId = requestIdFrom(c.req.header('X-Request-Id'));
    c.set('requestId', requestId);
    c.set('log', childLogger(log, { request_id: requestId }));
    // Before the handler runs: every answer carries it, errors too.
    c.set('edgeHeaders', { 'X-Request-Id': requestId });
    const started = performance.now();
    await next();
    // The route that answered (Hono keeps its index), or one value for every unmatched path.
    const route = c.get('unmatched') ? UNMATCHED_ROUTE : routePath(c);
    metrics.httpRequest(c.req.method, route, c.res.status, (performance.now() - started) / 1000);
    // The request's span is named by the same template: never by a path holding an id.
    tracing().nameRequest(c.req.method, route);
    logRequest(log, {
      requestId,
      method: c.req.method,
      path: redactedPath(c.req.path),
      status: c.res.status,
      started,
      routine: c.get('routine'),
    });
  });
}
