/**
 * The building blocks of the routes' descriptions (`describeRoute` beside each handler): JSON
 * bodies, `$ref`s to the document's components, and the error answers routes share (the
 * store's, a cross-site page's, the processing service's, the merchant API's token).
 */

import type { DescribeRouteOptions } from 'hono-openapi';

/** A JSON Schema written here or a `$ref`: the document's own, not a zod schema's. */
export type Schema = Record<string, unknown>;
type Responses = NonNullable<DescribeRouteOptions['responses']>;

export const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const ok = (description: string, schema: Schema) => ({ description, ...json(schema) });

/** A response header as the document describes one. */
export interface Header {
  description: string;
  schema: Schema;
}
/** The response headers an answer carries, as the document names them. */
export const withHeaders = <R extends object>(response: R, headers: Record<string, Header>) => ({
  ...response,
  headers,
});
/** `Retry-After` on a refusal that says when to ask again. */
export const RETRY_AFTER: Record<string, Header> = {
  'Retry-After': {
    description: 'Seconds to wait before asking again.',
    schema: { type: 'integer', minimum: 0 },
  },
};
/** An answer that says `Retry-After` seconds. */
const okRetryAfter = (description: string, schema: Schema) =>
  withHeaders(ok(description, schema), RETRY_AFTER);
export const errors = (...statuses: number[]): Responses =>
  Object.fromEntries(statuses.map((status) => [status, ok('Error', ref('Error'))]));
/** A required path parameter whose schema is more than a string, e.g. `{id}` as an integer. */
export const pathParameter = (name: string, schema: Schema) => ({
  name,
  in: 'path' as const,
  required: true,
  schema,
});
// The answers below allow no property they do not name, as the contract's components: a
// field the proxy sends is documented, or the answer check of the route tests fails.
export const dataOf = (schema: Schema) => ({
  type: 'object',
  required: ['data'],
  additionalProperties: false,
  properties: { data: schema },
});
/** `{data: [...]}`, a list answer, with the other properties it has. */
export const listOf = (items: Schema, more: Schema = {}) => ({
  type: 'object',
  required: ['data'],
  additionalProperties: false,
  properties: { data: { type: 'array', items }, ...more },
});

/** A write the store could not make (full disk, read-only file): retry later. */
export const storeUnavailable = {
  503: ok('store_unavailable: the store could not save it; try again later.', ref('Error')),
};
/** A read the store could not make (an I/O error, a lock held too long): retry later. */
export const storeUnreadable = {
  503: ok('store_unavailable: the store could not be read; try again later.', ref('Error')),
};

/**
 * Every merchant route (`/admin/*`): the bearer token of `ADMIN_TOKEN` (slowed after failures),
 * or the dashboard's session cookie with a role high enough.
 */
export const merchantAuth: DescribeRouteOptions = {
  security: [{ bearer: [] }, { session: [] }],
  responses: {
    ...errors(401),
    403: ok(
      'forbidden_role: the session’s account has too low a role for this route; setup_only: the ADMIN_TOKEN setup session makes the first owner account, nothing else; cross_origin: a change made with the session cookie whose Origin is not this proxy’s own.',
      ref('Error'),
    ),
    429: okRetryAfter(
      'rate_limited: too many refused tokens from this address (AUTH_FAILURES_PER_MINUTE); every request of it, the right token too, is refused until Retry-After seconds have passed.',
      ref('Error'),
    ),
  },
};

/** The callbacks, once an address sent refused ones too often: only those are slowed. */
export const tooManyForgeries = {
  429: okRetryAfter(
    'rate_limited: instead of the 403, once this address had too many callbacks refused for their key or signature (AUTH_FAILURES_PER_MINUTE), until Retry-After seconds have passed. A correctly signed callback is never refused for it.',
    ref('Error'),
  ),
};

/** A create another site's page made a browser send (`http/middleware/cross-site.ts`). */
export const crossSiteRefusals: DescribeRouteOptions = {
  responses: {
    403: ok(
      'origin_not_allowed: the page’s Origin is not one of ALLOWED_ORIGINS (a request without Origin, from a server, is not refused for it).',
      ref('Error'),
    ),
    415: ok(
      'unsupported_media_type: the body was not sent with Content-Type: application/json.',
      ref('Error'),
    ),
  },
};

/**
 * A public route that calls the processing service: it failed, or refused the merchant's setup.
 * The service's code for that stays in the proxy's log and on the merchant API.
 */
export const customerServiceErrors = {
  502: okRetryAfter(
    'upstream_unavailable: the service did not answer usably; retry after Retry-After seconds. upstream_refused: the service refused the merchant’s setup (the proxy’s credentials or account); its code is not answered here: the proxy’s log and the merchant API (/admin/currencies) say it.',
    ref('Error'),
  ),
  504: okRetryAfter(
    'upstream_timeout: the service did not answer in time; retry after Retry-After seconds.',
    ref('Error'),
  ),
};

/** Creates from one address beyond `RATE_LIMIT_CHECKOUTS_PER_MINUTE`. */
export const tooManyCreates: DescribeRouteOptions = {
  responses: {
    429: okRetryAfter(
      'rate_limited: too many creates from this address (RATE_LIMIT_CHECKOUTS_PER_MINUTE); try again after Retry-After seconds.',
      ref('Error'),
    ),
  },
};

/**
 * A body over the limit: refused by its Content-Length before any route (`http/body.ts`), so
 * also on a route that reads no body (a DELETE, say).
 */
export const bodyTooLarge = {
  413: ok('body_too_large: the body is larger than 32 KiB.', ref('Error')),
};

/**
 * What a JSON body's check answers (`http/validation.ts`). A route's `describeRoute` comes after
 * its validators, so where both name a status (a service's 400) the route's own answer wins.
 */
export const bodyRefusals = {
  400: ok(
    'invalid_json: the body is not JSON, nests deeper than 64 levels or holds a number over 1,024 characters, or a string in it escapes half of a surrogate pair alone (not Unicode text).',
    ref('Error'),
  ),
  ...bodyTooLarge,
  422: ok(
    'The body breaks a rule: the spec’s text, its code and the field; or a query parameter was given (unknown_field), which a route with a body takes none of.',
    ref('Error'),
  ),
};

/** What a query's check answers: a parameter it does not know or a value it refuses. */
export const queryRefusals = {
  422: ok('A query parameter not known here, or a value it refuses, with the field.', ref('Error')),
};

/**
 * The answers of a merchant route that calls the processing service: the service unreachable
 * (502/504) or refusing the proxy's own credentials (502), and its other refusals passed
 * through with its status, code and text.
 */
export function serviceErrors(): Responses {
  const passed = {
    400: 'The service refused the request, e.g. a foreign_id it already has; or the body is not JSON.',
    404: 'The service does not know the object (invoice, transaction) or a currency.',
    409: 'The object is in a state that does not allow it, e.g. an invoice already cancelled.',
    422: 'The proxy’s validation (with field), or the service’s.',
  };
  const responses = errors(504);
  responses[502] = ok(
    'upstream_unavailable: the service did not answer usably. upstream_refused: the service refused the proxy’s own credentials or account (its 403), with its code as upstream_code (bad_header_key: check PROCESSING_API_KEY; bad_header_signature: PROCESSING_SIGNING_SECRET); not the caller’s token. The public API answers the same refusal without upstream_code.',
    ref('Error'),
  );
  for (const [status, description] of Object.entries(passed)) {
    responses[status] = {
      description,
      ...json({ anyOf: [ref('Error'), ref('ServiceError')] }),
    };
  }
  return responses;
}
