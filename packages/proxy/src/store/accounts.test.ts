/**
 * The accounts part of the store on SQLite and a real PostgreSQL: accounts kept with their
 * hash, the last owner kept, sessions refreshed until idle or past their end, sessions ended
 * by a new password, and the audit log's allow-listed detail, newest first and paged.
 */

import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Account } from './accounts.ts';
import { describeStores } from './stores.test-helpers.ts';

const account = (name: string, role: Account['role'] = 'owner'): Account => ({
  name,
  passwordHash: `scrypt$16384$8$1$salt$hash-of-${name}`,
  role,
  createdAt: 1000,
});

const MINUTE = 60_000;

describeStores('accounts', (open) => {
  it('keeps accounts once per name, listed by name, and counts the enabled owners', async () => {
    const store = await open();
    assert.equal(await store.createAccount(account('zoe', 'viewer')), 'created');
    assert.equal(await store.createAccount(account('ann')), 'created');
    assert.equal(await store.createAccount(account('ann', 'viewer')), 'name_taken');
    assert.deepEqual(
      (await store.listAccounts()).map((a) => [a.name, a.role]),
      [
        ['ann', 'owner'],
        ['zoe', 'viewer'],
      ],
    );
    assert.deepEqual(await store.getAccount('ann'), account('ann'));
    assert.equal(await store.getAccount('nobody'), undefined);
    assert.equal(await store.countOwners(), 1);
    await store.close();
  });

  it('refuses to demote or disable the last enabled owner, and allows it once another exists', async () => {
    const store = await open();
    await store.createAccount(account('ann'));
    assert.equal(await store.changeAccount('ann', { role: 'viewer' }, 2000), 'last_owner');
    assert.equal(await store.changeAccount('ann', { disabledAt: 2000 }, 2000), 'last_owner');
    assert.equal(await store.changeAccount('nobody', { role: 'viewer' }, 2000), undefined);
    await store.createAccount(account('bob', 'operator'));
    const promoted = await store.changeAccount('bob', { role: 'owner' }, 2000);
    assert.equal(typeof promoted === 'object' && promoted.account.role, 'owner');
    // What it was, for the audit log.
    assert.equal(typeof promoted === 'object' && promoted.was.role, 'operator');
    const disabled = await store.changeAccount('ann', { disabledAt: 3000 }, 3000);
    assert.equal(typeof disabled === 'object' && disabled.account.disabledAt, 3000);
    assert.equal(await store.countOwners(), 1);
    const enabled = await store.changeAccount('ann', { disabledAt: null }, 4000);
    assert.equal(typeof enabled === 'object' && enabled.account.disabledAt, undefined);
    assert.equal(typeof enabled === 'object' && enabled.was.disabledAt, 3000);
    await store.close();
  });

  it('starts a session only for the account whose password was checked, as it still is', async () => {
    const store = await open();
    await store.createAccount(account('ann'));
    await store.createAccount(account('olga', 'operator'));
    const session = (token: string) => ({
      tokenHash: token,
      account: 'olga',
      createdAt: 2000,
      lastSeenAt: 2000,
      expiresAt: 2000 + 60 * MINUTE,
    });
    const checked = (await store.getAccount('olga'))!;
    const live = async (token: string) =>
      (await store.touchDashboardSession(token, 2500, 30 * MINUTE)) !== undefined;
    assert.equal(await store.startDashboardSession(session('t1'), checked), true);
    assert.ok(await live('t1'));
    // Given another password while the old one was being checked: that sign-in opens nothing.
    await store.changeAccount('olga', { passwordHash: 'scrypt$new' }, 2100);
    assert.equal(await store.startDashboardSession(session('t2'), checked), false);
    assert.equal(await live('t2'), false);
    // Removed and made again (another person of the same name): nor does the old one's.
    const renewed = (await store.getAccount('olga'))!;
    await store.removeAccount('olga', 2200);
    await store.createAccount({ ...account('olga', 'owner'), createdAt: 2300 });
    assert.equal(await store.startDashboardSession(session('t3'), renewed), false);
    // Disabled meanwhile: nothing either.
    const remade = (await store.getAccount('olga'))!;
    await store.changeAccount('olga', { disabledAt: 2400 }, 2400);
    assert.equal(await store.startDashboardSession(session('t4'), remade), false);
    await store.close();
  });

  it('removes an account with its sessions, never the last enabled owner', async () => {
    const store = await open();
    await store.createAccount(account('ann'));
    await store.createAccount(account('bob', 'operator'));
    await store.startDashboardSession({
      tokenHash: 'bob-1',
      account: 'bob',
      createdAt: 0,
      lastSeenAt: 0,
      expiresAt: 10 * MINUTE,
    });
    assert.equal(await store.removeAccount('ann', 1), 'last_owner');
    assert.equal(await store.removeAccount('nobody', 1), undefined);
    assert.deepEqual(await store.removeAccount('bob', 2), account('bob', 'operator'));
    assert.equal(await store.getAccount('bob'), undefined);
    assert.equal(await store.touchDashboardSession('bob-1', 3, MINUTE), undefined);
    // The name is free again; the new account's sessions are its own.
    assert.equal(await store.createAccount(account('bob', 'viewer')), 'created');
    assert.equal(await store.touchDashboardSession('bob-1', 4, MINUTE), undefined);
    // A disabled owner is no enabled owner to keep: it goes, the enabled one stays.
    await store.createAccount(account('cy'));
    await store.changeAccount('cy', { disabledAt: 5 }, 5);
    assert.equal((await store.removeAccount('cy', 6)) !== undefined, true);
    assert.deepEqual(
      (await store.listAccounts()).map((a) => a.name),
      ['ann', 'bob'],
    );
    await store.close();
  });

  it('refreshes a session while used; refuses it once idle, past its end or ended', async () => {
    const store = await open();
    const start = 1_000_000;
    const session = (tokenHash: string) => ({
      tokenHash,
      account: 'ann',
      createdAt: start,
      lastSeenAt: start,
      expiresAt: start + 120 * MINUTE,
    });
    await store.startDashboardSession(session('a'));
    await store.startDashboardSession(session('b'));
    await store.startDashboardSession(session('c'));
    const idle = 30 * MINUTE;
    // Used every 29 minutes it lives on; its last use moves with it.
    const touched = await store.touchDashboardSession('a', start + 29 * MINUTE, idle);
    assert.equal(touched?.lastSeenAt, start + 29 * MINUTE);
    assert.ok(await store.touchDashboardSession('a', start + 58 * MINUTE, idle));
    // Unused for 30 minutes: over, and touching it later changes nothing.
    assert.equal(await store.touchDashboardSession('b', start + 30 * MINUTE, idle), undefined);
    // Past its absolute end, however recently used.
    assert.ok(await store.touchDashboardSession('a', start + 87 * MINUTE, idle));
    assert.ok(await store.touchDashboardSession('a', start + 116 * MINUTE, idle));
    assert.equal(await store.touchDashboardSession('a', start + 120 * MINUTE, idle), undefined);
    // Ended: refused at once, and ended once.
    assert.equal(await store.endDashboardSession('c', start + MINUTE), true);
    assert.equal(await store.endDashboardSession('c', start + MINUTE), false);
    assert.equal(await store.touchDashboardSession('c', start + 2 * MINUTE, idle), undefined);
    assert.equal(await store.touchDashboardSession('unknown', start, idle), undefined);
    await store.close();
  });

  it('ends every session of an account whose password changed or that was disabled', async () => {
    const store = await open();
    await store.createAccount(account('ann'));
    await store.createAccount(account('bob', 'operator'));
    for (const [tokenHash, name] of [
      ['ann-1', 'ann'],
      ['bob-1', 'bob'],
      ['bob-2', 'bob'],
    ] as const) {
      await store.startDashboardSession({
        tokenHash,
        account: name,
        createdAt: 0,
        lastSeenAt: 0,
        expiresAt: 10 * MINUTE,
      });
    }
    await store.changeAccount('bob', { role: 'viewer' }, 1);
    assert.ok(
      await store.touchDashboardSession('bob-1', 2, MINUTE),
      'a role change keeps sessions',
    );
    await store.changeAccount('bob', { passwordHash: 'scrypt$new' }, 3);
    assert.equal(await store.touchDashboardSession('bob-1', 4, MINUTE), undefined);
    assert.equal(await store.touchDashboardSession('bob-2', 4, MINUTE), undefined);
    assert.ok(await store.touchDashboardSession('ann-1', 4, MINUTE), 'another account keeps its');
    await store.close();
  });

  it('keeps the audit log newest first, filtered and paged, with only allow-listed detail', async () => {
    const store = await open();
    await store.writeAudit({ at: 1, actor: 'ann', action: 'sign_in' });
    await store.writeAudit({
      at: 2,
      actor: 'ann',
      action: 'invoice_created',
      target: 'inv-1',
      // `secret` is no key of an invoice's detail: dropped, whatever a caller hands in.
      detail: { amount: '10.00', currency: 'EUR', secret: 'whsec_leak' },
    });
    await store.writeAudit({
      at: 3,
      actor: 'admin-token',
      action: 'endpoint_deleted',
      target: 'whe_1',
    });
    const all = await store.listAudit({ limit: 10 });
    assert.deepEqual(
      all.map((entry) => entry.action),
      ['endpoint_deleted', 'invoice_created', 'sign_in'],
    );
    assert.deepEqual(all[1], {
      id: all[1]!.id,
      at: 2,
      actor: 'ann',
      action: 'invoice_created',
      target: 'inv-1',
      detail: { amount: '10.00', currency: 'EUR' },
    });
    assert.deepEqual(
      (await store.listAudit({ actor: 'ann', limit: 10 })).map((entry) => entry.at),
      [2, 1],
    );
    assert.deepEqual(
      (await store.listAudit({ action: 'sign_in', limit: 10 })).map((entry) => entry.at),
      [1],
    );
    const page = await store.listAudit({ limit: 2 });
    assert.deepEqual(
      (await store.listAudit({ before: page.at(-1)!.id, limit: 2 })).map((entry) => entry.at),
      [1],
    );
    await store.close();
  });
});
