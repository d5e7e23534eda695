/**
 * Refuses request paths with dot segments (`/api/../admin`, also written `%2e%2e`). The URL
 * parser resolves them, so a front end that exposes only `/api/*` and `/callbacks/*` by prefix
 * would pass them on to `/admin`. No client of this API has a reason to send them.
 */

import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../api-error.ts';
import type { AppEnv } from '../context.ts';

export function dotSegmentGuard() {
  return createMiddleware<AppEnv>(async (c, next) => {
    // The request line as it came: `c.req.path` has the segments resolved already.
    const path = (c.env?.incoming?.url ?? '').split('?')[0]!.replace(/%2e/gi, '.');
    if (path.split('/').some((segment) => segment === '.' || segment === '..')) {
      throw new ApiError(400, 'bad_path', 'The request path must not contain dot segments.');
    }
    await next();
  });
}
