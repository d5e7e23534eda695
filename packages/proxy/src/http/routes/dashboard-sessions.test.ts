/**
 * The dashboard's sign-in as a browser sees it: the cookie's flags, who is signed in, the idle
 * and absolute ends (the app's clock moved, not waited for), sign-out on the server, another
 * site's Origin refused, and ADMIN_TOKEN's setup session while no owner exists (guessing:
 * `sign-in-limits.test.ts`). No password or token ever reaches a log line.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ADMIN_TOKEN,
  adminHeaders,
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
const MINUTE = 60_000;
const remember = rememberSessions();

describe('signing in to the dashboard', () => {
  it('sets an HttpOnly, SameSite=Strict cookie on Path=/, Secure only over HTTPS', async () => {
    const proxy = testProxy(shared.sandbox, { TRUST_PROXY: 'true' });
    await createAccount(proxy, 'ann', 'owner');
    const { response, cookie } = await signIn(proxy, { name: 'ann', password: PASSWORDS.owner });
    remember(cookie);
    assert.equal(response.status, 200);
    const flags = response.headers.get('Set-Cookie')!;
    assert.match(flags, /^crypto_pay_session=[A-Za-z0-9_-]{43}; /);
    assert.match(flags, /; HttpOnly/);
    assert.match(flags, /; SameSite=Strict/);
    assert.match(flags, /; Path=\//);
    assert.doesNotMatch(flags, /Secure/);
    const body = await json(response);
    assert.deepEqual(body.account, { name: 'ann', role: 'owner' });
    const now = Math.floor(proxy.clock.now / 1000);
    assert.equal(body.idle_expires_at, now + 30 * 60);
    assert.equal(body.expires_at, now + 12 * 60 * 60);

    // Over TLS itself, or through a trusted reverse proxy that says it took HTTPS.
    for (const [url, headers] of [
      ['https://localhost/admin/session', { Origin: 'https://localhost' }],
      ['/admin/session', { 'X-Forwarded-Proto': 'https', Origin: 'https://localhost' }],
    ] as const) {
      const secure = await signIn(proxy, { name: 'ann', password: PASSWORDS.owner }, headers, url);
      remember(secure.cookie);
      assert.equal(secure.response.status, 200);
      const set = secure.response.headers.get('Set-Cookie')!;
      // __Host-: the browser takes it only Secure, on Path=/, for this host alone.
      assert.match(set, /^__Host-crypto_pay_session=[A-Za-z0-9_-]{43}; /);
      assert.match(set, /; Secure/);
      assert.match(set, /; Path=\//);
      assert.doesNotMatch(set, /Domain/i);
      const who = await withSession(proxy, secure.cookie, url, { headers });
      assert.equal(who.status, 200);
    }
    // Over HTTPS a cookie without the prefix (one a sibling subdomain could set) is not read.
    const planted = await withSession(proxy, cookie, 'https://localhost/admin/session', {
      headers: { Origin: 'https://localhost' },
    });
    assert.equal(planted.status, 401);
    // Not trusted, the header is anyone's to send.
    const untrusted = testProxy(shared.sandbox);
    await createAccount(untrusted, 'ann', 'owner');
    const plain = await signIn(
      untrusted,
      { name: 'ann', password: PASSWORDS.owner },
      { 'X-Forwarded-Proto': 'https' },
    );
    remember(plain.cookie);
    assert.doesNotMatch(plain.response.headers.get('Set-Cookie')!, /Secure/);
  });

  it('answers the same 401 for an unknown name and a wrong password', async () => {
    const proxy = testProxy(shared.sandbox);
    await createAccount(proxy, 'ann', 'owner');
    const wrong = await signIn(proxy, { name: 'ann', password: 'not the password' });
    const unknown = await signIn(proxy, { name: 'nobody', password: PASSWORDS.owner });
    for (const { response } of [wrong, unknown]) {
      assert.equal(response.status, 401);
      assert.equal(response.headers.get('Set-Cookie'), null);
      assert.deepEqual(await json(response), {
        error: 'The name or the password is wrong.',
        code: 'invalid_credentials',
      });
    }
  });

  it('tells who is signed in and refreshes the session until 30 minutes unused', async () => {
    const proxy = testProxy(shared.sandbox);
    await createAccount(proxy, 'olga', 'operator');
    const cookie = remember(await sessionOf(proxy, 'olga', 'operator'));
    proxy.clock.now += 29 * MINUTE;
    const who = await withSession(proxy, cookie, '/admin/session');
    assert.equal(who.status, 200);
    const body = await json(who);
    assert.deepEqual(body.account, { name: 'olga', role: 'operator' });
    assert.equal(body.idle_expires_at, Math.floor(proxy.clock.now / 1000) + 30 * 60);
    // Used 29 minutes ago: still on, and any merchant route refreshes it as well.
    proxy.clock.now += 29 * MINUTE;
    assert.equal((await withSession(proxy, cookie, '/admin/checkouts')).status, 200);
    proxy.clock.now += 30 * MINUTE;
    const idle = await withSession(proxy, cookie, '/admin/checkouts');
    assert.equal(idle.status, 401);
    assert.equal((await json(idle)).code, 'not_signed_in');
    const gone = await withSession(proxy, cookie, '/admin/session');
    assert.equal(gone.status, 401);
    assert.equal((await json(gone)).code, 'not_signed_in');
  });

  it('ends a session 12 hours after sign-in, however busy', async () => {
    const proxy = testProxy(shared.sandbox);
    await createAccount(proxy, 'vic', 'viewer');
    const cookie = remember(await sessionOf(proxy, 'vic', 'viewer'));
    for (let hour = 0; hour < 12 * 3 - 1; hour++) {
      proxy.clock.now += 20 * MINUTE;
      assert.equal((await withSession(proxy, cookie, '/admin/session')).status, 200);
    }
    proxy.clock.now += 20 * MINUTE;
    assert.equal((await withSession(proxy, cookie, '/admin/session')).status, 401);
  });

  it('ends the browser’s session before at a new sign-in', async () => {
    const proxy = testProxy(shared.sandbox);
    await createAccount(proxy, 'ann', 'owner');
    const before = remember(await sessionOf(proxy, 'ann', 'owner'));
    const again = await signIn(
      proxy,
      { name: 'ann', password: PASSWORDS.owner },
      { Cookie: before, Origin: OWN_ORIGIN },
    );
    assert.equal(again.response.status, 200);
    remember(again.cookie);
    assert.equal((await withSession(proxy, before, '/admin/session')).status, 401);
    assert.equal((await withSession(proxy, again.cookie, '/admin/session')).status, 200);
  });

  it('signs out on the server: the old cookie is refused afterwards', async () => {
    const proxy = testProxy(shared.sandbox);
    await createAccount(proxy, 'ann', 'owner');
    const cookie = remember(await sessionOf(proxy, 'ann', 'owner'));
    const out = await withSession(proxy, cookie, '/admin/session', { method: 'DELETE' });
    assert.equal(out.status, 204);
    assert.match(out.headers.get('Set-Cookie')!, /^crypto_pay_session=; Max-Age=0; /);
    // The cookie a copy kept (another tab, a stolen one) gets nothing either.
    assert.equal((await withSession(proxy, cookie, '/admin/checkouts')).status, 401);
    assert.equal((await withSession(proxy, cookie, '/admin/session')).status, 401);
  });

  it('refuses a change with the cookie from another site’s Origin, or without one', async () => {
    const proxy = testProxy(shared.sandbox);
    await createAccount(proxy, 'ann', 'owner');
    const cookie = remember(await sessionOf(proxy, 'ann', 'owner'));
    const change = { method: 'POST', json: { url: 'https://shop.example/hooks' } };
    for (const origin of ['https://evil.example', 'http://localhost:8080', 'null']) {
      const refused = await withSession(proxy, cookie, '/admin/webhook-endpoints', {
        ...change,
        headers: { Origin: origin },
      });
      assert.equal(refused.status, 403, origin);
      assert.equal((await json(refused)).code, 'cross_origin');
    }
    const headers = new Headers({ Cookie: cookie });
    const noOrigin = await proxy.request('/admin/webhook-endpoints', { ...change, headers });
    assert.equal(noOrigin.status, 403);
    assert.equal((await proxy.store.listEndpoints()).length, 0, 'nothing was created');
    // Reads need no Origin; the proxy's own origin may change things.
    assert.equal((await proxy.request('/admin/checkouts', { headers })).status, 200);
    const own = await withSession(proxy, cookie, '/admin/webhook-endpoints', change);
    assert.equal(own.status, 201);
    // Sign-in and sign-out from another site are refused too.
    const foreign = await signIn(
      proxy,
      { name: 'ann', password: PASSWORDS.owner },
      { Origin: 'https://evil.example' },
    );
    assert.equal(foreign.response.status, 403);
    const out = await withSession(proxy, cookie, '/admin/session', {
      method: 'DELETE',
      headers: { Origin: 'https://evil.example' },
    });
    assert.equal(out.status, 403);
    assert.equal((await withSession(proxy, cookie, '/admin/session')).status, 200);
  });

  it('takes changes only from PUBLIC_ORIGIN when set, whatever Host the request names', async () => {
    const proxy = testProxy(shared.sandbox, { PUBLIC_ORIGIN: 'https://pay.shop.example' });
    await createAccount(proxy, 'ann', 'owner');
    // A page that rebound its own name to the proxy sends its Origin, equal to the Host it sent.
    const rebound = { Host: 'rebound.example', Origin: 'http://rebound.example' };
    const guess = await signIn(proxy, { name: 'ann', password: PASSWORDS.owner }, rebound);
    assert.equal(guess.response.status, 403);
    assert.equal((await json(guess.response)).code, 'cross_origin');
    const own = { Origin: 'https://pay.shop.example' };
    const { response, cookie } = await signIn(
      proxy,
      { name: 'ann', password: PASSWORDS.owner },
      own,
    );
    assert.equal(response.status, 200);
    remember(cookie);
    const change = { method: 'POST', json: { url: 'https://shop.example/hooks' } };
    const local = await withSession(proxy, cookie, '/admin/webhook-endpoints', change);
    assert.equal(local.status, 403, 'the Host-derived origin is not enough');
    const made = await withSession(proxy, cookie, '/admin/webhook-endpoints', {
      ...change,
      headers: own,
    });
    assert.equal(made.status, 201);
  });

  it('keeps taking the bearer token as before, whatever cookie comes with it', async () => {
    const proxy = testProxy(shared.sandbox);
    const headers = { ...adminHeaders, Cookie: 'crypto_pay_session=made-up' };
    const created = await proxy.request('/admin/webhook-endpoints', {
      method: 'POST',
      headers,
      json: { url: 'https://shop.example/hooks' },
    });
    assert.equal(created.status, 201);
  });
});

describe('a fresh install', () => {
  it('signs in with ADMIN_TOKEN as a setup owner only while no owner account exists', async () => {
    const proxy = testProxy(shared.sandbox);
    const wrong = await signIn(proxy, { admin_token: 'not-the-admin-token-at-all' });
    assert.equal(wrong.response.status, 401);
    // Said as what was typed: a token, not a name or a password.
    assert.deepEqual(await json(wrong.response), {
      error: 'The admin token is wrong.',
      code: 'invalid_credentials',
    });

    const { response, cookie } = await signIn(proxy, { admin_token: ADMIN_TOKEN });
    remember(cookie);
    assert.equal(response.status, 200);
    assert.deepEqual((await json(response)).account, {
      name: 'admin-token',
      role: 'owner',
      setup: true,
    });
    // The setup session makes the first owner, as the dashboard asks it to.
    const created = await withSession(proxy, cookie, '/admin/accounts', {
      method: 'POST',
      json: { name: 'ann', password: PASSWORDS.owner, role: 'owner' },
    });
    assert.equal(created.status, 201);
    // From then on ADMIN_TOKEN opens no session, and the setup session is over.
    const again = await signIn(proxy, { admin_token: ADMIN_TOKEN });
    assert.equal(again.response.status, 409);
    assert.equal((await json(again.response)).code, 'setup_done');
    assert.equal((await withSession(proxy, cookie, '/admin/session')).status, 401);
    remember(await sessionOf(proxy, 'ann', 'owner'));
  });

  it('keeps the setup session to the accounts, for 30 minutes at most', async () => {
    const proxy = testProxy(shared.sandbox);
    const { response, cookie } = await signIn(proxy, { admin_token: ADMIN_TOKEN });
    remember(cookie);
    const body = await json(response);
    assert.equal(body.expires_at, Math.floor((proxy.clock.now + 30 * MINUTE) / 1000));
    assert.match(response.headers.get('Set-Cookie') ?? '', /Max-Age=1800/);
    for (const [method, path] of [
      ['GET', '/admin/checkouts'],
      ['GET', '/admin/audit-log'],
      ['POST', '/admin/webhook-endpoints'],
      ['PATCH', '/admin/accounts/ann'],
    ] as const) {
      const init = method === 'GET' ? {} : { method, json: {} };
      const refused = await withSession(proxy, cookie, path, init);
      assert.equal(refused.status, 403, `${method} ${path}`);
      assert.equal((await json(refused)).code, 'setup_only');
    }
    assert.equal((await withSession(proxy, cookie, '/admin/accounts')).status, 200);
    // Used every 20 minutes, it still ends 30 minutes after sign-in.
    proxy.clock.now += 20 * MINUTE;
    assert.equal((await withSession(proxy, cookie, '/admin/session')).status, 200);
    proxy.clock.now += 11 * MINUTE;
    assert.equal((await withSession(proxy, cookie, '/admin/session')).status, 401);
  });

  it('refuses a body that is neither a name and password nor a token alone', async () => {
    const proxy = testProxy(shared.sandbox);
    for (const body of [{}, { name: 'ann' }, { name: 'ann', password: 'x', admin_token: 'y' }]) {
      const { response } = await signIn(proxy, body);
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.equal((await json(response)).code, 'invalid_request');
    }
  });
});
