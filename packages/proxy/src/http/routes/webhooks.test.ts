import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import { Webhook } from 'standardwebhooks';
import { adminHeaders, json, useSandboxAndProxy } from '../../testing.test-helpers.ts';

const fixture = useSandboxAndProxy();

const get = (path: string) => fixture.proxy.request(path, { headers: adminHeaders });
const post = (path: string, body: unknown = {}) =>
  fixture.proxy.request(path, { method: 'POST', headers: adminHeaders, json: body });
const del = (path: string) =>
  fixture.proxy.request(path, { method: 'DELETE', headers: adminHeaders });

describe('merchant API: webhooks', () => {
  it('shows an endpoint’s secret once, at creation, and never lists it', async () => {
    const created = await post('/admin/webhook-endpoints', {
      url: 'https://shop.example/hooks',
      event_types: ['checkout.paid', 'checkout.paid', 'invoice.confirmed'],
    });
    assert.equal(created.status, 201);
    const endpoint = await json(created);
    assert.match(endpoint.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.doesNotThrow(() => new Webhook(endpoint.secret));
    assert.deepEqual(endpoint.event_types, ['checkout.paid', 'invoice.confirmed']);
    assert.equal(endpoint.status, 'ok');
    const listed = await (await get('/admin/webhook-endpoints')).text();
    assert.ok(listed.includes(endpoint.id));
    assert.ok(!listed.includes(endpoint.secret.slice(6)), 'no secret in the list');

    const rotated = await json(await post(`/admin/webhook-endpoints/${endpoint.id}/rotate-secret`));
    assert.notEqual(rotated.secret, endpoint.secret);
    const [shown] = (await json(await get('/admin/webhook-endpoints'))).data;
    assert.equal(shown.previous_secret_expires_at, rotated.previous_secret_expires_at);

    // A query parameter is refused, not ignored: on a change's body route and on a delete alike.
    const patched = await fixture.proxy.request(
      `/admin/webhook-endpoints/${endpoint.id}?disabled=true`,
      { method: 'PATCH', headers: adminHeaders, json: {} },
    );
    assert.equal(patched.status, 422);
    assert.equal((await json(patched)).field, 'disabled');
    const queried = await del(`/admin/webhook-endpoints/${endpoint.id}?force=1`);
    assert.equal(queried.status, 422);
    assert.equal((await json(queried)).code, 'unknown_field');
    assert.equal((await del(`/admin/webhook-endpoints/${endpoint.id}`)).status, 204);
    assert.equal((await del(`/admin/webhook-endpoints/${endpoint.id}`)).status, 404);
    assert.deepEqual((await json(await get('/admin/webhook-endpoints'))).data, []);
  });

  it('says a value of the wrong type is one, never that a given field is missing or "Invalid input"', async () => {
    const cases: [string, unknown, string, string][] = [
      ['/admin/webhook-endpoints', { url: 123 }, 'The url must be a string.', 'url'],
      ['/admin/webhook-endpoints', {}, 'The url is a mandatory field.', 'url'],
      [
        '/admin/webhook-endpoints',
        { url: 'https://shop.example/hooks', event_types: 'checkout.paid' },
        'The event_types must be a list of event types such as checkout.paid.',
        'event_types',
      ],
      [
        '/admin/webhook-endpoints',
        { url: 'https://shop.example/hooks', event_types: [5] },
        'The event_types must be a list of event types such as checkout.paid.',
        'event_types.0',
      ],
      [
        '/admin/webhook-endpoints/whe_any/redeliver',
        { event_id: 5 },
        'The event_id must be a string.',
        'event_id',
      ],
      [
        '/admin/webhook-endpoints/whe_any/redeliver',
        {},
        'The event_id is a mandatory field.',
        'event_id',
      ],
    ];
    for (const [path, body, error, field] of cases) {
      const response = await post(path, body);
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.deepEqual(await json(response), { error, code: 'invalid_request', field });
    }
  });

  it('refuses an event type it never writes, naming the one meant, on add, change and list', async () => {
    const typo = await post('/admin/webhook-endpoints', {
      url: 'https://shop.example/hooks',
      event_types: ['checkout.paid', 'checkout.payd'],
    });
    assert.equal(typo.status, 422);
    const said = await json(typo);
    assert.equal(
      said.error,
      '"checkout.payd" is no event type the proxy writes; did you mean checkout.paid?',
    );
    assert.match(said.field, /^event_types/);
    const endpoint = await json(
      await post('/admin/webhook-endpoints', {
        url: 'https://shop.example/hooks',
        event_types: ['checkout.stale', 'withdrawal.in_progress', 'bitcoin_exchange.done'],
      }),
    );
    const changed = await fixture.proxy.request(`/admin/webhook-endpoints/${endpoint.id}`, {
      method: 'PATCH',
      headers: adminHeaders,
      json: { event_types: ['refund.done'] },
    });
    assert.equal(changed.status, 422);
    assert.match(
      (await json(changed)).error,
      /^"refund\.done" is no event type the proxy writes; the checkout types are checkout\.created/,
    );
    assert.equal((await get('/admin/events?type=invoice.confirmd')).status, 422);
    assert.equal((await del(`/admin/webhook-endpoints/${endpoint.id}`)).status, 204);
  });

  it('refuses http off loopback, a blocked port, and the environment’s endpoint through the API', async () => {
    const refused = await post('/admin/webhook-endpoints', { url: 'http://shop.example/hooks' });
    assert.equal(refused.status, 422);
    const body = await json(refused);
    assert.equal(body.field, 'url');
    assert.match(body.error, /https/);
    const loopback = await post('/admin/webhook-endpoints', { url: 'http://127.0.0.1:3000/h' });
    assert.equal(loopback.status, 201);
    // A port fetch never connects to: every delivery would fail `bad port`.
    const blocked = await post('/admin/webhook-endpoints', { url: 'http://localhost:6000/hooks' });
    assert.equal(blocked.status, 422);
    assert.deepEqual(await json(blocked), {
      error:
        'The url is on port 6000, which fetch never connects to (a port of another protocol, blocked as browsers block it): give the handler another port.',
      code: 'invalid_request',
      field: 'url',
    });
    assert.equal((await del('/admin/webhook-endpoints/env')).status, 409);
    assert.equal((await post('/admin/webhook-endpoints/env/rotate-secret')).status, 409);
  });

  it('shows an endpoint failing for a day as failing, never as disabled', async () => {
    const { store, clock } = fixture.proxy;
    await store.createEndpoint(
      { id: 'whe_down', url: 'https://shop.example/down', createdAt: 0 },
      'whsec_x',
    );
    await fixture.proxy.createCheckout(checkoutBody());
    const [delivery] = await store.claimDeliveries(clock.now, 60_000, 1);
    await store.finishAttempt(delivery!, {
      attemptedAt: clock.now,
      durationMs: 3,
      error: 'connection failed (ECONNREFUSED)',
      delivered: false,
      retryAt: clock.now + 5000,
    });
    const status = async () => (await json(await get('/admin/webhook-endpoints'))).data[0].status;
    assert.equal(await status(), 'retrying');
    clock.now += 24 * 60 * 60 * 1000;
    assert.equal(await status(), 'failing');
    const [attempt] = (await json(await get('/admin/webhook-deliveries?endpoint_id=whe_down')))
      .data;
    assert.equal(attempt.error, 'connection failed (ECONNREFUSED)');
    assert.equal(attempt.event_type, 'checkout.created');
    assert.equal(attempt.attempt, 1);
  });

  it('says when a failing delivery is tried next, on its latest attempt alone', async () => {
    const { store, clock } = fixture.proxy;
    await store.createEndpoint(
      { id: 'whe_retry', url: 'https://shop.example/retry', createdAt: 0 },
      'whsec_x',
    );
    await fixture.proxy.createCheckout(checkoutBody());
    const attempts = async () =>
      (await json(await get('/admin/webhook-deliveries?endpoint_id=whe_retry'))).data;
    const fail = async (retryAt?: number) => {
      const [delivery] = await store.claimDeliveries(clock.now, 60_000, 1);
      await store.finishAttempt(delivery!, {
        attemptedAt: clock.now,
        durationMs: 3,
        statusCode: 500,
        error: 'answered 500',
        delivered: false,
        ...(retryAt === undefined ? {} : { retryAt }),
      });
    };
    await fail(clock.now + 60_000);
    const [first] = await attempts();
    assert.equal(first.next_attempt_at, Math.floor((clock.now + 60_000) / 1000));

    clock.now += 60_000;
    // The last try: given up, nothing is due; the first attempt is no longer the latest.
    await fail();
    const [last, earlier] = await attempts();
    assert.equal(last.attempt, 2);
    assert.equal(last.next_attempt_at, undefined);
    assert.equal(earlier.next_attempt_at, undefined);
  });

  it('lists events in order after a given one, by type, and queues one again', async () => {
    for (let i = 0; i < 3; i++)
      assert.equal((await fixture.proxy.createCheckout(checkoutBody())).status, 201);
    const first = await json(await get('/admin/events?limit=2'));
    assert.equal(first.data.length, 2);
    assert.equal(first.next_after, first.data[1].id);
    const rest = await json(await get(`/admin/events?after=${first.next_after}`));
    assert.equal(rest.data.length, 1);
    assert.equal(rest.next_after, undefined);
    const ids = [...first.data, ...rest.data].map((event: { id: string }) => event.id);
    assert.deepEqual([...ids].sort(), ids);
    assert.equal((await json(await get('/admin/events?type=checkout.paid'))).data.length, 0);
    assert.equal((await get('/admin/events?after=42')).status, 422);
    assert.equal((await post('/admin/events/evt_000000000099abcdefgh/redeliver')).status, 404);
  });

  it('refuses to page on from an event it does not hold, rather than skip events', async () => {
    for (let i = 0; i < 3; i++)
      assert.equal((await fixture.proxy.createCheckout(checkoutBody())).status, 201);
    const [first] = (await json(await get('/admin/events?limit=1'))).data;
    // The same place in the sequence with another suffix: a cursor kept from another database.
    const foreign = `${first.id.slice(0, 16)}zzzzzzzz`;
    // And one far ahead: a cursor kept from a database with more events than this one.
    for (const after of [foreign, 'evt_000000009999abcdefgh']) {
      const refused = await get(`/admin/events?after=${after}`);
      assert.equal(refused.status, 409, after);
      assert.deepEqual(await json(refused), {
        error:
          "The proxy has no event with this id (another database's, or pruned after RETENTION_DAYS): page again without after, from the oldest event kept.",
        code: 'event_not_found',
        field: 'after',
      });
    }
    assert.equal((await json(await get(`/admin/events?after=${first.id}`))).data.length, 2);
  });

  it('queues an event again for the endpoints that take its type, and says when none does', async () => {
    assert.equal((await fixture.proxy.createCheckout(checkoutBody())).status, 201);
    const [event] = (await json(await get('/admin/events'))).data;
    const nobody = await post(`/admin/events/${event.id}/redeliver`);
    assert.equal(nobody.status, 409);
    assert.equal((await json(nobody)).code, 'no_endpoint_for_event');
    await post('/admin/webhook-endpoints', {
      url: 'https://shop.example/paid',
      event_types: ['checkout.paid'],
    });
    assert.equal((await post(`/admin/events/${event.id}/redeliver`)).status, 409);
    await post('/admin/webhook-endpoints', { url: 'https://shop.example/all' });
    const queued = await post(`/admin/events/${event.id}/redeliver`);
    assert.equal(queued.status, 202);
    assert.deepEqual(await json(queued), { id: event.id, queued: true, deliveries: 1 });
  });

  it('sends a test event again to the endpoint it was for, not to every endpoint', async () => {
    const tried = await json(
      await post('/admin/webhook-endpoints', { url: 'https://shop.example/a' }),
    );
    await post('/admin/webhook-endpoints', { url: 'https://shop.example/b' });
    const test = await json(await post(`/admin/webhook-endpoints/${tried.id}/test`));
    const again = await post(`/admin/events/${test.id}/redeliver`);
    assert.equal(again.status, 202);
    assert.deepEqual(await json(again), { id: test.id, queued: true, deliveries: 1 });
    assert.equal((await del(`/admin/webhook-endpoints/${tried.id}`)).status, 204);
    const gone = await post(`/admin/events/${test.id}/redeliver`);
    assert.equal(gone.status, 409);
    assert.match((await json(gone)).error, /webhook\.test event goes only to its own endpoint/);
  });
});
