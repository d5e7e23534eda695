/**
 * Upstream faults, injected through the sandbox's control API: a slow service gives 504 within
 * UPSTREAM_TIMEOUT_MS plus 100 ms, failing answers and dropped connections give 502, the proxy
 * recovers once the faults clear, and a create that may have reached the service is never
 * sent twice (counted by a forwarder in front of the sandbox).
 */

import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { createCheckout, createdCheckout } from '../support/checkouts.ts';
import { type Answer, send } from '../support/http.ts';
import { type Stack, startStack } from '../support/stack.ts';

const TIMEOUT_MS = 1000;
const CREATE_PATH = '/api/payments/v1/requests';

let stack: Stack;
before(async () => {
  stack = await startStack({
    counting: true,
    proxyEnv: { UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) },
  });
});
after(() => stack?.stop());
beforeEach(async () => {
  assert.equal((await stack.control('/faults', {})).status, 200);
});

const creates = () => stack.forwarder!.count('POST', CREATE_PATH);

function assertErrorShape(json: unknown, code: string) {
  assert.ok(json && typeof json === 'object', 'a JSON error body');
  const body = json as Record<string, unknown>;
  assert.equal(body.code, code);
  assert.equal(typeof body.error, 'string');
  assert.ok((body.error as string).length > 0);
}

/** How long the proxy took over a request, from its request log line (the X-Request-Id's). */
async function proxyDuration(answer: Answer): Promise<number> {
  const id = answer.headers['x-request-id'];
  // The line is written as the answer goes out; it reaches this process a moment later.
  for (let waited = 0; waited < 2000; waited += 20) {
    const line = stack.proxy.lines
      .map(({ text }) => (text.startsWith('{') ? JSON.parse(text) : undefined))
      .find((entry) => entry?.message === 'request' && entry.request_id === id);
    if (line) return line.duration_ms;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail(`no request log line for ${id}`);
}

/**
 * The 504 comes within the timeout plus 100 ms as the proxy measured it (its request log), and
 * at least the timeout after the request: nothing was cut short. The time this test process
 * saw is only held loosely, since a busy machine delays the test runner too.
 */
async function assertAnsweredAtTheTimeout(answer: Answer, seenMs: number) {
  const tookMs = await proxyDuration(answer);
  assert.ok(
    tookMs >= TIMEOUT_MS && tookMs <= TIMEOUT_MS + 100,
    `the proxy answered after ${tookMs} ms with a ${TIMEOUT_MS} ms timeout`,
  );
  assert.ok(seenMs < TIMEOUT_MS + 1000, `the caller waited ${seenMs.toFixed(0)} ms`);
}

test('a service slower than the timeout gives 504 at the timeout, reads and creates alike', async (t) => {
  await stack.control('/faults', { latency_ms: TIMEOUT_MS + 1500 });
  // The currency list is not cached yet: the configuration read times out as well. Reads are
  // retried, but only within the timeout: the widget hears at the same time as for a create.
  const readsBefore = stack.forwarder!.count('POST', '/api/v2/currencies/list');
  let started = performance.now();
  const config = await send(`${stack.proxy.url}/api/config`);
  let seen = performance.now() - started;
  assert.equal(config.status, 504);
  assertErrorShape(config.json, 'upstream_timeout');
  await assertAnsweredAtTheTimeout(config, seen);
  assert.equal(stack.forwarder!.count('POST', '/api/v2/currencies/list') - readsBefore, 1);

  const before = creates();
  started = performance.now();
  const answer = await createCheckout(stack.proxy.url);
  seen = performance.now() - started;
  t.diagnostic(
    `create answered ${answer.status} after ${seen.toFixed(0)} ms (timeout ${TIMEOUT_MS} ms)`,
  );
  assert.equal(answer.status, 504);
  assertErrorShape(answer.json, 'upstream_timeout');
  assert.ok(answer.headers['retry-after'], 'Retry-After tells the widget when to try again');
  await assertAnsweredAtTheTimeout(answer, seen);
  assert.equal(creates() - before, 1, 'a create that may have reached the service is not retried');
});

test('the merchant API times out at the timeout too, its retries included', async () => {
  await stack.control('/faults', { latency_ms: TIMEOUT_MS + 1500 });
  const started = performance.now();
  const answer = await send(`${stack.proxy.url}/admin/balances`, {
    headers: { Authorization: `Bearer ${stack.adminToken}` },
  });
  assert.equal(answer.status, 504);
  assertErrorShape(answer.json, 'upstream_timeout');
  await assertAnsweredAtTheTimeout(answer, performance.now() - started);
});

for (const status of [500, 502, 503] as const) {
  test(`a service answering ${status} gives 502, the create sent once`, async () => {
    await stack.control('/faults', { fail_next: 5, status });
    const before = creates();
    const answer = await createCheckout(stack.proxy.url);
    assert.equal(answer.status, 502);
    assertErrorShape(answer.json, 'upstream_unavailable');
    assert.equal(creates() - before, 1);
  });
}

test('a dropped connection gives 502, the create sent once', async () => {
  await stack.control('/faults', { drop_connection: true, fail_next: 5 });
  const before = creates();
  const answer = await createCheckout(stack.proxy.url);
  assert.equal(answer.status, 502);
  assertErrorShape(answer.json, 'upstream_unavailable');
  assert.equal(creates() - before, 1);
});

test('the merchant API reports failing reads as 502 after its retries', async () => {
  await stack.control('/faults', { fail_next: 100, status: 503 });
  const answer = await send(`${stack.proxy.url}/admin/balances`, {
    headers: { Authorization: `Bearer ${stack.adminToken}` },
  });
  assert.equal(answer.status, 502);
  assertErrorShape(answer.json, 'upstream_unavailable');
});

test('a read that fails once is retried and succeeds', async () => {
  await stack.control('/faults', { fail_next: 1, status: 503 });
  const before = stack.forwarder!.count('POST', '/api/v2/accounts/list');
  const answer = await send(`${stack.proxy.url}/admin/balances`, {
    headers: { Authorization: `Bearer ${stack.adminToken}` },
  });
  assert.equal(answer.status, 200, answer.text);
  assert.equal(stack.forwarder!.count('POST', '/api/v2/accounts/list') - before, 2);
});

test('everything works again once the faults are cleared', async () => {
  await stack.control('/faults', { fail_next: 3, status: 500 });
  assert.equal((await createCheckout(stack.proxy.url)).status, 502);
  await stack.control('/faults', {});
  const before = creates();
  const checkout = await createdCheckout(stack.proxy.url);
  assert.equal(checkout.status, 'created');
  assert.equal(creates() - before, 1);
  assert.equal((await send(`${stack.proxy.url}/api/config`)).status, 200);
  assert.equal((await send(`${stack.proxy.url}/readyz`)).status, 200);
});

test('a refused connection (service down) gives 502 and the proxy stays up', async () => {
  const down = await startStack({
    proxyEnv: {
      UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
      // Nothing listens on port 9 of loopback here: every connection is refused.
      PROCESSING_BASE_URL: 'http://127.0.0.1:9/api/v2',
      PROCESSING_PAYMENTS_BASE_URL: 'http://127.0.0.1:9/api/payments/v1',
    },
  });
  try {
    const answer = await createCheckout(down.proxy.url);
    assert.equal(answer.status, 502);
    assertErrorShape(answer.json, 'upstream_unavailable');
    assert.equal((await send(`${down.proxy.url}/healthz`)).status, 200);
  } finally {
    await down.stop();
  }
});
