/**
 * What a failed open of the store becomes: one sentence a merchant can act on, naming the
 * SQLite file and what is wrong with it, saying that the driver has no native addon for this
 * platform, or what in DATABASE_URL a PostgreSQL server refused.
 */

import { resolve } from 'node:path';
import pg from 'pg';

/** The database file cannot be created, opened or migrated; `message` names the file and why. */
export class DatabaseFileError extends Error {
  override name = 'DatabaseFileError';
}

/**
 * A PostgreSQL server refused what DATABASE_URL asks of it (a login, a database, TLS, the right
 * to make the proxy's tables): no retry cures it; `message` says what to change.
 */
export class DatabaseRefusedError extends Error {
  override name = 'DatabaseRefusedError';
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

/** What to change for the SQLSTATEs a server gives a URL it will not serve. */
const POSTGRES_HINTS: Record<string, string> = {
  '28P01':
    'check the user and password in the URL; characters other than letters, digits and -._~ are percent-encoded',
  '28000': "check the URL's user, and that the server's pg_hba.conf lets it in from this host",
  '3D000': 'create it, or correct the name at the end of the URL',
  '42501':
    "the URL's user must be allowed to connect to the database and own it, or be granted CREATE on its schema public",
};

/** Node's codes for a server certificate that TLS did not trust. */
const UNTRUSTED_CERTIFICATE =
  /^(SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|CERT_HAS_EXPIRED|CERT_NOT_YET_VALID|ERR_TLS_CERT_ALTNAME_INVALID)$/;

/**
 * The `DatabaseRefusedError` a failed open of a PostgreSQL store becomes when the server (or TLS)
 * refused what the URL asks, or undefined for anything else (a server down is retried by a
 * supervisor, not fixed in the URL). The server's texts name users and databases, never the
 * password.
 */
export function postgresRefusal(error: unknown): DatabaseRefusedError | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, path } = error as { code?: unknown; path?: unknown };
  if (error instanceof pg.DatabaseError) {
    const hint = typeof code === 'string' ? POSTGRES_HINTS[code] : undefined;
    return hint
      ? new DatabaseRefusedError(`PostgreSQL refused: ${error.message} (${hint})`)
      : undefined;
  }
  if (/client password must be a string/.test(error.message)) {
    return new DatabaseRefusedError(
      'PostgreSQL asks for a password and the URL gives none (postgres://user:password@host:5432/database)',
    );
  }
  if (/does not support SSL/.test(error.message)) {
    return new DatabaseRefusedError(
      'the URL asks for TLS (sslmode) and the PostgreSQL server does not offer it: turn ssl on at the server, or set sslmode=disable on a network you trust',
    );
  }
  if (typeof code === 'string' && UNTRUSTED_CERTIFICATE.test(code)) {
    return new DatabaseRefusedError(
      `the PostgreSQL server's TLS certificate is not trusted: ${error.message} (give its CA file as sslrootcert=<file> in the URL)`,
    );
  }
  if (typeof path === 'string') {
    const reason = error.message.replace(/^E[A-Z]+: /, '').replace(/, \w+ '.*'$/, '');
    return new DatabaseRefusedError(
      `cannot read ${path}, a file the URL names (sslrootcert, sslcert or sslkey): ${reason}`,
    );
  }
  return undefined;
}
