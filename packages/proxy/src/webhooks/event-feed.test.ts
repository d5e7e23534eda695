/**
 * The events streams' reader on a real store: one read per wake however many streams listen,
 * a look of its own for what no wake announced, nothing read while nobody listens, and every
 * listener ended at shutdown.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { createLogger } from '../process/logger.ts';
import type { StoredEvent } from '../store/outbox.ts';
import { openSqliteStore } from '../store/sqlite.ts';
import { checkout } from '../store/stores.test-helpers.ts';
import { createEventFeed, type FeedListener } from './event-feed.ts';
import { checkoutEvent } from './events.ts';

/** A store whose event reads are counted. */
function countedStore() {
  const store = openSqliteStore(':memory:');
  const reads = { count: 0 };
  const counted = {
    ...store,
    listEvents: (query: Parameters<typeof store.listEvents>[0]) => {
      reads.count++;
      return store.listEvents(query);
    },
  };
  const write = async () => {
    const made = checkout();
    await store.insertCheckout(made, {}, checkoutEvent(made));
  };
  return { store, counted, reads, write };
}

/** A listener that keeps what it hears. */
function keeper() {
  const heard: StoredEvent[] = [];
  let closed = false;
  const listener: FeedListener = {
    events: (page) => heard.push(...page),
    close: () => {
      closed = true;
    },
  };
  return { listener, heard, closed: () => closed };
}

const HOUR_MS = 60 * 60_000;
const log = createLogger(() => {});

describe('the events streams’ reader', () => {
  it('reads once per wake for every listener, from where it started', async () => {
    const { store, counted, reads, write } = countedStore();
    await write();
    const feed = createEventFeed({ store: counted, log, pageSize: 50, fallbackMs: HOUR_MS });
    const keepers = Array.from({ length: 20 }, keeper);
    const joined = await Promise.all(keepers.map(({ listener }) => feed.join(listener)));
    const [first] = await store.listEvents({ limit: 1 });
    assert.ok(
      joined.every(({ after }) => after === first?.id),
      'joined after the newest event',
    );
    await write();
    feed.wake();
    await eventually(() => keepers.every(({ heard }) => heard.length === 1), 'the new event');
    assert.equal(reads.count, 1);
    const [, second] = await store.listEvents({ limit: 2 });
    assert.ok(keepers.every(({ heard }) => heard[0]?.id === second?.id));
    feed.closeAll();
    await store.close();
  });

  it('finds an event no wake announced at its own look', async () => {
    const { store, write } = countedStore();
    const feed = createEventFeed({ store, log, pageSize: 50, fallbackMs: 20 });
    const { listener, heard } = keeper();
    await feed.join(listener);
    await write();
    await eventually(() => heard.length === 1, 'the event, found without a wake');
    feed.closeAll();
    await store.close();
  });

  it('reads nothing while nobody listens, and pages from where it starts again', async () => {
    const { store, counted, reads, write } = countedStore();
    const feed = createEventFeed({ store: counted, log, pageSize: 2, fallbackMs: HOUR_MS });
    const early = keeper();
    const { leave } = await feed.join(early.listener);
    leave();
    for (let i = 0; i < 5; i++) await write();
    feed.wake();
    assert.equal(reads.count, 0);
    const late = keeper();
    const joined = await feed.join(late.listener);
    const events = await store.listEvents({ limit: 10 });
    // Started again at the newest event, not after the five it did not read.
    assert.equal(joined.after, events.at(-1)?.id);
    for (let i = 0; i < 3; i++) await write();
    feed.wake();
    // Three events in pages of two: two reads, one short.
    await eventually(() => late.heard.length === 3, 'the three new events');
    assert.equal(reads.count, 2);
    assert.equal(early.heard.length, 0);
    feed.closeAll();
    await store.close();
  });

  it('logs a store that cannot be read once per outage, not at every look', async () => {
    const { store, write } = countedStore();
    const down = { now: false, failed: 0 };
    const failing = {
      ...store,
      listEvents: (query: Parameters<typeof store.listEvents>[0]) => {
        if (!down.now) return store.listEvents(query);
        down.failed++;
        return Promise.reject(new Error('the database is down'));
      },
    };
    const lines: string[] = [];
    const logged = createLogger((line) => lines.push(line));
    const feed = createEventFeed({
      store: failing,
      log: logged,
      pageSize: 50,
      fallbackMs: HOUR_MS,
    });
    const { listener, heard } = keeper();
    await feed.join(listener);
    const warnings = () => lines.filter((line) => line.includes('could not read the events'));
    const outage = async () => {
      down.now = true;
      const failed = down.failed;
      for (let look = 1; look <= 3; look++) {
        feed.wake();
        await eventually(() => down.failed === failed + look, `failed look ${look}`);
      }
      down.now = false;
    };
    await outage();
    await write();
    feed.wake();
    await eventually(() => heard.length === 1, 'the event once the store is back');
    assert.equal(warnings().length, 1);
    assert.equal(lines.filter((line) => line.includes('read the events again')).length, 1);
    // A second outage is told again.
    await outage();
    assert.equal(warnings().length, 2);
    feed.closeAll();
    await store.close();
  });

  it('ends every listener at shutdown, and any that joins after', async () => {
    const { store } = countedStore();
    const feed = createEventFeed({ store, log, pageSize: 50, fallbackMs: HOUR_MS });
    const open = keeper();
    await feed.join(open.listener);
    feed.closeAll();
    assert.ok(open.closed());
    assert.equal(feed.size(), 0);
    const late = keeper();
    await feed.join(late.listener);
    await eventually(() => late.closed(), 'the late listener ended');
    await store.close();
  });
});
