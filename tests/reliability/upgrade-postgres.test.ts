/**
 * Upgrading a proxy on PostgreSQL in place: the scenario of upgrade-sqlite.test.ts (rows in every
 * table through the previous release's proxy, then the new proxy on the same database finds every
 * row and keeps every behaviour) on a throwaway cluster, its row counts read as the superuser.
 * The previous release runs from its packed tarballs (previous-release.ts; why, in
 * upgrade-sqlite.test.ts). The rolling upgrade, old and new side by side, is upgrade-rolling.
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type PostgresCluster, startPostgres } from '@crypto-pay/test-kit/postgres';
import { proxyCommand } from '@crypto-pay/test-kit/servers';
import { assertBehavioursIntact, assertShownAsBefore } from './upgrade-checks.ts';
import {
  assertEveryTableHasRows,
  assertNoRowLost,
  postgresRowCounts,
  postgresSchemaVersion,
  SEEDED_TABLES,
} from './upgrade-rows.ts';
import { seed, shown, usePreviousReleaseStack } from './upgrade-scenario.ts';

let cluster: PostgresCluster;
before(async () => {
  cluster = await startPostgres();
});
const setup = usePreviousReleaseStack(() => ({ DATABASE_URL: cluster.url }));
// Registered after the stack's: the proxies stop before their database.
after(async () => {
  await cluster?.stop();
});

test('the new proxy takes over a PostgreSQL database of the previous release', {
  timeout: 300_000,
}, async () => {
  const { previous, receiver, stack } = setup;
  const target = { stack, url: stack.proxy.url, receiver };
  const seeded = await seed(target);
  const before = await shown(target, seeded);

  assert.equal(await stack.proxy.stop(), 0, 'the old proxy stops cleanly');
  const oldCounts = await postgresRowCounts(cluster);
  // PostgreSQL keeps the rate buckets in a table (UNLOGGED) shared by every proxy.
  assertEveryTableHasRows(oldCounts, [...SEEDED_TABLES, 'rate_buckets']);
  assert.equal(
    await postgresSchemaVersion(cluster),
    previous.schema.postgres,
    `the old proxy left schema ${previous.schema.postgres}`,
  );

  // The new proxy, on the same port and database; its start migrates the database.
  await stack.restartProxy(0, async () => {}, proxyCommand(true));
  assertNoRowLost(oldCounts, await postgresRowCounts(cluster));

  await assertShownAsBefore(target, seeded, before);
  await assertBehavioursIntact(target, seeded);
  console.log(`# rows before the upgrade: ${JSON.stringify(oldCounts)}`);
});
