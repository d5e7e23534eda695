/**
 * The status copy's races, each read of the database held where it is (no database): a notice,
 * this store's own change, the listening connection lost and back, or another read of the same
 * checkout coming while it reads. None may leave the copy serving a version older than one
 * committed and heard, or one already answered.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CheckoutStatus } from '@crypto-pay/protocol/proxy-api';
import { statusCopy } from './status-copy.ts';
import { type StreamedCheckout, streamedCheckout } from './store.ts';
import { checkout } from './stores.test-helpers.ts';

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
