/**
 * Statements PostgreSQL keeps parsed and planned on each connection (the protocol's named
 * statements): a create's writes are long statements, which the server would otherwise parse
 * and plan, and the client write out in full, on every run (BENCHMARKS.md, "Hand-written
 * paths and why they stay"). Only statements whose answer names its columns are kept so: a kept
 * `SELECT *` fails once another release's migration adds a column to its table.
 */

const names = new Map<string, string>();

/** Keeps `sql` parsed on each connection that runs it, under a name of its own. */
export function keepPrepared(sql: string): void {
  if (!names.has(sql)) names.set(sql, `crypto_pay_${names.size + 1}`);
}

/** The name `sql` is kept under on a connection, if it is. */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}
