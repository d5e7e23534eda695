/**
 * Changing a webhook endpoint through the merchant API: disabled (or by the proxy on a 410), it
 * reads `disabled`, gets no new event and its pending deliveries end, and no test is sent to it; enabled again, it gets the next events and
 * is no longer said to be retrying; a
 * new URL or event types apply to the next event (an attempt before keeps the URL it went to);
 * each change is in the audit log.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recordDeposit } from '../../store/stores.test-helpers.ts';
import {
  adminHeaders,
  json,
  type TestProxy,
  testProxy,
  useTestSandbox,
} from '../../testing.test-helpers.ts';

const shared = useTestSandbox();

const call = (proxy: TestProxy, method: string, path: string, body?: unknown) =>
  proxy.request(path, {
    method,
    headers: adminHeaders,
    ...(body === undefined ? {} : { json: body }),
  });

async function endpoint(proxy: TestProxy, url: string): Promise<string> {
  return (await json(await call(proxy, 'POST', '/admin/webhook-endpoints', { url }))).id;
}

/** The endpoint of each delivery due now, claimed and settled as a worker would. */
async function dueEndpoints(proxy: TestProxy): Promise<string[]> {
  const at = Date.now() + 1000;
  const claimed = await proxy.store.claimDeliveries(at, 60_000, 100);
  for (const delivery of claimed) {
    await proxy.store.finishAttempt(delivery, {
      attemptedAt: at,
      durationMs: 1,
      statusCode: 204,
      delivered: true,
    });
  }
  return claimed.map((delivery) => delivery.endpoint.id).sort();
}

/** Each delivery due at `at`, claimed and answered 503, to be tried again a minute later. */
async function failDue(proxy: TestProxy, at: number): Promise<void> {
  for (const delivery of await proxy.store.claimDeliveries(at, 60_000, 10)) {
    await proxy.store.finishAttempt(delivery, {
      attemptedAt: at,
      durationMs: 1,
      statusCode: 503,
      delivered: false,
      retryAt: at + 60_000,
    });
  }
}

describe('changing a webhook endpoint', () => {
  it('disabled, gets nothing and its pending deliveries end; enabled, gets the next events', async () => {
    const proxy = testProxy(shared.sandbox);
    const a = await endpoint(proxy, 'https://a.example/hooks');
    const b = await endpoint(proxy, 'https://b.example/hooks');
    await recordDeposit(proxy.store, Date.now(), 1);
    const disabled = await call(proxy, 'PATCH', `/admin/webhook-endpoints/${a}`, {
      disabled: true,
    });
    assert.equal(disabled.status, 200);
    const view = await json(disabled);
    assert.equal(view.disabled, true);
    assert.equal(view.url, 'https://a.example/hooks');
    await recordDeposit(proxy.store, Date.now(), 2);
    assert.deepEqual(await dueEndpoints(proxy), [b, b]);

    const test = await call(proxy, 'POST', `/admin/webhook-endpoints/${a}/test`);
    assert.equal(test.status, 409);
    assert.equal((await json(test)).code, 'webhook_endpoint_disabled');
    const [event] = await proxy.store.listEvents({ limit: 1 });
    const redelivered = await json(
      await call(proxy, 'POST', `/admin/events/${event!.id}/redeliver`),
    );
    assert.equal(redelivered.deliveries, 1);
    assert.deepEqual(await dueEndpoints(proxy), [b]);

    const enabled = await json(
      await call(proxy, 'PATCH', `/admin/webhook-endpoints/${a}`, { disabled: false }),
    );
    assert.equal(enabled.disabled, undefined);
    await recordDeposit(proxy.store, Date.now(), 3);
    assert.deepEqual(await dueEndpoints(proxy), [a, b].sort());
  });

  it('enabled again after failing, is no longer said to be retrying: nothing waits for it', async () => {
    const proxy = testProxy(shared.sandbox);
    const id = await endpoint(proxy, 'https://down.example/hooks');
    await recordDeposit(proxy.store, Date.now(), 7);
    await failDue(proxy, Date.now() + 1000);
    const read = async () =>
      (await json(await call(proxy, 'GET', '/admin/webhook-endpoints'))).data.find(
        (row: { id: string }) => row.id === id,
      );
    assert.equal((await read()).status, 'retrying');
    assert.equal(typeof (await read()).failing_since, 'number');
    await call(proxy, 'PATCH', `/admin/webhook-endpoints/${id}`, { disabled: true });
    // Disabled, it reads so, and keeps since when it failed: the staff read why they disabled it.
    const disabled = await read();
    assert.equal(disabled.status, 'disabled');
    assert.equal(typeof disabled.failing_since, 'number');
    await call(proxy, 'PATCH', `/admin/webhook-endpoints/${id}`, { disabled: false });
    const enabled = await read();
    assert.equal(enabled.status, 'ok');
    assert.equal(enabled.failing_since, undefined);
    // Sending it the same again does not clear a failure that came after.
    await recordDeposit(proxy.store, Date.now(), 8);
    await failDue(proxy, Date.now() + 2000);
    await call(proxy, 'PATCH', `/admin/webhook-endpoints/${id}`, { disabled: false });
    assert.equal((await read()).status, 'retrying');
  });

  it('disabled by the proxy when it answered 410 Gone, reads disabled until enabled again', async () => {
    const proxy = testProxy(shared.sandbox);
    const url = 'https://gone.example/hooks';
    const id = await endpoint(proxy, url);
    const read = async () =>
      (await json(await call(proxy, 'GET', '/admin/webhook-endpoints'))).data.find(
        (row: { id: string }) => row.id === id,
      );
    assert.equal((await read()).status, 'ok');
    // What the webhook sender does with a 410 (`worker.ts`).
    assert.equal(await proxy.store.disableGoneEndpoint(id, url, Date.now()), true);
    const disabled = await read();
    assert.equal(disabled.status, 'disabled');
    assert.equal(disabled.disabled, true);
    const enabled = await json(
      await call(proxy, 'PATCH', `/admin/webhook-endpoints/${id}`, { disabled: false }),
    );
    assert.equal(enabled.status, 'ok');
  });

  it('takes a new url and event types for the next events', async () => {
    const proxy = testProxy(shared.sandbox);
    const id = await endpoint(proxy, 'https://a.example/hooks');
    // Sent before the change: the delivery log keeps where it went (a merchant fixing a bad URL).
    await recordDeposit(proxy.store, Date.now(), 6);
    assert.deepEqual(await dueEndpoints(proxy), [id]);
    const changed = await call(proxy, 'PATCH', `/admin/webhook-endpoints/${id}`, {
      url: 'https://other.example/hooks',
      event_types: ['checkout.paid', 'checkout.paid'],
    });
    assert.equal(changed.status, 200);
    const view = await json(changed);
    assert.equal(view.url, 'https://other.example/hooks');
    assert.deepEqual(view.event_types, ['checkout.paid']);
    await recordDeposit(proxy.store, Date.now(), 4);
    assert.deepEqual(await dueEndpoints(proxy), []);
    await call(proxy, 'PATCH', `/admin/webhook-endpoints/${id}`, { event_types: null });
    await recordDeposit(proxy.store, Date.now(), 5);
    const [delivery] = await proxy.store.claimDeliveries(Date.now() + 1000, 60_000, 10);
    assert.equal(delivery?.endpoint.url, 'https://other.example/hooks');
    await proxy.store.finishAttempt(delivery!, {
      attemptedAt: Date.now() + 1000,
      durationMs: 1,
      statusCode: 204,
      delivered: true,
    });
    const attempts = await json(
      await call(proxy, 'GET', `/admin/webhook-deliveries?endpoint_id=${id}`),
    );
    assert.deepEqual(
      attempts.data.map((attempt: { endpoint_url: string }) => attempt.endpoint_url),
      ['https://other.example/hooks', 'https://a.example/hooks'],
    );

    const log = (await json(await call(proxy, 'GET', '/admin/audit-log?action=endpoint_changed')))
      .data;
    assert.deepEqual(
      log.map((entry: { target: string; detail: unknown }) => [entry.target, entry.detail]),
      [
        [id, { event_types: null }],
        [id, { url_changed: true, event_types: ['checkout.paid', 'checkout.paid'] }],
      ],
    );
  });

  it('refuses the environment’s endpoint, an unknown one and a bad url', async () => {
    const proxy = testProxy(shared.sandbox);
    const id = await endpoint(proxy, 'https://a.example/hooks');
    const cases: [string, unknown, number, string][] = [
      ['env', { disabled: true }, 409, 'webhook_endpoint_from_environment'],
      ['whe_none', { disabled: true }, 404, 'webhook_endpoint_not_found'],
      [id, { url: 'http://a.example/hooks' }, 422, 'invalid_request'],
      [id, { event_types: [] }, 422, 'invalid_request'],
      [id, { paused: true }, 422, 'unknown_field'],
    ];
    for (const [target, body, status, code] of cases) {
      const response = await call(proxy, 'PATCH', `/admin/webhook-endpoints/${target}`, body);
      assert.equal(response.status, status, JSON.stringify(body));
      assert.equal((await json(response)).code, code);
    }
  });
});
