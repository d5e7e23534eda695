/**
 * Refuses the creates another site's page could make its visitors' browsers send: any page may
 * POST a "simple" request (`text/plain`, a form, no preflight) and CORS only hides the answer,
 * so the checkout and its payment request upstream would exist all the same. A browser always
 * names the page's origin in `Origin` on such a POST; a request without one comes from a server
 * (the merchant's, curl) and is not refused for it.
 */

import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../api-error.ts';
import type { AppEnv } from '../context.ts';

/** `application/json`, in any case, with or without parameters (`; charset=utf-8`). */
function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase() === 'application/json';
}

export function crossSiteGuard(allowedOrigins: readonly string[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const origin = c.req.header('Origin');
    if (origin !== undefined && !allowedOrigins.includes(origin)) {
      throw new ApiError(
        403,
        'origin_not_allowed',
        'This page may not create checkouts: its origin is not one of the proxy’s ALLOWED_ORIGINS.',
      );
    }
    // The one body type a page cannot send without a preflight, which CORS then answers.
    if (!isJson(c.req.header('Content-Type'))) {
      throw new ApiError(
        415,
        'unsupported_media_type',
        'The request body must be JSON, sent with Content-Type: application/json.',
      );
    }
    await next();
  });
}
