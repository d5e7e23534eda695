/**
 * A rolling restart of three proxies on one PostgreSQL behind HAProxy, against the sandbox,
 * under a bounded load as widgets and the service make it: 300 creates with Idempotency-Keys,
 * 500 event streams that follow them (two tabs for two checkouts in three) and reconnect through
 * the balancer, status reads, and the sandbox paying or failing every checkout (its callbacks go
 * through the balancer). Each proxy is SIGTERMed in turn (it drains: `/readyz` fails, the
 * balancer takes it out, it serves on until SHUTDOWN_DRAIN_MS is over, then exits) and started
 * again; then one is SIGKILLed. Afterwards: every create acknowledged and found once, every
 * callback answered 200, every stream ended on its checkout's final status, every webhook event
 * delivered (at least once; exactly once by webhook-id), the database's rows exactly those, and
 * no answer failed while the proxies were drained.
 *
 * The kill comes when no create and no webhook send is in flight (the others are, and streams
 * and reads): a create or send cut by a kill holds its key or delivery for its lease (5 min and
 * 70 s, by design, as a proxy cannot tell a dead one from a slow one), which the store's tests
 * cover with short leases. Every wait is for an event: a balancer's log line, a process's exit,
 * an answer, a row. */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newWebhookSecret } from '@crypto-pay/protocol/node';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import { type Balancer, balancedName, balanceStack } from '@crypto-pay/test-kit/balancer';
import { linkPath, paymentRequestsByLink } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { type PostgresCluster, startPostgres } from '@crypto-pay/test-kit/postgres';
import type { ServerProcess } from '@crypto-pay/test-kit/process';
import { createWithKey, type Failure, readStatus } from '@crypto-pay/test-kit/retried-requests';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { checkRows, untilCallbacksAnswered, untilOutboxSettled } from './rolling-checks.ts';
import { FINAL, type Followed, follow } from './rolling-traffic.ts';

const SECRET = newWebhookSecret();
const PROXIES = 3;
/** Checkouts in all, created in waves of WAVE, one wave per phase. */
const WAVE = 60;
const WAVES = 5;
/** Streams that follow checkout number `n`: 500 in all, the widget and often a second tab. */
const streamsOf = (n: number) => (n % 3 === 2 ? 1 : 2);
/** Creates under way at once: a few customers at a time, as a bounded load. */
const CREATES_AT_ONCE = 8;
/** A wave's checkouts are paid or failed two phases later: until then their streams stay open. */
const PAYMENT_LAG = 2;

/** The outcome the sandbox plays for checkout number `n`: one in five fails. */
const outcomeOf = (n: number) => (n % 5 === 4 ? 'failed' : 'paid');
const DRAIN_MS = 2000;

let cluster: PostgresCluster;
let receiver: WebhookReceiver;
let stack: Stack;
let balancer: Balancer;

/** What the traffic saw, phase by phase. */
interface Phase {
  name: string;
  started: number;
  ended: number;
}

const phases: Phase[] = [];
const failures: Failure[] = [];
const created: { key: string; checkout: Checkout; replayed: boolean }[] = [];
/** Resolves once the first checkout is created: the reads have one to read from then. */
let createdOne = () => {};
const firstCreated = new Promise<void>((resolve) => {
  createdOne = resolve;
});
/** Every stream, with the number of the checkout it follows. */
const followers: (Followed & { n: number })[] = [];
let replays = 0;
let stopReads = false;

before(async () => {
  cluster = await startPostgres();
  receiver = await startWebhookReceiver(SECRET);
  stack = await startStack({
    proxies: PROXIES,
    proxyEnv: {
      DATABASE_URL: cluster.url,
      // What a deploy sets: well beyond the balancer's time to see /readyz fail (a check every
      // 100 ms), so requests it sent before are answered before the proxy closes.
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      // Every connection comes from HAProxy's address: no per-address cap (the README's advice
      // behind a balancer), streams included.
      MAX_CONNECTIONS_PER_CLIENT: '0',
      MAX_EVENT_STREAMS_PER_CLIENT: '2000',
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_RETRY_SCHEDULE_MS: '100,200,400,800,1600,3200',
    },
  });
  balancer = await balanceStack(stack);
});

after(async () => {
  // Whatever the test's end, its clients stop before the servers do.
  stopReads = true;
  for (const followed of followers) followed?.stop();
  await balancer?.stop();
  await stack?.stop();
  await receiver?.close();
  await cluster?.stop();
});

/** Creates checkouts `from` to `to` (exclusive), CREATES_AT_ONCE at a time; each is followed. */
async function createWave(from: number, to: number, onCreated: () => void): Promise<void> {
  let next = from;
  const customer = async () => {
    while (next < to) {
      const n = next++;
      const key = `rolling-${n}`;
      const result = await createWithKey(balancer.url, key, failures);
      if (result.replayed) replays++;
      created[n] = { key, ...result };
      createdOne();
      for (let tab = 0; tab < streamsOf(n); tab++) {
        followers.push(Object.assign(follow(balancer.url, result.checkout.id), { n }));
      }
      // The widget reads once too (a resumed page does).
      assert.equal(await readStatus(balancer.url, result.checkout.id, failures), 'created');
      onCreated();
    }
  };
  await Promise.all(Array.from({ length: CREATES_AT_ONCE }, customer));
}

/** Has the sandbox pay or fail checkouts `from` to `to`; its callbacks go through the balancer. */
async function settleWave(from: number, to: number): Promise<void> {
  const requests = await paymentRequestsByLink(stack);
  for (let n = from; n < to; n++) {
    const request = requests.get(linkPath(created[n]!.checkout.payment_link));
    assert.ok(request, `the sandbox has checkout ${n}'s payment request`);
    const simulated = await stack.control(`/payment-requests/${request.id}/simulate`, {
      outcome: outcomeOf(n),
    });
    assert.equal(simulated.status, 200, simulated.text);
    settled.set(request.id, outcomeOf(n));
    requestOf[n] = request.id;
  }
}

/** Reads the created checkouts' statuses one after another until `stop` says so. */
function readLoop(stop: () => boolean): Promise<number> {
  return (async () => {
    let reads = 0;
    await firstCreated;
    for (let n = 0; !stop(); n++) {
      const known = created.filter(Boolean);
      const { checkout } = known[n % known.length]!;
      await readStatus(balancer.url, checkout.id, failures);
      reads++;
    }
    return reads;
  })();
}

/**
 * SIGTERM, as a deploy stops a proxy: it drains (its `/readyz` fails while it serves on), the
 * balancer takes it out, and it exits once the drain is over.
 */
async function drainAndStop(index: number, proxy: ServerProcess): Promise<void> {
  const exited = proxy.exited();
  proxy.child.kill('SIGTERM');
  mark(`${balancedName(index)} SIGTERM`);
  const out = balancer.untilServer(balancedName(index), 'DOWN').then(() => 'out' as const);
  const first = await Promise.race([out, exited.then(() => 'exited' as const)]);
  assert.equal(first, 'out', `the balancer took ${proxy.name} out before its drain ended`);
  mark(`${balancedName(index)} DOWN`);
  assert.equal(await exited, 0, `${proxy.name} exits 0 after its drain`);
  mark(`${balancedName(index)} exited`);
}

/** What happened when, to place a failure in the sequence. */
const timeline: { at: number; what: string }[] = [];
const mark = (what: string) => timeline.push({ at: performance.now(), what });

/** The payment requests the sandbox was told to settle, and how. */
const settled = new Map<string, string>();
/** Checkout number n's payment request at the sandbox. */
const requestOf: string[] = [];

test('three proxies restarted in turn, then one killed: nothing acknowledged is lost', {
  timeout: 300_000,
}, async () => {
  const reading = readLoop(() => stopReads);
  const phase = async (name: string, work: () => Promise<unknown>) => {
    const current = { name, started: performance.now(), ended: 0 };
    phases.push(current);
    await work();
    current.ended = performance.now();
    console.log(`# ${name}: ${((current.ended - current.started) / 1000).toFixed(1)} s`);
  };

  // Three phases: a wave of creates, the previous waves' payments, and one proxy drained,
  // stopped and started again once a fifth of the wave is in (so creates run on both sides).
  for (let index = 0; index < PROXIES; index++) {
    const wave = index;
    await phase(`restart ${balancedName(index)}`, async () => {
      let inWave = 0;
      let restarted: Promise<unknown> | undefined;
      const restart = () =>
        stack
          .restartProxy(index, (proxy) => drainAndStop(index, proxy))
          .then(() => mark(`${balancedName(index)} started`))
          .then(() => balancer.untilServer(balancedName(index), 'UP'))
          .then(() => mark(`${balancedName(index)} UP`));
      const settled =
        wave >= PAYMENT_LAG
          ? settleWave((wave - PAYMENT_LAG) * WAVE, (wave - PAYMENT_LAG + 1) * WAVE)
          : undefined;
      await createWave(wave * WAVE, (wave + 1) * WAVE, () => {
        inWave++;
        if (inWave === WAVE / 5) restarted = restart();
      });
      await Promise.all([restarted, settled]);
    });
  }

  // The kill: nothing of a create or a webhook send in flight (see the header), streams and
  // reads are. Then the next waves and the payments left, on the two proxies that remain.
  const victim = 1;
  await phase(`kill ${balancedName(victim)}`, async () => {
    await untilCallbacksAnswered(stack, settled, 'the callbacks so far answered');
    // A send cut off by a drain is due again at once, and taken at a worker's next look.
    await untilOutboxSettled(cluster, stack.proxies);
    await stack.proxies[victim]!.kill();
    await balancer.untilServer(balancedName(victim), 'DOWN');
    await Promise.all([
      createWave(3 * WAVE, 4 * WAVE, () => {}),
      settleWave((3 - PAYMENT_LAG) * WAVE, (4 - PAYMENT_LAG) * WAVE),
    ]);
  });
  await phase('after the kill', async () => {
    await Promise.all([
      createWave(4 * WAVE, 5 * WAVE, () => {}),
      settleWave((4 - PAYMENT_LAG) * WAVE, (5 - PAYMENT_LAG) * WAVE),
    ]);
    await settleWave((5 - PAYMENT_LAG) * WAVE, WAVES * WAVE);
  });

  const total = WAVES * WAVE;
  await untilCallbacksAnswered(stack, settled, 'every callback answered 200');

  // Creates, statuses, events and webhooks, exactly, from the database and the receiver.
  await checkRows(cluster, {
    created: created.map((entry, n) => ({
      ...entry,
      outcome: outcomeOf(n),
      request: requestOf[n]!,
    })),
    total,
    delivered: () => receiver.delivered(),
  });

  // Streams: each ended on its checkout's final status, never going back to an older version
  // after a reconnect.
  const open = () =>
    followers
      .filter((f) => !f.finished)
      .map((f) => `${f.id} after ${f.connections} connection(s): ${JSON.stringify(f.messages)}`);
  await eventually(() => followers.every((f) => f.finished), 'every stream ended', 30_000).catch(
    (error: Error) => {
      throw new Error(
        `${error.message}; still open (${open().length}):\n${open().slice(0, 5).join('\n')}`,
      );
    },
  );
  stopReads = true;
  const reads = await reading;
  assert.equal(followers.length, 500);
  for (const { n, messages } of followers) {
    assert.equal(messages.at(-1)?.status, outcomeOf(n), `checkout ${n}'s stream`);
    const versions = messages.map((message) => message.version);
    assert.deepEqual(
      versions,
      [...versions].sort((x, y) => x - y),
      `checkout ${n}'s versions`,
    );
    assert.ok(messages.slice(0, -1).every((m) => !FINAL.has(m.status)));
  }

  // The drains took every proxy out before it stopped: nothing failed but around the kill.
  const killed = phases.find((p) => p.name.startsWith('kill'))!;
  const outsideKill = failures
    .concat(followers.flatMap((f) => f.failures))
    .filter((f) => f.at < killed.started);
  assert.deepEqual(
    outsideKill,
    [],
    `no refused or failed answer while proxies were drained; timeline: ${JSON.stringify(timeline)}`,
  );

  // Every drain gave its claims back: an attempt whose record failed (the store closed under
  // it) leaves its lease in force, and two of them hold the endpoint at its cap for 70 s.
  const unrecorded = stack.proxies.flatMap((proxy) =>
    proxy.lines
      .filter((line) => /webhook (attempt could not be recorded|deliveries paused)/.test(line.text))
      .map((line) => `${proxy.name}: ${line.text}`),
  );
  assert.deepEqual(unrecorded, [], 'no webhook attempt left unrecorded by a drain');

  const reconnects = followers.reduce((sum, f) => sum + f.connections - 1, 0);
  console.log(
    `# ${total} creates (${replays} replayed after a retry), ${reads} background reads, ${reconnects} stream reconnects, ${failures.length} retried answers; phases: ${phases
      .map((p) => `${p.name} ${((p.ended - p.started) / 1000).toFixed(1)} s`)
      .join(', ')}; timeline: ${timeline
      .map((event) => `${event.what} ${(event.at / 1000).toFixed(2)}`)
      .join(', ')}`,
  );
});
