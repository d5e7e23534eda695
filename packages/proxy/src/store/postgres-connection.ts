/**
 * The PostgreSQL connection pool and how the store talks through it (Kysely's statements on
 * pooled connections, `kyselyPool`); a failure of the server or of the way to it (refused,
 * cut, shutting down, out of connections, read-only) becomes `StoreUnavailableError`, so the
 * routes answer 503 `store_unavailable` as they do for SQLite's, and the pool drops the broken
 * connection and opens new ones by itself once the server is back.
 */

import { Socket } from 'node:net';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { DatabaseTimeouts } from './database-timeouts.ts';
import { retriedAfterStalls, withinRunningTime } from './loop-stalls.ts';
import { preparedName } from './prepared-statements.ts';
import { StoreUnavailableError } from './unavailable.ts';

/**
 * SQLSTATEs a retry later can cure: connection exceptions (08), insufficient resources (53:
 * disk full, too many connections), the server shutting down or starting (57P01-57P03), a
 * read-only transaction (25006: a standby, as SQLite's read-only file is), a statement cancelled
 * (57014: past `statement_timeout`, a database stuck on locks or I/O).
 */
const UNAVAILABLE_STATES = /^(08...|53...|57P0[1-3]|57014|25006)$/;

/** Network errors of the socket to the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Why `error` means the database is unavailable, or undefined for anything else (a bug, a constraint). */
export function unavailableReasonOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (error instanceof pg.DatabaseError) {
    return typeof code === 'string' && UNAVAILABLE_STATES.test(code)
      ? `postgres ${code}`
      : undefined;
  }
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return `postgres ${code}`;
  // pg's own words for a connection that ended or never came (they carry no code).
  if (
    /^Connection terminated|timeout exceeded when trying to connect|not queryable|^Query read timeout/.test(
      error.message,
    )
  ) {
    return 'postgres connection lost';
  }
  return undefined;
}

/** `error` as the store throws it: unavailability wrapped, anything else as it is. */
export function storeError(error: unknown): unknown {
  const reason = unavailableReasonOf(error);
  return reason === undefined || error instanceof StoreUnavailableError
    ? error
    : new StoreUnavailableError(reason, error);
}

/** BIGINT (Unix milliseconds, sequence numbers) read as numbers: they stay below 2^53. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === pg.types.builtins.INT8
      ? Number
      : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/** The client's margin past the server's own `statement_timeout` before it gives up itself. */
const CLIENT_TIMEOUT_MARGIN_MS = 1000;

/**
 * How long the client waits for an answer to one statement: a server that does not answer at
 * all (a partition) cannot cancel anything by its `statement_timeout`. 0: no limit.
 */
export const readTimeoutOf = (timeouts: DatabaseTimeouts) =>
  timeouts.statementMs > 0 ? timeouts.statementMs + CLIENT_TIMEOUT_MARGIN_MS : 0;

/**
 * `client`'s statements, each given up after `readTimeoutMs` of the process's running time: the
 * connection is then closed (a late answer must not be taken for the next statement's), its
 * statement fails as unavailable, and the pool drops it.
 */
export function timedQueries(client: pg.ClientBase, readTimeoutMs: number): Queryable {
  const query = (text: string, values?: unknown[]) => {
    const name = preparedName(text);
    const sent: Promise<pg.QueryResult> =
      name === undefined
        ? client.query(text, values)
        : client.query({ name, text, ...(values ? { values } : {}) });
    return withinRunningTime(sent, readTimeoutMs, () => {
      // Every connection pg makes (a pooled one too) is a Client, which has its socket.
      (client as pg.Client).connection.stream.destroy();
      return new Error('Query read timeout');
    });
  };
  return { query: query as Queryable['query'] };
}

/** pg's words for a wait for a connection that ran out (a pooled one free, or a new one made). */
const CONNECT_DEADLINE = /timeout exceeded when trying to connect|connection timeout/;

/**
 * The sockets a store opened to the server, each as pg opens its own (TLS, when asked, is
 * layered on it), so that a close the server never answers can cut them: ending a connection
 * waits for the server's goodbye, which never comes once the way to it is gone.
 */
export interface ServerSockets {
  /** pg's `stream` option: a new socket, kept until it closes. */
  open: () => Socket;
  /** Destroys every socket still open. */
  destroyAll: () => void;
}

export function serverSockets(): ServerSockets {
  const sockets = new Set<Socket>();
  return {
    open() {
      const socket = new Socket();
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      return socket;
    },
    destroyAll() {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/**
 * How every connection of the store is made: `url` (TLS and the rest as pg reads them from it),
 * the timeouts, BIGINTs as numbers, a name the server's `pg_stat_activity` shows, and sockets
 * from `sockets`.
 */
export function connectionConfig(
  url: string,
  timeouts: DatabaseTimeouts,
  applicationName: string,
  sockets: ServerSockets,
): pg.ClientConfig {
  return {
    connectionString: url,
    stream: sockets.open,
    connectionTimeoutMillis: timeouts.connectMs,
    // The client's own deadline on an answer is `timedQueries`', which a paused process does not
    // mistake for a silent server (pg's query_timeout would).
    ...(timeouts.statementMs > 0 ? { statement_timeout: timeouts.statementMs } : {}),
    // TCP keep-alive: a connection to a server that vanished without a word (a partition) is
    // found dead by the kernel instead of holding its request forever.
    keepAlive: true,
    application_name: applicationName,
    types,
  };
}

/** Each pool's `readTimeoutOf`, for `kyselyPool`. */
const readTimeouts = new WeakMap<pg.Pool, number>();

/** A pool on `url` of at most `size` connections. */
export function createPool(
  url: string,
  size: number,
  timeouts: DatabaseTimeouts,
  sockets: ServerSockets,
): pg.Pool {
  const pool = new pg.Pool({
    ...connectionConfig(url, timeouts, 'crypto-pay-proxy', sockets),
    max: size,
  });
  readTimeouts.set(pool, readTimeoutOf(timeouts));
  // An idle connection the server closed (a restart) reports here; the pool has already dropped
  // it, and the next request opens a new one. Without a listener the process would exit.
  pool.on('error', () => undefined);
  // pg-pool takes its own listener off a connection while it is checked out (a transaction, the
  // migrations), so a server that ends it between two statements (57P01 on a restart,
  // pg_terminate_backend) would emit 'error' to no one and end the process. Each connection
  // keeps this one for life: the next statement on it fails instead (not queryable), which the
  // store turns into 503 store_unavailable, and the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

export type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * A connection of `pool`. A wait for it that ran out while the process stood still (a pause) is
 * begun again: the connection freed or made meanwhile was not yet seen.
 */
async function connect(pool: pg.Pool): Promise<pg.PoolClient> {
  try {
    return await retriedAfterStalls(
      () => pool.connect(),
      (error) => error instanceof Error && CONNECT_DEADLINE.test(error.message),
    );
  } catch (error) {
    throw storeError(error);
  }
}

/**
 * `pool` as Kysely's PostgreSQL dialect takes it: a connection waited for as `connect` does,
 * each statement given up after the read timeout (`timedQueries`), failures of the server turned
 * into `StoreUnavailableError`, and a connection that failed so dropped by the pool rather than
 * given to the next request.
 */
export function kyselyPool(pool: pg.Pool): PostgresPool {
  return {
    options: pool.options,
    async connect(): Promise<PostgresPoolClient> {
      const pooled = await connect(pool);
      const timed = timedQueries(pooled, readTimeouts.get(pool) ?? 0);
      let broken: Error | undefined;
      return {
        async query(text: string, values: readonly unknown[]) {
          try {
            return await timed.query(text, [...values]);
          } catch (error) {
            if (unavailableReasonOf(error) !== undefined) broken = error as Error;
            throw storeError(error);
          }
        },
        release(discard?: boolean) {
          pooled.release(broken ?? (discard ? new Error('discarded by Kysely') : undefined));
        },
      } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
