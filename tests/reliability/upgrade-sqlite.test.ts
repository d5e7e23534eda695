/**
 * Upgrading a proxy on SQLite in place: the previous release's proxy (real process, its packed
 * tarballs) makes rows in every table through its HTTP API and the sandbox, and stops; the new
 * proxy (this workspace's build) starts on the same file, migrates it, and shows every row and
 * keeps every behaviour (upgrade-checks.ts). The file's row counts are compared too.
 *
 * How the previous release runs: its packages packed at its commit (see release.json) are
 * committed in previous-release/ by scripts/pack-previous-release.mjs with the lockfile made with
 * them, and installed for each run into a temporary folder from the pnpm store, offline (as
 * tests/packed installs packed tarballs). A `git worktree` of the old commit was the other way:
 * it needs the repository's history, which a shallow clone lacks, and an install and build of the
 * whole old workspace on every run; the tarballs (450 KiB) need neither, and are what a merchant
 * upgrading from npm has installed.
 */

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { proxyCommand } from '@crypto-pay/test-kit/servers';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { installPreviousRelease, type PreviousRelease } from './previous-release.ts';
import { assertBehavioursIntact, assertShownAsBefore } from './upgrade-checks.ts';
import {
  assertEveryTableHasRows,
  assertNoRowLost,
  SEEDED_TABLES,
  sqliteRowCounts,
  sqliteSchemaVersion,
} from './upgrade-rows.ts';
import { RETRY_SCHEDULE_MS, seed, shown } from './upgrade-scenario.ts';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

let previous: PreviousRelease;
let receiver: WebhookReceiver;
let stack: Stack;

before(async () => {
  previous = await installPreviousRelease();
  receiver = await startWebhookReceiver(SECRET);
  stack = await startStack({
    proxyCommand: previous.command,
    proxyEnv: {
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_RETRY_SCHEDULE_MS: RETRY_SCHEDULE_MS,
    },
  });
});

after(async () => {
  await stack?.stop();
  await receiver?.close();
  previous?.remove();
});

test('the new proxy takes over a SQLite file of the previous release', {
  timeout: 300_000,
}, async () => {
  const target = { stack, url: stack.proxy.url, receiver };
  const seeded = await seed(target);
  const before = await shown(target, seeded);

  assert.equal(await stack.proxy.stop(), 0, 'the old proxy stops cleanly');
  const oldCounts = sqliteRowCounts(stack.databaseFile);
  assertEveryTableHasRows(oldCounts, SEEDED_TABLES);
  assert.equal(
    sqliteSchemaVersion(stack.databaseFile),
    previous.schema.sqlite,
    `the old proxy left schema ${previous.schema.sqlite}`,
  );

  // The new proxy, on the same port and file; its start migrates the file.
  await stack.restartProxy(0, async () => {}, proxyCommand(true));
  // A look at the file right after the start, while the new proxy runs (WAL: readers welcome).
  assertNoRowLost(oldCounts, sqliteRowCounts(stack.databaseFile));

  await assertShownAsBefore(target, seeded, before);
  await assertBehavioursIntact(target, seeded);
  console.log(`# rows before the upgrade: ${JSON.stringify(oldCounts)}`);
});
