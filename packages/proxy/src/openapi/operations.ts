/**
 * The building blocks of /openapi.json's operations: JSON bodies, `$ref`s to its components,
 * and the error answers routes share (the store's, a cross-site page's, the processing service's).
 */

export const json = (schema: object) => ({ content: { 'application/json': { schema } } });
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const ok = (description: string, schema: object) => ({ description, ...json(schema) });
export const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ok('Error', ref('Error'))]));
/** A merchant route: the bearer token of `ADMIN_TOKEN`. */
export const admin = { security: [{ bearer: [] }] };
/** A required path parameter, e.g. `{id}`. */
export const pathParameter = (name: string, schema: object = { type: 'string' }) => ({
  name,
  in: 'path',
  required: true,
  schema,
});

/** A write the store could not make (full disk, read-only file): retry later. */
export const storeUnavailable = {
  503: ok('store_unavailable: the store could not save it; try again later.', ref('Error')),
};
/** A read the store could not make (an I/O error, a lock held too long): retry later. */
export const storeUnreadable = {
  503: ok('store_unavailable: the store could not be read; try again later.', ref('Error')),
};
/** The merchant API, once an address sent wrong tokens too often. */
export const tooManyFailures = {
  429: ok(
    'rate_limited: too many refused tokens from this address (AUTH_FAILURES_PER_MINUTE); every request of it, the right token too, is refused until Retry-After seconds have passed.',
    ref('Error'),
  ),
};
/** The callbacks, once an address sent refused ones too often: only those are slowed. */
export const tooManyForgeries = {
  429: ok(
    'rate_limited: instead of the 403, once this address had too many callbacks refused for their key or signature (AUTH_FAILURES_PER_MINUTE), until Retry-After seconds have passed. A correctly signed callback is never refused for it.',
    ref('Error'),
  ),
};

/** Adds `tooManyFailures` to every operation that answers 401 (the merchant API's). */
export function withFailureLimit<P extends Record<string, Record<string, object>>>(paths: P): P {
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations) as { responses?: Record<string, object> }[]) {
      if (operation.responses?.[401]) Object.assign(operation.responses, tooManyFailures);
    }
  }
  return paths;
}

/** A create another site's page made a browser send (`http/middleware/cross-site.ts`). */
export const crossSiteRefusals = {
  403: ok(
    'origin_not_allowed: the page’s Origin is not one of ALLOWED_ORIGINS (a request without Origin, from a server, is not refused for it).',
    ref('Error'),
  ),
  415: ok(
    'unsupported_media_type: the body was not sent with Content-Type: application/json.',
    ref('Error'),
  ),
};
export const dataOf = (schema: object) => ({
  type: 'object',
  required: ['data'],
  properties: { data: schema },
});

/**
 * The answers of a merchant route that calls the processing service: the proxy's own errors
 * (`ownStatuses`: 401 token, 400/413 body, 422 validation; 502/504 the service unreachable),
 * and the service's refusals passed through with its status, code and text.
 */
export function serviceErrors(...ownStatuses: number[]) {
  const passed = {
    400: 'The service refused the request, e.g. a foreign_id it already has.',
    403: 'The service refused the proxy’s own credentials (PROCESSING_API_KEY, PROCESSING_SIGNING_SECRET) or the merchant is disabled.',
    404: 'The service does not know the object (invoice, transaction) or a currency.',
    409: 'The object is in a state that does not allow it, e.g. an invoice already cancelled.',
    422: 'The proxy’s validation (with field), or the service’s.',
  };
  const responses: Record<string, object> = errors(...ownStatuses, 502, 504);
  for (const [status, description] of Object.entries(passed)) {
    responses[status] = {
      description,
      ...json({ anyOf: [ref('Error'), ref('ServiceError')] }),
    };
  }
  return responses;
}
