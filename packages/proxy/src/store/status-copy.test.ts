/**
 * The status reads' copy on PostgreSQL: two stores on one real database, changes committed on
 * one and read on the other. A read is answered from the copy once it was read, moves forward
 * with the notices, never goes back; the copy is dropped and bypassed while the listening
 * connection is lost, and served again once it listens again; this store's own change is kept
 * even when that connection was lost and back during its transaction. The races of a read in
 * flight, held where it is: `status-copy-held.test.ts`.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CheckoutStatus } from '@crypto-pay/protocol/proxy-api';
import { eventually } from '@crypto-pay/test-kit/eventually';
import pg from 'pg';
import { openPostgresStore } from './postgres.ts';
import { LISTEN_APPLICATION_NAME } from './postgres-changes.ts';
import { type Store, streamedCheckout } from './store.ts';
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
    return { a, b, url };
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

  it('keeps its own change when the listening connection was lost and back during its transaction', {
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
    const { a, b, url } = await twoStores(async () => {
      deaf();
      await held;
    });
    const first = checkout();
    await b.insertCheckout(first, {});
    await eventually(async () => {
      await a.readCheckout(first.id);
      return a.statusCopy!().hits > 0;
    }, 'a read from the copy');
    // Another session holds the row: a's change waits inside its transaction.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('BEGIN');
      await admin.query('SELECT 1 FROM checkouts WHERE id = $1 FOR UPDATE', [first.id]);
      const advanced = advance(a, first.id, 'processing');
      // Meanwhile the listening connection drops and comes back.
      assert.ok((await cluster().terminateConnections(LISTEN_APPLICATION_NAME)) >= 1);
      await lost;
      release();
      // Listening again: a read finds the row as it was before the change commits, and keeps it.
      await eventually(async () => {
        const hits = a.statusCopy!().hits;
        const read = await a.readCheckout(first.id);
        return read?.version === 1 && a.statusCopy!().hits > hits;
      }, 'the older row kept once listening again');
      await admin.query('COMMIT');
      assert.equal((await advanced).checkout?.version, 2);
      // Its own notice is not heard: the change itself moves the copy on.
      const hits = a.statusCopy!().hits;
      assert.equal((await a.readCheckout(first.id))?.version, 2);
      assert.equal(a.statusCopy!().hits, hits + 1);
    } finally {
      await admin.end();
      await a.close();
      await b.close();
    }
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
