/**
 * The back office's reads on both databases: the list's filters (amounts compared exactly),
 * the search of a reference, the counts per UTC day, and a checkout's history.
 */

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { checkoutEvent } from '../webhooks/events.ts';
import type { CheckoutFilter } from './payments.ts';
import type { CheckoutRecord, Store } from './store.ts';
import { callback, checkout, describeStores } from './stores.test-helpers.ts';

const DAY = 86_400_000;

/** The ids `filter` lists, newest first. */
async function listed(store: Store, filter: CheckoutFilter): Promise<string[]> {
  return (await store.listCheckouts({ ...filter, limit: 200 })).map((found) => found.id);
}

/** Saves checkouts of these amounts; their ids by amount. */
async function saveAmounts(store: Store, amounts: string[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const amount of amounts) {
    const saved = checkout({ amount });
    await store.insertCheckout(saved, {});
    ids[amount] = saved.id;
  }
  return ids;
}

describeStores('Payments', (open) => {
  it('compares amounts exactly: 0.1 is 0.10, 9 is under 10, every decimal counts', async () => {
    const store = await open();
    const tiny = '0.000000000000000000000000000001';
    const huge = '123456789012345678901234567890.5';
    const id = await saveAmounts(store, [
      '0.1',
      '0.10',
      '9',
      '10',
      '10.5',
      '9.99999999',
      tiny,
      huge,
    ]);
    const range = async (amountMin?: string, amountMax?: string) =>
      (
        await listed(store, {
          ...(amountMin === undefined ? {} : { amountMin }),
          ...(amountMax === undefined ? {} : { amountMax }),
        })
      ).sort();
    const of = (...amounts: string[]) => amounts.map((amount) => id[amount]!).sort();

    assert.deepEqual(await range('0.1', '0.1'), of('0.1', '0.10'));
    assert.deepEqual(await range('0.100000', '0.1000'), of('0.1', '0.10'));
    assert.deepEqual(await range('9', '9.99999999'), of('9', '9.99999999'));
    assert.deepEqual(await range('9.999999991'), of('10', '10.5', huge));
    assert.deepEqual(await range(undefined, '9'), of('0.1', '0.10', '9', tiny));
    assert.deepEqual(await range('0', '0'), []);
    assert.deepEqual(await range('0.0000000000000000000000000000001', '0.01'), of(tiny));
    assert.deepEqual(await range('123456789012345678901234567890.49'), of(huge));
    assert.deepEqual(await range('0010', '010.0'), of('10'));
    await store.close();
  });

  it('narrows by detail, pricing, currency and creation time, with the older filters', async () => {
    const store = await open();
    const base = 10 * DAY;
    const rows: CheckoutRecord[] = [
      checkout({ createdAt: base, statusDetail: 'underpaid', status: 'failed' }),
      checkout({ createdAt: base + 1, pricing: 'session', currency: { iso: 'USD' } }),
      checkout({ createdAt: base + DAY, pricing: 'amount', statusDetail: 'overpaid' }),
      checkout({ createdAt: base + 2 * DAY, status: 'paid', statusDetail: 'late' }),
    ];
    for (const row of rows) await store.insertCheckout(row, {});
    const [underpaid, usd, open_, late] = rows.map((row) => row.id);

    assert.deepEqual(await listed(store, { statusDetail: 'underpaid' }), [underpaid]);
    assert.deepEqual(await listed(store, { statusDetail: 'none' }), [usd]);
    assert.deepEqual(await listed(store, { pricing: 'amount' }), [open_]);
    assert.deepEqual(await listed(store, { currency: 'USD' }), [usd]);
    assert.deepEqual(await listed(store, { currency: 'EUR', status: 'paid' }), [late]);
    // From inclusive, to exclusive.
    assert.deepEqual(await listed(store, { createdFrom: base + 1, createdTo: base + DAY }), [usd]);
    assert.deepEqual(await listed(store, { createdFrom: base + DAY }), [late, open_]);
    assert.deepEqual(await listed(store, { ids: [] }), []);
    assert.deepEqual(await listed(store, { ids: [late!, underpaid!], status: 'failed' }), [
      underpaid,
    ]);
    await store.close();
  });

  it('finds a checkout by its id, foreign_id, payment request id, or a unique prefix of its id', async () => {
    const store = await open();
    const first = checkout({ id: 'Ab_-cdefghijklmnopqrstu', foreignId: 'order-1' });
    const second = checkout({ id: 'Ab_-xyzefghijklmnopqrs', paymentRequestId: 'pr-two' });
    const third = checkout({ id: 'Zz9_qrstuvwxyzabcdefgh' });
    for (const row of [first, second, third]) await store.insertCheckout(row, {});
    const match = (text: string) => store.matchCheckouts(text);

    assert.deepEqual(await match(first.id), { ids: [first.id], ambiguous: false });
    assert.deepEqual(await match('order-1'), { ids: [first.id], ambiguous: false });
    assert.deepEqual(await match('pr-two'), { ids: [second.id], ambiguous: false });
    assert.deepEqual(await match('Zz9_'), { ids: [third.id], ambiguous: false });
    assert.deepEqual(await match('Ab_-c'), { ids: [first.id], ambiguous: false });
    const several = await match('Ab_-');
    assert.equal(several.ambiguous, true);
    assert.deepEqual(several.ids.sort(), [first.id, second.id].sort());
    // Too short to be taken as a prefix; `_` and `%` are no wildcards; case counts.
    assert.deepEqual(await match('Zz9'), { ids: [], ambiguous: false });
    assert.deepEqual(await match('Ab%-'), { ids: [], ambiguous: false });
    assert.deepEqual(await match('Ab__'), { ids: [], ambiguous: false });
    assert.deepEqual(await match('zz9_'), { ids: [], ambiguous: false });
    await store.close();
  });

  it('matches a foreign_id as written, and an id grouped, quoted or padded', async () => {
    const store = await open();
    const spaced = checkout({ id: '-Ab9cdefghijklmnopqrstu', foreignId: 'order 123' });
    const other = checkout({ foreignId: 'order123' });
    for (const row of [spaced, other]) await store.insertCheckout(row, {});
    const match = async (text: string) => (await store.matchCheckouts(text)).ids;

    // The merchant's free text keeps its spaces: 'order 123' and 'order123' are two orders.
    assert.deepEqual(await match('order 123'), [spaced.id]);
    assert.deepEqual(await match('  order 123 '), [spaced.id]);
    assert.deepEqual(await match('order123'), [other.id]);
    // The reference read out in fours; as the export wrote it ('-… against formulas).
    assert.deepEqual(await match('-Ab9 cdef ghij klmn opqr stu'), [spaced.id]);
    assert.deepEqual(await match("'-Ab9cdefghijklmnopqrstu"), [spaced.id]);
    assert.deepEqual(await match("'-Ab9 cd"), [spaced.id]);
    await store.close();
  });

  it('counts checkouts by UTC day and status, a day ending at midnight', async () => {
    const store = await open();
    const day = 20_000 * DAY;
    const rows = [
      checkout({ createdAt: day, status: 'paid' }),
      checkout({ createdAt: day + DAY - 1, status: 'failed' }),
      checkout({ createdAt: day + DAY - 1, status: 'paid' }),
      checkout({ createdAt: day + DAY, status: 'created' }),
      checkout({ createdAt: day + 3 * DAY, status: 'expired' }),
    ];
    for (const row of rows) await store.insertCheckout(row, {});
    const counts = await store.dailyCheckouts(day, day + 3 * DAY);
    const sorted = counts.sort((a, b) => a.day - b.day || a.status.localeCompare(b.status));
    assert.deepEqual(sorted, [
      { day: 20_000, status: 'failed', count: 1 },
      { day: 20_000, status: 'paid', count: 2 },
      { day: 20_001, status: 'created', count: 1 },
    ]);
    await store.close();
  });

  it('gives a checkout’s callbacks, events and delivery attempts, oldest first', async () => {
    const store = await open();
    await store.setEnvEndpoint('http://127.0.0.1:9/hooks', 0);
    const mine = checkout();
    const other = checkout();
    for (const row of [mine, other]) await store.insertCheckout(row, {}, checkoutEvent(row));
    const paid = { ...callback, objectId: mine.paymentRequestId, status: 'paid', receivedAt: 3000 };
    await store.advanceCheckout(mine.id, { status: 'paid', at: 3000 }, paid, checkoutEvent);
    await store.advanceCheckout(mine.id, { status: 'paid', at: 3100 }, paid, checkoutEvent);
    const byForeignId = { ...callback, foreignId: mine.foreignId, status: 'expired' };
    await store.advanceCheckout(mine.id, { status: 'expired', at: 3200 }, byForeignId);
    await store.advanceCheckout(other.id, { status: 'paid', at: 3300 }, callback, checkoutEvent);
    // Each delivery tried once (two claims at a time per endpoint), failing for good.
    for (let claimed = await store.claimDeliveries(10_000, 30_000, 10); claimed.length > 0; ) {
      for (const delivery of claimed) {
        await store.finishAttempt(delivery, {
          attemptedAt: 10_000,
          durationMs: 7,
          statusCode: 503,
          responseExcerpt: 'busy',
          delivered: false,
        });
      }
      claimed = await store.claimDeliveries(10_000, 30_000, 10);
    }

    const history = await store.checkoutHistory(mine);
    assert.deepEqual(
      history.callbacks.map((entry) => [entry.status, entry.outcome]),
      [
        ['paid', 'applied'],
        ['paid', 'duplicate'],
        ['expired', 'late'],
      ],
    );
    assert.deepEqual(
      history.events.map((event) => [event.type, event.data.id]),
      [
        ['checkout.created', mine.id],
        ['checkout.paid', mine.id],
      ],
    );
    assert.deepEqual(
      history.attempts.map((attempt) => [
        attempt.eventType,
        attempt.endpointUrl,
        attempt.statusCode,
      ]),
      [
        ['checkout.created', 'http://127.0.0.1:9/hooks', 503],
        ['checkout.paid', 'http://127.0.0.1:9/hooks', 503],
      ],
    );
    await store.close();
  });

  it('keeps the newest rows of a long history', async () => {
    const store = await open();
    const busy = checkout();
    await store.insertCheckout(busy, {});
    for (let at = 1; at <= 1002; at++) {
      await store.recordCallback({
        ...callback,
        objectId: busy.paymentRequestId,
        status: 'processing',
        outcome: 'ignored',
        receivedAt: at,
      });
    }
    const { callbacks } = await store.checkoutHistory(busy);
    assert.equal(callbacks.length, 1000);
    assert.deepEqual(
      [callbacks[0]?.receivedAt, callbacks.at(-1)?.receivedAt],
      [3, 1002],
      'the oldest two left out, oldest first',
    );
    await store.close();
  });
});
