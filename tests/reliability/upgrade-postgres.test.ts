/**
 * Upgrading a proxy on PostgreSQL in place: the scenario of upgrade-sqlite.test.ts (rows in every
 * table through the previous release's proxy, then the new proxy on the same database finds every
 * row and keeps every behaviour) on a throwaway cluster, its row counts read as the superuser.
 * The previous release runs from its packed tarballs (previous-release.ts; why, in
 * upgrade-sqlite.test.ts). The rolling upgrade, old and new side by side, is upgrade-rolling.
 */

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { type PostgresCluster, startPostgres } from '@crypto-pay/test-kit/postgres';
import { proxyCommand } from '@crypto-pay/test-kit/servers';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { installPreviousRelease, type PreviousRelease } from './previous-release.ts';
import { assertBehavioursIntact, assertShownAsBefore } from './upgrade-checks.ts';
import {
  assertEveryTableHasRows,
  assertNoRowLost,
  postgresRowCounts,
  postgresSchemaVersion,
  SEEDED_TABLES,
} from './upgrade-rows.ts';
import { RETRY_SCHEDULE_MS, seed, shown } from './upgrade-scenario.ts';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

let previous: PreviousRelease;
let cluster: PostgresCluster;
let receiver: WebhookReceiver;
let stack: Stack;

before(async () => {
  previous = await installPreviousRelease();
  cluster = await startPostgres();
  receiver = await startWebhookReceiver(SECRET);
  stack = await startStack({
    proxyCommand: previous.command,
    proxyEnv: {
      DATABASE_URL: cluster.url,
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_RETRY_SCHEDULE_MS: RETRY_SCHEDULE_MS,
    },
  });
});

after(async () => {
  await stack?.stop();
  await receiver?.close();
  await cluster?.stop();
  previous?.remove();
});

test('the new proxy takes over a PostgreSQL database of the previous release', {
  timeout: 300_000,
}, async () => {
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
