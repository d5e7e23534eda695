/**
 * What a failed open of the SQLite store becomes: one sentence a merchant can act on, naming
 * the file and what is wrong with it, or saying that the driver has no native addon for this
 * platform.
 */

import { resolve } from 'node:path';

/** The database file cannot be created, opened or migrated; `message` names the file and why. */
export class DatabaseFileError extends Error {
  override name = 'DatabaseFileError';
}

/** better-sqlite3 has no compiled addon for this platform: nothing can be stored. */
export class NativeAddonError extends Error {
  override name = 'NativeAddonError';
}

const NATIVE_ADDON_MISSING =
  'the SQLite driver better-sqlite3 has no native addon for this platform (it ships them for Linux, macOS and Windows on x64 and arm64): ' +
  'build one in its folder with npm run build-release (needs Python 3, make and a C++ compiler); see the proxy README, "As a process"';

/** Hints for the failures a merchant meets at open, by SQLite's or the file system's code. */
const HINTS: Record<string, string> = {
  SQLITE_CANTOPEN: 'is the directory writable, and the path not a directory?',
  SQLITE_NOTADB: 'is the path another kind of file?',
  SQLITE_READONLY: 'is the file writable?',
  SQLITE_PERM: 'is the file writable?',
  SQLITE_CORRUPT: 'the file is damaged; restore it from a backup',
  EACCES: 'can this user write there?',
  EPERM: 'can this user write there?',
  EROFS: 'give a path on a writable volume',
  EEXIST: 'a file is in the way of a directory',
  ENOTDIR: 'a file is in the way of a directory',
};

/** The one error a failed open becomes: a missing addon, or the file and what is wrong with it. */
export function openFailure(error: unknown, file: string): Error {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_DLOPEN_FAILED' || (code === 'MODULE_NOT_FOUND' && message.includes('.node'))) {
    return new NativeAddonError(NATIVE_ADDON_MISSING);
  }
  const hint = typeof code === 'string' ? HINTS[code] : undefined;
  // Node's own texts repeat the code and the path ("EEXIST: file already exists, mkdir '…'").
  const reason = message.replace(/^E[A-Z]+: /, '').replace(/, \w+ '.*'$/, '');
  return new DatabaseFileError(
    `cannot open the SQLite database ${resolve(file)}: ${reason}${hint ? ` (${hint})` : ''}`,
  );
}
