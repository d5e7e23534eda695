/**
 * How long the store waits for its database, and how many connections a proxy keeps to it:
 * apart from the PostgreSQL client, so the configuration names no driver (and needs none of its
 * packages).
 */

/** Connections per proxy unless `DATABASE_POOL_SIZE` says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/** How long the store waits for the database unless the configuration says otherwise. */
export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 5000, statementMs: 5000 };

export interface DatabaseTimeouts {
  /**
   * How long a request waits for a connection (a new one, or a pooled one to be free) before it
   * is refused (`DATABASE_CONNECT_TIMEOUT_MS`), as SQLite's busy timeout.
   */
  connectMs: number;
  /**
   * How long one statement may run (`DATABASE_STATEMENT_TIMEOUT_MS`): the server cancels it
   * after that, and the client gives up a little later should the server not answer at all, so
   * a stuck database is a 503 rather than a request that hangs. 0: no limit.
   */
  statementMs: number;
}
