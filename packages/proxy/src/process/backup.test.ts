/**
 * `crypto-pay-proxy backup <target-file>` as an operator runs it: beside a running proxy
 * process that holds the database (and its lock), the copy it makes restores every checkout.
 */

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunningSandbox } from '@crypto-pay/sandbox';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import { runToExit, type ServerProcess } from '@crypto-pay/test-kit/process';
import { proxyCommand, proxyData, startProxyProcess } from '@crypto-pay/test-kit/servers';
import { openSqliteStore } from '../store/sqlite.ts';
import { SHOP, startTestSandbox, testEnv } from '../testing.test-helpers.ts';
import { backupDatabase } from './backup.ts';

const data = proxyData({ prefix: 'crypto-pay-backup-', database: 'data/crypto-pay.db' });
const { dir, databaseFile: database } = data;

/** Runs the proxy's entry point with `args`; resolves with its exit code and output. */
const run = (args: string[], env: Record<string, string | undefined>) =>
  runToExit({ ...proxyCommand(false), args, env });

describe('crypto-pay-proxy backup', () => {
  let sandbox: RunningSandbox;
  let env: Record<string, string | undefined>;
  let proxy: ServerProcess | undefined;
  let url = '';

  before(async () => {
    sandbox = await startTestSandbox();
    env = testEnv(sandbox, { HOST: '127.0.0.1', PORT: '0', ...data.env });
    proxy = await startProxyProcess({ built: false, env });
    url = proxy.url;
  });

  after(async () => {
    await proxy?.stop();
    await sandbox?.close();
    data.remove();
  });

  it('copies the running proxy database, and the copy restores every checkout', async () => {
    const ids: string[] = [];
    for (const product of ['kettle', 'grinder', 'kettle']) {
      const created = await fetch(`${url}/api/checkouts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: SHOP },
        body: JSON.stringify(checkoutBody({ product })),
      });
      assert.equal(created.status, 201);
      ids.push(((await created.json()) as { id: string }).id);
    }
    // These commits are still in the WAL (far below SQLite's checkpoint): a `cp` of the file
    // alone would lose them.
    const target = join(dir, 'backup-1.db');
    const { code, stdout, stderr } = await run(['backup', target], env);
    assert.equal(stderr, '');
    assert.match(
      stdout,
      new RegExp(
        `^crypto-pay-proxy: backed up ${database} to ${target} \\(\\d+ bytes\\)\\n$`.replaceAll(
          '/',
          '\\/',
        ),
      ),
    );
    assert.equal(code, 0);
    assert.equal(existsSync(`${target}-wal`), false, 'one self-contained file');

    // The proxy still runs and serves; the copy, opened as a restored database, has it all.
    assert.equal((await fetch(`${url}/api/checkouts/${ids[0]}`)).status, 200);
    const restored = openSqliteStore(target);
    try {
      for (const id of ids) {
        const checkout = await restored.getCheckout(id);
        assert.equal(checkout?.id, id);
        assert.equal(checkout?.status, 'created');
      }
      assert.equal((await restored.listCheckouts({ limit: 10 })).length, ids.length);
    } finally {
      await restored.close();
    }
  });

  it('never overwrites a file, and says so in one line', async () => {
    const target = join(dir, 'taken.db');
    writeFileSync(target, 'something else');
    const { code, stdout, stderr } = await run(['backup', target], env);
    assert.equal(stdout, '');
    assert.equal(
      stderr,
      `crypto-pay-proxy: backup failed: ${target} already exists: give a new file name (a backup never overwrites).\n`,
    );
    assert.equal(code, 1);
  });

  it('never overwrites a file that appears while the copy is being made', async () => {
    const target = join(dir, 'raced.db');
    // The check for an existing file is behind us once backupDatabase returns its promise.
    const pending = backupDatabase(`sqlite:${database}`, target);
    writeFileSync(target, 'written meanwhile');
    await assert.rejects(pending, {
      name: 'BackupError',
      message: `${target} already exists: give a new file name (a backup never overwrites)`,
    });
    assert.equal(readFileSync(target, 'utf8'), 'written meanwhile');
    assert.deepEqual(
      readdirSync(dir).filter((name) => name.startsWith('raced.db.')),
      [],
      'no partial copy is left behind',
    );
  });

  it('says when there is no database to copy, or no target given', async () => {
    const missing = await run(['backup', join(dir, 'b.db')], {
      DATABASE_URL: `sqlite:${join(dir, 'nowhere.db')}`,
    });
    assert.equal(
      missing.stderr,
      `crypto-pay-proxy: backup failed: there is no database at ${join(dir, 'nowhere.db')} (DATABASE_URL).\n`,
    );
    assert.equal(missing.code, 1);
    const notSqlite = await run(['backup', join(dir, 'b.db')], {
      DATABASE_URL: 'postgres://localhost/shop',
    });
    assert.equal(
      notSqlite.stderr,
      'crypto-pay-proxy: backup failed: DATABASE_URL names a PostgreSQL database: back it up with pg_dump (see the README, "Backups"); backup copies SQLite files.\n',
    );
    assert.equal(notSqlite.code, 1);
    const memory = await run(['backup', join(dir, 'b.db')], { DATABASE_URL: 'sqlite::memory:' });
    assert.equal(
      memory.stderr,
      'crypto-pay-proxy: backup failed: DATABASE_URL is sqlite::memory:, which has no file to back up.\n',
    );
    assert.equal(memory.code, 1);
    const usage = await run(['backup'], env);
    assert.equal(
      usage.stderr,
      "crypto-pay-proxy: error: missing required argument 'target-file'\n(add --help for the usage)\n",
    );
    assert.equal(usage.code, 2);
  });
});
