/**
 * Passwords in the dashboard, in Chromium against the built stack: a viewer changes their own
 * from "Your account" in the header and stays signed in while their other session ends; an
 * owner sets a new password for someone who forgot theirs, asked first. Both are in the audit
 * log in words.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signInAs, useDashboard } from './dashboard-support.ts';
import { visible } from './support.ts';

const { openDashboard, admin, axeFindings } = useDashboard();

async function made(name: string, role: string, password: string) {
  const response = await admin('/admin/accounts', 'POST', { name, password, role });
  assert.equal(response.status, 201, await response.text());
  return { name, password };
}

describe('passwords in the dashboard', () => {
  it('lets a viewer change their own, signing out their other session, not this one', async () => {
    const viewer = await made('e2e-own-password', 'viewer', 'the first pass phrase');
    const other = await openDashboard('/dashboard/sign-in');
    await signInAs(other.page, viewer);
    const { context, page, problems } = await openDashboard('/dashboard/sign-in');
    await signInAs(page, viewer);
    await page.getByRole('link', { name: 'Your account' }).click();
    await visible(page.getByRole('heading', { name: 'Your account' }));
    await page.getByLabel('Current password').fill(viewer.password);
    await page.getByLabel('New password', { exact: true }).fill('the second pass phrase');
    await page.getByLabel('New password again').fill('the second pass phrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByText('Your password is changed. Every other session'));
    assert.deepEqual(await axeFindings(page), []);
    // Still signed in here; the other browser's session is over.
    assert.equal(await page.evaluate(async () => (await fetch('/admin/session')).status), 200);
    assert.equal(
      await other.page.evaluate(async () => (await fetch('/admin/session')).status),
      401,
    );
    await other.context.close();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInAs(page, { ...viewer, password: 'the second pass phrase' });
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('lets an owner set a new password for an account, asked first, then read it in the audit log', async () => {
    const owner = await made('e2e-password-owner', 'owner', 'an owner pass phrase');
    const forgetful = await made('e2e-forgetful', 'operator', 'a forgotten pass phrase');
    const { context, page, problems } = await openDashboard('/dashboard/sign-in');
    await signInAs(page, owner);
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('button', { name: 'Set password e2e-forgetful' }).click();
    await visible(page.getByText('Set a new password for e2e-forgetful? Every session'));
    await visible(page.getByText('At least 12 characters (at most 1,024)'));
    await page.getByLabel('New password', { exact: true }).fill('a remembered pass phrase');
    await page.getByRole('button', { name: 'Set password', exact: true }).click();
    await visible(page.getByText('e2e-forgetful has a new password'));
    const signIn = await fetch(new URL('/admin/session', page.url()), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...forgetful, password: 'a remembered pass phrase' }),
    });
    assert.equal(signIn.status, 200);
    await page.getByRole('link', { name: 'Audit' }).click();
    await visible(page.getByText('New password set by an owner; its sessions ended').first());
    assert.deepEqual(problems, []);
    await context.close();
  });
});
