/**
 * Crash safety: checkouts are created and callbacks arrive under load while the proxy is killed
 * with SIGKILL and started again. The kill lands while creates and callbacks are on the wire
 * (some are cut by it, which the test proves). Every request ends in success, in a connection
 * error the kill explains, or in a documented retryable refusal; clients retry as a widget and
 * the service do. Then every checkout answered 201 exists with the status its acknowledged
 * callbacks gave it, the store holds exactly those checkouts, and the SQLite file passes
 * `PRAGMA integrity_check` and `foreign_key_check` right after each kill and at the end.
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import {
  checkoutBody,
  linkPath,
  type PaymentRequestRef,
  paymentRequestCallback,
  paymentRequestsByLink,
  readCheckout,
} from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { createFlights, type Flight, wasCut } from '@crypto-pay/test-kit/flights';
import { sendJson, sendSigned } from '@crypto-pay/test-kit/http';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { readStore } from '@crypto-pay/test-kit/store-file';
import {
  type DeliveryAttempt,
  type Downtime,
  storeChecks,
  unexplainedAttempts,
} from './crash-checks.ts';

const LONG = process.env.RELIABILITY_LONG === '1';
const WORKERS = 8;
const KILLS = LONG ? 5 : 1;
const LOAD_MS = LONG ? 3000 : 1500;
const FINALS = ['paid', 'failed', 'expired'] as const;
/**
 * How long the service holds each create around a kill: longer than the burst takes to send on a
 * loaded machine (the kill cuts the held creates, so it costs no time), well under
 * UPSTREAM_TIMEOUT_MS (10 s).
 */
const HOLD_MS = 5000;
/** Duplicate callbacks sent at once just before each kill. */
const BURST = 100;

let stack: Stack;
before(async () => {
  stack = await startStack({
    // Retries for about 14 s, as the real service retries for hours: the long variant kills
    // every few seconds, and a delivery must not run out of attempts on a busy machine.
    sandboxEnv: {
      SANDBOX_CALLBACK_RETRY_DELAYS_MS: '100,250,500,1000,1000,1000,1000,1000,2000,2000,2000,2000',
    },
  });
});
after(() => stack?.stop());

/** Every create and callback of the run, judged against the kills. */
const flights = createFlights();

/** What one round of a worker did, and so the status its checkout must show. */
interface Tracked {
  checkout: Checkout;
  request: PaymentRequestRef;
  idempotencyKey: string;
  how: 'simulated through the sandbox' | 'direct callbacks' | 'processing only';
  expected: string;
}

/**
 * One client's loop: create a checkout (retried with its Idempotency-Key, as a widget does),
 * then settle it through the sandbox (which retries its callback until it gets a 200) or send
 * its callbacks straight to the proxy, each retried until acknowledged, as the service does.
 */
async function worker(index: number, tracked: Tracked[], running: () => boolean) {
  for (let round = 0; running(); round++) {
    const idempotencyKey = `crash-${index}-${round}`;
    const created = await flights.untilAnswered(
      'create',
      (onSent) =>
        sendJson(`${stack.proxy.url}/api/checkouts`, checkoutBody(), {
          headers: { 'Idempotency-Key': idempotencyKey },
          onSent,
        }),
      201,
    );
    const checkout = created.json as Checkout;
    const request = (await paymentRequestsByLink(stack)).get(linkPath(checkout.payment_link));
    assert.ok(request, 'the sandbox holds the payment request of a created checkout');
    const final = FINALS[(index + round) % FINALS.length]!;
    const plan = [
      { how: 'simulated through the sandbox', statuses: [] },
      { how: 'direct callbacks', statuses: ['processing', final] },
      { how: 'processing only', statuses: ['processing'] },
    ] as const;
    const { how, statuses } = plan[round % plan.length]!;
    if (how === 'simulated through the sandbox') {
      const answer = await stack.control(`/payment-requests/${request.id}/simulate`, {
        outcome: final,
      });
      assert.equal(answer.status, 200, answer.text);
    }
    for (const status of statuses) {
      const body = paymentRequestCallback(request, status);
      await flights.untilAnswered(
        'callback',
        (onSent) =>
          sendSigned(`${stack.proxy.url}/callbacks/processing`, stack.credentials, body, {
            onSent,
          }),
        200,
      );
    }
    tracked.push({ checkout, request, idempotencyKey, how, expected: statuses.at(-1) ?? final });
  }
}

/**
 * Copies of each checkout's last callback, as a retrying service sends them: acknowledged
 * already when sent directly; for a checkout settled through the sandbox the sandbox may still
 * be delivering its own (then a copy may come first, with the same content). None changes what
 * the checkout ends as.
 */
function duplicateBurst(tracked: readonly Tracked[]): Promise<unknown>[] {
  return Array.from({ length: BURST }, (_, i) => {
    const entry = tracked[i % tracked.length]!;
    const body = paymentRequestCallback(entry.request, entry.expected);
    return flights.attempt(
      'callback',
      (onSent) =>
        sendSigned(`${stack.proxy.url}/callbacks/processing`, stack.credentials, body, { onSent }),
      200,
    );
  });
}

/**
 * Lets the load run, then KILLS times: makes sure creates and callbacks are mid-request, kills
 * the proxy, checks the file and starts the proxy again. Keeps what was on the wire at each
 * kill, when the proxy was down, and the burst's requests (to await their outcomes).
 */
async function killUnderLoad(
  tracked: readonly Tracked[],
  record: { kills: Flight[][]; downtimes: Downtime[]; bursts: Promise<unknown>[] },
): Promise<void> {
  for (let kill = 0; kill < KILLS; kill++) {
    await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
    // A slow service holds the creates started from now on inside the proxy, and a burst of
    // callbacks keeps it busy: the kill finds both mid-request however late this process runs.
    assert.equal((await stack.control('/faults', { latency_ms: HOLD_MS })).status, 200);
    const heldFrom = flights.started();
    const isHeld = (f: Flight) => f.kind === 'create' && f.seq > heldFrom && f.sent;
    const [held] = (
      await flights.onTheWireWhen((wire) => wire.some(isHeld), 'a create held by the slow service')
    ).filter(isHeld);
    const burstFrom = flights.started();
    record.bursts.push(...duplicateBurst(tracked));
    // The workers' own callbacks go on meanwhile: the burst is the flights started just now.
    const burstTo = flights.started();
    const inBurst = (f: Flight) => f.seq > burstFrom && f.seq <= burstTo;
    const onTheWire = await flights.onTheWireWhen(
      (wire) => wire.every((f) => !inBurst(f) || f.sent) && wire.some(inBurst),
      'the burst of callbacks to be sent, some still unanswered',
    );
    assert.ok(held && onTheWire.includes(held), 'the held create is still on the wire');
    // Same tick as the check: whatever ends from here on ends after the kill.
    flights.killing();
    const down = Date.now();
    record.kills.push(onTheWire);
    await stack.proxy.kill();
    assert.deepEqual(
      storeChecks(stack.databaseFile),
      { integrity: 'ok', foreignKeyViolations: [] },
      'the store right after SIGKILL',
    );
    assert.equal((await stack.control('/faults', {})).status, 200);
    await stack.restartProxy();
    flights.restarted();
    record.downtimes.push({ from: down, to: Date.now() });
  }
  // The load goes on after the last restart, counted in rounds however slow the machine: at
  // least 20 checkouts in all, and a round per worker more than at the restart.
  const roundsBefore = tracked.length;
  await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
  await eventually(
    () => tracked.length >= Math.max(20, roundsBefore + WORKERS),
    `20 checkouts under load, ${WORKERS} more after the last restart`,
    60_000,
  );
}

test(`creates and callbacks under load survive ${KILLS} SIGKILL(s) of the proxy`, async () => {
  const tracked: Tracked[] = [];
  let load = true;
  const workers = Array.from({ length: WORKERS }, (_, i) => worker(i, tracked, () => load));
  const record = {
    kills: [] as Flight[][],
    downtimes: [] as Downtime[],
    bursts: [] as Promise<unknown>[],
  };
  const { kills, downtimes } = record;
  try {
    await killUnderLoad(tracked, record);
  } catch (error) {
    // The workers must not outlive a failed test, retrying against a stopped proxy.
    load = false;
    flights.abandon();
    await Promise.allSettled(workers);
    throw error;
  }
  load = false;
  await Promise.all(workers);
  await Promise.all(record.bursts);

  assert.deepEqual(
    flights.unexpected,
    [],
    'every request succeeded or failed only because of a kill',
  );
  const cutCounts = kills.map((wire) => {
    const cut = (kind: string) => wire.filter((f) => f.kind === kind && wasCut(f)).length;
    const onWire = (kind: string) => wire.filter((f) => f.kind === kind).length;
    return {
      createsInFlight: onWire('create'),
      createsCut: cut('create'),
      callbacksInFlight: onWire('callback'),
      callbacksCut: cut('callback'),
    };
  });
  console.log(`# at each kill: ${JSON.stringify(cutCounts)}`);
  for (const [i, counts] of cutCounts.entries()) {
    // The kill landed mid-traffic: requests were on the wire and it cut some of each kind.
    assert.ok(counts.createsCut > 0, `kill ${i + 1} cut no create: ${JSON.stringify(counts)}`);
    assert.ok(counts.callbacksCut > 0, `kill ${i + 1} cut no callback: ${JSON.stringify(counts)}`);
  }

  // The sandbox retries a callback until it gets a 200; wait until none is waiting for one.
  const attempts = await eventually(
    async () => {
      const all = (await stack.control('/callbacks')).json as DeliveryAttempt[];
      const open = new Set(all.map((attempt) => attempt.delivery_id));
      for (const attempt of all) if (attempt.final) open.delete(attempt.delivery_id);
      return open.size === 0 ? all : undefined;
    },
    'the sandbox to deliver every callback',
    30_000,
  );
  assert.deepEqual(
    unexplainedAttempts(attempts, downtimes),
    [],
    'the sandbox delivered every callback, failing only in ways a kill explains',
  );

  for (const entry of tracked) {
    const answer = await readCheckout(stack.proxy.url, entry.checkout.id);
    assert.equal(answer.status, 200, `checkout ${entry.checkout.id} answered 201 but is gone`);
    assert.equal(
      (answer.json as Checkout).status,
      entry.expected,
      `checkout ${entry.checkout.id} (${entry.how})`,
    );
  }
  console.log(
    `# ${tracked.length} checkouts, ${tracked.filter((entry) => entry.how === 'simulated through the sandbox').length} settled through the sandbox; the proxy was down ${downtimes.map(({ from, to }) => to - from).join(', ')} ms`,
  );

  await stack.proxy.stop();
  assert.deepEqual(
    storeChecks(stack.databaseFile),
    { integrity: 'ok', foreignKeyViolations: [] },
    'the store at the end',
  );
  // Exactly the checkouts answered 201 are stored: a create cut after its commit was replayed
  // by its Idempotency-Key, never stored twice; one cut before it left nothing behind.
  const { stored, keys } = readStore(stack.databaseFile, (db) => ({
    stored: db.prepare('SELECT id FROM checkouts').all() as { id: string }[],
    keys: db.prepare('SELECT key, checkout_id FROM idempotency_keys').all() as {
      key: string;
      checkout_id: string | null;
    }[],
  }));
  assert.deepEqual(
    stored.map((row) => row.id).sort(),
    tracked.map((entry) => entry.checkout.id).sort(),
  );
  assert.deepEqual(
    new Map(keys.map((row) => [row.key, row.checkout_id])),
    new Map(tracked.map((entry) => [entry.idempotencyKey, entry.checkout.id])),
  );
});
