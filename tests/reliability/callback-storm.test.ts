/**
 * Callback storms: duplicate and out-of-order signed callbacks for many checkouts, all sent at
 * once. Every checkout must end in the final status its callbacks carry, whatever the order;
 * a later different final status must not move it; and nothing may be applied twice: the
 * proxy's callback log, replayed in commit order, shows each status change applied once and
 * every other callback recorded as a duplicate (the status it has) or late (behind it).
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import {
  createdCheckout,
  type PaymentRequestRef,
  paymentRequestCallback,
  paymentRequestOf,
  readCheckout,
  sendPaymentRequestCallback,
} from '@crypto-pay/test-kit/checkouts';
import { deliveredCallback, type Failure } from '@crypto-pay/test-kit/retried-requests';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { readStore } from '@crypto-pay/test-kit/store-file';
import fc from 'fast-check';

const LONG = process.env.RELIABILITY_LONG === '1';
const CHECKOUTS = LONG ? 400 : 100;
const CALLBACKS = LONG ? 4000 : 1000;
const FINALS = ['paid', 'failed', 'expired'] as const;
/** The order of the proxy's statuses: a callback applies only when it moves a checkout on. */
const RANK: Record<string, number> = { created: 0, processing: 1, paid: 2, failed: 2, expired: 2 };

let stack: Stack;
before(async () => {
  // A thousand callbacks at once from this one address: past MAX_CONNECTIONS_PER_CLIENT, as the
  // service's own addresses would be (its retries then deliver the rest). Here every one must land.
  stack = await startStack({ proxyEnv: { MAX_CONNECTIONS_PER_CLIENT: '0' } });
});
after(() => stack?.stop());

interface Target {
  checkout: Checkout;
  request: PaymentRequestRef;
  final: (typeof FINALS)[number];
}

test(`${CALLBACKS} concurrent duplicate and out-of-order callbacks over ${CHECKOUTS} checkouts`, async () => {
  const targets: Target[] = [];
  for (let i = 0; i < CHECKOUTS; i++) {
    const checkout = await createdCheckout(stack.proxy.url);
    targets.push({
      checkout,
      request: await paymentRequestOf(stack, checkout),
      final: FINALS[i % FINALS.length]!,
    });
  }
  // Each checkout gets its final status several times plus earlier statuses, shuffled together.
  const seed = Date.now();
  const plan = fc.sample(
    fc.shuffledSubarray(
      Array.from({ length: CALLBACKS }, (_, i) => {
        const target = targets[i % CHECKOUTS]!;
        const round = Math.floor(i / CHECKOUTS);
        const status = round % 3 === 1 ? 'processing' : round % 5 === 4 ? 'created' : target.final;
        return { target, body: paymentRequestCallback(target.request, status) };
      }),
      { minLength: CALLBACKS, maxLength: CALLBACKS },
    ),
    { numRuns: 1, seed },
  )[0]!;

  // All at once, each retried as the service retries it should a starved proxy cut its
  // connection or answer 408 before reading it; any other refusal fails the test.
  const failures: Failure[] = [];
  await Promise.all(plan.map(({ body }) => deliveredCallback(stack, body, failures)));
  if (failures.length > 0) console.log(`# ${failures.length} tries retried (seed ${seed})`);

  for (const { checkout, final } of targets) {
    const answer = await readCheckout(stack.proxy.url, checkout.id);
    assert.equal(answer.status, 200);
    assert.equal((answer.json as Checkout).status, final, `checkout ${checkout.id} (seed ${seed})`);
  }

  // A different final status afterwards is acknowledged but moves nothing.
  for (const { checkout, request, final } of targets.slice(0, 10)) {
    const other = FINALS.find((status) => status !== final)!;
    assert.equal((await sendPaymentRequestCallback(stack, request, other)).status, 200);
    const answer = await readCheckout(stack.proxy.url, checkout.id);
    assert.equal((answer.json as Checkout).status, final);
  }

  const sent = new Map<string, number>();
  for (const { target } of plan) {
    const id = target.request.id;
    sent.set(id, (sent.get(id) ?? 0) + 1);
  }
  for (const { request } of targets.slice(0, 10)) sent.set(request.id, sent.get(request.id)! + 1);

  const { logged, versions } = readStore(stack.databaseFile, (db) => ({
    logged: db.prepare('SELECT object_id, status, outcome FROM callbacks ORDER BY id').all() as {
      object_id: string;
      status: string;
      outcome: string;
    }[],
    versions: new Map(
      (
        db.prepare('SELECT payment_request_id, version FROM checkouts').all() as {
          payment_request_id: string;
          version: number;
        }[]
      ).map((row) => [row.payment_request_id, row.version]),
    ),
  }));
  assert.equal(logged.length, CALLBACKS + 10, 'each callback is logged once');
  for (const { checkout, request, final } of targets) {
    const rows = logged.filter((row) => row.object_id === request.id);
    assert.equal(rows.length, sent.get(request.id), `callbacks logged for ${checkout.id}`);
    // Replayed in commit order, the log must show what the status rules decide: a change
    // applied once, a repeat of the status it has a duplicate, any other (behind it) late.
    let status = 'created';
    const applied: string[] = [];
    for (const row of rows) {
      const ahead = RANK[status]! < 2 && RANK[row.status]! > RANK[status]!;
      assert.equal(
        row.outcome,
        ahead ? 'applied' : row.status === status ? 'duplicate' : 'late',
        `a ${row.status} callback to a ${status} checkout ${checkout.id} (seed ${seed}): ${JSON.stringify(rows)}`,
      );
      if (ahead) {
        status = row.status;
        applied.push(row.status);
      }
    }
    assert.equal(status, final, `checkout ${checkout.id}: the log ends elsewhere`);
    // Each change bumps the stored version once: no change went unlogged or was made twice.
    assert.equal(versions.get(request.id), 1 + applied.length, `version of ${checkout.id}`);
  }
});
