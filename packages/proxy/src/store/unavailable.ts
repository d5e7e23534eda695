/**
 * Failures of the store itself, told apart from bugs: a full disk, an I/O error, a read-only
 * file or directory, a file that cannot be opened, a lock held past the busy timeout. The
 * caller gets 503 `store_unavailable` (try again later), the log the SQLite code.
 */

const UNAVAILABLE = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY)(_[A-Z_]+)?$/;

/** The SQLite code of `error` when it is such a failure, else `undefined`. */
export function storeUnavailableReason(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && UNAVAILABLE.test(code) ? code : undefined;
}
