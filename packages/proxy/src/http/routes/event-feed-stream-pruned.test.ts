/**
 * An events stream resumed after an event retention pruned (`RETENTION_DAYS`): the store no
 * longer holds it, so the stream is refused with 409 `event_not_found` rather than started
 * after an id whose successors it cannot tell apart from what the client already has.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openSqliteStore } from '../../store/sqlite.ts';
import { checkout } from '../../store/stores.test-helpers.ts';
import { adminHeaders, json, testProxy, useTestSandbox } from '../../testing.test-helpers.ts';
import { checkoutEvent } from '../../webhooks/events.ts';

const shared = useTestSandbox();

describe('GET /admin/events/stream resumed after a pruned event', () => {
  it('answers 409 event_not_found', async () => {
    const store = openSqliteStore(':memory:');
    const proxy = testProxy(shared.sandbox, {}, { store });
    const old = checkout({ updatedAt: 1_000 });
    await store.insertCheckout(old, {}, checkoutEvent(old));
    const recent = checkout({ updatedAt: 5_000 });
    await store.insertCheckout(recent, {}, checkoutEvent(recent));
    const [pruned, kept] = await store.listEvents({ limit: 2 });
    const gone = await store.pruneBefore(2_000, 100);
    assert.equal(gone.events, 1);
    try {
      const refused = await proxy.request('/admin/events/stream', {
        headers: { ...adminHeaders, 'Last-Event-ID': pruned!.id },
      });
      assert.equal(refused.status, 409);
      const body = await json(refused);
      assert.equal(body.code, 'event_not_found');
      assert.equal(body.field, 'Last-Event-ID');
      assert.match(body.error, /RETENTION_DAYS/);
      // The event still kept is a resume point as any.
      const resumed = await proxy.request('/admin/events/stream', {
        headers: { ...adminHeaders, 'Last-Event-ID': kept!.id },
      });
      assert.equal(resumed.status, 200);
      await resumed.body?.cancel();
    } finally {
      await store.close();
    }
  });
});
