/**
 * The dashboard's accounts through the merchant API: made and listed by an owner, their role,
 * password and disabled state changed, with effect at once on the sessions they hold and the
 * role they had in the audit log; removed by an owner (their sessions ended at once, an audit
 * entry written), never one's own nor the last enabled owner; the last enabled owner kept; bad
 * input refused with the error shape.
 */

import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { hashToken, newDashboardToken } from '../../accounts/passwords.ts';
import { adminHeaders, testProxy, useTestSandbox } from '../../testing.test-helpers.ts';
import {
  assertNoCredentialsLeaked,
  createAccount,
  json,
  PASSWORDS,
  sessionOf,
  signIn,
  withSession,
} from './dashboard.test-helpers.ts';

const shared = useTestSandbox();
after(() => assertNoCredentialsLeaked([]));

const patch = (body: unknown) => ({ method: 'PATCH', json: body });

describe('accounts', () => {
  it('are made and listed by an owner, never with their password', async () => {
    const proxy = testProxy(shared.sandbox);
    await createAccount(proxy, 'ann', 'owner');
    const owner = await sessionOf(proxy, 'ann', 'owner');
    const created = await withSession(proxy, owner, '/admin/accounts', {
      method: 'POST',
      json: { name: 'vic', password: PASSWORDS.viewer, role: 'viewer' },
    });
    assert.equal(created.status, 201);
    const at = Math.floor(proxy.clock.now / 1000);
    assert.deepEqual(await json(created), {
      name: 'vic',
      role: 'viewer',
      created_at: at,
      disabled: false,
    });
    const list = await json(await withSession(proxy, owner, '/admin/accounts'));
    assert.deepEqual(
      list.data.map((account: { name: string; role: string }) => [account.name, account.role]),
      [
        ['ann', 'owner'],
        ['vic', 'viewer'],
      ],
    );
    const stored = await proxy.store.getAccount('vic');
    assert.match(stored!.passwordHash, /^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  });

  it('refuses a taken name, a short password, a reserved or malformed name, an unknown role', async () => {
    const proxy = testProxy(shared.sandbox);
    await createAccount(proxy, 'ann', 'owner');
    const post = (body: unknown) =>
      proxy.request('/admin/accounts', { method: 'POST', headers: adminHeaders, json: body });
    const cases: [unknown, number, string, string?][] = [
      [{ name: 'ann', password: PASSWORDS.owner, role: 'owner' }, 409, 'account_exists', 'name'],
      [{ name: 'bob', password: 'short-pw', role: 'viewer' }, 422, 'invalid_request', 'password'],
      [
        { name: 'admin-token', password: PASSWORDS.owner, role: 'owner' },
        422,
        'invalid_request',
        'name',
      ],
      [
        { name: '<script>', password: PASSWORDS.owner, role: 'owner' },
        422,
        'invalid_request',
        'name',
      ],
      [{ name: 'bob', password: PASSWORDS.owner, role: 'admin' }, 422, 'invalid_request', 'role'],
      [{ name: 'bob', password: PASSWORDS.owner }, 422, 'invalid_request', 'role'],
    ];
    for (const [body, status, code, field] of cases) {
      const response = await post(body);
      assert.equal(response.status, status, JSON.stringify(body));
      const answer = await json(response);
      assert.equal(answer.code, code, JSON.stringify(answer));
      assert.equal(answer.field, field, JSON.stringify(answer));
      assert.equal(typeof answer.error, 'string');
    }
    assert.match((await json(await post(cases[1]![0]))).error, /at least 12 characters/);
    // A value of the wrong type is said to be one, not to be missing.
    const typed: [unknown, string, string][] = [
      [
        { name: 5, password: PASSWORDS.owner, role: 'viewer' },
        'The name must be a string.',
        'name',
      ],
      [{ name: 'bob', password: 5, role: 'viewer' }, 'The password must be a string.', 'password'],
      [{ name: 'bob', role: 'viewer' }, 'The password is a mandatory field.', 'password'],
    ];
    for (const [body, error, field] of typed) {
      assert.deepEqual(await json(await post(body)), { error, code: 'invalid_request', field });
    }
  });

  it('take a new role at once, on the sessions they already hold', async () => {
    const proxy = testProxy(shared.sandbox);
    await createAccount(proxy, 'vic', 'viewer');
    const viewer = await sessionOf(proxy, 'vic', 'viewer');
    const create = { method: 'POST', json: { url: 'https://shop.example/hooks' } };
    assert.equal(
      (await withSession(proxy, viewer, '/admin/webhook-endpoints', create)).status,
      403,
    );
    const changed = await proxy.request('/admin/accounts/vic', {
      ...patch({ role: 'operator' }),
      headers: adminHeaders,
    });
    assert.equal(changed.status, 200);
    assert.equal((await json(changed)).role, 'operator');
    assert.equal(
      (await withSession(proxy, viewer, '/admin/webhook-endpoints', create)).status,
      201,
    );
    // The audit log says what the role was, and says nothing of a role sent again unchanged.
    const again = await proxy.request('/admin/accounts/vic', {
      ...patch({ role: 'operator' }),
      headers: adminHeaders,
    });
    assert.equal(again.status, 200);
    const audited = await proxy.request('/admin/audit-log?action=account_changed', {
      headers: adminHeaders,
    });
    assert.deepEqual(
      (await json(audited)).data.map((entry: { detail?: object }) => entry.detail),
      [{ role: 'operator' }, { role: 'operator', previous_role: 'viewer' }],
    );
  });

  it('sign out everywhere on a new password; a disabled account cannot sign in', async () => {
    const proxy = testProxy(shared.sandbox);
    await createAccount(proxy, 'ann', 'owner');
    await createAccount(proxy, 'olga', 'operator');
    const owner = await sessionOf(proxy, 'ann', 'owner');
    const operator = await sessionOf(proxy, 'olga', 'operator');
    const newPassword = `${PASSWORDS.operator}-2`;
    const changed = await withSession(
      proxy,
      owner,
      '/admin/accounts/olga',
      patch({ password: newPassword }),
    );
    assert.equal(changed.status, 200);
    assert.equal((await withSession(proxy, operator, '/admin/session')).status, 401);
    const old = await signIn(proxy, { name: 'olga', password: PASSWORDS.operator });
    assert.equal(old.response.status, 401);
    assert.equal(
      (await signIn(proxy, { name: 'olga', password: newPassword })).response.status,
      200,
    );

    const fresh = (await signIn(proxy, { name: 'olga', password: newPassword })).cookie;
    const disabled = await withSession(
      proxy,
      owner,
      '/admin/accounts/olga',
      patch({ disabled: true }),
    );
    assert.equal((await json(disabled)).disabled, true);
    assert.equal((await withSession(proxy, fresh, '/admin/checkouts')).status, 401);
    const refused = await signIn(proxy, { name: 'olga', password: newPassword });
    assert.equal(refused.response.status, 401);
    assert.equal((await json(refused.response)).code, 'invalid_credentials');
    await withSession(proxy, owner, '/admin/accounts/olga', patch({ disabled: false }));
    assert.equal(
      (await signIn(proxy, { name: 'olga', password: newPassword })).response.status,
      200,
    );
  });

  it('are removed by an owner, their sessions ended at once, never one’s own', async () => {
    const proxy = testProxy(shared.sandbox);
    await createAccount(proxy, 'ann', 'owner');
    await createAccount(proxy, 'olga', 'operator');
    const owner = await sessionOf(proxy, 'ann', 'owner');
    const operator = await sessionOf(proxy, 'olga', 'operator');
    const remove = (cookie: string, name: string) =>
      withSession(proxy, cookie, `/admin/accounts/${name}`, { method: 'DELETE' });

    const refused = await remove(operator, 'ann');
    assert.equal(refused.status, 403);
    assert.equal((await json(refused)).code, 'forbidden_role');
    const own = await remove(owner, 'ann');
    assert.equal(own.status, 409);
    assert.deepEqual(await json(own), {
      error: 'You cannot remove your own account: another owner can.',
      code: 'own_account',
    });

    assert.equal((await remove(owner, 'olga')).status, 204);
    assert.equal((await withSession(proxy, operator, '/admin/session')).status, 401);
    const signedIn = await signIn(proxy, { name: 'olga', password: PASSWORDS.operator });
    assert.equal(signedIn.response.status, 401);
    const list = await json(await withSession(proxy, owner, '/admin/accounts'));
    assert.deepEqual(
      list.data.map((account: { name: string }) => account.name),
      ['ann'],
    );
    const audited = await json(
      await withSession(proxy, owner, '/admin/audit-log?action=account_removed'),
    );
    assert.deepEqual(
      audited.data.map((entry: { actor: string; target: string; detail: object }) => [
        entry.actor,
        entry.target,
        entry.detail,
      ]),
      [['ann', 'olga', { role: 'operator' }]],
    );
    const again = await remove(owner, 'olga');
    assert.equal(again.status, 404);
    assert.equal((await json(again)).code, 'account_not_found');
  });

  it('never let a session begun before its account was made again sign in as the new one', async () => {
    const proxy = testProxy(shared.sandbox);
    await createAccount(proxy, 'ann', 'owner');
    await createAccount(proxy, 'olga', 'operator');
    const owner = await sessionOf(proxy, 'ann', 'owner');
    // A sign-in as the old olga checked her password, then its session row was written as
    // olga was being removed, so the removal did not end it.
    const token = newDashboardToken();
    const begun = proxy.clock.now;
    assert.equal(
      (await withSession(proxy, owner, '/admin/accounts/olga', { method: 'DELETE' })).status,
      204,
    );
    await proxy.store.startDashboardSession({
      tokenHash: hashToken(token),
      account: 'olga',
      createdAt: begun,
      lastSeenAt: begun,
      expiresAt: begun + 3_600_000,
    });
    proxy.clock.now += 1000;
    // Another person, with the same name.
    await createAccount(proxy, 'olga', 'owner', 'a-new-olga-password-77');
    const stale = `${owner.split('=')[0]}=${token}`;
    assert.equal((await withSession(proxy, stale, '/admin/session')).status, 401);
    assert.equal((await withSession(proxy, stale, '/admin/accounts')).status, 401);
  });

  it('never remove the last enabled owner, even with the bearer token', async () => {
    const proxy = testProxy(shared.sandbox);
    await createAccount(proxy, 'ann', 'owner');
    const response = await proxy.request('/admin/accounts/ann', {
      method: 'DELETE',
      headers: adminHeaders,
    });
    assert.equal(response.status, 409);
    assert.equal((await json(response)).code, 'last_owner');
    assert.ok(await proxy.store.getAccount('ann'));
  });

  it('keep one enabled owner, and answer 404 for a name that is none', async () => {
    const proxy = testProxy(shared.sandbox);
    await createAccount(proxy, 'ann', 'owner');
    const owner = await sessionOf(proxy, 'ann', 'owner');
    for (const body of [{ role: 'viewer' }, { disabled: true }]) {
      const response = await withSession(proxy, owner, '/admin/accounts/ann', patch(body));
      assert.equal(response.status, 409);
      assert.equal((await json(response)).code, 'last_owner');
    }
    const missing = await withSession(
      proxy,
      owner,
      '/admin/accounts/nobody',
      patch({ role: 'viewer' }),
    );
    assert.equal(missing.status, 404);
    assert.equal((await json(missing)).code, 'account_not_found');
    const unknownField = await withSession(
      proxy,
      owner,
      '/admin/accounts/ann',
      patch({ admin: true }),
    );
    assert.equal(unknownField.status, 422);
    assert.equal((await json(unknownField)).field, 'admin');
  });
});
