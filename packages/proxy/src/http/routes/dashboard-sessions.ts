/**
 * `/admin/session`: the dashboard's sign-in (a name and password, or ADMIN_TOKEN while no owner
 * account exists), who is signed in, and sign-out. Failures are slowed per name and per address
 * (the shared rate-limit buckets): a try is taken from each BEFORE any password work and given
 * back when it was right, so guesses sent at once get no more checks than the buckets hold and
 * a slowed client costs no scrypt; at most MAX_PASSWORD_CHECKS run at once in a process. An
 * unknown name costs the same work as a wrong password.
 */

import { secretsEqualSync } from '@crypto-pay/protocol/node';
import { type Context, Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { verifyPassword } from '../../accounts/passwords.ts';
import { ApiError } from '../../api-error.ts';
import { bodyTooLarge, errors, ok, ref } from '../../openapi/operations.ts';
import { type Account, SETUP_ACCOUNT } from '../../store/store.ts';
import { signInSchema } from '../account-schemas.ts';
import type { Audit } from '../audit.ts';
import type { Actor, AppEnv } from '../context.ts';
import {
  closeSession,
  currentSession,
  endSession,
  openSession,
  requestOrigin,
  type SessionDeps,
  sessionBody,
} from '../dashboard-session.ts';
import { crossOrigin, notSignedIn } from '../middleware/admin-auth.ts';
import type { FailureLimit } from '../middleware/rate-limit.ts';
import { jsonBody } from '../validation.ts';

export interface DashboardSessionDeps extends SessionDeps {
  adminToken: string | undefined;
  /** The bearer token's failure limit (per address): a wrong admin_token is a guess at it too. */
  adminFailures: FailureLimit;
  audit: Audit;
  /**
   * Failed sign-ins per client address (whatever the names: so per name and address too), and
   * per account name from all addresses, NAME_LIMIT_TIMES looser: no one address can keep an
   * owner out.
   */
  limits: { byAddress: FailureLimit; byName: (name: string) => FailureLimit };
}

const invalidCredentials = () =>
  new ApiError(401, 'invalid_credentials', 'The name or the password is wrong.');

/**
 * A name's failures from all addresses together may be this many times AUTH_FAILURES_PER_MINUTE:
 * only many addresses at once can lock its owner out (the bearer token and `users add` still
 * get in).
 */
export const NAME_LIMIT_TIMES = 10;

/** scrypt takes 32 MiB on one of libuv's 4 threads (shared with DNS and files): few at once. */
const MAX_PASSWORD_CHECKS = 2;

const busy = () =>
  new ApiError(
    429,
    'too_many_sign_ins',
    'Too many sign-ins are being checked at once. Try again in a second.',
    { headers: { 'Retry-After': '1' } },
  );

/**
 * Takes a try from each bucket before a check (429 once one is empty, the tries taken given
 * back); the answer gives them all back, for a check that passed.
 */
async function takeTries(c: Context<AppEnv>, buckets: FailureLimit[]) {
  const taken: FailureLimit[] = [];
  const giveBack = async () => {
    for (const bucket of taken) await bucket(c, 'returned');
  };
  try {
    for (const bucket of buckets) {
      await bucket(c, 'failed');
      taken.push(bucket);
    }
  } catch (error) {
    await giveBack();
    throw error;
  }
  return giveBack;
}

const tooMany = {
  429: ok(
    'too_many_sign_ins: too many failed sign-ins for this name or from this address (AUTH_FAILURES_PER_MINUTE), or too many being checked at once; rate_limited: too many refused admin tokens from this address (an admin_token sign-in counts with the bearer token). Try again after Retry-After seconds.',
    ref('Error'),
  ),
};

export function dashboardSessionRoutes(deps: DashboardSessionDeps) {
  const { store, adminToken, audit, limits } = deps;
  let checking = 0;
  return new Hono<AppEnv>()
    .post(
      '/session',
      jsonBody(signInSchema, 'SignIn'),
      describeRoute({
        summary:
          'Sign in to the dashboard: sets the HttpOnly session cookie (30 minutes idle, 12 hours in all; the setup session 30 minutes)',
        security: [],
        responses: {
          200: ok('Signed in', ref('SessionAnswer')),
          ...errors(401, 403),
          409: ok('setup_done: an owner account exists; sign in with it.', ref('Error')),
          ...tooMany,
        },
      }),
      async (c) => {
        // A sign-in another site's page makes would sign the browser in to an account of theirs.
        const origin = c.req.header('Origin');
        const own = requestOrigin(c, deps);
        if (origin !== undefined && origin !== own) throw crossOrigin(own);
        const body = c.req.valid('json');
        if (
          body.admin_token !== undefined &&
          body.name === undefined &&
          body.password === undefined
        ) {
          const giveBack = await takeTries(c, [deps.adminFailures]);
          if (adminToken === undefined || !secretsEqualSync(body.admin_token, adminToken)) {
            await audit(c, 'sign_in_failed', { detail: { reason: 'wrong_admin_token' } });
            throw invalidCredentials();
          }
          await giveBack();
          if ((await store.countOwners()) > 0) {
            throw new ApiError(
              409,
              'setup_done',
              'An owner account exists: sign in with a name and password (ADMIN_TOKEN signs in only while there is none).',
            );
          }
          const actor: Actor = { name: SETUP_ACCOUNT, role: 'owner', via: 'session', setup: true };
          await endSession(c, deps);
          const session = await openSession(c, deps, SETUP_ACCOUNT);
          c.set('actor', actor);
          await audit(c, 'sign_in', { detail: { setup: true } });
          return c.json(sessionBody(actor, session), 200);
        }
        if (
          body.name === undefined ||
          body.password === undefined ||
          body.admin_token !== undefined
        ) {
          throw new ApiError(
            422,
            'invalid_request',
            'Give a name and a password (or, on a fresh install, only the admin_token).',
          );
        }
        if (checking >= MAX_PASSWORD_CHECKS) throw busy();
        checking++;
        let account: Account | undefined;
        let right: boolean;
        let giveBack: () => Promise<void>;
        try {
          giveBack = await takeTries(c, [limits.byAddress, limits.byName(body.name)]);
          account = await store.getAccount(body.name);
          right = await verifyPassword(body.password, account?.passwordHash);
        } finally {
          checking--;
        }
        if (!account || !right || account.disabledAt !== undefined) {
          const reason = !account ? 'unknown_name' : !right ? 'wrong_password' : 'disabled';
          await audit(c, 'sign_in_failed', {
            // A name that is none may be a password typed in the wrong field: never kept.
            ...(account ? { target: account.name } : {}),
            detail: { reason },
          });
          throw invalidCredentials();
        }
        await giveBack();
        const actor: Actor = { name: account.name, role: account.role, via: 'session' };
        // The browser's session before, if any, ends: one planted in it gets nothing from this.
        await endSession(c, deps);
        const session = await openSession(c, deps, account.name);
        c.set('actor', actor);
        await audit(c, 'sign_in');
        c.get('log')('info', 'dashboard sign-in', { account: account.name });
        return c.json(sessionBody(actor, session), 200);
      },
    )
    .get(
      '/session',
      describeRoute({
        summary: 'Who is signed in (the session refreshed)',
        responses: { 200: ok('Signed in', ref('SessionAnswer')), ...errors(401) },
      }),
      async (c) => {
        const current = await currentSession(c, deps);
        if (!current) throw notSignedIn();
        return c.json(sessionBody(current.actor, current.session), 200);
      },
    )
    .delete(
      '/session',
      describeRoute({
        summary: 'Sign out: the session ends on the server and its cookie is cleared',
        responses: { 204: { description: 'Signed out' }, ...errors(403), ...bodyTooLarge },
      }),
      async (c) => {
        const current = await currentSession(c, deps);
        const own = requestOrigin(c, deps);
        if (current && c.req.header('Origin') !== own) throw crossOrigin(own);
        if (current) c.set('actor', current.actor);
        if (await closeSession(c, deps)) await audit(c, 'sign_out');
        return c.body(null, 204);
      },
    );
}
