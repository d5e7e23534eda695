/**
 * Changing one's own password (`POST /admin/session/password`): any role, with the current
 * password; every other session of the account ends while this browser stays signed in with a
 * new one; a wrong current password changes nothing, is slowed with the sign-ins' buckets and is
 * in the audit log, as the change is, never the password.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ADMIN_TOKEN,
  adminHeaders,
  type TestProxy,
  testProxy,
  useTestSandbox,
} from '../../testing.test-helpers.ts';
import {
  createAccount,
  json,
  OWN_ORIGIN,
  PASSWORDS,
  rememberSessions,
  sessionOf,
  signIn,
  withSession,
} from './dashboard.test-helpers.ts';

const shared = useTestSandbox();

const NEW_PASSWORD = 'a brand new pass phrase';
/** Every password the tests send: none may reach a log line or an answer. */
const remember = rememberSessions([
  NEW_PASSWORD,
  'not my password',
  'guess one here',
  'guess two here',
  'anything at all',
]);

const change = (
  proxy: TestProxy,
  cookie: string,
  body: unknown,
  headers: Record<string, string> = {},
) => withSession(proxy, cookie, '/admin/session/password', { method: 'POST', json: body, headers });

const cookieOf = (response: Response) =>
  (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';

const auditOf = async (proxy: TestProxy) =>
  (await json(await proxy.request('/admin/audit-log', { headers: adminHeaders }))).data as {
    actor: string;
    action: string;
    target?: string;
    detail?: Record<string, unknown>;
  }[];

describe('changing one’s own password', () => {
  for (const role of ['viewer', 'operator', 'owner'] as const) {
    it(`lets ${role === 'operator' ? 'an' : 'a'} ${role} change it with the current one, ending the other sessions, keeping this one`, async () => {
      const proxy = testProxy(shared.sandbox);
      await createAccount(proxy, 'ann', 'owner');
      if (role !== 'owner') await createAccount(proxy, 'pat', role);
      const name = role === 'owner' ? 'ann' : 'pat';
      const here = remember(await sessionOf(proxy, name, role));
      const elsewhere = remember(await sessionOf(proxy, name, role));
      const answer = await change(proxy, here, {
        current_password: PASSWORDS[role],
        password: NEW_PASSWORD,
      });
      assert.equal(answer.status, 200, await answer.clone().text());
      assert.deepEqual((await json(answer)).account, { name, role });
      const renewed = remember(cookieOf(answer));
      assert.notEqual(renewed, here);
      // Every session from before ended, the one that asked too; the new cookie signs in here.
      assert.equal((await withSession(proxy, elsewhere, '/admin/session')).status, 401);
      assert.equal((await withSession(proxy, here, '/admin/session')).status, 401);
      assert.equal((await withSession(proxy, renewed, '/admin/session')).status, 200);
      assert.equal((await signIn(proxy, { name, password: PASSWORDS[role] })).response.status, 401);
      const signedIn = await signIn(proxy, { name, password: NEW_PASSWORD });
      assert.equal(signedIn.response.status, 200);
      remember(signedIn.cookie);
      // The role stays: an owner changing a password is still the owner.
      assert.equal((await proxy.store.getAccount(name))?.role, role);
      const entry = (await auditOf(proxy)).find((line) => line.action === 'password_changed');
      assert.deepEqual(entry && { ...entry, at: 0, id: 0 }, {
        at: 0,
        id: 0,
        actor: name,
        action: 'password_changed',
        target: name,
      });
    });
  }

  it('changes nothing for a wrong current password, says so, and writes it in the audit log', async () => {
    const proxy = testProxy(shared.sandbox);
    await createAccount(proxy, 'vic', 'viewer');
    const cookie = remember(await sessionOf(proxy, 'vic', 'viewer'));
    const refused = await change(proxy, cookie, {
      current_password: 'not my password',
      password: NEW_PASSWORD,
    });
    assert.equal(refused.status, 403);
    assert.deepEqual(await json(refused), {
      error: 'The current password is wrong: the password is unchanged.',
      code: 'wrong_password',
      field: 'current_password',
    });
    assert.equal(refused.headers.get('Set-Cookie'), null);
    assert.equal((await withSession(proxy, cookie, '/admin/session')).status, 200);
    const again = await signIn(proxy, { name: 'vic', password: PASSWORDS.viewer });
    assert.equal(again.response.status, 200);
    remember(again.cookie);
    const entry = (await auditOf(proxy)).find((line) => line.action === 'password_change_failed');
    assert.equal(entry?.actor, 'vic');
    assert.equal(entry?.target, 'vic');
    assert.deepEqual(entry?.detail, { reason: 'wrong_password' });
  });

  it('slows wrong current passwords with the sign-ins of that name and address', async () => {
    const proxy = testProxy(shared.sandbox, { TRUST_PROXY: 'true', AUTH_FAILURES_PER_MINUTE: '2' });
    await createAccount(proxy, 'vic', 'viewer');
    const address = { 'X-Forwarded-For': '203.0.113.9', Origin: OWN_ORIGIN };
    const { cookie } = await signIn(proxy, { name: 'vic', password: PASSWORDS.viewer }, address);
    remember(cookie);
    for (const guess of ['guess one here', 'guess two here']) {
      const wrong = await change(
        proxy,
        cookie,
        { current_password: guess, password: NEW_PASSWORD },
        address,
      );
      assert.equal(wrong.status, 403);
    }
    // The right one too is held back, and a sign-in from there: the buckets are the same.
    const slowed = await change(
      proxy,
      cookie,
      { current_password: PASSWORDS.viewer, password: NEW_PASSWORD },
      address,
    );
    assert.equal(slowed.status, 429);
    assert.equal((await json(slowed)).code, 'too_many_sign_ins');
    assert.ok(Number(slowed.headers.get('Retry-After')) >= 1);
    const signInThere = await signIn(proxy, { name: 'vic', password: PASSWORDS.viewer }, address);
    assert.equal(signInThere.response.status, 429);
    assert.equal(
      (await signIn(proxy, { name: 'vic', password: NEW_PASSWORD })).response.status,
      401,
    );
  });

  it('refuses the bearer token, the setup session, a short password and another site', async () => {
    const proxy = testProxy(shared.sandbox);
    const setup = await signIn(proxy, { admin_token: ADMIN_TOKEN });
    remember(setup.cookie);
    const body = { current_password: 'anything at all', password: NEW_PASSWORD };
    const setupOnly = await change(proxy, setup.cookie, body);
    assert.equal(setupOnly.status, 403);
    assert.equal((await json(setupOnly)).code, 'setup_only');
    const bearer = await proxy.request('/admin/session/password', {
      method: 'POST',
      headers: adminHeaders,
      json: body,
    });
    assert.equal(bearer.status, 403);
    assert.deepEqual(await json(bearer), {
      error:
        'The bearer token has no password to change: sign in to the dashboard with an account to change its password.',
      code: 'not_an_account',
    });

    await createAccount(proxy, 'vic', 'viewer');
    const cookie = remember(await sessionOf(proxy, 'vic', 'viewer'));
    const short = await change(proxy, cookie, {
      current_password: PASSWORDS.viewer,
      password: 'too short',
    });
    assert.equal(short.status, 422);
    const shortBody = await json(short);
    assert.equal(shortBody.error, 'The password must be at least 12 characters.');
    assert.equal(shortBody.field, 'password');
    const crossSite = await change(
      proxy,
      cookie,
      { current_password: PASSWORDS.viewer, password: NEW_PASSWORD },
      { Origin: 'https://evil.example' },
    );
    assert.equal(crossSite.status, 403);
    assert.equal((await json(crossSite)).code, 'cross_origin');
    // Nothing of these changed the password.
    const again = await signIn(proxy, { name: 'vic', password: PASSWORDS.viewer });
    assert.equal(again.response.status, 200);
    remember(again.cookie);
  });
});
