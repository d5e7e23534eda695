/**
 * Status reads (`GET`/`HEAD /api/checkouts/{id}`) answered in the Node request listener, before
 * Hono, when the checkout is in the store's memory: the same answer as the Hono route without
 * building web Request/Response/Headers objects. Anything else returns false and goes to Hono.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { CHECKOUT_ID } from './checkout/create.ts';
import { checkoutReadAnswer } from './checkout-read.ts';
import { corsHeaders } from './http/middleware/cors.ts';
import { logRequest, requestIdFrom } from './http/middleware/request-log.ts';
import { SECURITY_HEADERS } from './http/middleware/security-headers.ts';
import type { Log } from './process/logger.ts';
import type { Store } from './store/store.ts';

const PREFIX = '/api/checkouts/';

export interface FastReadDeps {
  store: Store;
  allowedOrigins: readonly string[];
  log: Log;
  /** Called after each answer the fast path gave (tests). */
  onAnswer?: () => void;
}

/** A listener step: answers and returns true, or touches nothing and returns false. */
export function fastReads(deps: FastReadDeps) {
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const { method, url, headers } = request;
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined) return false;
    if (!url.startsWith(PREFIX)) return false;
    // A body, or no Host (the adapter would have to refuse or guess): Hono decides.
    if (
      headers.host === undefined ||
      headers['transfer-encoding'] !== undefined ||
      (headers['content-length'] !== undefined && headers['content-length'] !== '0')
    )
      return false;
    // The regex admits no `/`, `?`, `%` or `#`: exactly one plain path segment.
    const id = url.slice(PREFIX.length);
    if (!CHECKOUT_ID.test(id)) return false;
    const checkout = deps.store.cachedCheckout(id);
    if (!checkout) return false;

    const started = performance.now();
    const requestId = requestIdFrom(headerOf(headers['x-request-id']));
    const answer = checkoutReadAnswer(checkout, headerOf(headers['if-none-match']));
    // One flat list handed to writeHead: cheaper than a setHeader call per header.
    const head: string[] = [];
    for (const [name, value] of corsHeaders(deps.allowedOrigins, headerOf(headers.origin)))
      head.push(name, value);
    head.push('X-Request-Id', requestId);
    for (const [name, value] of Object.entries(answer.headers)) head.push(name, value);
    for (const [name, value] of SECURITY_HEADERS) head.push(name, value);
    // The adapter gives a 200 GET its length and a HEAD none; a HEAD keeps the GET's headers.
    if (answer.body !== null && method === 'GET')
      head.push('Content-Length', String(Buffer.byteLength(answer.body)));
    response.writeHead(answer.status, head);
    response.end(method === 'GET' && answer.body !== null ? answer.body : undefined);
    logRequest(deps.log, {
      requestId,
      method,
      path: url,
      status: answer.status,
      started,
      routine: true,
    });
    deps.onAnswer?.();
    return true;
  };
}

/** Node joins repeated headers with `, ` as web Headers do; only Set-Cookie comes as a list. */
function headerOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
