/**
 * The proxy's answers to errors: the single `onError` handler that turns anything thrown
 * (an `ApiError` as it is) into `{error, code, field?}`, never a bare 500.
 */

import type { ValidationFailure } from '@crypto-pay/protocol';
import type { ProxyErrorBody } from '@crypto-pay/protocol/proxy-api';
import { RequestError } from '@hono/node-server';
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError, machineCode } from '../api-error.ts';
import type { Log } from '../process/logger.ts';
import { storeUnavailableReason } from '../store/unavailable.ts';
import type { AppEnv } from './context.ts';
import { prepareEdgeHeaders } from './edge-headers.ts';
import { SECURITY_RECORD } from './middleware/security-headers.ts';

/** A failed body or query check: the spec's text and its catalogue name as the code. */
export function validationError(failure: ValidationFailure): ApiError {
  const { error, field } = failure;
  const status = error.status === 403 ? 422 : error.status;
  return new ApiError(status, machineCode(error), error.message, { field: field || undefined });
}

/** Longest error text logged: a message is a sentence, not a dump. */
const MAX_LOGGED_MESSAGE = 500;

/**
 * What the log says of an unexpected error: its class, code, text and where it was thrown.
 * Named `error_*`, since the logger keeps `message` for its own. A `SyntaxError`'s text is left
 * out: V8 quotes the input it failed on, which may be a request body with sender data.
 */
export function unexpectedErrorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: typeof error };
  const fields: Record<string, unknown> = { error: error.name };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') fields.error_code = code;
  fields.error_message =
    error instanceof SyntaxError
      ? '(not logged: it may quote the input)'
      : error.message.slice(0, MAX_LOGGED_MESSAGE);
  const at = error.stack?.split('\n').find((line) => line.trimStart().startsWith('at '));
  if (at) fields.error_at = at.trim().slice(3);
  return fields;
}

/** Turns every thrown value into the error shape; logs what was not expected. */
export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  // A request can fail before it reaches the routes that set them (a guard, a status read).
  prepareEdgeHeaders(c);
  if (error instanceof ApiError) {
    // The caller's mistakes are in the request line; failures of the service deserve a reason.
    if (error.status >= 500) {
      c.get('log')?.('warn', error.message, { code: error.code, ...error.logged });
    }
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(error.body(), error.status);
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const known: Record<number, [string, string]> = {
      401: ['unauthorized', 'A valid bearer token is required.'],
      413: ['body_too_large', 'The request body is too large.'],
    };
    const [code, message] = known[status] ?? ['http_error', error.message || 'The request failed.'];
    return c.json({ error: message, code } satisfies ProxyErrorBody, status);
  }
  const storeFailure = storeUnavailableReason(error);
  if (storeFailure) {
    // SQLite's texts ("database or disk is full") quote no data.
    c.get('log')?.('error', 'store unavailable', {
      reason: storeFailure,
      error_message: error.message,
    });
    const reading = c.req.method === 'GET' || c.req.method === 'HEAD';
    return c.json(
      {
        error: reading
          ? 'The proxy could not read its store. Try again later.'
          : 'The proxy could not save this. Try again later.',
        code: 'store_unavailable',
      } satisfies ProxyErrorBody,
      503,
    );
  }
  c.get('log')?.('error', 'unhandled error', unexpectedErrorFields(error));
  return c.json(
    {
      error: 'The proxy failed to handle the request.',
      code: 'internal_error',
    } satisfies ProxyErrorBody,
    500,
  );
};

/** The adapter's texts for a request line it cannot make a URL of, and what the caller is told. */
const UNREADABLE_REQUESTS: Record<string, [code: string, sentence: string]> = {
  'Invalid host header': ['bad_host', 'The Host header must be a host name, and a port if any.'],
  'Missing host header': ['bad_host', 'The request has no Host header.'],
  'Backslash in request path': ['bad_path', 'The request path must not contain a backslash.'],
  // The host or the path: the URL they make together could not be parsed.
  'Invalid URL': ['bad_request', 'The Host header and the request path do not make a URL.'],
  'Invalid absolute URL': ['bad_path', 'The request target cannot be read as a URL.'],
};

/**
 * The answer to a request `@hono/node-server` could not make a web Request of (its
 * `errorHandler`): a 400 that says which part is wrong, where the adapter's own is empty. The
 * app never sees such a request. The adapter hands over anything else its listener meets before
 * the app answers, which is answered as the app answers an unexpected error.
 */
export function unreadableRequestAnswer(error: unknown, log: Log): Response {
  let status: 400 | 500 = 400;
  let body: ProxyErrorBody;
  if (error instanceof RequestError) {
    const [code, sentence] = UNREADABLE_REQUESTS[error.message] ?? [
      'bad_request',
      'The request cannot be read.',
    ];
    log('info', 'request not readable', { code, reason: error.message });
    body = { error: sentence, code };
  } else {
    status = 500;
    log('error', 'unhandled error', unexpectedErrorFields(error));
    body = { error: 'The proxy failed to handle the request.', code: 'internal_error' };
  }
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...SECURITY_RECORD },
  });
}
