/** The relay of other proxies’ changes to this process’s hub and webhook worker, on a store whose feed the test drives. */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CheckoutRecord, StoreChangeListener } from '../store/store.ts';
import { createCheckoutHub } from './hub.ts';
import { relayStoreChanges } from './relay.ts';

/** A store whose change feed the test drives, counting its reads. */
function fakeStore(rows: Map<string, CheckoutRecord>) {
  let feed: StoreChangeListener | undefined;
  const reads: string[] = [];
  return {
    reads,
    feed: () => feed!,
    store: {
      async getCheckout(id: string) {
        reads.push(id);
        return rows.get(id);
      },
      subscribeChanges(listener: StoreChangeListener) {
        feed = listener;
        return () => {
          feed = undefined;
        };
      },
    },
  };
}

const record = (id: string, status: CheckoutRecord['status'], version: number) =>
  ({ id, status, version }) as CheckoutRecord;

/** Resolves once the reads and publishes started by a notice have run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('relay of other proxies’ changes', () => {
  it('reads and publishes a change only for checkouts followed here, and only when newer', async () => {
    const rows = new Map([
      ['followed', record('followed', 'paid', 2)],
      ['other', record('other', 'paid', 2)],
    ]);
    const fake = fakeStore(rows);
    const hub = createCheckoutHub();
    const seen: string[] = [];
    hub.subscribe('followed', { change: (c) => seen.push(`${c.version} ${c.status}`), close() {} });
    const stop = relayStoreChanges({ store: fake.store, hub, log: () => {} });
    fake.feed().checkout('other', 2);
    fake.feed().checkout('followed', 2);
    await settled();
    // Heard again (a duplicate, or the notice of a change this proxy made and published).
    fake.feed().checkout('followed', 2);
    await settled();
    assert.deepEqual(fake.reads, ['followed']);
    assert.deepEqual(seen, ['2 paid']);
    stop();
  });

  it('publishes a checkout its notice carried without reading it', async () => {
    const fake = fakeStore(new Map());
    const hub = createCheckoutHub();
    const seen: string[] = [];
    hub.subscribe('followed', { change: (c) => seen.push(`${c.version} ${c.status}`), close() {} });
    const stop = relayStoreChanges({ store: fake.store, hub, log: () => {} });
    fake.feed().checkout('followed', 2, record('followed', 'processing', 2));
    fake.feed().checkout('followed', 3, record('followed', 'paid', 3));
    // An older notice, late: the stream never goes back.
    fake.feed().checkout('followed', 2, record('followed', 'processing', 2));
    await settled();
    assert.deepEqual(fake.reads, []);
    assert.deepEqual(seen, ['2 processing', '3 paid']);
    stop();
  });

  it('reads every followed checkout again on a resync, and wakes the worker on outbox news', async () => {
    const rows = new Map([
      ['one', record('one', 'processing', 2)],
      ['two', record('two', 'created', 1)],
    ]);
    const fake = fakeStore(rows);
    const hub = createCheckoutHub();
    const seen: string[] = [];
    for (const id of ['one', 'two']) {
      hub.subscribe(id, { change: (c) => seen.push(`${c.id} ${c.version}`), close() {} });
    }
    let wakes = 0;
    const stop = relayStoreChanges({
      store: fake.store,
      hub,
      log: () => {},
      wake: () => {
        wakes++;
      },
    });
    fake.feed().outbox();
    fake.feed().resync();
    await settled();
    await settled();
    assert.deepEqual(fake.reads.sort(), ['one', 'two']);
    assert.deepEqual(seen.sort(), ['one 2', 'two 1']);
    assert.equal(wakes, 2);
    stop();
  });
});
