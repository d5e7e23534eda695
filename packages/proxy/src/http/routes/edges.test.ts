import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import { ADMIN_TOKEN, json, SHOP, testProxy, useTestSandbox } from '../../testing.test-helpers.ts';

const shared = useTestSandbox();

describe('rate limit on POST /api/checkouts', () => {
  it('answers 429 with Retry-After past the limit, and recovers with time', async () => {
    const proxy = testProxy(shared.sandbox, { RATE_LIMIT_CHECKOUTS_PER_MINUTE: '2' });
    const create = () => proxy.request('/api/checkouts', { method: 'POST', json: checkoutBody() });
    assert.equal((await create()).status, 201);
    assert.equal((await create()).status, 201);
    const limited = await create();
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('Retry-After'), '30');
    assert.equal((await json(limited)).code, 'rate_limited');
    // Reads are not limited.
    assert.equal((await proxy.request('/api/config')).status, 200);
    proxy.clock.now += 30_000;
    assert.equal((await create()).status, 201);
  });

  it('measures the minute with a monotonic clock: a wall clock stepped back locks no one out', async () => {
    const proxy = testProxy(
      shared.sandbox,
      { RATE_LIMIT_CHECKOUTS_PER_MINUTE: '2' },
      { monotonicNow: () => performance.now() },
    );
    const create = () => proxy.request('/api/checkouts', { method: 'POST', json: checkoutBody() });
    assert.equal((await create()).status, 201);
    // NTP or an operator sets the clock back an hour.
    proxy.clock.now -= 3_600_000;
    assert.equal((await create()).status, 201);
    const limited = await create();
    assert.equal(limited.status, 429);
    // Half a minute for the next attempt, as without the step (not the hour it stepped).
    const wait = Number(limited.headers.get('Retry-After'));
    assert.ok(wait >= 1 && wait <= 30, `Retry-After: ${wait}`);
  });

  it('counts create attempts, refused ones included, as the README says', async () => {
    const proxy = testProxy(shared.sandbox, { RATE_LIMIT_CHECKOUTS_PER_MINUTE: '2' });
    const create = (body: unknown) =>
      proxy.request('/api/checkouts', { method: 'POST', json: body });
    // A form sent twice with a mistake spends the minute's attempts: a bot probing with bad
    // bodies must not get past the limit for free.
    assert.equal((await create({ product: 'kettle' })).status, 422);
    assert.equal((await create({ product: 'no-such-sku', ...checkoutBody({}) })).status, 422);
    assert.equal((await create(checkoutBody())).status, 429);
  });

  it('counts each client address apart behind a trusted reverse proxy', async () => {
    const proxy = testProxy(shared.sandbox, {
      RATE_LIMIT_CHECKOUTS_PER_MINUTE: '1',
      TRUST_PROXY: 'true',
    });
    const from = (ip: string) =>
      proxy.request('/api/checkouts', {
        method: 'POST',
        json: checkoutBody(),
        headers: { 'X-Forwarded-For': ip },
      });
    assert.equal((await from('203.0.113.1')).status, 201);
    assert.equal((await from('203.0.113.1')).status, 429);
    assert.equal((await from('203.0.113.2')).status, 201);
    // What the client wrote before the address the reverse proxy appended changes nothing.
    assert.equal((await from('10.9.9.1, 203.0.113.2')).status, 429);
    assert.equal((await from('10.9.9.2,203.0.113.2')).status, 429);
    // A port some balancers append does not make a new client, nor does a fresh address of
    // the same IPv6 /64 (one customer's network).
    assert.equal((await from('203.0.113.2:40123')).status, 429);
    assert.equal((await from('2001:db8:1:2::1')).status, 201);
    assert.equal((await from('2001:db8:1:2::8')).status, 429);
    assert.equal((await from('[2001:db8:1:2::9]:443')).status, 429);
    assert.equal((await from('2001:db8:1:3::1')).status, 201);
  });
});

describe('CORS', () => {
  it('allows the configured origins only', async () => {
    const proxy = testProxy(shared.sandbox);
    const allowed = await proxy.request('/api/config', { headers: { Origin: SHOP } });
    assert.equal(allowed.headers.get('Access-Control-Allow-Origin'), SHOP);
    // Not the configuration, whose refusal that page may read (public-config.test.ts).
    const other = await proxy.request('/api/checkouts/chk_unknown', {
      headers: { Origin: 'https://evil.example' },
    });
    assert.equal(other.headers.get('Access-Control-Allow-Origin'), null);
    // The answer depends on Origin, with or without one: caches must keep them apart.
    for (const response of [allowed, other, await proxy.request('/api/config')]) {
      assert.equal(response.headers.get('Vary'), 'Origin');
    }
    assert.match(allowed.headers.get('Access-Control-Expose-Headers') ?? '', /ETag/);
    // CORS headers do not cost the security headers.
    assert.equal(allowed.headers.get('X-Content-Type-Options'), 'nosniff');
  });

  it('answers a preflight from another origin without allowing it', async () => {
    const proxy = testProxy(shared.sandbox);
    const response = await proxy.request('/api/checkouts', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), null);
    assert.equal(response.headers.get('Access-Control-Allow-Methods'), null);
  });

  it('answers preflights with the headers the widget sends', async () => {
    const proxy = testProxy(shared.sandbox);
    const response = await proxy.request('/api/checkouts', {
      method: 'OPTIONS',
      headers: {
        Origin: SHOP,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,idempotency-key',
      },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), SHOP);
    assert.match(response.headers.get('Access-Control-Allow-Headers') ?? '', /Idempotency-Key/);
    assert.match(response.headers.get('Access-Control-Allow-Methods') ?? '', /POST/);
    assert.equal(response.headers.get('Access-Control-Max-Age'), '600');
  });

  it('does not open the merchant API to browsers', async () => {
    const proxy = testProxy(shared.sandbox);
    const response = await proxy.request('/admin/balances', { headers: { Origin: SHOP } });
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), null);
  });
});

describe('body limit', () => {
  it('answers 413 for a body over the limit, readable by the shop page (CORS)', async () => {
    const proxy = testProxy(shared.sandbox);
    const body = JSON.stringify({ ...checkoutBody(), padding: 'x'.repeat(40 * 1024) });
    const response = await proxy.request('/api/checkouts', {
      method: 'POST',
      headers: {
        Origin: SHOP,
        'Content-Type': 'application/json',
        'Content-Length': String(body.length),
      },
      body,
    });
    assert.equal(response.status, 413);
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), SHOP);
    assert.equal((await json(response)).code, 'body_too_large');
  });
});

describe('admin auth', () => {
  it('refuses a missing or wrong token with 401', async () => {
    const proxy = testProxy(shared.sandbox);
    for (const headers of [
      {},
      { Authorization: 'Bearer wrong-token-0123456789' },
      { Authorization: `Basic ${ADMIN_TOKEN}` },
      { Authorization: `Bearer ${ADMIN_TOKEN}x` },
    ]) {
      const response = await proxy.request('/admin/checkouts', { headers });
      assert.equal(response.status, 401);
      assert.match(response.headers.get('WWW-Authenticate') ?? '', /^Bearer/);
      assert.deepEqual(await json(response), {
        error: 'A valid bearer token is required.',
        code: 'unauthorized',
      });
    }
    const ok = await proxy.request('/admin/checkouts', {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(ok.status, 200);
  });

  it('turns the merchant API off when ADMIN_TOKEN is unset, and the sign-in with it', async () => {
    const proxy = testProxy(shared.sandbox, { ADMIN_TOKEN: undefined });
    const response = await proxy.request('/admin/checkouts', {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(response.status, 404);
    const signIn = await proxy.request('/admin/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'ann', password: 'a long enough password' }),
    });
    assert.equal(signIn.status, 404);
    const config = await json(await proxy.request('/api/config'));
    assert.equal(config.sessions, false);
  });
});

describe('every response', () => {
  it('carries secure headers and a request id, and unknown routes get the error shape', async () => {
    const proxy = testProxy(shared.sandbox);
    const response = await proxy.request('/nowhere');
    assert.equal(response.status, 404);
    assert.deepEqual(await json(response), {
      error: 'There is nothing at this address.',
      code: 'not_found',
    });
    assert.equal(response.headers.get('X-Content-Type-Options'), 'nosniff');
    assert.equal(response.headers.get('X-Frame-Options'), 'DENY');
    assert.equal(
      response.headers.get('Content-Security-Policy'),
      "default-src 'none'; frame-ancestors 'none'",
    );
    assert.match(response.headers.get('Strict-Transport-Security') ?? '', /^max-age=\d+/);
    assert.match(response.headers.get('X-Request-Id') ?? '', /^[0-9a-f-]{36}$/);
  });

  it('a known address asked with another method is a 405 naming the methods it takes', async () => {
    const proxy = testProxy(shared.sandbox);
    const put = await proxy.request('/api/checkouts/some-id', { method: 'PUT' });
    assert.equal(put.status, 405);
    assert.equal(put.headers.get('Allow'), 'GET, HEAD');
    assert.deepEqual(await json(put), {
      error: 'This address takes GET and HEAD, not PUT.',
      code: 'method_not_allowed',
    });
    const health = await proxy.request('/healthz', { method: 'DELETE' });
    assert.equal(health.status, 405);

    // Behind the token, as every admin route: without it a 401 says nothing of the address.
    assert.equal(
      (await proxy.request('/admin/webhook-endpoints/x', { method: 'POST' })).status,
      401,
    );
    const endpoint = await proxy.request('/admin/webhook-endpoints/x', {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(endpoint.status, 405);
    assert.equal(endpoint.headers.get('Allow'), 'PATCH, DELETE');
    assert.equal((await json(endpoint)).error, 'This address takes PATCH and DELETE, not POST.');

    // An address no method answers is still a 404.
    assert.equal((await proxy.request('/api/nowhere', { method: 'PUT' })).status, 404);
  });
});
