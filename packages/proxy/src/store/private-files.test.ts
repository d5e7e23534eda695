/**
 * The SQLite files hold customer references, order ids and callback bodies: created 0600 in a
 * 0700 directory whatever the umask lets through, a backup in a file nobody else made, and a
 * proxy's start tightens what an earlier one left open.
 */

import assert from 'node:assert/strict';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { backupDatabase } from '../process/backup.ts';
import { dataFileWarnings, protectDataFiles } from '../process/data-file-modes.ts';
import { newPrivateFile } from './private-files.ts';
import { openSqliteStore } from './sqlite.ts';
import { checkout } from './stores.test-helpers.ts';

const modeOf = (path: string) => statSync(path).mode & 0o777;
const dir = mkdtempSync(join(tmpdir(), 'crypto-pay-modes-'));
// The usual umask, whatever this machine's: what it lets through is what the store must not rely on.
let umask = 0;
before(() => {
  umask = process.umask(0o022);
});
after(() => {
  process.umask(umask);
  rmSync(dir, { recursive: true, force: true });
});

/** A database as a proxy before this fix left it: 0644 files in a 0755 directory. */
function openDatabaseOfBefore(directory: string): string {
  mkdirSync(directory, { mode: 0o755 });
  const file = join(directory, 'crypto-pay.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (x)');
  const lock = new Database(`${file}.lock`);
  lock.exec('CREATE TABLE owner (id)');
  lock.close();
  db.close();
  // Closed without a checkpoint's clean-up: a crashed proxy's -wal and -shm stay.
  writeFileSync(`${file}-wal`, '');
  writeFileSync(`${file}-shm`, '');
  chmodSync(directory, 0o755);
  return file;
}

describe('data file modes', () => {
  it('creates the database, its -wal, -shm and lock 0600 in a 0700 directory', async () => {
    const file = join(dir, 'new', 'data', 'crypto-pay.db');
    const store = openSqliteStore(file);
    await store.insertCheckout(checkout(), {});
    for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}.lock`]) {
      assert.equal(modeOf(path).toString(8), '600', path);
    }
    assert.equal(modeOf(join(dir, 'new', 'data')).toString(8), '700');
    assert.equal(modeOf(join(dir, 'new')).toString(8), '700');
    await store.close();
  });

  it('makes a backup 0600', async () => {
    const file = join(dir, 'backed-up', 'crypto-pay.db');
    const store = openSqliteStore(file);
    await store.insertCheckout(checkout(), {});
    const copy = join(dir, 'backup.db');
    await backupDatabase(`sqlite:${file}`, copy);
    assert.equal(modeOf(copy).toString(8), '600');
    await store.close();
  });

  it('makes a backup 0600 even where a file of a name it might take was made first', async () => {
    const file = join(dir, 'guessed', 'crypto-pay.db');
    const store = openSqliteStore(file);
    await store.insertCheckout(checkout(), {});
    const copy = join(dir, 'shared-backup.db');
    // Someone else's files, open to all, at the names an earlier version wrote its copy under.
    const planted = [`${copy}.partial-${process.pid}`, `${copy}.partial-`];
    for (const path of planted) {
      writeFileSync(path, 'planted');
      chmodSync(path, 0o666);
    }
    await backupDatabase(`sqlite:${file}`, copy);
    assert.equal(modeOf(copy).toString(8), '600');
    for (const path of planted) {
      assert.equal(readFileSync(path, 'utf8'), 'planted', 'left as it was');
      assert.notEqual(statSync(path).ino, statSync(copy).ino, 'not the copy');
    }
    await store.close();
  });

  it('creates a new private file only where nothing is, not even a link', () => {
    const taken = join(dir, 'taken');
    writeFileSync(taken, 'theirs');
    chmodSync(taken, 0o666);
    assert.throws(() => newPrivateFile(taken), { code: 'EEXIST' });
    assert.equal(modeOf(taken).toString(8), '666');
    const link = join(dir, 'link');
    symlinkSync(join(dir, 'nothing-yet'), link);
    assert.throws(() => newPrivateFile(link), { code: 'EEXIST' });
    assert.equal(existsSync(join(dir, 'nothing-yet')), false, 'the link is not followed');
    newPrivateFile(join(dir, 'fresh'));
    assert.equal(modeOf(join(dir, 'fresh')).toString(8), '600');
  });

  it('tightens at start the files and directory an earlier proxy left open, and says so', () => {
    const directory = join(dir, 'old');
    const file = openDatabaseOfBefore(directory);
    const modes = protectDataFiles(file);
    const paths = [file, `${file}-wal`, `${file}-shm`, `${file}.lock`];
    for (const path of paths) assert.equal(modeOf(path).toString(8), '600', path);
    assert.equal(modeOf(directory).toString(8), '700');
    assert.deepEqual(modes.warnings, []);
    assert.deepEqual(modes.tightened.map(({ path }) => path).sort(), [...paths, directory].sort());
    const [line, ...rest] = dataFileWarnings(modes);
    assert.deepEqual(rest, []);
    assert.match(line!, /^DATABASE_URL: made owner-only \(files 0600, directory 0700\)/);
    assert.match(line!, new RegExp(`${file.replace(/[.]/g, '\\.')} \\(was 0644\\)`));
    // Done once: a second start has nothing to say.
    assert.deepEqual(dataFileWarnings(protectDataFiles(file)), []);
  });

  it('leaves a directory shared with other files as it is, with a warning naming the fix', () => {
    const directory = join(dir, 'shared');
    const file = openDatabaseOfBefore(directory);
    writeFileSync(join(directory, 'index.html'), '');
    chmodSync(directory, 0o775);
    const { warnings } = protectDataFiles(file);
    assert.equal(modeOf(directory).toString(8), '775');
    assert.equal(modeOf(file).toString(8), '600');
    assert.deepEqual(warnings, [
      `DATABASE_URL: the directory ${directory} is open to other users (mode 0775) and holds other files than the database's (index.html), so the proxy leaves its mode alone: other users can delete or replace the database files in it. Run chmod 700 on it, or give the database a directory of its own.`,
    ]);
  });

  it('warns about files of another user instead of failing', () => {
    const directory = join(dir, 'theirs');
    const file = openDatabaseOfBefore(directory);
    const someoneElse = (process.getuid?.() ?? 0) + 1;
    const { tightened, warnings } = protectDataFiles(file, someoneElse);
    assert.deepEqual(tightened, []);
    assert.equal(modeOf(file).toString(8), '644');
    assert.equal(warnings.length, 5);
    assert.match(warnings[0]!, /belongs to another user, so the proxy cannot make it owner-only/);
    assert.match(warnings[4]!, /the directory .* belongs to another user: other users can see/);
  });

  it('has nothing to do for an in-memory database or on Windows', () => {
    assert.deepEqual(protectDataFiles(':memory:'), { tightened: [], warnings: [] });
    const file = openDatabaseOfBefore(join(dir, 'windows'));
    assert.deepEqual(protectDataFiles(file, 0, 'win32'), { tightened: [], warnings: [] });
  });
});
