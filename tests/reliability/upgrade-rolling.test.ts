/**
 * A rolling upgrade on one PostgreSQL: two proxies of the previous release behind HAProxy under a
 * bounded load (creates with Idempotency-Keys, status reads, the sandbox paying or failing each
 * checkout, its callbacks through the balancer, webhooks to WEBHOOK_URL) are replaced one at a
 * time by the new proxy, each drained first (SIGTERM: its /readyz fails, HAProxy takes it out, it
 * serves on until SHUTDOWN_DRAIN_MS is over). The first new proxy migrates the database while the
 * second old one serves; for a while they run side by side. Afterwards: no answer failed (no 5xx
 * at all: no 503 is expected, none is excused), every callback was answered 200, every create is
 * found once, and the webhook events are exactly those the outbox promises, each delivered once
 * per webhook-id (rolling-checks.ts, as the rolling restart checks them).
 *
 * What an old proxy may meet once a new one has migrated the database, and what it may not (the
 * contract the new migrations keep; the old proxy serving on, and restarting, checks it):
 * - it may meet tables, columns and indexes it does not know, and rows the new proxy wrote
 *   (checkouts, callbacks, events, deliveries and their claims) in the columns it knows;
 * - it may not meet a table or column it uses dropped or renamed, a new NOT NULL column without a
 *   default (its inserts would fail), a value it cannot read in a column it knows (a new status,
 *   another type or unit), a claim it does not honour (a lease in another column); nor a
 *   migration history (schema_migrations) that makes it run its own migrations again when it
 *   restarts: an old proxy restarted mid-rollout starts as it was.
 * The previous release runs from its packed tarballs (previous-release.ts; why, in
 * upgrade-sqlite.test.ts). Every wait is for an event: a log line of HAProxy, an exit, an answer.
 */

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import { type Balancer, balancedName, balanceStack } from '@crypto-pay/test-kit/balancer';
import {
  linkPath,
  paymentRequestCallback,
  paymentRequestOf,
  paymentRequestsByLink,
} from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { send, sendSigned } from '@crypto-pay/test-kit/http';
import { type PostgresCluster, startPostgres } from '@crypto-pay/test-kit/postgres';
import type { ServerProcess } from '@crypto-pay/test-kit/process';
import { createWithKey, type Failure, readStatus } from '@crypto-pay/test-kit/retried-requests';
import { proxyCommand } from '@crypto-pay/test-kit/servers';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { installPreviousRelease, type PreviousRelease } from './previous-release.ts';
import { type Acknowledged, checkRows, untilCallbacksAnswered } from './rolling-checks.ts';
import { postgresSchemaVersion } from './upgrade-rows.ts';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
/** Checkouts per wave, one wave per phase; created a few at a time. */
const WAVE = 30;
const CREATES_AT_ONCE = 4;
/** A proxy is replaced once this many of its phase's wave are in, so creates run on both sides. */
const UPGRADE_AFTER = 8;
/** At most this many background reads: a bounded load, whatever the machine's pace. */
const MAX_READS = 20_000;
const DRAIN_MS = 2000;
/** The outcome the sandbox plays for checkout number `n`: one in four fails. */
const outcomeOf = (n: number) => (n % 4 === 3 ? 'failed' : 'paid');

let previous: PreviousRelease;
let cluster: PostgresCluster;
let receiver: WebhookReceiver;
let stack: Stack;
let balancer: Balancer;

const failures: Failure[] = [];
const created: Acknowledged[] = [];
/** Payment request id to the final status played. */
const settled = new Map<string, string>();
let stopReads = false;

before(async () => {
  previous = await installPreviousRelease();
  cluster = await startPostgres();
  receiver = await startWebhookReceiver(SECRET);
  stack = await startStack({
    proxies: 2,
    proxyCommand: previous.command,
    proxyEnv: {
      DATABASE_URL: cluster.url,
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      // Every connection comes from HAProxy's address (the README's advice behind a balancer).
      MAX_CONNECTIONS_PER_CLIENT: '0',
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_RETRY_SCHEDULE_MS: '100,200,400,800,1600,3200',
    },
  });
  balancer = await balanceStack(stack);
});

after(async () => {
  stopReads = true;
  await balancer?.stop();
  await stack?.stop();
  await receiver?.close();
  await cluster?.stop();
  previous?.remove();
});

/** Creates checkouts `from` to `to` through `url`, a few at a time; `onCreated` after each. */
async function createWave(from: number, to: number, onCreated = () => {}, url = balancer.url) {
  let next = from;
  const customer = async () => {
    while (next < to) {
      const n = next++;
      const key = `upgrade-${n}`;
      const { checkout } = await createWithKey(url, key, failures);
      created[n] = { key, checkout, outcome: outcomeOf(n), request: '' };
      assert.equal(await readStatus(url, checkout.id, failures), 'created');
      onCreated();
    }
  };
  await Promise.all(Array.from({ length: CREATES_AT_ONCE }, customer));
}

/** Has the sandbox pay or fail checkouts `from` to `to`; its callbacks go through the balancer. */
async function settleWave(from: number, to: number) {
  const requests = await paymentRequestsByLink(stack);
  for (let n = from; n < to; n++) {
    const request = requests.get(linkPath(created[n]!.checkout.payment_link));
    assert.ok(request, `the sandbox has checkout ${n}'s payment request`);
    created[n]!.request = request.id;
    const simulated = await stack.control(`/payment-requests/${request.id}/simulate`, {
      outcome: outcomeOf(n),
    });
    assert.equal(simulated.status, 200, simulated.text);
    settled.set(request.id, outcomeOf(n));
  }
}

/** Reads the created checkouts' statuses one after another until told to stop. */
async function readLoop(): Promise<number> {
  let reads = 0;
  for (; !stopReads && reads < MAX_READS; reads++) {
    const known = created.filter(Boolean);
    if (known.length === 0) {
      await new Promise((resolve) => setImmediate(resolve));
      continue;
    }
    await readStatus(balancer.url, known[reads % known.length]!.checkout.id, failures);
  }
  return reads;
}

/** SIGTERM as a deploy sends it: HAProxy takes the proxy out before its drain ends and it exits 0. */
async function drainAndStop(index: number, proxy: ServerProcess): Promise<void> {
  const exited = proxy.exited();
  proxy.child.kill('SIGTERM');
  const out = balancer.untilServer(balancedName(index), 'DOWN').then(() => 'out' as const);
  const first = await Promise.race([out, exited.then(() => 'exited' as const)]);
  assert.equal(first, 'out', `the balancer took ${proxy.name} out before its drain ended`);
  assert.equal(await exited, 0, `${proxy.name} exits 0 after its drain`);
}

/** Replaces proxy `index` by the new release: drained, stopped, started new, back in rotation. */
async function upgrade(index: number): Promise<void> {
  await stack.restartProxy(index, (proxy) => drainAndStop(index, proxy), proxyCommand(true));
  await balancer.untilServer(balancedName(index), 'UP');
}

/**
 * The old proxy `oldIndex`, asked directly while the new one `newIndex` runs on the migrated
 * database: it reads and lists what the new one wrote, creates, and applies a callback to a
 * checkout the new one made; then it is restarted as it was.
 */
async function oldProxyOnNewSchema(oldIndex: number, newIndex: number, n: number) {
  const old = () => stack.proxies[oldIndex]!.url;
  const fresh = stack.proxies[newIndex]!.url;
  await createWave(n, n + 1, undefined, fresh);
  const byNew = created[n]!.checkout;
  const seenByOld = await send(`${old()}/api/checkouts/${byNew.id}`);
  assert.equal(seenByOld.status, 200, seenByOld.text);
  assert.deepEqual(seenByOld.json, (await send(`${fresh}/api/checkouts/${byNew.id}`)).json);
  const listed = await send(`${old()}/admin/checkouts?limit=200`, {
    headers: { Authorization: `Bearer ${stack.adminToken}` },
  });
  assert.equal(listed.status, 200, listed.text);
  const ids = (listed.json as { data: Checkout[] }).data.map((checkout) => checkout.id);
  assert.ok(ids.includes(byNew.id), 'the old proxy lists a checkout the new one made');
  const callback = await sendSigned(
    `${old()}/callbacks/processing`,
    stack.credentials,
    paymentRequestCallback(await paymentRequestOf(stack, byNew), 'processing'),
  );
  assert.equal(callback.status, 200, callback.text);
  // The new proxy serves the checkout from its copy, moved forward by the old one's notice: a
  // read right after the old one's answer may be that notice behind (proxy README), never wrong.
  await eventually(
    async () => (await readStatus(fresh, byNew.id, failures)) === 'processing',
    'the new proxy to tell the status the old one applied',
  );

  await createWave(n + 1, n + 2, undefined, old());
  const byOld = created[n + 1]!.checkout;
  assert.equal(await readStatus(fresh, byOld.id, failures), 'created');

  // Restarted mid-rollout (its node drained, say): the old proxy starts again, as it was, on the
  // migrated database, and serves.
  await stack.restartProxy(oldIndex, (proxy) => drainAndStop(oldIndex, proxy), previous.command);
  await balancer.untilServer(balancedName(oldIndex), 'UP');
  assert.equal(await readStatus(old(), byNew.id, failures), 'processing');
}

test('two old proxies replaced in turn by new ones on one PostgreSQL: nothing fails or is lost', {
  timeout: 300_000,
}, async () => {
  assert.equal(
    await postgresSchemaVersion(cluster),
    previous.schema.postgres,
    `the old proxies made schema ${previous.schema.postgres}`,
  );
  const reading = readLoop();
  const timings: string[] = [];
  const phase = async (name: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    timings.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  let next = 0;
  const wave = (onCreated?: () => void) => {
    const from = next;
    next += WAVE;
    return createWave(from, from + WAVE, onCreated);
  };

  await phase('old, old; p0 upgraded', async () => {
    let inWave = 0;
    let upgraded: Promise<void> | undefined;
    await wave(() => {
      if (++inWave === UPGRADE_AFTER) upgraded = upgrade(0);
    });
    assert.ok(upgraded, 'p0 is replaced during the wave');
    await upgraded;
  });
  await phase('new p0 beside old p1', async () => {
    const direct = next;
    next += 2;
    await Promise.all([wave(), settleWave(0, WAVE), oldProxyOnNewSchema(1, 0, direct)]);
  });
  await phase('p1 upgraded', async () => {
    let inWave = 0;
    let upgraded: Promise<void> | undefined;
    const from = next - WAVE - 2;
    await Promise.all([
      wave(() => {
        if (++inWave === UPGRADE_AFTER) upgraded = upgrade(1);
      }),
      settleWave(from, from + WAVE + 2),
    ]);
    assert.ok(upgraded, 'p1 is replaced during the wave');
    await upgraded;
  });
  await phase('new, new', async () => {
    const from = next - WAVE;
    await Promise.all([wave(), settleWave(from, from + WAVE)]);
    await settleWave(next - WAVE, next);
  });

  // The sandbox sends first attempts one at a time: the last callbacks arrive a while later.
  await phase('callbacks answered', () =>
    untilCallbacksAnswered(stack, settled, 'every callback answered 200'),
  );
  const attempts = (await stack.control('/callbacks')).json as { response_status: number | null }[];
  assert.deepEqual(
    attempts.filter((attempt) => attempt.response_status !== 200),
    [],
    'no callback attempt answered anything but 200',
  );
  await phase('rows and webhooks checked', () =>
    checkRows(cluster, { created, total: next, delivered: () => receiver.delivered() }),
  );
  stopReads = true;
  const reads = await reading;
  assert.deepEqual(failures, [], 'no answer failed or was refused, old and new side by side');
  console.log(`# ${next} creates, ${reads} reads; phases: ${timings.join(', ')}`);
});
