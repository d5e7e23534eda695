/**
 * `crypto-pay trigger checkout.stale`, the built bin against the test kit's stack: on a stack run
 * for it as tests/reliability/stale-payments.test.ts runs one (the sandbox's clock behind the
 * proxy's, a short lifetime, a short STALE_AFTER_SECONDS and sweep), it drops the sandbox's
 * callbacks, gets the checkout's checkout.stale and puts the sandbox's faults back as they were;
 * on a stack without the skew it fails in time, saying what to configure, the faults put back.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { MerchantCheckout, WebhookEvent } from '@crypto-pay/protocol/proxy-api';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { adminEvents, adminGet, cliEnv, runBin } from './bin.ts';

/** Faults other than none, so that only a whole put-back restores them. */
const SET_FAULTS = { latency_ms: 1 };
const FAULTS_SET = {
  latency_ms: 1,
  fail_next: 0,
  status: 500,
  drop_connection: false,
  drop_callbacks: false,
};

const faultsOf = async (stack: Stack) => (await stack.control('/faults')).json;

async function setFaults(stack: Stack): Promise<void> {
  const set = await stack.control('/faults', SET_FAULTS);
  assert.equal(set.status, 200, set.text);
  assert.deepEqual(await faultsOf(stack), FAULTS_SET);
}

describe('crypto-pay trigger checkout.stale on a stack run for it', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({
      proxyEnv: {
        PAYMENT_LIFETIME_SECONDS: '300',
        STALE_AFTER_SECONDS: '1',
        STALE_SWEEP_INTERVAL_MS: '200',
      },
      sandboxEnv: { SANDBOX_CLOCK_SKEW_SECONDS: '-700' },
    });
  });
  after(() => stack?.stop());

  it("prints the checkout's events up to checkout.stale, the sandbox's faults put back", async () => {
    await setFaults(stack);
    const ran = await runBin(['trigger', 'checkout.stale', '--json'], { env: cliEnv(stack) });
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(ran.stderr, /drops its callbacks until checkout\.stale arrives/);
    const events = JSON.parse(ran.stdout) as WebhookEvent[];
    assert.deepEqual(
      events.map((event) => event.type),
      ['checkout.created', 'checkout.stale'],
    );
    // Each as the proxy wrote it.
    const written = new Map((await adminEvents(stack)).map((event) => [event.id, event]));
    for (const event of events) assert.deepEqual(event, written.get(event.id), event.id);
    const { id } = events[1]!.data as MerchantCheckout;
    const checkout = await adminGet<MerchantCheckout>(stack, `/admin/checkouts/${id}`);
    // Stale keeps the status: nothing is guessed.
    assert.equal(checkout.status, 'created');
    assert.equal(typeof checkout.stale_since, 'number');
    assert.deepEqual(await faultsOf(stack), FAULTS_SET);
  });
});

describe('crypto-pay trigger checkout.stale on a stack without the clock skew', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack();
  });
  after(() => stack?.stop());

  it('exits 1 in time with what to configure, the faults put back', async () => {
    await setFaults(stack);
    const ran = await runBin(['trigger', 'checkout.stale', '--timeout', '3'], {
      env: cliEnv(stack),
    });
    assert.equal(ran.code, 1, ran.stderr);
    // A loaded machine may not see even checkout.created within 3 s.
    assert.match(
      ran.stderr,
      /checkout\.stale did not arrive within 3 s \(arrived: (checkout\.created|none)\): the proxy calls a checkout stale STALE_AFTER_SECONDS after its payment request's expiry by the proxy's own clock; for one on demand, run the sandbox with SANDBOX_CLOCK_SKEW_SECONDS=-700 and the proxy with PAYMENT_LIFETIME_SECONDS=300 STALE_AFTER_SECONDS=1 STALE_SWEEP_INTERVAL_MS=200\./,
    );
    assert.deepEqual(await faultsOf(stack), FAULTS_SET);
  });
});
