/**
 * The stale sweep while serving: a pass at start, then at the interval; each stale checkout
 * announced once (event and warning, no personal data), a full batch followed at once. Timers
 * are node:test's mock timers and the clock a variable: nothing waits on the wall clock.
 */

import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock, type TestContext } from 'node:test';
import { openSqliteStore } from '../store/sqlite.ts';
import type { CheckoutRecord } from '../store/store.ts';
import { checkout } from '../store/stores.test-helpers.ts';
import { logRecorder, passReports } from './passes.test-helpers.ts';
import { NO_CALLBACKS_WARNING, STALE_WARNING, startStaleSweep } from './stale-sweep.ts';

const EXPIRED = 1_000_000_000;

/**
 * A sweep over `store` on the mock timers, staleAfterSeconds and intervalMs as given (1 s by
 * default), its clock the returned `clock.now` (ms), which a test moves.
 */
async function sweeping(
  t: TestContext,
  store: Parameters<typeof startStaleSweep>[0]['store'],
  options: { staleAfterSeconds: number; now: number },
) {
  const { lines, log } = logRecorder();
  const pass = passReports<CheckoutRecord[]>();
  const clock = { now: options.now };
  const sweep = startStaleSweep({
    store,
    log,
    staleAfterSeconds: options.staleAfterSeconds,
    intervalMs: 1000,
    now: () => clock.now,
    onPass: pass.onPass,
  });
  t.after(() => sweep.close());
  return { lines, pass, clock };
}

describe('the stale sweep', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('announces each stale checkout once, at start and then at the interval, with one warning naming the causes', async (t) => {
    const store = await openSqliteStore(':memory:');
    t.after(() => store.close());
    const first = checkout({ expiresAt: EXPIRED });
    const later = checkout({ expiresAt: EXPIRED + 600 });
    for (const saved of [first, later]) await store.insertCheckout(saved, {});
    const { lines, pass, clock } = await sweeping(t, store, {
      staleAfterSeconds: 60,
      now: EXPIRED * 1000 + 60_000,
    });

    mock.timers.tick(0);
    assert.deepEqual(
      (await pass.next()).map((found) => found.id),
      [first.id],
    );
    mock.timers.tick(1000);
    assert.deepEqual(await pass.next(), []);
    clock.now += 600_000;
    mock.timers.tick(1000);
    assert.deepEqual(
      (await pass.next()).map((found) => found.id),
      [later.id],
    );

    assert.deepEqual(
      lines
        .filter((line) => line.message === STALE_WARNING)
        .map((line) => [line.level, line.fields?.checkout_id]),
      [
        ['warn', first.id],
        ['warn', later.id],
      ],
    );
    assert.match(STALE_WARNING, /callback URL/);
    assert.match(STALE_WARNING, /firewall/);
    assert.match(STALE_WARNING, /PROCESSING_API_KEY/);
    assert.deepEqual(Object.keys(lines[0]!.fields!).sort(), [
      'checkout_id',
      'expired_at',
      'stale_after_seconds',
      'status',
    ]);
    const events = await store.listEvents({ type: 'checkout.stale', limit: 10 });
    assert.equal(events.length, 2);
  });

  it('goes on at once after a full batch, and pauses with a warning when the store fails', async (t) => {
    const store = await openSqliteStore(':memory:');
    t.after(() => store.close());
    for (let i = 0; i < 5; i++) await store.insertCheckout(checkout({ expiresAt: EXPIRED }), {});
    const { lines, log } = logRecorder();
    const pass = passReports<CheckoutRecord[]>();
    let failing = false;
    const sweep = startStaleSweep({
      store: {
        markStaleCheckouts: (sweep, eventOf) =>
          failing
            ? Promise.reject(new Error('disk full'))
            : store.markStaleCheckouts(sweep, eventOf),
        lastCallbackAt: () => store.lastCallbackAt(),
      },
      log,
      staleAfterSeconds: 0,
      batch: 2,
      intervalMs: 1000,
      now: () => EXPIRED * 1000,
      onPass: pass.onPass,
    });
    t.after(() => sweep.close());
    mock.timers.tick(0);
    assert.equal((await pass.next()).length, 5);
    failing = true;
    mock.timers.tick(1000);
    assert.deepEqual(await pass.next(), []);
    assert.equal(lines.at(-1)?.message, 'stale checkout sweep paused: the store failed');
    assert.equal(lines.filter((line) => line.message === STALE_WARNING).length, 5);
  });

  it('says once more when no callback at all came since the stale checkouts were made', async (t) => {
    const store = await openSqliteStore(':memory:');
    t.after(() => store.close());
    const quiet = checkout({ expiresAt: EXPIRED, createdAt: 5000, updatedAt: 5000 });
    await store.insertCheckout(quiet, {});
    const { lines, pass, clock } = await sweeping(t, store, {
      staleAfterSeconds: 0,
      now: EXPIRED * 1000,
    });
    mock.timers.tick(0);
    assert.equal((await pass.next()).length, 1);
    const silence = lines.filter((line) => line.message === NO_CALLBACKS_WARNING);
    assert.deepEqual(
      silence.map((line) => [line.level, line.fields]),
      [
        [
          'warn',
          {
            stale_checkouts: 1,
            created_since: new Date(5000).toISOString(),
            last_callback_at: null,
          },
        ],
      ],
    );

    // A callback since the next one was made: callbacks do arrive, only not for it.
    const heard = checkout({ expiresAt: EXPIRED + 10, createdAt: 6000, updatedAt: 6000 });
    await store.insertCheckout(heard, {});
    await store.recordCallback({
      receivedAt: 7000,
      type: 'invoice',
      objectId: '1',
      outcome: 'recorded',
      body: {},
    });
    assert.equal(await store.lastCallbackAt(), 7000);
    clock.now += 10_000;
    mock.timers.tick(1000);
    assert.deepEqual(
      (await pass.next()).map((found) => found.id),
      [heard.id],
    );
    assert.equal(lines.filter((line) => line.message === NO_CALLBACKS_WARNING).length, 1);
  });

  it('says it once per silent spell, and again after a callback when silence returns', async (t) => {
    const store = await openSqliteStore(':memory:');
    t.after(() => store.close());
    const { lines, pass, clock } = await sweeping(t, store, {
      staleAfterSeconds: 0,
      now: EXPIRED * 1000,
    });
    const silences = () =>
      lines
        .filter((line) => line.message === NO_CALLBACKS_WARNING)
        .map((line) => line.fields?.last_callback_at);
    /** A checkout made at `createdAt` that the next pass finds stale. */
    const staleNext = async (createdAt: number) => {
      const saved = checkout({
        expiresAt: Math.floor(clock.now / 1000),
        createdAt,
        updatedAt: createdAt,
      });
      await store.insertCheckout(saved, {});
      mock.timers.tick(clock.now === EXPIRED * 1000 ? 0 : 1000);
      assert.deepEqual(
        (await pass.next()).map((found) => found.id),
        [saved.id],
      );
      clock.now += 10_000;
    };

    await staleNext(5000);
    // The outage goes on: every sweep marks more, and nothing more is said.
    await staleNext(5500);
    await staleNext(6000);
    assert.deepEqual(silences(), [null]);

    // A callback ends the spell; silence after it is a new one, said once.
    await store.recordCallback({
      receivedAt: 7000,
      type: 'invoice',
      objectId: '1',
      outcome: 'recorded',
      body: {},
    });
    await staleNext(8000);
    await staleNext(8500);
    assert.deepEqual(silences(), [null, new Date(7000).toISOString()]);
  });
});
