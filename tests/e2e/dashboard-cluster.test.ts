/**
 * The dashboard on two proxies sharing one PostgreSQL, in Chromium: a session made by signing
 * in on proxy A works on proxy B (a change made there lands in the one store), and signing out
 * on B ends it for A too: the same cookie, sent to A again, is refused.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchChromium } from '@crypto-pay/test-kit/browser';
import { type PostgresCluster, startPostgres } from '@crypto-pay/test-kit/postgres';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import type { Browser } from 'playwright-core';
import { signInAs } from './dashboard-support.ts';
import { visible } from './support.ts';

/** The session cookie's name (the proxy's README). */
const SESSION_COOKIE = 'crypto_pay_session';

const OWNER = { name: 'cluster-owner', password: 'an owner of two proxies' };

let cluster: PostgresCluster;
let stack: Stack;
let browser: Browser;

describe('the dashboard on two proxies over one PostgreSQL', () => {
  before(async () => {
    cluster = await startPostgres();
    stack = await startStack({ proxies: 2, proxyEnv: { DATABASE_URL: cluster.url } });
    browser = await launchChromium(['--disable-quic']);
    const made = await fetch(`${stack.proxies[0]!.url}/admin/accounts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...OWNER, role: 'owner' }),
    });
    assert.equal(made.status, 201, await made.text());
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    await cluster?.stop();
  });

  it('signs in on A, works on B, signs out on B, and A refuses the session', async () => {
    const [a, b] = stack.proxies.map((proxy) => proxy.url) as [string, string];
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    context.on('page', (page) =>
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`)),
    );
    const onA = await context.newPage();
    await onA.goto(`${a}/dashboard/`);
    await onA.waitForURL(/\/dashboard\/sign-in/);
    await signInAs(onA, OWNER);
    await visible(onA.getByText(`${OWNER.name} (owner)`));
    const [session] = (await context.cookies(a)).filter((cookie) => cookie.name === SESSION_COOKIE);
    assert.ok(session, 'A set the session cookie');

    // B knows the session from the store, and takes a change from it (its own Origin).
    const onB = await context.newPage();
    await onB.goto(`${b}/dashboard/webhooks`);
    await visible(onB.getByText(`${OWNER.name} (owner)`));
    await onB.getByLabel('Address (https)').fill('https://hooks.example/from-b');
    await onB.getByRole('button', { name: 'Add endpoint' }).click();
    await visible(onB.getByRole('cell', { name: 'https://hooks.example/from-b', exact: true }));
    await onA.goto(`${a}/dashboard/webhooks`);
    await visible(onA.getByRole('cell', { name: 'https://hooks.example/from-b', exact: true }));

    await onB.getByRole('button', { name: 'Sign out' }).click();
    await visible(onB.getByRole('heading', { name: 'Sign in', exact: true }));
    // The browser dropped the cookie; put it back, as a thief who copied it would: A refuses it.
    await context.addCookies([session]);
    assert.equal(await onA.evaluate(async () => (await fetch('/admin/session')).status), 401);
    await onA.goto(`${a}/dashboard/webhooks`);
    await onA.waitForURL(/\/dashboard\/sign-in/);
    await visible(onA.getByRole('heading', { name: 'Sign in', exact: true }));
    assert.deepEqual(problems, []);
    await context.close();
  });
});
