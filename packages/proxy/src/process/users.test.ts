/**
 * `crypto-pay-proxy users add` as an operator runs it, a real process with the password piped
 * in: the account it makes signs in over HTTP to a proxy process on the same store, SQLite or
 * PostgreSQL; a wrong command line, a short password or a taken name exit with a clear line,
 * and the password is never echoed.
 */

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { RunningSandbox } from '@crypto-pay/sandbox';
import { ROOT, runToExit } from '@crypto-pay/test-kit/process';
import { proxyCommand, proxyData, startProxyProcess } from '@crypto-pay/test-kit/servers';
import { SOURCE_FLAGS } from '@crypto-pay/test-kit/source';
import { verifyPassword } from '../accounts/passwords.ts';
import { openSqliteStore } from '../store/sqlite.ts';
import { usePostgres } from '../store/stores.test-helpers.ts';
import { startTestSandbox, testEnv } from '../testing.test-helpers.ts';

/**
 * Runs `users add` on a terminal (util-linux's `script` gives it one) and types each answer once
 * its prompt is shown, as a person would; resolves with its exit code and all the terminal showed.
 */
async function onTerminal(args: string[], env: Record<string, string>, answers: string[]) {
  const command = [
    process.execPath,
    ...SOURCE_FLAGS,
    'packages/proxy/src/process/main.ts',
    'users',
    ...args,
  ];
  const quoted = command.map((part) => `'${part.replaceAll("'", `'\\''`)}'`).join(' ');
  const child = spawn('script', ['-qec', quoted, '/dev/null'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let shown = '';
  const prompts = [/Password for \S+: $/, /again: $/];
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    shown += text;
    if (prompts[0]?.test(shown)) {
      prompts.shift();
      child.stdin.write(`${answers.shift()}\r`);
    }
  });
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, shown };
}

const PASSWORD = 'a long enough pass phrase';

/** Runs `crypto-pay-proxy users …` with `input` piped to it. */
const users = (args: string[], env: Record<string, string | undefined>, input = `${PASSWORD}\n`) =>
  runToExit({ ...proxyCommand(false), args: ['users', ...args], env, input });

/** Starts a proxy process on `env`'s store, signs `name` in over HTTP and reads the audit log. */
async function signInOver(env: Record<string, string | undefined>, name: string) {
  const proxy = await startProxyProcess({ built: false, env });
  try {
    const origin = new URL(proxy.url).origin;
    const signIn = await fetch(`${proxy.url}/admin/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({ name, password: PASSWORD }),
    });
    assert.equal(signIn.status, 200, await signIn.clone().text());
    assert.deepEqual(((await signIn.json()) as { account: unknown }).account, {
      name,
      role: 'owner',
    });
    const cookie = signIn.headers.get('Set-Cookie')!.split(';')[0]!;
    const log = await fetch(`${proxy.url}/admin/audit-log?action=account_created`, {
      headers: { Cookie: cookie },
    });
    assert.equal(log.status, 200);
    const entries = ((await log.json()) as { data: { actor: string; target: string }[] }).data;
    assert.deepEqual(
      entries.map((entry) => [entry.actor, entry.target]),
      [['command-line', name]],
    );
    assert.ok(!proxy.lines.some((line) => line.text.includes(PASSWORD)));
  } finally {
    await proxy.stop();
  }
}

describe('crypto-pay-proxy users add', () => {
  let sandbox: RunningSandbox;
  const data = proxyData({ prefix: 'crypto-pay-users-' });
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(async () => {
    await sandbox?.close();
    data.remove();
  });

  it('makes an owner from a piped password, who signs in over HTTP (SQLite)', async () => {
    // The command needs the store only; the proxy signs in with ADMIN_TOKEN set, its switch.
    const served = testEnv(sandbox, { ...data.env });
    const env = { ...served, ADMIN_TOKEN: undefined };
    const added = await users(['add', '--role', 'owner', 'ann'], env);
    // Before the proxy's first start the file is not there yet: made, and said so.
    assert.equal(
      added.stderr,
      `crypto-pay-proxy: ${data.databaseFile} did not exist, so the account is in a new database made there: a proxy already running uses another file, and its sign-in will not know ann. Give this command the proxy's DATABASE_URL (a relative path counts from the current directory).\n`,
    );
    assert.equal(added.stdout, 'crypto-pay-proxy: added ann (owner); sign in at the dashboard.\n');
    assert.equal(added.code, 0);

    const again = await users(['add', '--role=viewer', 'ann'], env);
    assert.equal(again.code, 1);
    // The file is there now: no word of a new database.
    assert.equal(
      again.stderr,
      'crypto-pay-proxy: an account named ann exists already: change it in the dashboard (Accounts) or PATCH /admin/accounts/ann.\n',
    );
    await signInOver(served, 'ann');
  });

  it('refuses a wrong command line, a short password and a bad name, never echoing it', async () => {
    const env = testEnv(sandbox, { ...data.env });
    const cases: [string[], string, RegExp][] = [
      [['add', 'bob'], `${PASSWORD}\n`, /required option '--role <role>' not specified/],
      [['add', '--role', 'owner'], `${PASSWORD}\n`, /missing required argument 'name'/],
      [['delete', 'bob'], `${PASSWORD}\n`, /unknown command 'delete'/],
      [['remove'], '', /missing required argument 'name'/],
      [['remove', '--role', 'owner', 'bob'], '', /unknown option '--role'/],
      [
        ['add', '--role', 'owner', '--password', 'x', 'bob'],
        `${PASSWORD}\n`,
        /unknown option '--password'/,
      ],
      [
        ['add', '--role', 'king', 'bob'],
        `${PASSWORD}\n`,
        /The role must be one of viewer, operator, owner\./,
      ],
      [
        ['add', '--role', 'owner', 'bob'],
        'short\n',
        /The password must be at least 12 characters\./,
      ],
      [['add', '--role', 'owner', 'admin-token'], `${PASSWORD}\n`, /kept for ADMIN_TOKEN/],
    ];
    for (const [args, input, message] of cases) {
      const run = await users(args, env, input);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stderr, message);
      assert.equal(run.stdout, '');
      assert.ok(!run.stderr.includes(PASSWORD));
    }
  });

  it('asks twice on a terminal without echoing, and refuses two that differ', async () => {
    const terminalData = proxyData({ prefix: 'crypto-pay-users-tty-' });
    try {
      const env = { DATABASE_URL: terminalData.env.DATABASE_URL };
      const differ = await onTerminal(['add', '--role', 'viewer', 'tia'], env, [
        PASSWORD,
        `${PASSWORD}!`,
      ]);
      assert.equal(differ.code, 1);
      assert.match(differ.shown, /the two passwords differ/);
      const added = await onTerminal(['add', '--role', 'viewer', 'tia'], env, [PASSWORD, PASSWORD]);
      assert.equal(added.code, 0, added.shown);
      assert.match(added.shown, /Password for tia: \r?\nThe same password again: \r?\n/);
      assert.match(added.shown, /added tia \(viewer\)/);
      assert.ok(!added.shown.includes(PASSWORD), 'the terminal showed the password');
      const store = openSqliteStore(terminalData.databaseFile);
      try {
        const account = await store.getAccount('tia');
        assert.equal(account?.role, 'viewer');
        assert.ok(await verifyPassword(PASSWORD, account.passwordHash));
      } finally {
        await store.close();
      }
    } finally {
      terminalData.remove();
    }
  });

  describe('on PostgreSQL', () => {
    const cluster = usePostgres();
    it('makes an owner who signs in to a proxy on that database', async () => {
      const url = await cluster().createDatabase('users_cli');
      const env = testEnv(sandbox, { ...data.env, DATABASE_URL: url });
      const added = await users(['add', '--role', 'owner', 'pat'], env);
      assert.equal(added.code, 0, added.stderr);
      await signInOver(env, 'pat');
    });

    it('names DATABASE_URL when the server refuses its login', async () => {
      const url = new URL(cluster().url);
      url.password = 'not-the-password';
      const env = testEnv(sandbox, { ...data.env, DATABASE_URL: url.href });
      const refused = await users(['add', '--role', 'owner', 'pat'], env);
      assert.equal(
        refused.stderr,
        'crypto-pay-proxy: users add failed: DATABASE_URL: PostgreSQL refused: password authentication failed for user "crypto_pay" (check the user and password in the URL; characters other than letters, digits and -._~ are percent-encoded).\n',
      );
      assert.equal(refused.code, 1);
    });
  });
});

describe('crypto-pay-proxy users remove', () => {
  const data = proxyData({ prefix: 'crypto-pay-users-remove-' });
  after(() => data.remove());

  it('removes an account as the dashboard does: its sessions end, the audit log says who', async () => {
    const env = { DATABASE_URL: data.env.DATABASE_URL };
    for (const [role, name] of [
      ['owner', 'ann'],
      ['viewer', 'vic'],
    ]) {
      const added = await users(['add', '--role', role!, name!], env);
      assert.equal(added.code, 0, added.stderr);
    }
    const now = Date.now();
    let store = openSqliteStore(data.databaseFile);
    try {
      const session = {
        tokenHash: 'a'.repeat(64),
        account: 'vic',
        createdAt: now,
        lastSeenAt: now,
        expiresAt: now + 3_600_000,
      };
      assert.equal(await store.startDashboardSession(session), true);
    } finally {
      await store.close();
    }

    const removed = await users(['remove', 'vic'], env, '');
    assert.equal(removed.stderr, '');
    assert.equal(
      removed.stdout,
      'crypto-pay-proxy: removed vic (viewer); its sessions have ended.\n',
    );
    assert.equal(removed.code, 0);

    const again = await users(['remove', 'vic'], env, '');
    assert.equal(
      again.stderr,
      "crypto-pay-proxy: there is no account named vic (the dashboard's Accounts lists them).\n",
    );
    assert.equal(again.stdout, '');
    assert.equal(again.code, 1);

    const lastOwner = await users(['remove', 'ann'], env, '');
    assert.equal(
      lastOwner.stderr,
      'crypto-pay-proxy: ann is the last enabled owner: make another account an owner first (users add --role owner <name>).\n',
    );
    assert.equal(lastOwner.code, 1);

    store = openSqliteStore(data.databaseFile);
    try {
      assert.equal(await store.getAccount('vic'), undefined);
      assert.equal((await store.getAccount('ann'))?.role, 'owner');
      assert.equal(
        await store.touchDashboardSession('a'.repeat(64), Date.now(), 3_600_000),
        undefined,
      );
      const log = await store.listAudit({ action: 'account_removed', limit: 10 });
      assert.deepEqual(
        log.map(({ actor, target, detail }) => ({ actor, target, detail })),
        [{ actor: 'command-line', target: 'vic', detail: { role: 'viewer' } }],
      );
    } finally {
      await store.close();
    }
  });

  it('makes no database where DATABASE_URL names no file', async () => {
    const missing = `${data.dir}/elsewhere.db`;
    const ran = await users(['remove', 'vic'], { DATABASE_URL: `sqlite:${missing}` }, '');
    assert.equal(
      ran.stderr,
      `crypto-pay-proxy: users remove failed: DATABASE_URL: ${missing} does not exist. Give this command the proxy's DATABASE_URL (a relative path counts from the current directory).\n`,
    );
    assert.equal(ran.code, 1);
    assert.equal(existsSync(missing), false);
  });
});
