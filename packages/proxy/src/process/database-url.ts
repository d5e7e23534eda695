/** The SQLite file a `DATABASE_URL` names, read the same way by the proxy and its backup command. */

import { ConfigError } from './config.ts';

/** `sqlite:./data/x.db` → `./data/x.db`; `sqlite::memory:` → `:memory:`. */
export function databaseFileOf(databaseUrl: string): string {
  const match = /^sqlite:(.+)$/.exec(databaseUrl);
  if (!match) {
    throw new ConfigError('DATABASE_URL must start with sqlite: (the only store so far).');
  }
  return match[1]!;
}
