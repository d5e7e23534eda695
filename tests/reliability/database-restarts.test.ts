/**
 * Three proxies on one PostgreSQL behind HAProxy, against the sandbox, under a bounded load
 * (creates with Idempotency-Keys, the sandbox paying or failing each checkout through the
 * balancer, webhooks to a receiver): 20 of their database connections ended at random
 * (`pg_terminate_backend`, those in a statement or transaction first: creates, callbacks and
 * the outbox's claims) and PostgreSQL restarted 3 times (stopped fast: every connection ended
 * mid-use). No proxy exits; while the server is down each answers 503 `store_unavailable`; each
 * recovers by itself; afterwards every create acknowledged is in the database with its status,
 * every callback answered 200 is applied, and every webhook event written is delivered.
 * Every wait is for an event: a count of acknowledged creates, a balancer's log line, an answer.
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newWebhookSecret } from '@crypto-pay/protocol/node';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import { type Balancer, balancedName, balanceStack } from '@crypto-pay/test-kit/balancer';
import { paymentRequestOf, readCheckout } from '@crypto-pay/test-kit/checkouts';
import { connectionErrorCode } from '@crypto-pay/test-kit/http';
import {
  APPLICATION_ROLE,
  type PostgresCluster,
  startPostgres,
} from '@crypto-pay/test-kit/postgres';
import { createWithKey, type Failure } from '@crypto-pay/test-kit/retried-requests';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { checkRows, untilCallbacksAnswered, untilOutboxSettled } from './rolling-checks.ts';

const SECRET = newWebhookSecret();
const PROXIES = 3;
const CHECKOUTS = 96;
/** Customers creating at once: a bounded load. */
const CREATES_AT_ONCE = 6;
const TERMINATIONS = 20;
const RESTARTS = 3;
/** The disruptions in order, one every STEP acknowledged creates: a restart every sixth. */
const DISRUPTIONS = Array.from({ length: TERMINATIONS + RESTARTS }, (_, n) =>
  n % 6 === 5 && n < 6 * RESTARTS ? ('restart' as const) : ('terminate' as const),
);
const STEP = Math.floor(CHECKOUTS / (DISRUPTIONS.length + 1));

const outcomeOf = (n: number) => (n % 5 === 4 ? 'failed' : 'paid');

let cluster: PostgresCluster;
let receiver: WebhookReceiver;
let stack: Stack;
let balancer: Balancer;

before(async () => {
  cluster = await startPostgres();
  receiver = await startWebhookReceiver(SECRET);
  stack = await startStack({
    built: false,
    proxies: PROXIES,
    proxyEnv: {
      DATABASE_URL: cluster.url,
      MAX_CONNECTIONS_PER_CLIENT: '0',
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_RETRY_SCHEDULE_MS: '100,200,400,800,1600,3200',
    },
    // The service's retries outlast a restart (a few seconds) without a test-long wait.
    sandboxEnv: { SANDBOX_CALLBACK_RETRY_DELAYS_MS: '100,200,400,800,1600,3200,6400,12800' },
  });
  balancer = await balanceStack(stack);
});

after(async () => {
  await balancer?.stop();
  await stack?.stop();
  await receiver?.close();
  await cluster?.stop();
});

const failures: Failure[] = [];
const created: { key: string; checkout: Checkout; replayed: boolean }[] = [];
/** The sandbox's payment request per checkout number, and the outcome it was told to play. */
const requestOf: string[] = [];
const settled = new Map<string, string>();
let acknowledged = 0;
/** Waiters on the count of acknowledged creates. */
const waiters: { count: number; resolve: () => void }[] = [];
const untilAcknowledged = (count: number) =>
  new Promise<void>((resolve) => {
    if (acknowledged >= count) resolve();
    else waiters.push({ count, resolve });
  });

/** Creates checkout `n` through the balancer (retried as a widget does) and has it settled. */
async function createAndSettle(n: number): Promise<void> {
  const key = `restarts-${n}`;
  created[n] = { key, ...(await createWithKey(balancer.url, key, failures)) };
  acknowledged++;
  for (const waiter of waiters.filter((w) => acknowledged >= w.count)) waiter.resolve();
  const request = await paymentRequestOf(stack, created[n].checkout);
  requestOf[n] = request.id;
  const simulated = await stack.control(`/payment-requests/${request.id}/simulate`, {
    outcome: outcomeOf(n),
  });
  assert.equal(simulated.status, 200, simulated.text);
  settled.set(request.id, outcomeOf(n));
}

/** The proxies' connections ended so far. */
let ended = 0;

/**
 * Ends one of the proxies' connections at random, one in a statement or a transaction when
 * there is one. A moment when they hold none (just after a restart) is tried again at the next
 * acknowledged create.
 */
async function terminateOne(): Promise<void> {
  for (;;) {
    const [row] = await cluster.asSuperuser<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE usename = $1
      ORDER BY state = 'idle', random() LIMIT 1`,
      [APPLICATION_ROLE],
    );
    if (row?.ended) {
      ended++;
      return;
    }
    if (acknowledged >= CHECKOUTS) return;
    await untilAcknowledged(acknowledged + 1);
  }
}

/** Proxies' answers while the server was down: each must be 503 store_unavailable. */
const whileDown: string[] = [];

/** Stops the server (fast), reads a checkout from each proxy directly, starts it again. */
async function restartUnderLoad(): Promise<void> {
  await cluster.stopServer('fast');
  const known = created.find(Boolean)!.checkout.id;
  for (const proxy of stack.proxies) {
    const read = await readCheckout(proxy.url, known).catch((error: unknown) => {
      // A proxy that exited refuses the connection: the failure names it.
      throw new Error(`${proxy.name} did not answer: ${connectionErrorCode(error) ?? error}`);
    });
    whileDown.push(`${read.status} ${(read.json as { code?: string } | undefined)?.code}`);
  }
  await cluster.startServer();
}

test('20 terminations of the proxies’ connections and 3 restarts of PostgreSQL: no exit, nothing acknowledged lost', {
  timeout: 240_000,
}, async () => {
  const started = performance.now();
  let next = 0;
  const customer = async () => {
    while (next < CHECKOUTS) await createAndSettle(next++);
  };
  const disrupting = (async () => {
    for (const [index, disruption] of DISRUPTIONS.entries()) {
      await untilAcknowledged((index + 1) * STEP);
      if (disruption === 'restart') await restartUnderLoad();
      else await terminateOne();
    }
  })();
  await Promise.all([...Array.from({ length: CREATES_AT_ONCE }, customer), disrupting]);

  // Every proxy rode it out and is back in the balancer by itself.
  for (const proxy of stack.proxies) {
    assert.equal(proxy.child.exitCode, null, `${proxy.name} still runs`);
    assert.equal(proxy.child.signalCode, null, `${proxy.name} still runs`);
  }
  for (let index = 0; index < PROXIES; index++)
    await balancer.untilServer(balancedName(index), 'UP');
  assert.deepEqual(whileDown, Array(RESTARTS * PROXIES).fill('503 store_unavailable'));
  assert.equal(ended, TERMINATIONS, 'connections ended');

  await untilCallbacksAnswered(stack, settled, 'every callback answered 200');
  // Nothing held by a lease that a lost connection left (what held it, should it time out).
  await untilOutboxSettled(cluster, stack.proxies);
  await checkRows(cluster, {
    created: created.map((entry, n) => ({
      ...entry,
      outcome: outcomeOf(n),
      request: requestOf[n]!,
    })),
    total: CHECKOUTS,
    delivered: () => receiver.delivered(),
  });
  const crashes = stack.proxies.flatMap((proxy) =>
    proxy.lines.filter((line) => /Unhandled|uncaught/i.test(line.text)).map((line) => line.text),
  );
  assert.deepEqual(crashes, []);
  console.log(
    `# ${CHECKOUTS} creates, ${ended} connections ended, ${RESTARTS} restarts, ${failures.length} retried answers, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
});
