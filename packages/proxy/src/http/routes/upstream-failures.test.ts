import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { afterEach, describe, it } from 'node:test';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import {
  adminHeaders,
  json,
  sandboxControl,
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

  it('answers 502 upstream_unavailable for a 5xx', async () => {
    const proxy = testProxy(shared.sandbox);
    await faults({ fail_next: 1, status: 500 });
    const response = await createIn(proxy);
    assert.equal(response.status, 502);
    assert.equal((await json(response)).code, 'upstream_unavailable');
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
    const ready = await proxy.request('/readyz');
    assert.equal(ready.status, 503);
    assert.deepEqual(await json(ready), {
      error: 'The proxy is not ready.',
      code: 'not_ready',
      store: 'ok',
      upstream: 'failing',
    });
    assert.equal((await proxy.request('/healthz')).status, 200);
  });

  it('reports a slow service as not ready without waiting through retries', async () => {
    const proxy = testProxy(shared.sandbox, { UPSTREAM_TIMEOUT_MS: '200' });
    await faults({ latency_ms: 2000 });
    const ready = await proxy.request('/readyz');
    assert.equal(ready.status, 503);
    assert.equal((await json(ready)).upstream, 'failing');
  });

  it('retries a read once on a transient 5xx, so the merchant sees the answer', async () => {
    const proxy = testProxy(shared.sandbox);
    await faults({ fail_next: 1, status: 503 });
    const response = await proxy.request('/admin/balances', { headers: adminHeaders });
    assert.equal(response.status, 200);
  });

  it('passes a refusal of the credentials as 502, never as the caller’s fault', async () => {
    const proxy = testProxy(shared.sandbox, { PROCESSING_API_KEY: 'not-the-key' });
    const response = await createIn(proxy);
    assert.equal(response.status, 502);
    assert.equal((await json(response)).code, 'upstream_refused');
    const admin = await proxy.request('/admin/balances', { headers: adminHeaders });
    assert.equal(admin.status, 403);
    assert.deepEqual(await json(admin), { error: 'Bad key header', code: 'bad_header_key' });
  });
});
