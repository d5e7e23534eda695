/** The proxy's SQLite file as a test reads it: read-only, closed again whatever happens. */

import Database from 'better-sqlite3';

export function readStore<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}
