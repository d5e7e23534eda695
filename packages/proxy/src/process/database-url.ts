/** The store a `DATABASE_URL` names, read the same way by the proxy and its backup command. */

import { resolve } from 'node:path';
import { ConfigError } from './config.ts';
import { POSTGRES_URL, postgresAddressOf } from './environment-schema.ts';

export type Database = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** `sqlite:./data/x.db` → that file; `postgres://…` → that server. */
export function databaseOf(databaseUrl: string): Database {
  if (POSTGRES_URL.test(databaseUrl)) return { kind: 'postgres', url: databaseUrl };
  const match = /^sqlite:(.+)$/.exec(databaseUrl);
  if (!match) {
    throw new ConfigError('DATABASE_URL must start with sqlite:, postgres:// or postgresql://.');
  }
  return { kind: 'sqlite', file: match[1]! };
}

/** `sqlite:./data/x.db` → `./data/x.db`; `sqlite::memory:` → `:memory:`. */
export function databaseFileOf(databaseUrl: string): string {
  const database = databaseOf(databaseUrl);
  if (database.kind !== 'sqlite') {
    throw new ConfigError(
      'DATABASE_URL names a PostgreSQL database: back it up with pg_dump (see the README, "Backups"); backup copies SQLite files.',
    );
  }
  return database.file;
}

/**
 * The store `databaseUrl` names, for the log: a SQLite file absolute (a relative one counts from
 * the working directory), a PostgreSQL server's host and port (or its socket's directory, as
 * `?host=`) and database, without the user, the password or the rest of the query. Never
 * throws, as it names a store already open: a URL WHATWG's parser refuses is named `postgres`.
 */
export function storeNameOf(databaseUrl: string): string {
  const database = databaseOf(databaseUrl);
  if (database.kind === 'sqlite') {
    return database.file === ':memory:' ? 'sqlite::memory:' : `sqlite:${resolve(database.file)}`;
  }
  const url = postgresAddressOf(database.url);
  if (!url) return 'postgres';
  const socket = url.searchParams.get('host');
  return `${url.protocol}//${url.host}${url.pathname}${socket === null ? '' : `?host=${socket}`}`;
}
