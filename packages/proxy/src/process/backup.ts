/**
 * `crypto-pay-proxy backup <target-file>`: a consistent copy of the proxy's SQLite database,
 * taken with SQLite's online backup API, so it is safe while the proxy runs and holds what is
 * still only in the WAL (a plain `cp` of the file loses that).
 */

import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { newPrivateFile } from '../store/private-files.ts';
import { DEFAULT_DATABASE_URL } from './config.ts';
import { databaseFileOf } from './database-url.ts';

/** A backup that could not be made; `message` says why, naming the file. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const alreadyExists = (copy: string) =>
  new BackupError(`${copy} already exists: give a new file name (a backup never overwrites)`);

/** Pages copied per step: all of them, so writes of the running proxy cannot restart the copy. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the database of `databaseUrl` to `target`, a new file: written beside it under another
 * name, checked, made self-contained (no `-wal` to keep with it) and only then linked into place.
 * Throws `BackupError`, or `ConfigError` for a `DATABASE_URL` that is no `sqlite:` address.
 */
export async function backupDatabase(
  databaseUrl: string,
  target: string,
): Promise<{ source: string; target: string; bytes: number }> {
  const file = databaseFileOf(databaseUrl);
  if (file === ':memory:') {
    throw new BackupError('DATABASE_URL is sqlite::memory:, which has no file to back up');
  }
  const source = resolve(file);
  const copy = resolve(target);
  if (!existsSync(source))
    throw new BackupError(`there is no database at ${source} (DATABASE_URL)`);
  if (existsSync(copy)) throw alreadyExists(copy);
  if (!existsSync(dirname(copy))) {
    throw new BackupError(`the directory ${dirname(copy)} does not exist`);
  }

  // 0600 like the database (the copy holds the same references and callback bodies), under a
  // name nobody can guess, created here or not at all: in a shared directory (/tmp) a file made
  // first by someone else would be written into and keep their mode.
  const partial = `${copy}.partial-${randomBytes(12).toString('hex')}`;
  try {
    newPrivateFile(partial);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`cannot back up ${source} to ${copy}: ${reason}`);
  }
  try {
    const db = new Database(source, { readonly: true, fileMustExist: true });
    try {
      await db.backup(partial, { progress: () => ALL_PAGES });
    } finally {
      db.close();
    }
    const written = new Database(partial);
    try {
      // The copy keeps the source's WAL mode; one file is simpler to keep and to restore.
      written.pragma('journal_mode = DELETE');
      const check = written.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copy failed its check: ${String(check)}`);
    } finally {
      written.close();
    }
    // A hard link, not a rename: it fails with EEXIST if a file appeared at `copy` meanwhile.
    try {
      linkSync(partial, copy);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw alreadyExists(copy);
      throw error;
    }
    rmSync(partial);
  } catch (error) {
    for (const leftover of [partial, `${partial}-journal`, `${partial}-wal`, `${partial}-shm`]) {
      rmSync(leftover, { force: true });
    }
    if (error instanceof BackupError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`cannot back up ${source} to ${copy}: ${reason}`);
  }
  return { source, target: copy, bytes: statSync(copy).size };
}

/**
 * `backup <target-file>`, its command line parsed (`command-line.ts`): one line on stdout when
 * done, one on stderr and exit code 1 when not. Reads only `DATABASE_URL` from `env`.
 */
export async function backupCommand(
  target: string,
  env: Record<string, string | undefined>,
): Promise<number> {
  try {
    const done = await backupDatabase(env.DATABASE_URL || DEFAULT_DATABASE_URL, target);
    console.log(
      `crypto-pay-proxy: backed up ${done.source} to ${done.target} (${done.bytes} bytes)`,
    );
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // One full stop at the end, whether or not the message (a ConfigError's) has its own.
    console.error(`crypto-pay-proxy: backup failed: ${message.replace(/\.$/, '')}.`);
    return 1;
  }
}
