/**
 * The status reads' copy on PostgreSQL: two stores on one real database, changes committed on
 * one and read on the other. A read is answered from the copy once it was read, moves forward
 * with the notices, never goes back; the copy is dropped and bypassed while the listening
 * connection is lost, and served again once it listens again. And the race a read in flight
 * could lose to a notice, with the read held where it is.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CheckoutStatus } from '@crypto-pay/protocol/proxy-api';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { openPostgresStore } from './postgres.ts';
import { LISTEN_APPLICATION_NAME } from './postgres-changes.ts';
import { statusCopy } from './status-copy.ts';
import { type Store, type StreamedCheckout, streamedCheckout } from './store.ts';
import { callback, checkout, usePostgres } from './stores.test-helpers.ts';

describe('status reads from a copy fed by notices', () => {
  const cluster = usePostgres();
  let databases = 0;

  /** `a` reads (its copy), `b` writes; `a` waits at `gate` before listening again. */
  async function twoStores(gate?: () => Promise<void>) {
    const url = await cluster().createDatabase(`copy_${++databases}`);
    const [a, b] = await Promise.all([
      openPostgresStore(url, { poolSize: 4, ...(gate ? { beforeRelisten: gate } : {}) }),
      openPostgresStore(url, { poolSize: 4 }),
    ]);
    return { a, b };
  }

  const advance = (store: Store, id: string, status: CheckoutStatus) =>
    store.advanceCheckout(id, { status, at: Date.now() }, callback);

  it('answers from the copy once read, and moves on with the other store’s changes', {
    timeout: 30_000,
  }, async () => {
    const { a, b } = await twoStores();
    const first = checkout();
    await b.insertCheckout(first, {});
    // Another listener first, as a proxy's relay: the feed already listens when the copy comes.
    const listening = new Promise<void>((resolve) => {
      a.subscribeChanges({ checkout() {}, outbox() {}, resync: resolve });
    });
    await listening;
    // The first read subscribes the copy: served once the feed listens.
    await a.readCheckout(first.id);
    await eventually(async () => {
      await a.readCheckout(first.id);
      return a.statusCopy!().hits > 0;
    }, 'a read from the copy');
    const before = a.statusCopy!();
    assert.equal((await a.readCheckout(first.id))?.version, 1);
    assert.equal(a.statusCopy!().hits, before.hits + 1);
    await advance(b, first.id, 'processing');
    await eventually(
      async () => (await a.readCheckout(first.id))?.status === 'processing',
      'the change heard on the other store',
    );
    const heard = a.statusCopy!();
    // Heard through the notice, not read again.
    assert.equal(heard.misses, before.misses);
    // The copy tells only what the public API does: no merchant reference.
    assert.deepEqual(
      Object.keys((await a.readCheckout(first.id))!).sort(),
      Object.keys(streamedCheckout(first)).sort(),
    );
    // A change committed on the reading store itself is read at once: no notice of it comes.
    await advance(a, first.id, 'paid');
    assert.equal((await a.readCheckout(first.id))?.status, 'paid');
    assert.equal(a.statusCopy!().misses, before.misses);
    await a.close();
    await b.close();
  });

  it('drops and bypasses the copy while the listening connection is lost, and serves it again after', {
    timeout: 30_000,
  }, async () => {
    let release = () => {};
    let deaf = () => {};
    const lost = new Promise<void>((resolve) => {
      deaf = resolve;
    });
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { a, b } = await twoStores(async () => {
      deaf();
      await held;
    });
    const first = checkout();
    await b.insertCheckout(first, {});
    await eventually(async () => {
      await a.readCheckout(first.id);
      return a.statusCopy!().hits > 0;
    }, 'a read from the copy');
    assert.equal(a.statusCopy!().entries, 1);
    assert.ok((await cluster().terminateConnections(LISTEN_APPLICATION_NAME)) >= 1);
    await lost;
    // Deaf, and held so: the whole copy is gone, and a change made now is read from the database.
    assert.equal(a.statusCopy!().entries, 0);
    await advance(b, first.id, 'processing');
    const bypassed = a.statusCopy!().bypassed;
    assert.equal((await a.readCheckout(first.id))?.status, 'processing');
    assert.equal(a.statusCopy!().bypassed, bypassed + 1);
    assert.equal(a.statusCopy!().entries, 0, 'nothing kept while deaf');
    release();
    // Listening again: read once more, then from the copy.
    await eventually(async () => {
      const hits = a.statusCopy!().hits;
      const read = await a.readCheckout(first.id);
      return read?.status === 'processing' && a.statusCopy!().hits > hits;
    }, 'the copy served again');
    await advance(b, first.id, 'paid');
    await eventually(
      async () => (await a.readCheckout(first.id))?.status === 'paid',
      'the change heard once listening again',
    );
    await a.close();
    await b.close();
  });

  it('never answers a version older than one answered before, under concurrent changes', {
    timeout: 60_000,
  }, async () => {
    const { a, b } = await twoStores();
    const checkouts = Array.from({ length: 24 }, () => checkout());
    for (const each of checkouts) await b.insertCheckout(each, {});
    await eventually(async () => {
      await a.readCheckout(checkouts[0]!.id);
      return a.statusCopy!().hits > 0;
    }, 'the copy serving');
    /** The newest version a read ended with, by checkout: a read begun after must not be older. */
    const answered = new Map<string, number>();
    const backwards: string[] = [];
    let writing = true;
    const reader = async () => {
      while (writing) {
        for (const { id } of checkouts) {
          const floor = answered.get(id) ?? 0;
          const read = await a.readCheckout(id);
          const version = read?.version ?? 0;
          if (version < floor) backwards.push(`${id}: ${version} after ${floor}`);
          answered.set(id, Math.max(answered.get(id) ?? 0, version));
        }
        // A read from the copy settles at once: let the writes and the notices in.
        await new Promise(setImmediate);
      }
    };
    const readers = Array.from({ length: 6 }, reader);
    // Every checkout moved twice on b, all at once; halfway, a's listening connection is killed.
    const writes = checkouts.map(async ({ id }, i) => {
      await advance(b, id, 'processing');
      if (i === checkouts.length / 2) await cluster().terminateConnections(LISTEN_APPLICATION_NAME);
      await advance(b, id, 'paid');
    });
    await Promise.all(writes);
    await eventually(
      async () =>
        (await Promise.all(checkouts.map(({ id }) => a.readCheckout(id)))).every(
          (read) => read?.version === 3,
        ),
      'every change read on the other store',
    );
    writing = false;
    await Promise.all(readers);
    assert.deepEqual(backwards, []);
    const figures = a.statusCopy!();
    assert.ok(figures.hits > 0 && figures.misses > 0, JSON.stringify(figures));
    await a.close();
    await b.close();
  });
});

describe('a read in flight when a newer notice comes', () => {
  /** A database read held until `answer` is called with the row it finds. */
  function heldRead() {
    let answer: (row: StreamedCheckout) => void = () => {};
    const read = () =>
      new Promise<StreamedCheckout | undefined>((resolve) => {
        answer = resolve;
      });
    return { read, answer: (row: StreamedCheckout) => answer(row) };
  }
  const at = (version: number, status: CheckoutStatus): StreamedCheckout =>
    streamedCheckout({ ...checkout({ id: 'checkout-id-in-flight-0001' }), version, status });

  it('keeps and answers the notice’s newer version, not the older row it read', async () => {
    const copy = statusCopy(10);
    copy.listener.resync();
    const held = heldRead();
    const reading = copy.read('checkout-id-in-flight-0001', held.read);
    copy.listener.checkout('checkout-id-in-flight-0001', 2, at(2, 'processing'));
    held.answer(at(1, 'created'));
    assert.equal((await reading)?.version, 2);
    const again = await copy.read('checkout-id-in-flight-0001', () => assert.fail('a hit'));
    assert.equal(again?.version, 2);
  });

  it('keeps no row older than a notice that did not carry its checkout', async () => {
    const copy = statusCopy(10);
    copy.listener.resync();
    const held = heldRead();
    const reading = copy.read('checkout-id-in-flight-0001', held.read);
    copy.listener.checkout('checkout-id-in-flight-0001', 2);
    held.answer(at(1, 'created'));
    await reading;
    const next = heldRead();
    const reread = copy.read('checkout-id-in-flight-0001', next.read);
    next.answer(at(2, 'processing'));
    assert.equal((await reread)?.version, 2, 'read again from the database');
    assert.equal(
      (await copy.read('checkout-id-in-flight-0001', () => assert.fail('a hit')))?.version,
      2,
    );
  });

  it('keeps nothing a read found when the copy was dropped while it read', async () => {
    const copy = statusCopy(10);
    copy.listener.resync();
    const held = heldRead();
    const reading = copy.read('checkout-id-in-flight-0001', held.read);
    copy.listener.lost?.();
    copy.listener.resync();
    held.answer(at(1, 'created'));
    await reading;
    assert.equal(copy.figures().entries, 0);
  });

  it('keeps no older or equal version over the one it has, from a notice or this store’s change', async () => {
    const copy = statusCopy(10);
    copy.listener.resync();
    await copy.read('checkout-id-in-flight-0001', async () => at(3, 'paid'));
    copy.listener.checkout('checkout-id-in-flight-0001', 2, at(2, 'processing'));
    copy.changed(at(3, 'failed'));
    const read = await copy.read('checkout-id-in-flight-0001', () => assert.fail('a hit'));
    assert.equal(read?.status, 'paid');
  });

  it('keeps this store’s change when the feed was lost and back while it was made', async () => {
    const copy = statusCopy(10);
    copy.listener.resync();
    // The change's transaction begins; meanwhile the listening connection drops and comes back.
    copy.listener.lost?.();
    copy.listener.resync();
    // A read after the reconnect whose query ran before the commit keeps the older row.
    const held = heldRead();
    const reading = copy.read('checkout-id-in-flight-0001', held.read);
    held.answer(at(1, 'created'));
    assert.equal((await reading)?.version, 1);
    // Committed here: no notice of it comes, so only this moves the copy on.
    copy.changed(at(2, 'processing'));
    const read = await copy.read('checkout-id-in-flight-0001', () => assert.fail('a hit'));
    assert.equal(read?.version, 2);
  });

  it('starts no entry from this store’s change for a read begun before the feed was lost', async () => {
    const copy = statusCopy(10);
    copy.listener.resync();
    const held = heldRead();
    const reading = copy.read('checkout-id-in-flight-0001', held.read);
    // Committed here before the feed came back; another proxy's newer change went unheard.
    copy.listener.lost?.();
    copy.listener.resync();
    copy.changed(at(2, 'processing'));
    held.answer(at(1, 'created'));
    await reading;
    const next = heldRead();
    const reread = copy.read('checkout-id-in-flight-0001', next.read);
    next.answer(at(3, 'paid'));
    assert.equal((await reread)?.version, 3, 'read from the database, not the change kept');
  });

  it('keeps no older row once an overlapping read’s newer one was served and pushed out', async () => {
    // One entry: reading another checkout pushes the first out.
    const copy = statusCopy(1);
    copy.listener.resync();
    const first = heldRead();
    const second = heldRead();
    const older = copy.read('checkout-id-in-flight-0001', first.read);
    const newer = copy.read('checkout-id-in-flight-0001', second.read);
    second.answer(at(2, 'processing'));
    assert.equal((await newer)?.version, 2);
    await copy.read('checkout-id-in-flight-0002', async () => ({
      ...at(1, 'created'),
      id: 'checkout-id-in-flight-0002',
    }));
    first.answer(at(1, 'created'));
    await older;
    const again = heldRead();
    const reread = copy.read('checkout-id-in-flight-0001', again.read);
    again.answer(at(2, 'processing'));
    assert.equal((await reread)?.version, 2, 'read from the database, not the older row kept');
  });

  it('serves nothing before the feed listens', async () => {
    const copy = statusCopy(10);
    await copy.read('checkout-id-in-flight-0001', async () => at(1, 'created'));
    assert.deepEqual(copy.figures(), { hits: 0, misses: 0, bypassed: 1, entries: 0 });
  });
});
