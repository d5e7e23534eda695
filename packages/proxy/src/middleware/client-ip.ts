/**
 * The client's IP address for rate limiting: the socket's peer, or with `trustProxy` the first
 * address of `X-Forwarded-For` (only safe behind a reverse proxy that sets it).
 */

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket: a request made in-process (tests through app.request()).
    return 'local';
  }
}
