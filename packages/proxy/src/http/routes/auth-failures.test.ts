/**
 * Guessing is slowed per address: after a few refused admin tokens or callback signatures,
 * that address's further tries answer 429 with Retry-After until the minute's tokens come back
 * (for admin, a right token too), guesses sent at once included, while other addresses keep
 * their way in and a correctly signed callback is never refused.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { paymentRequestCallback } from '@crypto-pay/test-kit/checkouts';
import { signedJsonHeaders } from '@crypto-pay/test-kit/http';
import { createLogger } from '../../process/logger.ts';
import { openSqliteStore } from '../../store/sqlite.ts';
import { usePostgres } from '../../store/stores.test-helpers.ts';
import {
  ADMIN_TOKEN,
  CREDENTIALS,
  createdRecord,
  deliverCallback,
  json,
  seen,
  testProxy,
  useServedProxy,
  useTestSandbox,
} from '../../testing.test-helpers.ts';

/** The default: `AUTH_FAILURES_PER_MINUTE` unset. */
const FAILURES = 10;
const ATTACKER = '203.0.113.66';
const MERCHANT = '198.51.100.7';

const tooMany = {
  error: 'Too many failed attempts from this address. Try again later.',
  code: 'rate_limited',
};

describe('failed authentications, per address', () => {
  const shared = useTestSandbox();

  it('slows a guesser of the admin token, right token included, and no one else', async () => {
    const proxy = testProxy(shared.sandbox, { TRUST_PROXY: 'true' });
    const admin = (from: string, token: string) =>
      proxy.request('/admin/checkouts', {
        headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': from },
      });
    for (let guess = 0; guess < FAILURES; guess++) {
      assert.equal((await admin(ATTACKER, `guess-${guess}-0123456789abcdef`)).status, 401);
    }
    const limited = await admin(ATTACKER, 'guess-more-0123456789abcdef');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('Retry-After'), String(60 / FAILURES));
    assert.deepEqual(await json(limited), tooMany);
    // A right guess now must look the same as a wrong one.
    assert.equal((await admin(ATTACKER, ADMIN_TOKEN)).status, 429);
    // The merchant's back end, elsewhere, is not slowed.
    assert.equal((await admin(MERCHANT, ADMIN_TOKEN)).status, 200);
    // A token back after 60/10 s: one more attempt, then refused again.
    proxy.clock.now += (60 / FAILURES) * 1000;
    assert.equal((await admin(ATTACKER, ADMIN_TOKEN)).status, 200);
    assert.equal((await admin(ATTACKER, 'guess-again-0123456789abcdef')).status, 401);
    assert.equal((await admin(ATTACKER, ADMIN_TOKEN)).status, 429);
  });

  it('slows a forger of callbacks, never a correctly signed callback, from any address', async () => {
    const proxy = testProxy(shared.sandbox, { TRUST_PROXY: 'true', AUTH_FAILURES_PER_MINUTE: '3' });
    const checkout = await createdRecord(proxy);
    const body = (status: string) =>
      paymentRequestCallback(
        { id: checkout.paymentRequestId, foreign_id: checkout.foreignId },
        status,
      );
    const forged = (status: string) =>
      deliverCallback(proxy, body(status), {
        'X-Processing-Key': 'guessed-key',
        'X-Forwarded-For': ATTACKER,
      });
    for (let attempt = 0; attempt < 3; attempt++) {
      assert.equal((await forged('paid')).status, 403);
    }
    const limited = await forged('paid');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('Retry-After'), '20');
    assert.deepEqual(await json(limited), tooMany);
    // The service sharing the forger's address (one NAT, one balancer's hop) is still heard: a
    // signature cannot be guessed, so refusing it would only let the forger stop payments.
    const sharedAddress = await deliverCallback(proxy, body('processing'), {
      'X-Forwarded-For': ATTACKER,
    });
    assert.equal(sharedAddress.status, 200);
    assert.equal((await proxy.store.getCheckout(checkout.id))?.status, 'processing');
    // From its own address too; and the forger is still slowed.
    const service = await deliverCallback(proxy, body('paid'), { 'X-Forwarded-For': '192.0.2.10' });
    assert.equal(service.status, 200);
    assert.equal((await proxy.store.getCheckout(checkout.id))?.status, 'paid');
    assert.equal((await forged('expired')).status, 429);
  });

  it('does not count what passed the signature: a signed body the proxy refuses', async () => {
    const proxy = testProxy(shared.sandbox, { AUTH_FAILURES_PER_MINUTE: '1' });
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await deliverCallback(proxy, JSON.stringify({ type: 'weather' }));
      assert.equal(answer.status, 400);
    }
  });
});

describe('failed authentications, what they cost the store', () => {
  const shared = useTestSandbox();

  it('asks nothing of it for a signed callback, once for a right admin token', async () => {
    const store = openSqliteStore(':memory:');
    let asked = 0;
    // The real store, its rate buckets' calls counted (whatever they are named).
    const counted = new Proxy(store, {
      get(target, name) {
        const value = Reflect.get(target, name);
        if (typeof value !== 'function') return value;
        if (typeof name === 'string' && /rate/i.test(name)) asked++;
        return value.bind(target);
      },
    });
    const proxy = testProxy(shared.sandbox, {}, { store: counted });
    const checkout = await createdRecord(proxy);
    asked = 0;
    const body = paymentRequestCallback(
      { id: checkout.paymentRequestId, foreign_id: checkout.foreignId },
      'processing',
    );
    assert.equal((await deliverCallback(proxy, body)).status, 200);
    assert.equal(asked, 0);
    const admin = await proxy.request('/admin/checkouts', {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(admin.status, 200);
    assert.equal(asked, 1);
  });
});

describe('failed authentications sent at once, over HTTP, on PostgreSQL', () => {
  // Every take a real round trip, as with several proxies on one database in production.
  const cluster = usePostgres();
  const served = useServedProxy({ log: createLogger((line) => seen.push(line)) }, async () => ({
    databaseUrl: await cluster().createDatabase('auth_failures'),
  }));
  const post = (path: string, headers: Record<string, string>, body = '{}') =>
    fetch(`${served.proxy.url}${path}`, { method: 'POST', headers, body });
  const statuses = async (answers: Promise<Response>[]) =>
    Promise.all(
      answers.map(async (answer) => {
        const response = await answer;
        await response.arrayBuffer();
        return response.status;
      }),
    );
  const count = (all: number[], status: number) => all.filter((one) => one === status).length;

  it('answers no more wrong admin tokens than the limit, the rest 429', async () => {
    const all = await statuses(
      Array.from({ length: 50 }, (_, guess) =>
        post('/admin/checkout-sessions', {
          Authorization: `Bearer guess-${guess}-0123456789abcdef`,
          'Content-Type': 'application/json',
        }),
      ),
    );
    assert.ok(count(all, 401) <= FAILURES, `401s: ${count(all, 401)}`);
    assert.equal(count(all, 401) + count(all, 429), all.length, String(all));
    // The address's tries are used up: the right token is refused like a wrong one.
    const right = await post('/admin/checkout-sessions', {
      Authorization: `Bearer ${ADMIN_TOKEN}`,
      'Content-Type': 'application/json',
    });
    assert.equal(right.status, 429);
    assert.deepEqual(await json(right), tooMany);
  });

  it('answers no more forged callbacks than the limit, and still takes a signed one', async () => {
    const all = await statuses(
      Array.from({ length: 50 }, () =>
        post('/callbacks/processing', { 'X-Processing-Key': 'guessed-key' }),
      ),
    );
    assert.ok(count(all, 403) <= FAILURES, `403s: ${count(all, 403)}`);
    assert.equal(count(all, 403) + count(all, 429), all.length, String(all));
    const body = JSON.stringify({ type: 'weather' });
    const signed = await post('/callbacks/processing', signedJsonHeaders(CREDENTIALS, body), body);
    // Past the signature: the body is judged (400 for a type no one knows), not the address.
    assert.equal(signed.status, 400);
  });
});
