/**
 * One proxy process per database file: an exclusive SQLite lock on a companion file
 * (`<db>.lock`), held for the life of the store and released by the OS when the process dies,
 * even on SIGKILL. The database itself stays in normal locking mode, so online backups work.
 */

import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { DatabaseFileError, openFailure } from './open-failure.ts';
import { privateFile } from './private-files.ts';

/** How long a second process waits for the lock before it gives up (a start-up, not a query). */
const LOCK_WAIT_MS = 250;

export interface FileLock {
  release(): void;
}

/**
 * The lock of the database at `file`, named after the file itself, so every path to it (a
 * symbolic link, `..`) gives the same lock: the SQLite store's copy of recent checkouts is exact
 * only while one process has the file.
 */
export const lockFileOf = (file: string) =>
  `${existsSync(file) ? realpathSync(file) : resolve(file)}.lock`;

/**
 * Takes the lock of the database at `file`; throws `DatabaseFileError` when another process
 * (or another store of this one) holds it.
 */
export function lockDatabase(file: string): FileLock {
  const lockFile = lockFileOf(file);
  let db: Database.Database | undefined;
  try {
    privateFile(lockFile);
    db = new Database(lockFile, { timeout: LOCK_WAIT_MS });
    // EXCLUSIVE keeps the lock taken by the first write until the connection closes.
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec(
      'CREATE TABLE IF NOT EXISTS owner (id INTEGER PRIMARY KEY CHECK (id = 1), pid INTEGER, since INTEGER)',
    );
    // A real write even when the table exists: that is what takes the exclusive lock.
    db.prepare('INSERT OR REPLACE INTO owner (id, pid, since) VALUES (1, ?, ?)').run(
      process.pid,
      Date.now(),
    );
  } catch (error) {
    if (db?.open) db.close();
    if ((error as { code?: unknown } | null)?.code === 'SQLITE_BUSY') {
      throw new DatabaseFileError(
        `${resolve(file)} is in use by another crypto-pay-proxy process (it holds ${lockFile}): stop it before starting another on the same file`,
      );
    }
    throw openFailure(error, lockFile);
  }
  const held = db;
  return {
    release() {
      if (held.open) held.close();
    },
  };
}
