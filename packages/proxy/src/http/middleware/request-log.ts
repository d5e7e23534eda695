/**
 * Gives each request an id (`X-Request-Id`, kept when a trusted-looking one is sent) and a
 * logger carrying it, and writes one JSON line per request: method, path, status, duration.
 * Never bodies, query strings or headers, so no secret or sender data can reach the log; a
 * route whose path holds a secret names the path to log instead (`logPath`).
 */

import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { childLogger, type Log } from '../../process/logger.ts';
import type { AppEnv } from '../context.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

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

export function requestLog(log: Log) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const requestId = requestIdFrom(c.req.header('X-Request-Id'));
    c.set('requestId', requestId);
    c.set('log', childLogger(log, { request_id: requestId }));
    // Set before the handler runs: responses built by `c.json` (errors too) carry it.
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    logRequest(log, {
      requestId,
      method: c.req.method,
      path: c.get('logPath') ?? c.req.path,
      status: c.res.status,
      started,
      routine: c.get('routine'),
    });
  });
}
