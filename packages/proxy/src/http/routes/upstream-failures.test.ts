import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { afterEach, describe, it } from 'node:test';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import {
  adminHeaders,
  assertNothingLeaked,
  json,
  sandboxControl,
  seen,
  testProxy,
  useTestSandbox,
} from '../../testing.test-helpers.ts';

const shared = useTestSandbox();
afterEach(async () => {
  await faults({});
});

async function faults(body: Record<string, unknown>) {
  const response = await sandboxControl(shared.sandbox, '/faults', body);
  assert.equal(response.status, 200);
}

/** A port on which nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const createIn = (proxy: ReturnType<typeof testProxy>) =>
  proxy.request('/api/checkouts', { method: 'POST', json: checkoutBody() });

describe('when the processing service fails', () => {
  it('answers 504 upstream_timeout when it is slower than UPSTREAM_TIMEOUT_MS', async () => {
    const proxy = testProxy(shared.sandbox, { UPSTREAM_TIMEOUT_MS: '200' });
    await faults({ latency_ms: 1000 });
    const response = await createIn(proxy);
    assert.equal(response.status, 504);
    assert.equal(response.headers.get('Retry-After'), '5');
    const body = await json(response);
    assert.equal(body.code, 'upstream_timeout');
    assert.equal(typeof body.error, 'string');
    assert.equal((await proxy.store.listCheckouts({ limit: 10 })).length, 0);
  });

  it('answers 502 upstream_unavailable for a 5xx, and logs the service’s status', async () => {
    const proxy = testProxy(shared.sandbox);
    await faults({ fail_next: 3, status: 500 });
    const from = seen.length;
    const response = await createIn(proxy);
    assert.equal(response.status, 502);
    assert.equal((await json(response)).code, 'upstream_unavailable');
    const [entry] = loggedSince(from, 'The processing service is unavailable. Try again.');
    assert.equal(entry?.level, 'warn');
    assert.equal(entry?.upstream_reason, 'server_error');
    assert.equal(entry?.upstream_status, 500);
    assert.match(String(entry?.upstream_error), /failed with 500/);
  });

  it('answers 502 upstream_unavailable for a dropped connection', async () => {
    const proxy = testProxy(shared.sandbox);
    await faults({ drop_connection: true });
    const response = await createIn(proxy);
    assert.equal(response.status, 502);
    assert.equal((await json(response)).code, 'upstream_unavailable');
  });

  it('answers 502 on every upstream route when the service is unreachable, and /readyz says so', async () => {
    const port = await closedPort();
    const proxy = testProxy({
      baseUrl: `http://127.0.0.1:${port}/api/v2`,
      paymentsBaseUrl: `http://127.0.0.1:${port}/api/payments/v1`,
    });
    const responses = [
      await createIn(proxy),
      await proxy.request('/api/config'),
      await proxy.request('/admin/balances', { headers: adminHeaders }),
    ];
    for (const response of responses) {
      assert.equal(response.status, 502);
      assert.equal((await json(response)).code, 'upstream_unavailable');
    }
    const from = seen.length;
    const ready = await proxy.request('/readyz');
    assert.equal(ready.status, 503);
    assert.deepEqual(await json(ready), {
      error: 'The proxy is not ready.',
      code: 'not_ready',
      store: 'ok',
      upstream: 'failing',
    });
    // The orchestrator takes the proxy out on that answer; the log says why.
    const [entry] = loggedSince(from, 'processing service check failed');
    assert.equal(entry?.level, 'error');
    assert.equal(entry?.upstream_reason, 'connection');
    assert.equal(
      entry?.upstream_error,
      `Could not connect to the processing service at http://127.0.0.1:${port} (ECONNREFUSED).`,
    );
    assert.equal((await proxy.request('/healthz')).status, 200);
  });

  it('reports a slow service as not ready without waiting through retries', async () => {
    const proxy = testProxy(shared.sandbox, { UPSTREAM_TIMEOUT_MS: '200' });
    await faults({ latency_ms: 2000 });
    const from = seen.length;
    const ready = await proxy.request('/readyz');
    assert.equal(ready.status, 503);
    assert.equal((await json(ready)).upstream, 'failing');
    const [entry] = loggedSince(from, 'processing service check failed');
    assert.equal(entry?.upstream_reason, 'timeout');
    // The service named as every other line about it names it, the create's timeout below too.
    const timedOut = `The processing service at ${new URL(shared.sandbox.url).origin} did not answer within 200 ms.`;
    assert.equal(entry?.upstream_error, timedOut);
    const afterProbe = seen.length;
    assert.equal((await createIn(proxy)).status, 504);
    const [create] = loggedSince(
      afterProbe,
      'The processing service did not answer in time. Try again.',
    );
    assert.equal(create?.upstream_error, timedOut);
  });

  it('retries a read once on a transient 5xx, so the merchant sees the answer', async () => {
    const proxy = testProxy(shared.sandbox);
    await faults({ fail_next: 1, status: 503 });
    const response = await proxy.request('/admin/balances', { headers: adminHeaders });
    assert.equal(response.status, 200);
  });

  it('answers a refusal of the key as 502 naming PROCESSING_API_KEY, and logs the service’s reason', async () => {
    const proxy = testProxy(shared.sandbox, { PROCESSING_API_KEY: 'not-the-key' });
    const before = seen.length;
    const response = await createIn(proxy);
    assert.equal(response.status, 502);
    // The merchant's account is none of a visitor's business: the service's code is not answered.
    assert.deepEqual(await json(response), {
      error: 'The processing service refused the merchant configuration.',
      code: 'upstream_refused',
    });
    const logged = refusalsLoggedSince(before);
    assert.equal(logged.length, 1, 'one refused create is logged once');
    assert.equal(logged[0]?.upstream_code, 'bad_header_key');
    assert.equal(logged[0]?.upstream_error, 'Bad key header');
    assert.equal(logged[0]?.fix, 'check PROCESSING_API_KEY');

    // Not the caller's token lacking a right: the proxy's own credentials, with what to check.
    const admin = await proxy.request('/admin/balances', { headers: adminHeaders });
    assert.equal(admin.status, 502);
    assert.deepEqual(await json(admin), {
      error: `The processing service refused the proxy's credentials ("Bad key header", bad_header_key): check PROCESSING_API_KEY on the proxy.`,
      code: 'upstream_refused',
      upstream_code: 'bad_header_key',
    });
    assertNothingLeaked();
  });

  it('answers the widget’s config without the service’s code when the key is refused', async () => {
    const proxy = testProxy(shared.sandbox, { PROCESSING_API_KEY: 'not-the-key' });
    const before = seen.length;
    const response = await proxy.request('/api/config');
    assert.equal(response.status, 502);
    assert.deepEqual(await json(response), {
      error: 'The processing service refused the merchant configuration.',
      code: 'upstream_refused',
    });
    const logged = refusalsLoggedSince(before);
    assert.equal(logged.length, 1);
    assert.equal(logged[0]?.upstream_code, 'bad_header_key');
  });

  it('names PROCESSING_SIGNING_SECRET when the key is known but the signature is not', async () => {
    const proxy = testProxy(shared.sandbox, { PROCESSING_SIGNING_SECRET: 'not-the-secret' });
    const before = seen.length;
    const response = await createIn(proxy);
    assert.equal(response.status, 502);
    assert.equal((await json(response)).upstream_code, undefined);
    const [logged] = refusalsLoggedSince(before);
    assert.equal(logged?.upstream_code, 'bad_header_signature');
    assert.equal(logged?.upstream_error, 'Bad signature header');
    assert.equal(logged?.fix, 'check PROCESSING_SIGNING_SECRET');
    const admin = await proxy.request('/admin/checkout-sessions', {
      method: 'POST',
      headers: adminHeaders,
      json: { amount: '10.00', currency: 'EUR' },
    });
    assert.equal(admin.status, 502);
    const refusal = await json(admin);
    assert.match(refusal.error, /check PROCESSING_SIGNING_SECRET on the proxy\.$/);
    assert.equal(refusal.upstream_code, 'bad_header_signature');
    const from = seen.length;
    assert.equal((await json(await proxy.request('/readyz'))).upstream, 'failing');
    const [check] = loggedSince(from, 'processing service check failed');
    assert.equal(check?.upstream_code, 'bad_header_signature');
    assert.equal(check?.fix, 'check PROCESSING_SIGNING_SECRET');
    assertNothingLeaked();
  });
});

/** The log lines with `message` written since `seen[from]`. */
function loggedSince(from: number, message: string): Record<string, unknown>[] {
  return seen
    .slice(from)
    .filter((text) => text.startsWith('{"time"'))
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .filter((entry) => entry.message === message);
}

/** The warnings the proxy logged for refusals of its credentials since `seen` had `before` lines. */
function refusalsLoggedSince(before: number): Record<string, unknown>[] {
  return seen
    .slice(before)
    .filter((text) => text.includes('"code":"upstream_refused"') && text.startsWith('{"time"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
