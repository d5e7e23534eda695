/**
 * At start, the modes of the SQLite files a proxy before this one (or a merchant's copy) left
 * open to other users: the proxy's own files are made owner-only, as it creates them now, and
 * what it cannot or should not change is said in a warning naming the command that fixes it.
 *
 * Files: the database, its `-wal`, `-shm`, `-journal` and the lock are the proxy's alone
 * (nothing else reads them; a copy goes through `crypto-pay-proxy backup`), so tightening them
 * breaks nothing and a merchant upgrading gets the fix without a step of their own.
 * The directory is tightened only when it holds nothing but those files: `sqlite:./shop.db`
 * puts the database in the working directory, and a directory shared with other software (or
 * a backup beside the database that someone else reads) would break if the proxy closed it.
 */

import { chmodSync, existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { lockFileOf } from '../store/lock.ts';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../store/private-files.ts';

/** Read, write or enter for the group or others. */
const OPEN_TO_OTHERS = 0o077;
const WRITABLE_BY_OTHERS = 0o022;
const STICKY = 0o1000;

const octal = (mode: number) => `0${(mode & 0o7777).toString(8)}`;

/** The database's own files: SQLite's companions of it and of its lock. */
function ownFilesOf(database: string): string[] {
  const lock = lockFileOf(database);
  return [database, lock].flatMap((file) => [
    file,
    `${file}-wal`,
    `${file}-shm`,
    `${file}-journal`,
  ]);
}

export interface DataFileModes {
  /** Files and the directory made owner-only, with the mode each had. */
  tightened: { path: string; from: number }[];
  /** One sentence per problem left as it was, naming the fix. */
  warnings: string[];
}

/**
 * Tightens the database's files at `file` (and its directory, when it is theirs alone) to
 * 0600/0700; `uid` is the process's. Nothing to do on Windows, whose files have no such modes.
 */
export function protectDataFiles(
  file: string,
  uid = process.getuid?.(),
  platform = process.platform,
): DataFileModes {
  const result: DataFileModes = { tightened: [], warnings: [] };
  if (file === ':memory:' || platform === 'win32' || uid === undefined) return result;
  const own = ownFilesOf(resolve(file));
  for (const path of own) {
    if (!existsSync(path)) continue;
    const { mode, uid: owner } = statSync(path);
    if ((mode & OPEN_TO_OTHERS) === 0) continue;
    if (owner === uid) {
      tighten(result, path, mode, PRIVATE_FILE_MODE);
    } else {
      result.warnings.push(
        `DATABASE_URL: ${path} is open to other users (mode ${octal(mode)}) and belongs to another user, so the proxy cannot make it owner-only: run chmod 600 on it as that user.`,
      );
    }
  }

  const directory = dirname(own[0]!);
  const { mode, uid: owner } = statSync(directory);
  if ((mode & OPEN_TO_OTHERS) === 0) return result;
  const names = new Set(own.map((path) => basename(path)));
  const others = readdirSync(directory).filter((name) => !names.has(name));
  if (owner === uid && others.length === 0) {
    tighten(result, directory, mode, PRIVATE_DIRECTORY_MODE);
    return result;
  }
  const why =
    owner === uid
      ? `holds other files than the database's (${others.slice(0, 3).join(', ')}${others.length > 3 ? ', …' : ''}), so the proxy leaves its mode alone`
      : 'belongs to another user';
  const exposure =
    (mode & WRITABLE_BY_OTHERS) !== 0 && (mode & STICKY) === 0
      ? 'other users can delete or replace the database files in it'
      : 'other users can see the database files’ names and sizes, though not read them';
  result.warnings.push(
    `DATABASE_URL: the directory ${directory} is open to other users (mode ${octal(mode)}) and ${why}: ${exposure}. Run chmod 700 on it, or give the database a directory of its own.`,
  );
  return result;
}

/** A chmod that a file system may refuse (a mounted share): then a warning says so. */
function tighten(result: DataFileModes, path: string, from: number, to: number): void {
  try {
    chmodSync(path, to);
    result.tightened.push({ path, from });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    result.warnings.push(
      `DATABASE_URL: ${path} is open to other users (mode ${octal(from)}) and could not be made ${octal(to)} (${reason}): make it so, or put the database on a file system that keeps modes.`,
    );
  }
}

/** The log lines of `protectDataFiles`: what was tightened (one line), then each warning. */
export function dataFileWarnings(modes: DataFileModes): string[] {
  const lines = [...modes.warnings];
  if (modes.tightened.length > 0) {
    const list = modes.tightened.map(({ path, from }) => `${path} (was ${octal(from)})`);
    lines.unshift(
      `DATABASE_URL: made owner-only (files 0600, directory 0700) what was open to other users: ${list.join(', ')}. Copies made before, such as backups, keep their modes: check them.`,
    );
  }
  return lines;
}
