/**
 * The SQLite files made owner-only from their first byte: customer references, order ids and
 * callback bodies are nobody else's to read on a shared machine. SQLite creates a database 0644
 * (less the umask) but gives its `-wal`, `-shm` and `-journal` the mode of the database file
 * itself, so creating the database (and the lock, and a backup) 0600 before SQLite opens it
 * covers them all. No `process.umask`: it is the whole process's (an embedding application's,
 * a test runner's), and not settable in worker threads.
 */

import { closeSync, mkdirSync, openSync } from 'node:fs';

/** Owner only: read, write, and enter (a directory). */
export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `directory` and any missing parent 0700; an existing one is left as it is. */
export function privateDirectory(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
}

/**
 * Creates `file` empty and 0600 when it does not exist (an empty file is an empty SQLite
 * database); an existing one, or anything else in the way, is left for SQLite to judge. For the
 * database and its lock, which a proxy reopens: a new file of its own takes `newPrivateFile`.
 */
export function privateFile(file: string): void {
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * Creates `file` empty and 0600, and throws (`EEXIST`) if anything is already there, a symbolic
 * link included: for a file that must be this process's own from its first byte, such as a backup
 * being written in a directory others can write to, where a file made first by someone else
 * (0666, say) would otherwise become the copy.
 */
export function newPrivateFile(file: string): void {
  closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
}
