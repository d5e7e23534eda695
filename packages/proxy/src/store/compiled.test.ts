/**
 * A query compiled once (`compiled.ts`): built and compiled at its first run only, each run
 * binding its own values by name, fixed values kept, raw `sql` too, a value with no place refused.
 */

import assert from 'node:assert/strict';
import { it } from 'node:test';
import Database from 'better-sqlite3';
import { Kysely, type KyselyPlugin, SqliteDialect, sql } from 'kysely';
import { compiledQuery } from './compiled.ts';
import type { Db } from './dialect.ts';
import type { Tables } from './tables.ts';

/** A Kysely on a fresh in-memory database, counting the queries it builds. */
function database() {
  const built = { count: 0 };
  const counting: KyselyPlugin = {
    transformQuery: ({ node }) => {
      built.count++;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const sqlite = new Database(':memory:');
  sqlite.exec('CREATE TABLE callbacks (id INTEGER PRIMARY KEY, type TEXT, outcome TEXT)');
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [counting],
  });
  return { db: db as Db, built, close: () => db.destroy() };
}

it('builds a query once and runs it with each call’s values, fixed ones kept', async () => {
  const { db, built, close } = database();
  const insert = compiledQuery<{ type: string }>((db, param) =>
    db.insertInto('callbacks').values({ type: param('type'), outcome: 'applied' } as never),
  );
  const byType = compiledQuery<{ type: string }, { type: string; outcome: string }>((db, param) =>
    db.selectFrom('callbacks').select(['type', 'outcome']).where('type', '=', param('type')),
  );
  for (const type of ['deposit', 'withdrawal', 'deposit']) await insert(db, { type });
  assert.deepEqual((await byType(db, { type: 'deposit' })).rows, [
    { type: 'deposit', outcome: 'applied' },
    { type: 'deposit', outcome: 'applied' },
  ]);
  assert.deepEqual((await byType(db, { type: 'withdrawal' })).rows, [
    { type: 'withdrawal', outcome: 'applied' },
  ]);
  // Five runs, two queries built: once each.
  assert.equal(built.count, 2);
  await close();
});

it('runs a raw sql query compiled once, and refuses a value the query has no place for', async () => {
  const { db, close } = database();
  const count = compiledQuery<{ type: string }, { n: number }>((db, param) =>
    sql<{ n: number }>`SELECT COUNT(*) AS n FROM callbacks WHERE type = ${param('type')}`.compile(
      db,
    ),
  );
  assert.deepEqual((await count(db, { type: 'deposit' })).rows, [{ n: 0 }]);
  const typo = compiledQuery<{ type: string; outcome: string }>((db, param) =>
    db.selectFrom('callbacks').selectAll().where('type', '=', param('type')),
  );
  await assert.rejects(typo(db, { type: 'deposit', outcome: 'applied' }), /no value named outcome/);
  await close();
});
