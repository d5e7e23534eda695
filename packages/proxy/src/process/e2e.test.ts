/**
 * The proxy as a process (its entry point, from the source: the built bin and the container are
 * the cross-package tests') against the sandbox CLI, both real processes on 127.0.0.1. Whole checkout lives in each
 * pricing mode, callbacks over the network, SSE on a socket, restart, graceful shutdown.
 */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { checkoutBody, paymentRequestOf } from '@crypto-pay/test-kit/checkouts';
import { messagesOf, openEventStream } from '@crypto-pay/test-kit/event-streams';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { startCountingForwarder } from '@crypto-pay/test-kit/forwarder';
import { send } from '@crypto-pay/test-kit/http';
import { type NotReadyError, type ServerProcess, textOf } from '@crypto-pay/test-kit/process';
import {
  processingUrls,
  proxyData,
  startProxyProcess,
  startSandboxProcess,
} from '@crypto-pay/test-kit/servers';
import {
  ADMIN_TOKEN,
  adminHeaders,
  assertNothingLeaked,
  CREDENTIALS,
  driverOf,
  FORBIDDEN,
  seen,
  testEnv,
} from '../testing.test-helpers.ts';

/** A stuck test fails instead of hanging the suite. */
const TEST_TIMEOUT_MS = 60_000;
const data = proxyData({ prefix: 'crypto-pay-e2e-', database: 'data/crypto-pay.db' });
const { databaseFile } = data;

let sandbox: ServerProcess;
let proxy: ServerProcess;
const proxies: ServerProcess[] = [];

/**
 * Starts the proxy's entry point from the source, on the file's data, with `extra` variables;
 * the sandbox's callbacks go to it. Its processing service is the sandbox unless `upstream`
 * (a forwarder in front of it) is given.
 */
async function startProxy(
  extra: Record<string, string | undefined> = {},
  upstream = sandbox.url,
): Promise<ServerProcess> {
  const running = await startProxyProcess({
    built: false,
    env: testEnv(processingUrls(upstream), { ...data.env, ...extra }),
    callbacksFrom: { url: sandbox.url, ...CREDENTIALS },
  });
  proxies.push(running);
  return running;
}

/** Stops a process with SIGTERM; resolves with its exit code. */
function stop(running: ServerProcess): Promise<number | null> {
  // The grace period of the proxy is 10 s; past that, something is wrong: do not hang.
  return running.stop(20_000);
}

/** What a process wrote, both streams. */
const outputOf = (running: ServerProcess) => running.lines.map((line) => line.text).join('\n');

/** The test kit's sandbox driver (the sandbox process starts in `before`). */
const sandboxKit = () => driverOf(sandbox);

/** A control API POST (`/_sandbox` + path) that must succeed; answers its JSON. */
async function control(path: string, body: object) {
  const answer = await sandboxKit().control(path, body);
  assert.equal(answer.status, 200, `${path}: ${answer.text}`);
  return answer.json;
}

/** A request to the running proxy; every answer goes to the leak scan. */
async function call(path: string, init: RequestInit & { json?: unknown } = {}) {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(`${proxy.url}${path}`, {
    ...rest,
    headers,
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const text = await response.text();
  seen.push(`${response.status} ${JSON.stringify([...response.headers])} ${text}`);
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : undefined,
  };
}

/** Opens the event stream of a checkout; `ended` resolves with its messages once it ends. */
function follow(id: string) {
  const opened = openEventStream(`${proxy.url}/api/checkouts/${id}/events`, {
    timeoutMs: TEST_TIMEOUT_MS,
    onText: (text) => seen.push(text),
  }).then((stream) => {
    assert.equal(stream.status, 200);
    return stream;
  });
  /** Resolves once the first message (the current state) arrived; fails if the stream did. */
  const connected = opened.then((stream) =>
    assert.ok(/^data: /m.test(stream.first), 'the stream ended before any message'),
  );
  const ended = opened
    .then((stream) => stream.rest())
    .then((text) => messagesOf(text).map((message) => message.data as { status: string }));
  return { connected, ended };
}

/** Creates a product checkout and insists it worked. */
async function newCheckout() {
  const created = await call('/api/checkouts', { method: 'POST', json: checkoutBody() });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created;
}

/** The sandbox's id of the payment request behind a checkout. */
const paymentRequestIdOf = async (checkout: { payment_link: string }) =>
  (await paymentRequestOf(sandboxKit(), checkout)).id;

before(async () => {
  sandbox = await startSandboxProcess({
    built: false,
    credentials: CREDENTIALS,
    callbackRetryDelaysMs: [100, 300, 1000, 3000],
  });
  proxy = await startProxy();
});

after(async () => {
  for (const running of proxies) await stop(running);
  await stop(sandbox);
  for (const running of proxies) seen.push(outputOf(running));
  // The store file holds no secret and no sender data either.
  const stored =
    readFileSync(databaseFile).toString('latin1') +
    readFileSync(`${databaseFile}-wal`, { flag: 'a+' }).toString('latin1');
  for (const secret of FORBIDDEN) assert.ok(!stored.includes(secret), `store holds ${secret}`);
  data.remove();
  assertNothingLeaked();
});

describe('a checkout’s whole life, through real processes', () => {
  const lives: [string, () => Promise<Record<string, unknown>>, string][] = [
    ['product', async () => ({ product: 'kettle' }), 'paid'],
    [
      'session',
      async () => {
        const session = await call('/admin/checkout-sessions', {
          method: 'POST',
          headers: adminHeaders,
          json: { amount: '42.00', currency: 'EUR', foreign_id: `order-${Date.now()}` },
        });
        assert.equal(session.status, 201);
        return { session: session.body.session };
      },
      'failed',
    ],
    ['open amount', async () => ({ amount: '7.50', currency: 'USD' }), 'expired'],
  ];

  for (const [mode, pricing, outcome] of lives) {
    it(`${mode}: create, the sandbox plays "${outcome}", callback, status and SSE follow`, {
      timeout: TEST_TIMEOUT_MS,
    }, async () => {
      const created = await call('/api/checkouts', {
        method: 'POST',
        json: checkoutBody(await pricing()),
      });
      assert.equal(created.status, 201);
      const checkout = created.body;
      assert.equal(checkout.status, 'created');

      // Two open streams of the same checkout both hear every change.
      const stream = follow(checkout.id);
      const other = follow(checkout.id);
      await Promise.all([stream.connected, other.connected]);
      await control(`/payment-requests/${await paymentRequestIdOf(checkout)}/simulate`, {
        outcome,
      });
      const messages = await stream.ended;
      assert.deepEqual(await other.ended, messages);
      assert.equal(messages[0]?.status, 'created');
      assert.equal(messages.at(-1)?.status, outcome, 'the stream ends on the final status');
      assert.deepEqual(
        messages.map((message) => message.status),
        [...new Set(messages.map((message) => message.status))],
        'each status once',
      );

      const read = await call(`/api/checkouts/${checkout.id}`);
      assert.equal(read.body.status, outcome);
      const deliveries = (await sandboxKit().control('/callbacks')).json as {
        body: string;
        response_status: number;
      }[];
      const ours = deliveries.filter((delivery) =>
        delivery.body.includes(checkout.payment_link.split('/').at(-1)!),
      );
      assert.ok(ours.length > 0);
      assert.ok(ours.every((delivery) => delivery.response_status === 200));
    });
  }

  it('a final status stays final when the sandbox plays another outcome', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const created = await newCheckout();
    const id = await paymentRequestIdOf(created.body);
    await control(`/payment-requests/${id}/simulate`, { outcome: 'paid' });
    await eventually(
      async () => (await call(`/api/checkouts/${created.body.id}`)).body.status === 'paid',
      'paid',
    );
    // The sandbox may refuse to replay a final request; either way the proxy stays paid.
    await sandboxKit().control(`/payment-requests/${id}/simulate`, { outcome: 'failed' });
    assert.equal((await call(`/api/checkouts/${created.body.id}`)).body.status, 'paid');
  });
});

describe('redirect mode: back from the hosted payment page', () => {
  it('the hosted page sends the customer to the result address with checkout=<id>', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const created = await newCheckout();
    const checkout = created.body;
    assert.equal(checkout.success_url, 'https://shop.example/thanks');
    // The customer pays on the sandbox's hosted page, as a browser posts its form.
    const paid = await fetch(checkout.payment_link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'outcome=paid',
      redirect: 'manual',
    });
    assert.equal(paid.status, 303);
    const location = new URL(paid.headers.get('Location')!);
    assert.equal(`${location.origin}${location.pathname}`, 'https://shop.example/thanks');
    assert.equal(location.searchParams.get('checkout'), checkout.id);

    // The result page resumes that checkout and shows the status the proxy verified.
    await eventually(
      async () =>
        (await call(`/api/checkouts/${location.searchParams.get('checkout')}`)).body.status ===
        'paid',
      'the paid callback',
    );
  });
});

describe('the proxy process', () => {
  it('keeps its store across a restart, and applies callbacks after it', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const created = await newCheckout();
    const before = await call(`/api/checkouts/${created.body.id}`);
    assert.equal(await stop(proxy), 0);
    assert.match(outputOf(proxy), /"message":"stopped"/);

    proxy = await startProxy();
    const after = await call(`/api/checkouts/${created.body.id}`);
    assert.equal(after.status, 200);
    assert.deepEqual(after.body, before.body);
    assert.equal(after.headers.get('ETag'), before.headers.get('ETag'));

    await control(`/payment-requests/${await paymentRequestIdOf(created.body)}/simulate`, {
      outcome: 'paid',
    });
    await eventually(
      async () => (await call(`/api/checkouts/${created.body.id}`)).body.status === 'paid',
      'the callback after restart',
    );
  });

  it('shuts down on SIGTERM: ends open event streams and exits 0', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const created = await newCheckout();
    const stream = follow(created.body.id);
    await stream.connected;
    const exited = stop(proxy);
    const messages = await stream.ended;
    assert.deepEqual(
      messages.map((message) => message.status),
      ['created'],
    );
    assert.equal(await exited, 0);
    proxy = await startProxy();
  });

  it('finishes a request in flight when SIGTERM arrives, then stops accepting', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    // A forwarder in front of the sandbox tells when the proxy has taken the request in.
    const forwarder = await startCountingForwarder(sandbox.url);
    try {
      await stop(proxy);
      proxy = await startProxy({}, forwarder.url);
      await control('/faults', { latency_ms: 800 });
      const inFlight = call('/api/checkouts', { method: 'POST', json: checkoutBody() });
      // In flight: the proxy has called the service, whose answer takes 800 ms.
      await eventually(
        () => forwarder.count('POST', '/payments/v1/requests') > 0,
        'the proxy to ask the service for a payment request',
      );
      const exited = stop(proxy);
      const answer = await inFlight;
      assert.equal(answer.status, 201);
      assert.equal(await exited, 0);
      await assert.rejects(fetch(`${proxy.url}/healthz`));
    } finally {
      await control('/faults', {});
      await forwarder.close();
    }
    proxy = await startProxy();
  });

  it('answers 504 and 502 for a slow or failing service, then recovers', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    await stop(proxy);
    proxy = await startProxy({ UPSTREAM_TIMEOUT_MS: '300' });
    await control('/faults', { latency_ms: 1500 });
    const slow = await call('/api/checkouts', { method: 'POST', json: checkoutBody() });
    assert.equal(slow.status, 504);
    assert.equal(slow.body.code, 'upstream_timeout');
    await control('/faults', { fail_next: 1, status: 502 });
    const failing = await call('/api/checkouts', { method: 'POST', json: checkoutBody() });
    assert.equal(failing.status, 502);
    assert.equal(failing.body.code, 'upstream_unavailable');
    await control('/faults', {});
    assert.equal(
      (await call('/api/checkouts', { method: 'POST', json: checkoutBody() })).status,
      201,
    );
    assert.equal((await call('/readyz')).status, 200);
  });

  it('refuses paths with dot segments, which a prefix rule in front would misjudge', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const statusOf = async (path: string) =>
      (await send(proxy.url, { path, headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })).status;
    for (const path of [
      '/api/../admin/checkouts',
      '/api/%2e%2e/admin/checkouts',
      '/callbacks/%2E%2E/admin/checkouts',
      '/api/./config',
    ]) {
      assert.equal(await statusOf(path), 400, path);
    }
    assert.equal(await statusOf('/admin/checkouts'), 200);
  });

  it('refuses to start without its secret, naming the variable in one line', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const env = testEnv(processingUrls(sandbox.url), { PROCESSING_SIGNING_SECRET: undefined });
    await assert.rejects(startProxyProcess({ built: false, env }), (error: NotReadyError) => {
      assert.equal(error.exitCode, 2);
      assert.equal(
        textOf(error.lines, 'stderr'),
        'crypto-pay-proxy: PROCESSING_SIGNING_SECRET is required (the merchant signing secret).\n',
      );
      return true;
    });
    assert.ok(ADMIN_TOKEN.length >= 16);
  });
});
