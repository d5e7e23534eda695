import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import { messagesOf } from '@crypto-pay/test-kit/event-streams';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { callback } from '../../store/stores.test-helpers.ts';
import {
  json,
  sandboxControl,
  seen,
  testProxy,
  useTestSandbox,
} from '../../testing.test-helpers.ts';

const shared = useTestSandbox();

/**
 * A proxy on a monotonic clock the test moves (`elapsed.ms`), counting its store's pings
 * (`pings.count`); the pings `fails` picks by number are refused as a slow database's would be.
 */
function probedProxy(fails: (ping: number) => boolean = () => false) {
  const elapsed = { ms: 0 };
  const proxy = testProxy(shared.sandbox, {}, { monotonicNow: () => elapsed.ms });
  const pings = { count: 0 };
  const ping = proxy.store.ping;
  proxy.store.ping = () => {
    pings.count += 1;
    return fails(pings.count) ? Promise.reject(new Error('slow database')) : ping();
  };
  return { proxy, elapsed, pings };
}

describe('operations', () => {
  it('answers /healthz and /readyz', async () => {
    const proxy = testProxy(shared.sandbox);
    const { version } = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    assert.deepEqual(await json(await proxy.request('/healthz')), { status: 'ok', version });
    assert.equal((await json(await proxy.request('/openapi.json'))).info.version, version);
    const ready = await proxy.request('/readyz');
    assert.equal(ready.status, 200);
    assert.deepEqual(await json(ready), { status: 'ready', store: 'ok', upstream: 'ok' });
  });

  it('asks the service once for many /readyz at a time, and again only after a few seconds', async () => {
    const proxy = testProxy(shared.sandbox);
    const faults = (body: object) => sandboxControl(shared.sandbox, '/faults', body);
    // Every call to the service fails and is counted down: what is left says how many were made.
    await faults({ fail_next: 1000, status: 500 });
    const calls = async () =>
      1000 - (await (await fetch(`${shared.sandbox.url}/_sandbox/faults`)).json()).fail_next;
    try {
      const ready = () => proxy.request('/readyz').then((response) => response.status);
      assert.deepEqual(
        await Promise.all(Array.from({ length: 5 }, ready)),
        [503, 503, 503, 503, 503],
      );
      const oneProbe = await calls();
      assert.ok(oneProbe >= 1);
      for (let i = 0; i < 5; i++) assert.equal(await ready(), 503);
      proxy.clock.now += 5000;
      assert.equal(await ready(), 503);
      assert.equal(await calls(), oneProbe * 2);
    } finally {
      await faults({});
    }
  });

  it('reuses its probes by the monotonic clock: a wall clock stepped back freezes nothing', async () => {
    const { proxy, elapsed, pings } = probedProxy();
    assert.equal((await proxy.request('/readyz')).status, 200);
    assert.equal(pings.count, 1);
    proxy.clock.now -= 3_600_000;
    elapsed.ms += 5000;
    assert.equal((await proxy.request('/readyz')).status, 200);
    assert.equal(pings.count, 2, 'probed anew 5 s later, whatever the wall clock says');
  });

  it('asks again a second after a failed probe: each balancer check sees a fresh answer', async () => {
    const { proxy, elapsed, pings } = probedProxy((ping) => ping === 1);
    assert.equal((await proxy.request('/readyz')).status, 503);
    elapsed.ms += 999;
    assert.equal((await proxy.request('/readyz')).status, 503);
    assert.equal(pings.count, 1);
    elapsed.ms += 1;
    assert.equal((await proxy.request('/readyz')).status, 200);
    assert.equal(pings.count, 2, 'a failure is kept for a second');
    elapsed.ms += 4999;
    assert.equal((await proxy.request('/readyz')).status, 200);
    assert.equal(pings.count, 2, 'a success for five');
  });

  it('reuses a failed answer for a second from when it came, however long the probe took', async () => {
    const { proxy, elapsed, pings } = probedProxy((ping) => {
      // The first probe's time-out passes before its answer: 3 s on the monotonic clock.
      if (ping === 1) elapsed.ms += 3000;
      return ping === 1;
    });
    assert.equal((await proxy.request('/readyz')).status, 503);
    assert.equal((await proxy.request('/readyz')).status, 503);
    assert.equal(pings.count, 1, 'the answer is reused, not asked again for another 3 s');
    elapsed.ms += 1000;
    assert.equal((await proxy.request('/readyz')).status, 200);
    assert.equal(pings.count, 2);
  });

  it('reports a closed store as not ready', async () => {
    const proxy = testProxy(shared.sandbox);
    await proxy.store.close();
    const ready = await proxy.request('/readyz');
    assert.equal(ready.status, 503);
    assert.equal((await json(ready)).store, 'failing');
  });

  it('describes the API in /openapi.json from the validating schemas', async () => {
    const proxy = testProxy(shared.sandbox);
    const document = await json(await proxy.request('/openapi.json'));
    assert.equal(document.openapi, '3.1.0');
    for (const path of [
      '/api/config',
      '/api/checkouts',
      '/api/checkouts/{id}',
      '/api/checkouts/{id}/events',
      '/api/sessions/{token}',
      '/callbacks/processing',
      '/admin/checkout-sessions',
      '/admin/checkouts',
      '/admin/balances',
      '/admin/currencies',
      '/admin/invoices',
      '/admin/invoices/{foreign_id}/cancel',
      '/admin/withdrawals',
      '/admin/transactions/{id}',
      '/admin/transactions',
    ]) {
      assert.ok(document.paths[path], path);
    }
    const create = document.components.schemas.CreateCheckout;
    assert.deepEqual(create.properties.sender_type.enum, ['natural', 'legal']);
    assert.ok(create.required.includes('sender_type'));
    assert.ok('product' in create.properties && 'session' in create.properties);
    const [natural, legal] = create.properties.sender_data.oneOf;
    assert.deepEqual(natural.required, ['first_name', 'last_name', 'date_of_birth']);
    assert.deepEqual(legal.required, ['legal_name', 'country_of_registration']);
    assert.deepEqual(create.properties.payment_currency.required, ['iso']);
    const session = document.components.schemas.CreateSession;
    assert.ok(session.required.includes('amount'));
    assert.ok('title' in document.components.schemas.CreateInvoice.properties);
  });
});

describe('GET /api/checkouts/{id}/events (in process)', () => {
  /** Reads SSE chunks as text until `done` says stop. */
  async function readUntil(response: Response, done: (text: string) => boolean) {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!done(text)) {
      const { value, done: ended } = await reader.read();
      if (ended) return { text, ended: true };
      text += value;
      seen.push(value);
    }
    return { text, ended: false, reader };
  }

  it('sends the checkout at once, heartbeats while idle, and ends when the proxy shuts down', async () => {
    const proxy = testProxy(shared.sandbox, {}, { heartbeatMs: 20 });
    const created = await json(
      await proxy.request('/api/checkouts', { method: 'POST', json: checkoutBody() }),
    );
    const response = await proxy.request(`/api/checkouts/${created.id}/events`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('Content-Type') ?? '', /^text\/event-stream/);
    const first = await readUntil(response, (text) => text.includes(': heartbeat'));
    assert.deepEqual(messagesOf(first.text)[0]?.data, created);
    assert.equal(proxy.hub.size(), 1);

    proxy.hub.closeAll();
    const { value, done } = await first.reader!.read();
    const rest = value === undefined ? '' : String(value);
    seen.push(rest);
    assert.ok(done || !rest.includes('data:'), 'no message after shutdown');
    // The stream has finished: the subscription goes with it.
    await eventually(() => proxy.hub.size() === 0, 'the finished stream to leave the hub');
    assert.equal(proxy.hub.size(), 0);
  });

  it('lets go of a stream the client closed, and keeps beating for the others', async () => {
    const proxy = testProxy(shared.sandbox, {}, { heartbeatMs: 20 });
    const created = await json(
      await proxy.request('/api/checkouts', { method: 'POST', json: checkoutBody() }),
    );
    const path = `/api/checkouts/${created.id}/events`;
    try {
      const [leaving, staying] = await Promise.all([proxy.request(path), proxy.request(path)]);
      const left = await readUntil(leaving, (text) => text.includes('data: '));
      const stays = await readUntil(staying, (text) => text.includes('data: '));
      assert.equal(proxy.hub.size(), 2);
      await left.reader!.cancel();
      assert.equal(proxy.hub.size(), 1);
      let later = '';
      while (!later.includes(': heartbeat')) later += (await stays.reader!.read()).value ?? '';
      await stays.reader!.cancel();
      assert.equal(proxy.hub.size(), 0);
    } finally {
      proxy.hub.closeAll();
    }
  });

  it('sends a final checkout once and ends the stream', async () => {
    const proxy = testProxy(shared.sandbox);
    const created = await json(
      await proxy.request('/api/checkouts', { method: 'POST', json: checkoutBody() }),
    );
    await proxy.store.advanceCheckout(created.id, { status: 'expired', at: Date.now() }, callback);
    const response = await proxy.request(`/api/checkouts/${created.id}/events`);
    const { text, ended } = await readUntil(response, () => false);
    assert.equal(ended, true);
    const messages = messagesOf(text).map((message) => message.data);
    assert.deepEqual(messages, [{ ...created, status: 'expired' }]);
  });

  it('answers 404 for an unknown checkout', async () => {
    const proxy = testProxy(shared.sandbox);
    const response = await proxy.request('/api/checkouts/AAAAAAAAAAAAAAAAAAAAAA/events');
    assert.equal(response.status, 404);
  });
});
