/**
 * Keeps other sites' pages off what changes the sandbox's state. While `pnpm start` runs, any
 * page the developer opens could otherwise make their browser pay a checkout or send the next
 * signed callback elsewhere: a form or `text/plain` POST needs no preflight, and the sandbox
 * answers no CORS. The sandbox's own pages (same origin) and servers (no `Origin`) go through.
 */

import { isCrossSite, JSON_BODY_REQUIRED, pageRequestRefusal } from '@crypto-pay/protocol';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { SandboxEnv } from './env.ts';
import { ControlFailure } from './failure.ts';

/** Methods that change nothing: never refused. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The sandbox's own origin, as this request reached it. */
const ownOrigin = (c: Context<SandboxEnv>) => (origin: string) =>
  origin === new URL(c.req.url).origin;

/** Whether the request comes from a page of another origin than the sandbox's own. */
export function fromAnotherSite(c: Context<SandboxEnv>): boolean {
  const source = { origin: c.req.header('Origin'), secFetchSite: c.req.header('Sec-Fetch-Site') };
  return isCrossSite(source, ownOrigin(c));
}

/**
 * The control API's guard on every state-changing request: 403 from another site's page, 415
 * for a body not declared JSON (the one type a page cannot send without a preflight).
 */
export function controlGuard() {
  return createMiddleware<SandboxEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const refusal = pageRequestRefusal((name) => c.req.header(name), ownOrigin(c));
    if (refusal === 'cross_site') {
      throw new ControlFailure(
        403,
        'origin_not_allowed',
        'Another site’s page may not use the sandbox’s control API.',
      );
    }
    if (refusal === 'not_json') {
      throw new ControlFailure(415, 'unsupported_media_type', JSON_BODY_REQUIRED);
    }
    await next();
  });
}
