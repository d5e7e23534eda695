/**
 * The client's IP address for rate limiting: the socket's peer, or with `trustProxy` the last
 * address of `X-Forwarded-For`, the one the reverse proxy in front appended. Addresses before
 * it came from the client and could be anything (only safe behind a reverse proxy you run).
 */

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket: a request made in-process (tests through app.request()).
    return 'local';
  }
}
