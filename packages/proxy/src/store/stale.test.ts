/** Stale checkouts in the store: marked once with their event, counted, listed, cleared when final. */

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { staleEvent } from '../webhooks/events.ts';
import { callback, checkout, describeStores } from './stores.test-helpers.ts';

/** Expired at 1_000_000_000 s; stale a minute later. */
const EXPIRED = 1_000_000_000;
const STALE_AFTER_MS = 60_000;
const STALE_AT = EXPIRED * 1000 + STALE_AFTER_MS;

describeStores('Stale checkouts', (open) => {
  it('are marked once each, with one checkout.stale event, counted and listed; the rest are not', async () => {
    const store = await open();
    const created = checkout({ expiresAt: EXPIRED });
    const processing = checkout({ expiresAt: EXPIRED, status: 'processing' });
    const paid = checkout({ expiresAt: EXPIRED, status: 'paid' });
    const recent = checkout({ expiresAt: EXPIRED + 1 });
    // Made after its stale time by the proxy's clock (the service's runs behind): never heard of.
    const madeLate = checkout({ expiresAt: EXPIRED, createdAt: STALE_AT, updatedAt: STALE_AT });
    // Moved to processing after its deadline, before any sweep: still not final, so still stuck.
    const heardLate = checkout({
      expiresAt: EXPIRED,
      status: 'processing',
      updatedAt: STALE_AT,
      version: 2,
    });
    for (const saved of [created, processing, paid, recent, madeLate, heardLate]) {
      await store.insertCheckout(saved, {});
    }
    // Read once: a SQLite store's copy of it must not hide the mark.
    await store.getCheckout(created.id);
    const sweep = { now: STALE_AT, staleAfterMs: STALE_AFTER_MS, limit: 100 };

    const marked = await store.markStaleCheckouts(sweep, staleEvent);
    assert.deepEqual(
      marked.map((found) => found.id).sort(),
      [created.id, processing.id, madeLate.id, heardLate.id].sort(),
    );
    assert.ok(marked.every((found) => found.staleAt === STALE_AT));
    assert.equal(marked.find((found) => found.id === heardLate.id)?.version, 2);
    assert.deepEqual(
      await store.markStaleCheckouts({ ...sweep, now: STALE_AT + 1 }, staleEvent),
      [],
    );

    assert.equal(await store.countStaleCheckouts(STALE_AT), 4);
    assert.equal((await store.getCheckout(created.id))?.staleAt, STALE_AT);
    const listed = await store.listCheckouts({ stale: true, limit: 10 });
    assert.deepEqual(
      listed.map((found) => found.id),
      [heardLate.id, madeLate.id, processing.id, created.id],
    );
    const fresh = await store.listCheckouts({ stale: false, limit: 10 });
    assert.deepEqual(
      fresh.map((found) => found.id),
      [recent.id, paid.id],
    );

    const events = await store.listEvents({ type: 'checkout.stale', limit: 10 });
    assert.equal(events.length, 4);
    const event = events.find((found) => (found.data as { id: string }).id === created.id)!;
    assert.equal((event.data as { stale_since: number }).stale_since, STALE_AT / 1000);
    assert.equal((event.data as { status: string }).status, 'created');
    await store.close();
  });

  it('are marked once when sweeps race (several proxies), a batch at a time', async () => {
    const store = await open();
    const saved = Array.from({ length: 6 }, () => checkout({ expiresAt: EXPIRED }));
    for (const one of saved) await store.insertCheckout(one, {});
    const sweep = { now: STALE_AT, staleAfterMs: STALE_AFTER_MS, limit: 2 };
    const rounds = await Promise.all(
      Array.from({ length: 6 }, () => store.markStaleCheckouts(sweep, staleEvent)),
    );
    const ids = rounds.flat().map((found) => found.id);
    assert.ok(rounds.every((round) => round.length <= 2));
    assert.equal(new Set(ids).size, ids.length);
    assert.deepEqual(ids.sort(), saved.map((one) => one.id).sort());
    assert.equal((await store.listEvents({ type: 'checkout.stale', limit: 10 })).length, 6);
    await store.close();
  });

  it('stay stale through a late processing, announced once, and stop at a final status', async () => {
    const store = await open();
    const saved = checkout({ expiresAt: EXPIRED });
    await store.insertCheckout(saved, {});
    const sweep = { now: STALE_AT, staleAfterMs: STALE_AFTER_MS, limit: 100 };
    await store.markStaleCheckouts(sweep, staleEvent);
    // Stuck in processing, its final callback lost: still stale, counted and listed.
    const { checkout: moved } = await store.advanceCheckout(
      saved.id,
      { status: 'processing', at: STALE_AT + 5000 },
      callback,
    );
    assert.equal(moved?.status, 'processing');
    assert.equal(moved?.staleAt, STALE_AT);
    assert.equal(await store.countStaleCheckouts(STALE_AT + 6000), 1);
    assert.deepEqual(
      (await store.listCheckouts({ stale: true, limit: 10 })).map((found) => found.id),
      [saved.id],
    );
    // Announced once all the same.
    assert.deepEqual(
      await store.markStaleCheckouts({ ...sweep, now: STALE_AT + 600_000 }, staleEvent),
      [],
    );
    assert.equal((await store.listEvents({ type: 'checkout.stale', limit: 10 })).length, 1);

    const { checkout: paid } = await store.advanceCheckout(
      saved.id,
      { status: 'paid', at: STALE_AT + 700_000 },
      callback,
    );
    assert.equal(paid?.status, 'paid');
    assert.equal(paid?.staleAt, undefined);
    assert.equal(await store.countStaleCheckouts(STALE_AT + 800_000), 0);
    assert.deepEqual(await store.listCheckouts({ stale: true, limit: 10 }), []);
    await store.close();
  });
});
