/**
 * Guessing is slowed per address: after a few refused admin tokens or callback signatures,
 * every request of that address answers 429 with Retry-After until the minute's tokens come
 * back, while other addresses (the service's own callbacks) keep their way in.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { paymentRequestCallback } from '../../../../../tests/support/checkouts.ts';
import {
  ADMIN_TOKEN,
  createdRecord,
  deliverCallback,
  json,
  testProxy,
  useTestSandbox,
} from '../../testing.test-helpers.ts';

const shared = useTestSandbox();

/** The default: `AUTH_FAILURES_PER_MINUTE` unset. */
const FAILURES = 10;
const ATTACKER = '203.0.113.66';
const MERCHANT = '198.51.100.7';

const tooMany = {
  error: 'Too many failed attempts from this address. Try again later.',
  code: 'rate_limited',
};

describe('failed authentications, per address', () => {
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

  it('slows a forger of callbacks, never the service’s own callbacks from its address', async () => {
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
    // Signed right from the forger's address: refused all the same.
    const signedThere = await deliverCallback(proxy, body('paid'), { 'X-Forwarded-For': ATTACKER });
    assert.equal(signedThere.status, 429);
    assert.equal((await proxy.store.getCheckout(checkout.id))?.status, 'created');
    // The service, from its own address, is heard.
    const service = await deliverCallback(proxy, body('processing'), {
      'X-Forwarded-For': '192.0.2.10',
    });
    assert.equal(service.status, 200);
    assert.equal((await proxy.store.getCheckout(checkout.id))?.status, 'processing');
  });

  it('does not count what passed the signature: a signed body the proxy refuses', async () => {
    const proxy = testProxy(shared.sandbox, { AUTH_FAILURES_PER_MINUTE: '1' });
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await deliverCallback(proxy, JSON.stringify({ type: 'weather' }));
      assert.equal(answer.status, 400);
    }
  });
});
