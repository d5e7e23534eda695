/**
 * Refuses request paths with dot segments (`/api/../admin`, also written `%2e%2e`). The URL
 * parser resolves them, so a front end that exposes only `/api/*` and `/callbacks/*` by prefix
 * would pass them on to `/admin`. No client of this API has a reason to send them.
 */

import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../api-error.ts';
import type { AppEnv } from '../context.ts';

/**
 * A `.` or `..` segment (each dot plain or `%2e`) in the path of a request line: a whole
 * segment, between slashes or at the path's end, before any query string.
 */
const DOT_SEGMENT = /^[^?]*?(?:^|\/)(?:\.|%2e){1,2}(?:\/|\?|$)/i;

export function dotSegmentGuard() {
  // Not async: one regular expression on the request line, then the route (no promise of its
  // own per request).
  return createMiddleware<AppEnv>((c, next) => {
    // The request line as it came: `c.req.path` has the segments resolved already.
    if (DOT_SEGMENT.test(c.env?.incoming?.url ?? '')) {
      throw new ApiError(400, 'bad_path', 'The request path must not contain dot segments.');
    }
    return next();
  });
}
