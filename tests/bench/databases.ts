/**
 * The database dimension of the benchmarks: which stores a run measures (`BENCH_DATABASE`:
 * `sqlite`, `postgres`, or both, the default) and the proxy variables for each, with a
 * throwaway PostgreSQL cluster (@crypto-pay/test-kit/postgres) for as long as a run needs it.
 */

import { type PostgresCluster, startPostgres } from '@crypto-pay/test-kit/postgres';
import { imageNodeOptions } from '../container/image-node-options.ts';

export type BenchDatabase = 'sqlite' | 'postgres';

export const DATABASE_LABEL: Record<BenchDatabase, string> = {
  sqlite: 'SQLite',
  postgres: 'PostgreSQL',
};

/**
 * The proxy's `NODE_OPTIONS` as its image sets them and its README tells a merchant to run it
 * with: the benchmarks of its speed and memory measure the proxy so (every one that runs
 * through `withDatabase`, `metrics-overhead` and `webhooks`). With Node's defaults, V8 sizes the
 * young generation from the machine's memory, and a proxy under status reads fell, at random
 * from one start to the next, into scavenges that copied tens of MiB and a full collection a
 * second: up to half fewer reads (BENCHMARKS.md, "Issue 32: the proxy measured as it is run").
 */
export const DEPLOYED_PROXY_ENV: Readonly<Record<string, string>> = {
  NODE_OPTIONS: imageNodeOptions(),
};

/** The stores `BENCH_DATABASE` asks for, SQLite first. */
export function benchDatabases(value = process.env.BENCH_DATABASE ?? 'both'): BenchDatabase[] {
  if (value === 'both') return ['sqlite', 'postgres'];
  if (value === 'sqlite' || value === 'postgres') return [value];
  throw new Error(`BENCH_DATABASE must be sqlite, postgres or both, not ${JSON.stringify(value)}.`);
}

/**
 * Runs `measure` with the proxy variables that select `database` (none for SQLite: the stack's
 * own file; a fresh PostgreSQL cluster's `DATABASE_URL` otherwise, stopped afterwards), and
 * `DEPLOYED_PROXY_ENV`.
 */
export async function withDatabase<T>(
  database: BenchDatabase,
  measure: (proxyEnv: Record<string, string>, cluster?: PostgresCluster) => Promise<T>,
): Promise<T> {
  if (database === 'sqlite') return measure({ ...DEPLOYED_PROXY_ENV });
  const cluster = await startPostgres();
  try {
    return await measure({ ...DEPLOYED_PROXY_ENV, DATABASE_URL: cluster.url }, cluster);
  } finally {
    await cluster.stop();
  }
}
