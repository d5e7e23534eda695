/**
 * The rate limits' buckets as every store keeps them: a full bucket, refusals with the wait,
 * refill with time, a clock stepped back, idle buckets forgotten, takes at once that never hand
 * out more than the bucket holds, takes at cost 0 that only need a token to be there, and
 * tokens given back (cost -1) after a check passed.
 */

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { heldRateBuckets } from './rate-buckets.ts';
import { describeStores } from './stores.test-helpers.ts';

describeStores('Rate-limit buckets', (open) => {
  it('gives a new client a full bucket, then the seconds to wait, refilled evenly', async () => {
    const store = await open();
    const take = (now: number, key = '203.0.113.1') =>
      store.takeRateToken({ key, perMinute: 2, now });
    assert.equal(await take(1_000), 0);
    assert.equal(await take(1_000), 0);
    assert.equal(await take(1_000), 30);
    // A refused take spends nothing: 20 s later, 10 s are left.
    assert.equal(await take(21_000), 10);
    // Another client has its own bucket.
    assert.equal(await take(21_000, '203.0.113.2'), 0);
    assert.equal(await take(31_000), 0);
    assert.equal(await take(31_000), 30);
    // Idle a long time: full, never more.
    assert.equal(await take(600_000), 0);
    assert.equal(await take(600_000), 0);
    assert.equal(await take(600_000), 30);
    await store.close();
  });

  it('refuses no one for longer than a minute’s worth when the clock steps back', async () => {
    const store = await open();
    const take = (now: number) => store.takeRateToken({ key: 'client', perMinute: 2, now });
    assert.equal(await take(10_000_000), 0);
    assert.equal(await take(10_000_000), 0);
    // An hour back: no time passed, not minus an hour.
    assert.equal(await take(6_400_000), 30);
    assert.equal(await take(6_430_000), 0);
    await store.close();
  });

  it('hands out no more than the bucket holds to takes at once', async () => {
    const store = await open();
    const waits = await Promise.all(
      Array.from({ length: 12 }, () => store.takeRateToken({ key: 'burst', perMinute: 5, now: 0 })),
    );
    assert.equal(waits.filter((wait) => wait === 0).length, 5);
    assert.ok(
      waits.every((wait) => wait === 0 || wait === 12),
      String(waits),
    );
    await store.close();
  });

  it('at cost 0 lets through only while a token is there, spending none', async () => {
    const store = await open();
    const take = (now: number, cost: 0 | 1 = 1, key = 'failures') =>
      store.takeRateToken({ key, perMinute: 2, now, cost });
    assert.equal(await take(1_000, 0, 'never-seen'), 0);
    assert.equal(await take(1_000, 0), 0);
    assert.equal(await take(1_000, 0), 0);
    assert.equal(await take(1_000), 0);
    assert.equal(await take(1_000, 0), 0);
    assert.equal(await take(1_000), 0);
    assert.equal(await take(1_000, 0), 30);
    assert.equal(await take(21_000, 0), 10);
    // Asking spent nothing: the token refilled by then is there to take.
    assert.equal(await take(31_000, 0), 0);
    assert.equal(await take(31_000), 0);
    assert.equal(await take(31_000, 0), 30);
    await store.close();
  });

  it('spends only the costly takes of a burst, and no more than the bucket holds', async () => {
    const store = await open();
    const waits = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        store.takeRateToken({ key: 'mixed', perMinute: 5, now: 0, cost: index % 2 === 0 ? 1 : 0 }),
      ),
    );
    const spent = waits.filter((wait, index) => wait === 0 && index % 2 === 0).length;
    assert.equal(spent, 5, String(waits));
    await store.close();
  });

  it('takes a token back at cost -1, even from an empty bucket, never past full', async () => {
    const store = await open();
    const take = (cost: -1 | 0 | 1 = 1) =>
      store.takeRateToken({ key: 'given-back', perMinute: 2, now: 1_000, cost });
    assert.equal(await take(-1), 0);
    assert.equal(await take(), 0);
    assert.equal(await take(), 0);
    // Full at first, so the first give-back added nothing: empty now.
    assert.equal(await take(), 30);
    assert.equal(await take(-1), 0);
    assert.equal(await take(), 0);
    assert.equal(await take(0), 30);
    await store.close();
  });

  it('keeps time by its own clock when the caller gives none', async () => {
    const store = await open();
    const take = () => store.takeRateToken({ key: 'clockless', perMinute: 1 });
    assert.equal(await take(), 0);
    const wait = await take();
    assert.ok(wait >= 59 && wait <= 60, `Retry-After ${wait}`);
    await store.close();
  });
});

it('forgets the buckets a one-process store holds in memory once idle a minute', () => {
  const buckets = heldRateBuckets();
  buckets.take('idle', 20, 1, 1_000_000);
  buckets.take('busy', 20, 1, 1_030_000);
  assert.equal(buckets.size, 2);
  buckets.take('busy', 20, 1, 1_061_000);
  assert.equal(buckets.size, 1, 'the bucket untouched for a minute is gone, the busy one kept');
});
