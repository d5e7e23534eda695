import assert from 'node:assert/strict';
import { it } from 'node:test';
import { checkoutEvent } from '../webhooks/events.ts';
import { callback, checkout, describeStores, session } from './stores.test-helpers.ts';

describeStores('Store', (open) => {
  it('reads a checkout, always its latest version', async () => {
    const store = await open();
    const saved = checkout();
    await store.insertCheckout(saved, {});
    const first = await store.getCheckout(saved.id);
    assert.deepEqual(first, saved);
    const { checkout: paid } = await store.advanceCheckout(
      saved.id,
      { status: 'paid', at: 3000 },
      callback,
    );
    const read = await store.getCheckout(saved.id);
    assert.deepEqual(read, paid);
    assert.equal(read?.status, 'paid');
    assert.equal(read?.version, 2);
    // A refused change leaves the stored version as it is.
    await store.advanceCheckout(saved.id, { status: 'failed', at: 3001 }, callback);
    assert.equal((await store.getCheckout(saved.id))?.status, 'paid');
    await store.close();
  });

  it('moves a checkout only forward, and never out of a final status', async () => {
    const store = await open();
    const saved = checkout();
    await store.insertCheckout(saved, {});
    const { checkout: processing } = await store.advanceCheckout(
      saved.id,
      { status: 'processing', at: 2000, paymentCurrency: { iso: 'LTC', network_name: 'litecoin' } },
      callback,
    );
    assert.equal(processing?.status, 'processing');
    assert.equal(processing?.version, 2);
    assert.deepEqual(processing?.paymentCurrency, { iso: 'LTC', network_name: 'litecoin' });
    // The outcome is the transaction's: behind the status held is late, the same a duplicate.
    assert.deepEqual(
      await store.advanceCheckout(saved.id, { status: 'created', at: 2001 }, callback),
      { outcome: 'late' },
    );
    assert.deepEqual(
      await store.advanceCheckout(saved.id, { status: 'processing', at: 2001 }, callback),
      { outcome: 'duplicate' },
    );
    const failed = await store.advanceCheckout(saved.id, { status: 'failed', at: 2002 }, callback);
    assert.equal(failed.outcome, 'applied');
    assert.equal(failed.checkout?.status, 'failed');
    for (const status of ['paid', 'expired', 'processing'] as const) {
      assert.deepEqual(await store.advanceCheckout(saved.id, { status, at: 2003 }, callback), {
        outcome: 'late',
      });
    }
    assert.deepEqual(
      await store.advanceCheckout(saved.id, { status: 'failed', at: 2004 }, callback),
      { outcome: 'duplicate' },
    );
    const final = await store.getCheckout(saved.id);
    assert.equal(final?.status, 'failed');
    assert.equal(final?.version, 3);
    const log = await store.listCallbacks({ limit: 10 });
    assert.deepEqual(
      log.map((entry) => entry.outcome),
      ['duplicate', 'late', 'late', 'late', 'applied', 'duplicate', 'late', 'applied'],
    );
    // No checkout at all is the log's `unknown`, not a late status.
    assert.deepEqual(
      await store.advanceCheckout('cp_none', { status: 'paid', at: 2005 }, callback),
      { outcome: 'unknown' },
    );
    assert.equal((await store.listCallbacks({ limit: 1 }))[0]?.outcome, 'unknown');
    await store.close();
  });

  it('hands a session out once, gives it back after a failure, and refuses it expired', async () => {
    const store = await open();
    const first = session('hash-1');
    await store.createSession(first);
    assert.deepEqual(await store.claimSession('hash-1', 2_000), first);
    assert.equal(await store.claimSession('hash-1', 2_000), undefined);
    await store.releaseSession('hash-1');
    assert.ok(await store.claimSession('hash-1', 2_000));
    const made = checkout({ pricing: 'session' });
    await store.insertCheckout(made, { sessionTokenHash: 'hash-1' });
    await store.releaseSession('hash-1');
    assert.equal(await store.claimSession('hash-1', 2_000), undefined, 'used for good');

    await store.createSession({ ...first, tokenHash: 'hash-2' });
    assert.equal(await store.claimSession('hash-2', 10_000), undefined, 'expired');
    await store.close();
  });

  it('reserves idempotency keys: replay, conflict, in progress, released', async () => {
    const store = await open();
    assert.deepEqual(await store.reserveIdempotencyKey('k1', 'h1', 1000), { kind: 'reserved' });
    assert.deepEqual(await store.reserveIdempotencyKey('k1', 'h1', 1001), { kind: 'in_progress' });
    assert.deepEqual(await store.reserveIdempotencyKey('k1', 'h2', 1001), { kind: 'conflict' });
    const made = checkout();
    await store.insertCheckout(made, { idempotencyKey: 'k1' });
    assert.deepEqual(await store.reserveIdempotencyKey('k1', 'h1', 1002), {
      kind: 'replay',
      checkoutId: made.id,
    });
    await store.reserveIdempotencyKey('k2', 'h1', 1000);
    await store.releaseIdempotencyKey('k2');
    assert.deepEqual(await store.reserveIdempotencyKey('k2', 'h9', 1003), { kind: 'reserved' });
    // After a day a key is forgotten.
    assert.deepEqual(await store.reserveIdempotencyKey('k1', 'h2', 1002 + 86_400_001), {
      kind: 'reserved',
    });
    await store.close();
  });

  it('reserves a key for one of four creates sent at once with it', async () => {
    const store = await open();
    const kinds = await Promise.all(
      Array.from({ length: 4 }, () => store.reserveIdempotencyKey('same', 'h1', 1000)),
    );
    assert.deepEqual(kinds.map((reservation) => reservation.kind).sort(), [
      'in_progress',
      'in_progress',
      'in_progress',
      'reserved',
    ]);
    await store.close();
  });

  it('refuses a key and a session to a create asking while their holder commits', async () => {
    const store = await open();
    await store.createSession(session('hash-3'));
    await store.reserveIdempotencyKey('held', 'h1', 1000);
    assert.ok(await store.claimSession('hash-3', 1000));
    // Asked before the holder's checkout commits, answered after it: never a second claim.
    const key = store.reserveIdempotencyKey('held', 'h1', 1001);
    const sessionClaim = store.claimSession('hash-3', 1001);
    const made = checkout({ pricing: 'session' });
    await store.insertCheckout(made, { idempotencyKey: 'held', sessionTokenHash: 'hash-3' });
    assert.notEqual((await key).kind, 'reserved');
    assert.equal(await sessionClaim, undefined);
    assert.deepEqual(await store.reserveIdempotencyKey('held', 'h1', 1002), {
      kind: 'replay',
      checkoutId: made.id,
    });
    await store.close();
  });

  it('lets a create whose claims were taken over neither give back nor use them', async () => {
    const store = await open({ claimLeaseMs: 1000 });
    await store.createSession(session('hash-5', { expiresAt: 100_000 }));
    // A stuck create holds both from 1000; past its lease another takes them over at 2500.
    await store.reserveIdempotencyKey('k', 'h1', 1000);
    assert.ok(await store.claimSession('hash-5', 1000));
    assert.deepEqual(await store.reserveIdempotencyKey('k', 'h1', 2500), { kind: 'reserved' });
    assert.ok(await store.claimSession('hash-5', 2500));
    // The stuck one fails: what it gives back is the newer create's, which keeps them.
    await store.releaseIdempotencyKey('k', 1000);
    await store.releaseSession('hash-5', 1000);
    assert.deepEqual(await store.reserveIdempotencyKey('k', 'h1', 2600), { kind: 'in_progress' });
    assert.equal(await store.claimSession('hash-5', 2600), undefined);
    // Or it succeeds after all: its checkout does not take the key from the newer create.
    const stuck = checkout();
    await store.insertCheckout(
      stuck,
      { idempotencyKey: 'k', keyClaimedAt: 1000 },
      checkoutEvent(stuck),
    );
    assert.deepEqual(await store.reserveIdempotencyKey('k', 'h1', 2700), { kind: 'in_progress' });
    const made = checkout();
    await store.insertCheckout(
      made,
      { idempotencyKey: 'k', keyClaimedAt: 2500 },
      checkoutEvent(made),
    );
    assert.deepEqual(await store.reserveIdempotencyKey('k', 'h1', 2800), {
      kind: 'replay',
      checkoutId: made.id,
    });
    await store.close();
  });

  it('takes over a key past its day before the purge of old keys comes round', async () => {
    const store = await open();
    const day = 86_400_000;
    const made = checkout();
    await store.reserveIdempotencyKey('old', 'h1', 1000);
    await store.insertCheckout(made, { idempotencyKey: 'old' });
    // A purge runs at this reservation (a minute since the last): 'old' is not past its day yet.
    await store.reserveIdempotencyKey('other', 'h1', 1000 + day);
    // A millisecond later it is, and no purge is due for a minute: it is taken over all the same.
    assert.deepEqual(await store.reserveIdempotencyKey('old', 'h2', 1001 + day), {
      kind: 'reserved',
    });
    await store.close();
  });
});
