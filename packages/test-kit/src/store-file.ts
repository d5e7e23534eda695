/**
 * The proxy's SQLite file as a test reads it (read-only, closed again whatever happens), and
 * what a durable commit costs beside it.
 */

import { join } from 'node:path';
import Database from 'better-sqlite3';

export function readStore<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * A SQLite file of its own in `dir`, kept as the proxy keeps its store (write-ahead log,
 * `synchronous = FULL`): each `commit()` writes one small row and waits for the disk, what a
 * durable commit alone costs on that file system. The benchmarks set it beside a create's.
 */
export function openCommitProbe(dir: string): { commit(): void; close(): void } {
  const db = new Database(join(dir, 'commit-probe.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE IF NOT EXISTS probe (n INTEGER NOT NULL)');
  const insert = db.prepare('INSERT INTO probe (n) VALUES (?)');
  let n = 0;
  return {
    commit: () => void insert.run(n++),
    close: () => db.close(),
  };
}
