/**
 * Failures of the store itself, told apart from bugs: a full disk, an I/O error, a read-only
 * file or directory, a file that cannot be opened, a lock held past the busy timeout, a
 * database server that is down, restarting or unreachable. The caller gets 503
 * `store_unavailable` (try again later), the log the reason.
 */

const UNAVAILABLE = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY)(_[A-Z_]+)?$/;

/** A server database's failure a retry later can cure; `reason` is what the log shows. */
export class StoreUnavailableError extends Error {
  readonly reason: string;
  constructor(reason: string, cause: unknown) {
    super(`The store is unavailable (${reason}).`, { cause });
    this.name = 'StoreUnavailableError';
    this.reason = reason;
  }
}

/** The SQLite code or the server's reason of `error` when it is such a failure, else `undefined`. */
export function storeUnavailableReason(error: unknown): string | undefined {
  if (error instanceof StoreUnavailableError) return error.reason;
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && UNAVAILABLE.test(code) ? code : undefined;
}
