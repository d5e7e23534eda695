/**
 * The back office's logs through the merchant API: the callback log searched on the server
 * (object, status, a cursor), the failed delivery attempts with their endpoint's URL a page at
 * a time, and the webhook backlog per endpoint. The store's side on both databases:
 * `store/log-search.test.ts`.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import {
  adminHeaders,
  deliverCallback,
  invoiceCallbackBody,
  json,
  useSandboxAndProxy,
} from '../../testing.test-helpers.ts';

const fixture = useSandboxAndProxy();

const get = (path: string) => fixture.proxy.request(path, { headers: adminHeaders });
const post = (path: string, body: unknown) =>
  fixture.proxy.request(path, { method: 'POST', headers: adminHeaders, json: body });

describe('merchant API: the callback log searched', () => {
  it('by object id and status, exactly, newest first, a page at a time', async () => {
    for (const [id, status] of [
      [101, 'pending'],
      [101, 'confirmed'],
      [102, 'confirmed'],
      [1010, 'confirmed'],
    ] as const) {
      const body = JSON.stringify(invoiceCallbackBody({ id, status, foreign_id: `inv-${id}` }));
      assert.equal((await deliverCallback(fixture.proxy, body)).status, 200);
    }
    const search = async (query: string) => json(await get(`/admin/callbacks?${query}`));
    const found = await search('object_id=101');
    assert.deepEqual(
      found.data.map((entry: { status: string }) => entry.status),
      ['confirmed', 'pending'],
    );
    assert.equal(typeof found.data[0].id, 'number');
    assert.equal(found.next_before, undefined);
    const confirmed = await search('status=confirmed&limit=2');
    assert.deepEqual(
      confirmed.data.map((entry: { object_id: string }) => entry.object_id),
      ['1010', '102'],
    );
    assert.equal(confirmed.next_before, String(confirmed.data[1].id));
    const older = await search(`status=confirmed&limit=2&before=${confirmed.next_before}`);
    assert.deepEqual(
      older.data.map((entry: { object_id: string }) => entry.object_id),
      ['101'],
    );
    assert.equal(older.next_before, undefined);
    assert.deepEqual((await search('object_id=101&status=Confirmed')).data, []);
  });

  it('refuses a cursor that is no callback id, naming it', async () => {
    const refused = await get('/admin/callbacks?before=abc');
    assert.equal(refused.status, 422);
    assert.deepEqual(await json(refused), {
      error: 'The before must be a callback id (a whole number).',
      code: 'invalid_request',
      field: 'before',
    });
    // 16 digits may be above 2^53, where Number() rounds: the cursor would skip or repeat rows.
    const rounded = await get('/admin/callbacks?before=9007199254740993');
    assert.equal(rounded.status, 422);
    assert.equal((await json(rounded)).field, 'before');
    assert.equal((await get('/admin/callbacks?before=999999999999999')).status, 200);
  });

  it('refuses a NUL character in a search value, naming it (PostgreSQL would fail on it)', async () => {
    for (const field of ['object_id', 'status', 'foreign_id']) {
      const refused = await get(`/admin/callbacks?${field}=a%00b`);
      assert.equal(refused.status, 422);
      assert.deepEqual(await json(refused), {
        error: 'A search value must not contain a NUL character (%00).',
        code: 'invalid_request',
        field,
      });
    }
  });
});

describe('merchant API: failed deliveries and the backlog', () => {
  it('count what waits, per endpoint, and list the failures with their endpoint’s URL', async () => {
    const { store, clock } = fixture.proxy;
    const empty = await json(await get('/admin/webhook-backlog'));
    assert.deepEqual(empty, { pending: 0, endpoints: [] });
    await store.createEndpoint(
      { id: 'whe_down', url: 'https://shop.example/down', createdAt: 0 },
      'whsec_x',
    );
    const createdAt = clock.now;
    for (let i = 0; i < 3; i++) await fixture.proxy.createCheckout(checkoutBody());
    const backlog = await json(await get('/admin/webhook-backlog'));
    const since = Math.floor(createdAt / 1000);
    assert.deepEqual(backlog, {
      pending: 3,
      oldest_pending_at: since,
      endpoints: [{ endpoint_id: 'whe_down', pending: 3, oldest_pending_at: since }],
    });

    const [first, second] = await store.claimDeliveries(clock.now, 60_000, 2);
    await store.finishAttempt(first!, {
      attemptedAt: clock.now,
      durationMs: 3,
      statusCode: 503,
      error: 'answered 503',
      delivered: false,
      retryAt: clock.now + 5000,
    });
    await store.finishAttempt(second!, { attemptedAt: clock.now, durationMs: 3, delivered: true });
    const [third] = await store.claimDeliveries(clock.now, 60_000, 1);
    await store.finishAttempt(third!, {
      attemptedAt: clock.now,
      durationMs: 10_000,
      error: 'timed out',
      delivered: false,
      retryAt: clock.now + 5000,
    });
    assert.equal((await json(await get('/admin/webhook-backlog'))).pending, 2);

    const page = await json(await get('/admin/webhook-deliveries?failed=true&limit=1'));
    assert.equal(page.data.length, 1);
    assert.equal(page.data[0].error, 'timed out');
    assert.equal(page.data[0].endpoint_url, 'https://shop.example/down');
    assert.equal(page.next_before, String(page.data[0].id));
    const rest = await json(
      await get(`/admin/webhook-deliveries?failed=true&before=${page.next_before}`),
    );
    assert.deepEqual(
      rest.data.map((attempt: { status_code: number }) => attempt.status_code),
      [503],
    );
    assert.equal(rest.next_before, undefined);
    const all = await json(await get('/admin/webhook-deliveries'));
    assert.equal(all.data.length, 3);
    assert.ok(all.data.every((attempt: { endpoint_url: string }) => attempt.endpoint_url));
    // Delivered on its retry: no longer a failure to redeliver, nor is any earlier attempt.
    const [retried] = await store.claimDeliveries(clock.now + 5000, 60_000, 1);
    assert.equal(retried?.id, first!.id);
    await store.finishAttempt(retried!, {
      attemptedAt: clock.now + 5000,
      durationMs: 3,
      statusCode: 204,
      delivered: true,
    });
    const standing = await json(await get('/admin/webhook-deliveries?failed=true'));
    assert.deepEqual(
      standing.data.map((attempt: { error: string }) => attempt.error),
      ['timed out'],
    );
    const refused = await get('/admin/webhook-deliveries?failed=yes');
    assert.equal(refused.status, 422);
    assert.equal((await json(refused)).field, 'failed');
  });

  it('lists the deliveries dropped before any attempt, which a redelivery to their endpoint sends', async () => {
    const { store, clock } = fixture.proxy;
    await store.createEndpoint(
      { id: 'whe_paused', url: 'https://shop.example/paused', createdAt: clock.now },
      'whsec_x',
    );
    await fixture.proxy.createCheckout(checkoutBody());
    const patch = (disabled: boolean) =>
      fixture.proxy.request('/admin/webhook-endpoints/whe_paused', {
        method: 'PATCH',
        headers: adminHeaders,
        json: { disabled },
      });
    assert.equal((await patch(true)).status, 200);
    // No attempt was made, so the attempts' lists have nothing to say of it.
    assert.deepEqual((await json(await get('/admin/webhook-deliveries?failed=true'))).data, []);
    const dropped = await json(await get('/admin/webhook-deliveries/dropped'));
    assert.equal(dropped.data.length, 1);
    const [delivery] = dropped.data;
    assert.equal(delivery.event_type, 'checkout.created');
    assert.equal(delivery.endpoint_id, 'whe_paused');
    assert.equal(delivery.endpoint_url, 'https://shop.example/paused');
    assert.equal(delivery.queued_at, Math.floor(clock.now / 1000));
    assert.equal(dropped.next_before, undefined);

    const redeliver = () =>
      post('/admin/webhook-endpoints/whe_paused/redeliver', { event_id: delivery.event_id });
    assert.equal((await redeliver()).status, 409);
    assert.equal((await patch(false)).status, 200);
    assert.equal((await redeliver()).status, 202);
    assert.deepEqual((await json(await get('/admin/webhook-deliveries/dropped'))).data, []);
    assert.equal((await json(await get('/admin/webhook-backlog'))).pending, 1);

    const refused = await get('/admin/webhook-deliveries/dropped?before=x');
    assert.equal(refused.status, 422);
    assert.equal((await json(refused)).field, 'before');
  });

  it('redelivers a failing delivery to its endpoint alone, and forgets the failures of an endpoint deleted', async () => {
    const { store, clock } = fixture.proxy;
    for (const [id, url] of [
      ['whe_failing', 'https://shop.example/failing'],
      ['whe_working', 'https://shop.example/working'],
      ['whe_slow', 'https://shop.example/slow'],
    ] as const) {
      await store.createEndpoint({ id, url, createdAt: clock.now }, 'whsec_x');
    }
    await fixture.proxy.createCheckout(checkoutBody());
    const claimed = await store.claimDeliveries(clock.now, 60_000, 10);
    assert.deepEqual(claimed.map((delivery) => delivery.endpoint.id).sort(), [
      'whe_failing',
      'whe_slow',
      'whe_working',
    ]);
    for (const delivery of claimed) {
      const working = delivery.endpoint.id === 'whe_working';
      await store.finishAttempt(delivery, {
        attemptedAt: clock.now,
        durationMs: 3,
        ...(working
          ? { statusCode: 204, delivered: true }
          : {
              statusCode: 503,
              error: 'answered 503',
              delivered: false,
              retryAt: clock.now + 60_000,
            }),
      });
    }
    const eventId = claimed[0]!.event.id;
    const failing = async () =>
      (await json(await get('/admin/webhook-deliveries?failed=true'))).data.filter(
        (attempt: { event_id: string }) => attempt.event_id === eventId,
      );
    const failingAt = async () =>
      (await failing()).map((attempt: { endpoint_id: string }) => attempt.endpoint_id).sort();
    assert.deepEqual(await failingAt(), ['whe_failing', 'whe_slow']);

    const queued = await post('/admin/webhook-endpoints/whe_failing/redeliver', {
      event_id: eventId,
    });
    assert.equal(queued.status, 202);
    assert.deepEqual(await json(queued), { id: eventId, endpoint_id: 'whe_failing', queued: true });
    const [audited] = (await json(await get('/admin/audit-log?action=event_redelivered'))).data;
    assert.deepEqual([audited.target, audited.detail], [eventId, { endpoint_id: 'whe_failing' }]);
    // Its retry waiting was replaced: one delivery waits there; the other failing endpoint's
    // retry waits as it was; none for the endpoint that answered 204.
    const backlog = await json(await get('/admin/webhook-backlog'));
    assert.deepEqual(
      backlog.endpoints
        .map((entry: { endpoint_id: string; pending: number }) => [
          entry.endpoint_id,
          entry.pending,
        ])
        .sort(),
      [
        ['whe_failing', 1],
        ['whe_slow', 1],
      ],
    );
    const again = await store.claimDeliveries(clock.now, 60_000, 10);
    assert.deepEqual(
      again.map((delivery) => [delivery.endpoint.id, delivery.event.id]),
      [['whe_failing', eventId]],
    );
    await store.finishAttempt(again[0]!, {
      attemptedAt: clock.now,
      durationMs: 3,
      statusCode: 503,
      error: 'answered 503',
      delivered: false,
      retryAt: clock.now + 60_000,
    });

    const refusals = [
      ['whe_nowhere', { event_id: eventId }, 404, 'webhook_endpoint_not_found'],
      ['whe_failing', { event_id: 'evt_000000000099abcdefgh' }, 404, 'event_not_found'],
      ['whe_failing', { event_id: 'chk_1' }, 422, 'invalid_request'],
      ['whe_failing', {}, 422, 'invalid_request'],
    ] as const;
    for (const [endpoint, body, status, code] of refusals) {
      const refused = await post(`/admin/webhook-endpoints/${endpoint}/redeliver`, body);
      assert.equal(refused.status, status, `${endpoint} ${JSON.stringify(body)}`);
      assert.equal((await json(refused)).code, code);
    }
    await store.changeEndpoint('whe_failing', { disabled: true }, clock.now);
    const disabled = await post('/admin/webhook-endpoints/whe_failing/redeliver', {
      event_id: eventId,
    });
    assert.equal(disabled.status, 409);
    assert.equal((await json(disabled)).code, 'webhook_endpoint_disabled');

    // Deleted, it is sent nothing more: its deliveries are not failing ones to redeliver.
    assert.deepEqual(await failingAt(), ['whe_failing', 'whe_slow']);
    assert.equal(
      (
        await fixture.proxy.request('/admin/webhook-endpoints/whe_failing', {
          method: 'DELETE',
          headers: adminHeaders,
        })
      ).status,
      204,
    );
    assert.deepEqual(await failingAt(), ['whe_slow']);
  });
});
