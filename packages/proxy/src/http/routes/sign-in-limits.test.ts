/**
 * Guessing at the dashboard's sign-in is slowed per name and per address (429
 * `too_many_sign_ins` with Retry-After), and the dashboard's sessions, sign-outs and limits are
 * shared by proxies on one PostgreSQL database. No password or token reaches a log line.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openPostgresStore } from '../../store/postgres.ts';
import { usePostgres } from '../../store/stores.test-helpers.ts';
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
const MINUTE = 60_000;
const remember = rememberSessions();

const from = (address: string) => ({ 'X-Forwarded-For': address, Origin: OWN_ORIGIN });

describe('slowing down guessing', () => {
  it('slows one address guessing at a name, not the name’s owner elsewhere', async () => {
    const proxy = testProxy(shared.sandbox, { TRUST_PROXY: 'true', AUTH_FAILURES_PER_MINUTE: '3' });
    await createAccount(proxy, 'ann', 'owner');
    const guesser = from('203.0.113.1');
    for (let guess = 1; guess <= 3; guess++) {
      const { response } = await signIn(
        proxy,
        { name: 'ann', password: `guess-${guess}` },
        guesser,
      );
      assert.equal(response.status, 401);
    }
    const slowed = await signIn(proxy, { name: 'ann', password: PASSWORDS.owner }, guesser);
    assert.equal(slowed.response.status, 429);
    assert.ok(Number(slowed.response.headers.get('Retry-After')) >= 1);
    assert.equal((await json(slowed.response)).code, 'too_many_sign_ins');
    // Ann at her own address is not kept out by the guesser.
    const own = await signIn(
      proxy,
      { name: 'ann', password: PASSWORDS.owner },
      from('198.51.100.1'),
    );
    assert.equal(own.response.status, 200);
    remember(own.cookie);
    // Time refills the guesser's bucket.
    proxy.clock.now += MINUTE;
    const later = await signIn(proxy, { name: 'ann', password: PASSWORDS.owner }, guesser);
    assert.equal(later.response.status, 200);
    remember(later.cookie);
  });

  it('answers 429 per name once many addresses together failed ten times its limit', async () => {
    const proxy = testProxy(shared.sandbox, { TRUST_PROXY: 'true', AUTH_FAILURES_PER_MINUTE: '1' });
    await createAccount(proxy, 'ann', 'owner');
    for (let guess = 1; guess <= 10; guess++) {
      const { response } = await signIn(
        proxy,
        { name: 'ann', password: `guess-${guess}` },
        from(`203.0.113.${guess}`),
      );
      assert.equal(response.status, 401);
    }
    const { response } = await signIn(
      proxy,
      { name: 'ann', password: PASSWORDS.owner },
      from('198.51.100.1'),
    );
    assert.equal(response.status, 429);
    assert.equal((await json(response)).code, 'too_many_sign_ins');
    // Another name from a fresh address is not held up.
    await createAccount(proxy, 'bob', 'viewer');
    const other = await signIn(
      proxy,
      { name: 'bob', password: PASSWORDS.viewer },
      from('198.51.100.2'),
    );
    assert.equal(other.response.status, 200);
    remember(other.cookie);
  });

  it('answers 429 per address, whatever names it tries', async () => {
    const proxy = testProxy(shared.sandbox, { TRUST_PROXY: 'true', AUTH_FAILURES_PER_MINUTE: '3' });
    const headers = { 'X-Forwarded-For': '192.0.2.7' };
    for (let guess = 1; guess <= 3; guess++) {
      const { response } = await signIn(proxy, { name: `user${guess}`, password: 'x' }, headers);
      assert.equal(response.status, 401);
    }
    const { response } = await signIn(proxy, { name: 'user4', password: 'x' }, headers);
    assert.equal(response.status, 429);
    assert.ok(response.headers.get('Retry-After'));
  });
});

describe('ADMIN_TOKEN sign-ins', () => {
  it('counts a wrong admin_token with the bearer token’s refusals from that address', async () => {
    const proxy = testProxy(shared.sandbox, { TRUST_PROXY: 'true', AUTH_FAILURES_PER_MINUTE: '2' });
    const guesser = { 'X-Forwarded-For': '192.0.2.44' };
    for (const token of ['wrong-admin-token-one', 'wrong-admin-token-two']) {
      assert.equal((await signIn(proxy, { admin_token: token }, guesser)).response.status, 401);
    }
    const bearer = await proxy.request('/admin/checkouts', {
      headers: { ...adminHeaders, ...guesser },
    });
    assert.equal(bearer.status, 429);
    const setup = await signIn(proxy, { admin_token: ADMIN_TOKEN }, guesser);
    assert.equal(setup.response.status, 429);
  });
});

describe('guesses sent at once', () => {
  const wrongGuesses = (proxy: TestProxy, count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, guess) =>
        signIn(
          proxy,
          { name: 'ann', password: `at-once-${guess}` },
          { 'X-Forwarded-For': '192.0.2.20' },
        ),
      ),
    );

  it('get no more password checks than the bucket holds: the try is taken before scrypt', async () => {
    const proxy = testProxy(shared.sandbox, { TRUST_PROXY: 'true', AUTH_FAILURES_PER_MINUTE: '1' });
    await createAccount(proxy, 'ann', 'owner');
    // Two at once, within the checks that may run together: one try in the bucket, one check.
    const statuses = (await wrongGuesses(proxy, 2)).map(({ response }) => response.status);
    assert.deepEqual(statuses.toSorted(), [401, 429]);
    // Each check is in the audit log; the refused guess never reached one.
    const log = await proxy.request('/admin/audit-log?action=sign_in_failed', {
      headers: adminHeaders,
    });
    assert.equal((await json(log)).data.length, 1);
  });

  it('give the try back when the password was right', async () => {
    const proxy = testProxy(shared.sandbox, { TRUST_PROXY: 'true', AUTH_FAILURES_PER_MINUTE: '2' });
    await createAccount(proxy, 'ann', 'owner');
    for (let time = 1; time <= 4; time++) {
      remember(await sessionOf(proxy, 'ann', 'owner'));
    }
  });

  it('run at most two scrypt checks at once in a process; the others are told 429 at once', async () => {
    const proxy = testProxy(shared.sandbox, {
      TRUST_PROXY: 'true',
      AUTH_FAILURES_PER_MINUTE: '100',
    });
    await createAccount(proxy, 'ann', 'owner');
    const answers = await wrongGuesses(proxy, 8);
    const checked = answers.filter(({ response }) => response.status === 401).length;
    const busy = answers.filter(({ response }) => response.status === 429);
    assert.ok(checked >= 1 && busy.length >= 1, `${checked} checked, ${busy.length} refused`);
    assert.equal(checked + busy.length, 8);
    for (const { response } of busy) {
      assert.equal(response.headers.get('Retry-After'), '1');
      assert.equal((await json(response)).code, 'too_many_sign_ins');
    }
  });
});

describe('several proxies on one PostgreSQL database', () => {
  const cluster = usePostgres();

  it('share sessions, sign-outs and the sign-in limit', async () => {
    const url = await cluster().createDatabase('dashboard_sessions');
    const extra = { TRUST_PROXY: 'true', AUTH_FAILURES_PER_MINUTE: '2' };
    const [one, two] = [
      testProxy(shared.sandbox, extra, { store: await openPostgresStore(url) }),
      testProxy(shared.sandbox, extra, { store: await openPostgresStore(url) }),
    ] as const;
    try {
      await createAccount(one, 'ann', 'owner');
      const cookie = remember(await sessionOf(one, 'ann', 'owner'));
      const who = await withSession(two, cookie, '/admin/session');
      assert.equal(who.status, 200);
      assert.equal((await json(who)).account.name, 'ann');
      assert.equal(
        (await withSession(two, cookie, '/admin/session', { method: 'DELETE' })).status,
        204,
      );
      assert.equal((await withSession(one, cookie, '/admin/checkouts')).status, 401);

      // Two failures for ann from one address, one on each proxy: its third try is slowed.
      const guesser = { 'X-Forwarded-For': '203.0.113.50' };
      assert.equal(
        (await signIn(one, { name: 'ann', password: 'wrong-1' }, guesser)).response.status,
        401,
      );
      assert.equal(
        (await signIn(two, { name: 'ann', password: 'wrong-2' }, guesser)).response.status,
        401,
      );
      const third = guesser;
      const slowed = await signIn(one, { name: 'ann', password: PASSWORDS.owner }, third);
      assert.equal(slowed.response.status, 429);
    } finally {
      await one.store.close();
      await two.store.close();
    }
  });
});
