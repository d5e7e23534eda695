/**
 * Guard of the merchant API: the bearer token of ADMIN_TOKEN (an owner), or the dashboard's
 * session cookie (its account's role). The token is compared in constant time; a bad or missing
 * one gets 401 with `WWW-Authenticate`, never a hint of how close it was; either is told to the
 * failure limit first, which answers 429 instead while the address's tries are used up, to a
 * right token too. With the cookie, a state change must come from the proxy's own origin (403
 * `cross_origin`). Then the route's role (`admin-roles.ts`): too low is 403 `forbidden_role`;
 * the setup session (ADMIN_TOKEN on a fresh install) gets only to the accounts (403 `setup_only`).
 */

import { secretsEqualSync } from '@crypto-pay/protocol/node';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../api-error.ts';
import type { Actor, AppEnv } from '../context.ts';
import {
  currentSession,
  hasSessionCookie,
  requestOrigin,
  type SessionDeps,
} from '../dashboard-session.ts';
import { neededRole, roleAllows, routeKey, SETUP_ROUTES } from './admin-roles.ts';
import type { FailureLimit } from './rate-limit.ts';

export interface AdminAuthOptions extends SessionDeps {
  /** ADMIN_TOKEN; without it only the dashboard's sessions get in. */
  token: string | undefined;
  failures: FailureLimit;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const BEARER_ACTOR: Actor = { name: 'admin-token', role: 'owner', via: 'bearer' };

export const notSignedIn = () =>
  new ApiError(401, 'not_signed_in', 'Sign in first: there is no session, or it has ended.');

/** `own` is the origin the proxy saw the request on: behind TLS, it reads https only when told. */
export const crossOrigin = (own: string) =>
  new ApiError(
    403,
    'cross_origin',
    `This change must come from the dashboard on this proxy’s own origin, ${own} (behind a TLS front end: TRUST_PROXY=true and X-Forwarded-Proto: https).`,
  );

export function adminAuth({ token, failures, ...sessions }: AdminAuthOptions) {
  if (token !== undefined && token.length < 16) {
    throw new TypeError('The admin token must be at least 16 characters.');
  }
  return createMiddleware<AppEnv>(async (c, next) => {
    const needed = neededRole(c);
    if (needed === 'none') return next();
    let actor: Actor;
    const header = c.req.header('Authorization');
    // The cookie only when no Authorization is sent: a bearer client stays as it was.
    if (header === undefined && hasSessionCookie(c, sessions.trustProxy)) {
      const current = await currentSession(c, sessions);
      if (!current) throw notSignedIn();
      const own = requestOrigin(c, sessions);
      if (!SAFE_METHODS.has(c.req.method) && c.req.header('Origin') !== own) {
        throw crossOrigin(own);
      }
      actor = current.actor;
    } else {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
      const passed = token !== undefined && match !== null && secretsEqualSync(match[1]!, token);
      await failures(c, passed ? 'passed' : 'failed');
      if (!passed) {
        throw new ApiError(401, 'unauthorized', 'A valid bearer token is required.', {
          headers: {
            'WWW-Authenticate': 'Bearer realm="crypto-pay admin"',
          },
        });
      }
      actor = BEARER_ACTOR;
    }
    if (actor.setup && !SETUP_ROUTES.has(routeKey(c) ?? '')) {
      throw new ApiError(
        403,
        'setup_only',
        'The setup session only makes the first owner account (POST /admin/accounts): sign in as that owner for the rest.',
      );
    }
    if (!roleAllows(actor.role, needed)) {
      throw new ApiError(
        403,
        'forbidden_role',
        `This needs the ${needed} role; the account ${actor.name} is a ${actor.role}.`,
      );
    }
    c.set('actor', actor);
    await next();
  });
}
