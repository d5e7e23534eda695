/**
 * Refuses the creates another site's page could make its visitors' browsers send: any page may
 * POST a "simple" request (`text/plain`, a form, no preflight) and CORS only hides the answer,
 * so the checkout and its payment request upstream would exist all the same. A browser always
 * names the page's origin in `Origin` on such a POST; a request without one comes from a server
 * (the merchant's, curl) and is not refused for it.
 */

import { JSON_BODY_REQUIRED, pageRequestRefusal } from '@crypto-pay/protocol';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../api-error.ts';
import type { AppEnv } from '../context.ts';

export function crossSiteGuard(allowedOrigins: readonly string[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // A page on the proxy's own origin (a shop that routes /api/ to it by path) needs no entry.
    const refusal = pageRequestRefusal(
      (name) => c.req.header(name),
      (origin) => allowedOrigins.includes(origin),
    );
    if (refusal === 'cross_site') {
      throw new ApiError(
        403,
        'origin_not_allowed',
        'This page may not create checkouts: its origin is not one of the proxy’s ALLOWED_ORIGINS.',
      );
    }
    if (refusal === 'not_json') {
      throw new ApiError(415, 'unsupported_media_type', JSON_BODY_REQUIRED);
    }
    await next();
  });
}
