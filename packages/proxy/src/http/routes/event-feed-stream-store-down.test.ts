/**
 * An events stream asked for while the database is down, starting now or resuming after
 * Last-Event-ID: its start (the newest event, or that the resume point exists) is read before
 * the answer, so the client gets 503 `store_unavailable` in the error shape (and retries), not
 * a stream that opens and ends at once.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openPostgresStore } from '../../store/postgres.ts';
import { checkout, usePostgres } from '../../store/stores.test-helpers.ts';
import { adminHeaders, json, testProxy, useTestSandbox } from '../../testing.test-helpers.ts';
import { checkoutEvent } from '../../webhooks/events.ts';

const shared = useTestSandbox();
const cluster = usePostgres();

describe('GET /admin/events/stream while the database is down', () => {
  it('answers 503 store_unavailable, starting now or resuming', async () => {
    const store = await openPostgresStore(await cluster().createDatabase('events_stream_down'));
    const proxy = testProxy(shared.sandbox, {}, { store });
    const made = checkout();
    await store.insertCheckout(made, {}, checkoutEvent(made));
    const [event] = await store.listEvents({ limit: 1 });
    await cluster().stopServer();
    try {
      for (const headers of [adminHeaders, { ...adminHeaders, 'Last-Event-ID': event!.id }]) {
        const response = await proxy.request('/admin/events/stream', { headers });
        assert.equal(response.status, 503, JSON.stringify(headers));
        assert.deepEqual(await json(response), {
          error: 'The proxy could not read its store. Try again later.',
          code: 'store_unavailable',
        });
      }
    } finally {
      await cluster().startServer();
      await store.close();
    }
  });
});
