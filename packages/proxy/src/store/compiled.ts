/**
 * A store query built and compiled by Kysely once, then run with new values: the hot paths (a
 * create's statements, a read of a checkout) would otherwise pay Kysely's building and
 * compiling of the same statement every time, most of their CPU (BENCHMARKS.md, "Issue 29").
 */

import { type Compilable, type CompiledQuery, isCompiledQuery, type QueryResult } from 'kysely';
import type { Db } from './dialect.ts';
import { keepPrepared } from './prepared-statements.ts';

/** A value's place in a query, filled per run from the values of the same name. */
class Param {
  constructor(readonly name: string) {}
}

/** A marker standing for the value named `name` (typed as that value, for the builder). */
export type ParamOf<P> = <N extends keyof P & string>(name: N) => P[N];

/** Runs the query with `values`, inside `db` (the store or one of its transactions). */
export type CompiledRun<P, O> = (db: Db, values: P) => Promise<QueryResult<O>>;

/**
 * `build` makes the query with `param(name)` wherever a value changes between runs (a raw `sql`
 * query it compiles itself, with the `db` it is given); it is compiled at the first run (by that run's `db`: one query per store, as the SQL is its
 * database's) and each run binds its values in the markers' places. A value computed from
 * several (`now - lease`) is a value of its own: the builder never sees the real ones.
 * `prepared`: kept parsed on each PostgreSQL connection (`prepared-statements.ts`); only for a
 * statement whose answer names its columns (no `selectAll`).
 */
export function compiledQuery<P extends object, O = unknown>(
  build: (db: Db, param: ParamOf<P>) => Compilable<O> | CompiledQuery<O>,
  options: { prepared?: boolean } = {},
): CompiledRun<P, O> {
  let compiled: CompiledQuery<O> | undefined;
  // Per parameter of the compiled query: the name of the value it takes, or undefined if fixed.
  let names: (string | undefined)[] = [];
  return async (db, values) => {
    if (!compiled) {
      const query = build(db, ((name: string) => new Param(name)) as ParamOf<P>);
      compiled = isCompiledQuery<O>(query) ? query : query.compile();
      // PostgreSQL keeps it parsed per connection (`prepared-statements.ts`); SQLite's
      // statements are already prepared once by its driver.
      if (options.prepared) keepPrepared(compiled.sql);
      names = compiled.parameters.map((value) => (value instanceof Param ? value.name : undefined));
      // A value the query has no place for is a mistake of the caller's (a column not listed).
      for (const name of Object.keys(values)) {
        if (!names.includes(name)) throw new Error(`Query takes no value named ${name}`);
      }
    }
    const fixed = compiled.parameters;
    const given = values as Record<string, unknown>;
    const parameters = names.map((name, i) => (name === undefined ? fixed[i] : given[name]));
    return db.executeQuery<O>({ ...compiled, parameters });
  };
}
