/**
 * A throwaway PostgreSQL 15 cluster for the tests: Debian's package (installed when missing by
 * debian-packages.mjs, as the browsers are), a cluster made by `initdb` in a temporary
 * directory, listening on a free loopback port only, with a database and a role made for the
 * caller; restarted or stopped to play a database that restarts or is unreachable, and removed
 * at the end, or by an orphan guard when the test process dies first.
 */

import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ensureDebianPackages } from './debian-packages.mjs';
import { guardAgainstOrphans } from './orphan-guard.ts';
import { freePort } from './process.ts';

/** Where Debian's postgresql-15 puts the server's programs (not on PATH). */
export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

/** The role that owns the caller's database: the application's, not a superuser. */
export const APPLICATION_ROLE = 'crypto_pay';

/** How long `pg_ctl` may wait for the server to start or stop before it gives up (seconds). */
const PG_CTL_WAIT_SECONDS = 30;

const run = promisify(execFile);

/** Installs Debian's `postgresql` (15 on Debian 12) when its programs are missing. */
export function ensurePostgres(): void {
  ensureDebianPackages(
    [{ provides: join(POSTGRES_BIN, 'initdb'), package: 'postgresql' }],
    'the PostgreSQL tests',
  );
}

/** How a server stops: `fast` (clean, as a deploy stops it) or `immediate` (a crash). */
export type StopMode = 'fast' | 'immediate';

export interface PostgresCluster {
  /** `postgres://crypto_pay:…@127.0.0.1:PORT/DATABASE`: the caller's database, as its owner. */
  url: string;
  /** The same database as the superuser `postgres` (to look at rows or end connections). */
  adminUrl: string;
  /**
   * The rows of `sql` run as the superuser on the caller's database, beside the proxies (to look
   * at what they wrote, or end their connections), on a connection of its own.
   */
  asSuperuser<Row extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<Row[]>;
  port: number;
  /** The temporary directory: the cluster (`data/`), its sockets and `server.log`. */
  directory: string;
  /** Milliseconds `initdb` and the first start took: the cold start. */
  coldStart: { initdbMs: number; startMs: number };
  /** Another empty database owned by the application role; its URL. */
  createDatabase(name: string): Promise<string>;
  /**
   * Ends every connection of the application role while the server stays up, as a network
   * failure would (a pool's or a LISTEN connection's), or only those whose `application_name`
   * is `applicationName`; resolves with how many it ended.
   */
  terminateConnections(applicationName?: string): Promise<number>;
  /** Stops the server (data kept) and starts it again; resolves once it accepts connections. */
  restart(mode?: StopMode): Promise<void>;
  /** Stops the server, keeping its data: the database is unreachable until `startServer()`. */
  stopServer(mode?: StopMode): Promise<void>;
  /** Starts a server stopped by `stopServer()`, on the same port. */
  startServer(): Promise<void>;
  /** What the server wrote to its log so far. */
  log(): string;
  /** Stops the server (fast) and removes the directory: nothing of the cluster is left. */
  stop(): Promise<void>;
}

/** The name of a database or role: plain, so it needs no quoting in SQL or a URL. */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** Runs `sql` on a connection of its own to `url`, closed after: its result. */
export async function queryOnce<Row extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values?: unknown[],
): Promise<pg.QueryResult<Row>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<Row>(sql, values);
  } finally {
    await client.end();
  }
}

/** The `application_name` of the round-trip probe's connection. */
export const ROUND_TRIP_PROBE = 'crypto-pay-round-trip-probe';

/**
 * A connection of its own to `url` whose `roundTrip()` runs `SELECT 1`: what one statement's
 * round trip to the server costs, the benchmarks' floor under a store's statement.
 */
export async function openRoundTripProbe(
  url: string,
): Promise<{ roundTrip(): Promise<void>; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url, application_name: ROUND_TRIP_PROBE });
  await client.connect();
  return {
    roundTrip: async () => void (await client.query('SELECT 1')),
    close: () => client.end(),
  };
}

/** The uid and gid of a user, for handing the temporary directory over to `postgres`. */
function idsOf(user: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, user], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Starts a new cluster with database `database` owned by the application role. The server runs
 * as `postgres` when this process is root (it refuses to run as root), as this user otherwise.
 */
export async function startPostgres(
  options: {
    database?: string;
    /** More `postgresql.conf` settings, e.g. `{ max_connections: '200' }`. */
    settings?: Record<string, string>;
  } = {},
): Promise<PostgresCluster> {
  ensurePostgres();
  const database = options.database ?? 'crypto_pay';
  if (!IDENTIFIER.test(database)) throw new Error(`Database name "${database}" is not plain.`);
  const asServerUser = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const asServer = (program: string, args: string[]) => {
    const [command, ...rest] = [...asServerUser, join(POSTGRES_BIN, program), ...args];
    return run(command!, rest, { encoding: 'utf8', timeout: (PG_CTL_WAIT_SECONDS + 30) * 1000 });
  };

  const directory = mkdtempSync(join(tmpdir(), 'crypto-pay-pg-'));
  const dataDir = join(directory, 'data');
  const logFile = join(directory, 'server.log');
  const readLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  // Before anything can be left behind: an immediate stop, then the directory goes.
  const guard = guardAgainstOrphans([
    [...asServerUser, join(POSTGRES_BIN, 'pg_ctl'), '-D', dataDir, '-m', 'immediate', 'stop'],
    ['rm', '-rf', directory],
  ]);
  try {
    const superuserPassword = randomBytes(16).toString('hex');
    const passwordFile = join(directory, 'superuser-password');
    writeFileSync(passwordFile, superuserPassword, { mode: 0o600 });
    if (asServerUser.length) {
      const { uid, gid } = idsOf('postgres');
      for (const path of [directory, passwordFile]) chownSync(path, uid, gid);
    }

    let started = performance.now();
    // --no-sync: a throwaway cluster need not survive the machine; C locale and UTF-8 make
    // sorting and text the same on every machine.
    await asServer('initdb', [
      `--pgdata=${dataDir}`,
      '--username=postgres',
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);
    const initdbMs = performance.now() - started;
    rmSync(passwordFile);

    const port = await freePort();
    const settings: Record<string, string> = {
      listen_addresses: "'127.0.0.1'",
      port: String(port),
      unix_socket_directories: `'${directory}'`,
      // Commits still reach the kernel before they are acknowledged (synchronous_commit stays
      // on), so a killed server loses nothing; only a crash of the machine would.
      fsync: 'off',
      full_page_writes: 'off',
      timezone: "'UTC'",
      ...options.settings,
    };
    appendFileSync(
      join(dataDir, 'postgresql.conf'),
      Object.entries(settings)
        .map(([name, value]) => `${name} = ${value}\n`)
        .join(''),
    );

    // `--wait`: pg_ctl itself waits until the server accepts connections, or has stopped.
    const pgCtl = (action: 'start' | 'stop', ...flags: string[]) =>
      asServer('pg_ctl', [
        `--pgdata=${dataDir}`,
        '--wait',
        `--timeout=${PG_CTL_WAIT_SECONDS}`,
        '--silent',
        ...flags,
        action,
      ]);
    const startServer = async () => {
      await pgCtl('start', `--log=${logFile}`).catch((error: Error) => {
        throw new Error(`PostgreSQL did not start: ${error.message}\n${readLog()}`);
      });
    };
    const stopServer = async (mode: StopMode = 'fast') => {
      await pgCtl('stop', `--mode=${mode}`);
    };
    started = performance.now();
    await startServer();
    const startMs = performance.now() - started;

    const rolePassword = randomBytes(16).toString('hex');
    const urlOf = (user: string, password: string, name: string) =>
      `postgres://${user}:${password}@127.0.0.1:${port}/${name}`;
    /** The superuser on the server's own database `postgres`, for roles and databases. */
    const onServer = (sql: string, values?: unknown[]) =>
      queryOnce(urlOf('postgres', superuserPassword, 'postgres'), sql, values);
    const createDatabase = async (name: string) => {
      if (!IDENTIFIER.test(name)) throw new Error(`Database name "${name}" is not plain.`);
      await onServer(`CREATE DATABASE ${name} OWNER ${APPLICATION_ROLE}`);
      return urlOf(APPLICATION_ROLE, rolePassword, name);
    };
    await onServer(`CREATE ROLE ${APPLICATION_ROLE} LOGIN PASSWORD '${rolePassword}'`);
    const url = await createDatabase(database);
    const adminUrl = urlOf('postgres', superuserPassword, database);

    let stopped = false;
    return {
      url,
      adminUrl,
      async asSuperuser<Row extends pg.QueryResultRow>(sql: string, values?: unknown[]) {
        return (await queryOnce<Row>(adminUrl, sql, values)).rows;
      },
      port,
      directory,
      coldStart: { initdbMs, startMs },
      createDatabase,
      async terminateConnections(applicationName) {
        const { rowCount } = await onServer(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE usename = $1 AND ($2::text IS NULL OR application_name = $2)`,
          [APPLICATION_ROLE, applicationName ?? null],
        );
        return rowCount ?? 0;
      },
      async restart(mode: StopMode = 'fast') {
        await stopServer(mode);
        await startServer();
      },
      stopServer,
      startServer,
      log: readLog,
      async stop() {
        if (stopped) return;
        stopped = true;
        // pg_ctl fails on a server already stopped by stopServer(): nothing to stop then.
        await stopServer('fast').catch(() => stopServer('immediate').catch(() => undefined));
        rmSync(directory, { recursive: true, force: true });
        guard.release();
      },
    };
  } catch (error) {
    await asServer('pg_ctl', [`--pgdata=${dataDir}`, '--mode=immediate', 'stop']).catch(
      () => undefined,
    );
    rmSync(directory, { recursive: true, force: true });
    guard.release();
    throw error;
  }
}
