/**
 * The change feed between stores on one PostgreSQL database: a committed change is heard by the
 * others and not by its own store, an outbox write wakes them, and a listening connection
 * killed is replaced and followed by a resync.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { checkoutEvent, relayedEvent } from '../webhooks/events.ts';
import { openPostgresStore } from './postgres.ts';
import { LISTEN_APPLICATION_NAME, PAYLOAD_LIMIT_BYTES } from './postgres-changes.ts';
import {
  type CallbackEntry,
  type StoreChangeListener,
  type StreamedCheckout,
  streamedCheckout,
} from './store.ts';
import { callback, checkout, usePostgres } from './stores.test-helpers.ts';

/** A listener that keeps what it heard, and waits for a line of it. */
function inbox() {
  const heard: string[] = [];
  /** The checkouts the notices carried, by `id version`. */
  const carried = new Map<string, StreamedCheckout | undefined>();
  const waiting = new Set<() => void>();
  const hear = (line: string) => {
    heard.push(line);
    for (const check of [...waiting]) check();
  };
  const listener: StoreChangeListener = {
    checkout: (id, version, checkout) => {
      carried.set(`${id} ${version}`, checkout);
      hear(`checkout ${id} ${version}`);
    },
    outbox: () => hear('outbox'),
    resync: () => hear('resync'),
  };
  const until = (line: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!heard.includes(line)) return;
        waiting.delete(check);
        resolve();
      };
      waiting.add(check);
      check();
    });
  return { heard, carried, listener, until };
}

describe('PostgreSQL change feed', () => {
  const cluster = usePostgres();
  let databases = 0;

  async function twoStores() {
    const url = await cluster().createDatabase(`changes_${++databases}`);
    const [a, b] = await Promise.all([
      openPostgresStore(url, { poolSize: 2 }),
      openPostgresStore(url, { poolSize: 2 }),
    ]);
    return { a: a!, b: b! };
  }

  it('tells the other stores of a committed checkout change and outbox write, not its own', {
    timeout: 30_000,
  }, async () => {
    const { a, b } = await twoStores();
    await b.setEnvEndpoint('http://127.0.0.1:9/hooks', 0);
    const onA = inbox();
    const onB = inbox();
    a.subscribeChanges(onA.listener);
    b.subscribeChanges(onB.listener);
    // Each says when it listens.
    await Promise.all([onA.until('resync'), onB.until('resync')]);
    onA.heard.length = 0;
    onB.heard.length = 0;
    const first = checkout();
    await b.insertCheckout(first, {}, checkoutEvent(first));
    await onA.until('outbox');
    await b.advanceCheckout(first.id, { status: 'paid', at: 2000 }, callback, checkoutEvent);
    await onA.until(`checkout ${first.id} 2`);
    // A final checkout does not move: nothing committed, nothing told.
    await b.advanceCheckout(first.id, { status: 'failed', at: 3000 }, callback, checkoutEvent);
    const deposit: CallbackEntry = { ...callback, type: 'deposit', objectId: 'd1', status: 'done' };
    await a.recordCallback(deposit, relayedEvent(deposit));
    await onB.until('outbox');
    // The paying transaction's two notices come together, the checkout's first.
    await eventually(() => onA.heard.length === 3, 'both notices of the payment');
    assert.deepEqual(onA.heard, ['outbox', `checkout ${first.id} 2`, 'outbox']);
    assert.deepEqual(onB.heard, ['outbox']);
    await a.close();
    await b.close();
  });

  it('carries what streams tell of the checkout in its notice, unless too big for one', {
    timeout: 30_000,
  }, async () => {
    const { a, b } = await twoStores();
    const onA = inbox();
    a.subscribeChanges(onA.listener);
    await onA.until('resync');
    const small = checkout({ paymentCurrency: { iso: 'BTC', network_name: 'bitcoin' } });
    // Long return addresses: the notice would pass the server's limit.
    const big = checkout({ successUrl: `https://shop.example/${'x'.repeat(PAYLOAD_LIMIT_BYTES)}` });
    await b.insertCheckout(small, {});
    await b.insertCheckout(big, {});
    const { checkout: paid } = await b.advanceCheckout(
      small.id,
      { status: 'paid', at: 2000 },
      callback,
    );
    await b.advanceCheckout(big.id, { status: 'paid', at: 2000 }, callback);
    await onA.until(`checkout ${big.id} 2`);
    // Only what a stream shows: no merchant reference travels.
    assert.deepEqual(onA.carried.get(`${small.id} 2`), streamedCheckout(paid!));
    assert.equal(onA.carried.get(`${small.id} 2`)?.status, 'paid');
    assert.equal(JSON.stringify(onA.carried.get(`${small.id} 2`)).includes(small.foreignId), false);
    assert.ok(onA.carried.has(`${big.id} 2`));
    assert.equal(onA.carried.get(`${big.id} 2`), undefined);
    await a.close();
    await b.close();
  });

  it('listens again after its connection was killed, and says so with a resync', {
    timeout: 30_000,
  }, async () => {
    const { a, b } = await twoStores();
    const onA = inbox();
    a.subscribeChanges(onA.listener);
    await onA.until('resync');
    onA.heard.length = 0;
    const first = checkout();
    await b.insertCheckout(first, {});
    // Listening: a change is heard.
    await b.advanceCheckout(first.id, { status: 'processing', at: 2000 }, callback);
    await onA.until(`checkout ${first.id} 2`);
    assert.equal(await cluster().terminateConnections(LISTEN_APPLICATION_NAME), 1);
    await onA.until('resync');
    await b.advanceCheckout(first.id, { status: 'paid', at: 3000 }, callback);
    await onA.until(`checkout ${first.id} 3`);
    await a.close();
    await b.close();
  });
});
