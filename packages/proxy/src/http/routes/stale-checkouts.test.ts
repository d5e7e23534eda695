/** `GET /admin/checkouts?stale=`: the stale checkouts, with `stale_since`, and a clear refusal. */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  adminHeaders,
  createdRecord,
  json,
  useSandboxAndProxy,
} from '../../testing.test-helpers.ts';
import { staleEvent } from '../../webhooks/events.ts';

const fixture = useSandboxAndProxy();
const get = (path: string) => fixture.proxy.request(path, { headers: adminHeaders });
const ids = (page: { data: { id: string }[] }) => page.data.map((checkout) => checkout.id);

describe('stale checkouts in the merchant API', () => {
  it('are listed by ?stale=true with stale_since, the others by ?stale=false', async () => {
    const { store } = fixture.proxy;
    const stuck = await createdRecord(fixture.proxy);
    const lively = await createdRecord(fixture.proxy);
    // As a sweep would find the first one, an hour past its expiry.
    const now = stuck.expiresAt * 1000 + 3_600_000;
    const marked = await store.markStaleCheckouts(
      { now, staleAfterMs: 3_600_000, limit: 1 },
      staleEvent,
    );
    assert.equal(marked.length, 1);
    const staleId = marked[0]!.id;
    const otherId = staleId === stuck.id ? lively.id : stuck.id;

    const stale = await json(await get('/admin/checkouts?stale=true'));
    assert.deepEqual(ids(stale), [staleId]);
    assert.equal(stale.data[0].stale_since, Math.floor(now / 1000));
    assert.equal(stale.data[0].status, 'created');
    const others = await json(await get('/admin/checkouts?stale=false'));
    assert.ok(ids(others).includes(otherId));
    assert.ok(!ids(others).includes(staleId));
    assert.ok(others.data.every((checkout: object) => !('stale_since' in checkout)));
    const one = await json(await get(`/admin/checkouts/${staleId}`));
    assert.equal(one.stale_since, Math.floor(now / 1000));
  });

  it('refuses another stale value with a sentence naming the field', async () => {
    const refused = await get('/admin/checkouts?stale=yes');
    assert.equal(refused.status, 422);
    const body = await json(refused);
    assert.equal(body.error, 'The stale filter must be true or false.');
    assert.equal(body.field, 'stale');
    assert.equal(typeof body.code, 'string');
  });
});
