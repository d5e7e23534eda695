/**
 * Callback storms: duplicate and out-of-order signed callbacks for many checkouts, all sent at
 * once. Every checkout must end in the final status its callbacks carry, whatever the order;
 * a later different final status must not move it; and nothing may be stored twice.
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import {
  createdCheckout,
  type PaymentRequestRef,
  type PublicCheckout,
  paymentRequestCallback,
  paymentRequestOf,
  readCheckout,
  sendCallback,
} from '../support/checkouts.ts';
import { type Stack, startStack } from '../support/stack.ts';

const LONG = process.env.RELIABILITY_LONG === '1';
const CHECKOUTS = LONG ? 400 : 100;
const CALLBACKS = LONG ? 4000 : 1000;
const FINALS = ['paid', 'failed', 'expired'] as const;

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(() => stack?.stop());

interface Target {
  checkout: PublicCheckout;
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

  const answers = await Promise.all(plan.map(({ body }) => sendCallback(stack, body)));
  const refused = answers.filter((answer) => answer.status !== 200);
  assert.deepEqual(
    refused.map((answer) => `${answer.status} ${answer.text}`),
    [],
    `every signed callback is acknowledged (seed ${seed})`,
  );

  for (const { checkout, final } of targets) {
    const answer = await readCheckout(stack.proxy.url, checkout.id);
    assert.equal(answer.status, 200);
    assert.equal(
      (answer.json as PublicCheckout).status,
      final,
      `checkout ${checkout.id} (seed ${seed})`,
    );
  }

  // A different final status afterwards is acknowledged but moves nothing.
  for (const { checkout, request, final } of targets.slice(0, 10)) {
    const other = FINALS.find((status) => status !== final)!;
    assert.equal((await sendCallback(stack, paymentRequestCallback(request, other))).status, 200);
    const answer = await readCheckout(stack.proxy.url, checkout.id);
    assert.equal((answer.json as PublicCheckout).status, final);
  }

  const db = new Database(stack.databaseFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare('SELECT id, payment_request_id, status, version FROM checkouts')
      .all() as {
      id: string;
      payment_request_id: string;
      status: string;
      version: number;
    }[];
    assert.equal(rows.length, CHECKOUTS, 'one stored checkout per created checkout');
    assert.equal(new Set(rows.map((row) => row.payment_request_id)).size, CHECKOUTS);
    for (const row of rows) {
      // created -> (processing ->) final: at most two changes, however many callbacks came.
      assert.ok(row.version <= 3, `checkout ${row.id} changed ${row.version - 1} times`);
    }
    const logged = db.prepare('SELECT COUNT(*) AS n FROM callbacks').get() as { n: number };
    assert.equal(logged.n, CALLBACKS + 10, 'each callback is logged once');
  } finally {
    db.close();
  }
});
