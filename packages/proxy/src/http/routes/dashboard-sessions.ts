/**
 * `/admin/session`: the dashboard's sign-in (a name and password, or ADMIN_TOKEN while no owner
 * account exists), who is signed in, sign-out, and a change of one's own password. Failures are slowed per name and per address
 * (`password-checks.ts`).
 */

import { secretsEqualSync } from '@crypto-pay/protocol/node';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { hashPassword } from '../../accounts/passwords.ts';
import { ApiError } from '../../api-error.ts';
import { bodyTooLarge, errors, ok, ref } from '../../openapi/operations.ts';
import { SETUP_ACCOUNT, type Store } from '../../store/store.ts';
import { changeOwnPasswordSchema, signInSchema } from '../account-schemas.ts';
import type { Audit } from '../audit.ts';
import type { Actor, AppEnv } from '../context.ts';
import {
  closeSession,
  currentSession,
  endSession,
  openSession,
  requestOrigin,
  type SessionDeps,
  type SessionStore,
  sessionBody,
} from '../dashboard-session.ts';
import { crossOrigin, notSignedIn } from '../middleware/admin-auth.ts';
import type { FailureLimit } from '../middleware/rate-limit.ts';
import { type CheckPassword, takeTries } from '../password-checks.ts';
import { noQuerySchema } from '../request-schemas.ts';
import { jsonBody, queryOf } from '../validation.ts';

export interface DashboardSessionDeps extends SessionDeps {
  store: SessionStore & Pick<Store, 'changeAccount'>;
  adminToken: string | undefined;
  /** The bearer token's failure limit (per address): a wrong admin_token is a guess at it too. */
  adminFailures: FailureLimit;
  audit: Audit;
  /** The process's password checker, its name limit NAME_LIMIT_TIMES looser than the address's. */
  checkPassword: CheckPassword;
}

const invalidCredentials = () =>
  new ApiError(401, 'invalid_credentials', 'The name or the password is wrong.');

/**
 * A name's failures from all addresses together may be this many times AUTH_FAILURES_PER_MINUTE:
 * only many addresses at once can lock its owner out (the bearer token and `users add` still
 * get in).
 */
export const NAME_LIMIT_TIMES = 10;

const tooMany = {
  429: ok(
    'too_many_sign_ins: too many wrong passwords (sign-ins and password changes) for this name or from this address (AUTH_FAILURES_PER_MINUTE), or too many being checked at once; rate_limited: too many refused admin tokens from this address (an admin_token sign-in counts with the bearer token). Try again after Retry-After seconds.',
    ref('Error'),
  ),
};

export function dashboardSessionRoutes(deps: DashboardSessionDeps) {
  const { store, adminToken, audit, checkPassword } = deps;
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
            // The same code as a wrong password; the sentence says what was typed.
            throw new ApiError(401, 'invalid_credentials', 'The admin token is wrong.');
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
        const { account, right, giveBack } = await checkPassword(c, body.name, body.password);
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
        const session = await openSession(c, deps, account);
        // Removed, disabled or given another password while its password was checked.
        if (!session) throw invalidCredentials();
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
      queryOf(noQuerySchema),
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
    )
    .post(
      '/session/password',
      jsonBody(changeOwnPasswordSchema, 'ChangeOwnPassword'),
      describeRoute({
        summary:
          'Change the signed-in account’s own password, giving the current one: every session of the account ends, and this browser gets a new one (the cookie is set again)',
        responses: {
          200: ok('Changed; signed in with a new session', ref('SessionAnswer')),
          403: ok(
            'wrong_password: the current password is wrong (nothing changed); not_an_account: the bearer token has no password.',
            ref('Error'),
          ),
          ...tooMany,
        },
      }),
      async (c) => {
        const actor = c.get('actor');
        if (actor?.via !== 'session') {
          throw new ApiError(
            403,
            'not_an_account',
            'The bearer token has no password to change: sign in to the dashboard with an account to change its password.',
          );
        }
        const body = c.req.valid('json');
        // Slowed as a sign-in is, in the same buckets: a session left open is no way to guess.
        const { account, right, giveBack } = await checkPassword(
          c,
          actor.name,
          body.current_password,
        );
        if (!account) throw notSignedIn();
        if (!right) {
          await audit(c, 'password_change_failed', {
            target: actor.name,
            detail: { reason: 'wrong_password' },
          });
          throw new ApiError(
            403,
            'wrong_password',
            'The current password is wrong: the password is unchanged.',
            { field: 'current_password' },
          );
        }
        await giveBack();
        const changed = await store.changeAccount(
          actor.name,
          { passwordHash: await hashPassword(body.password) },
          deps.now(),
        );
        // Only a role or a disabling can meet the last owner: here the account went meanwhile.
        if (typeof changed !== 'object') throw notSignedIn();
        // The change ended every session of the account, this one too: the person who typed
        // the current password stays signed in here, with a session made after the change.
        const session = await openSession(c, deps, changed.account);
        if (!session) throw notSignedIn();
        await audit(c, 'password_changed', { target: actor.name });
        return c.json(sessionBody(actor, session), 200);
      },
    );
}
