/**
 * An events stream on a real store and reader, written into a sink whose client reads slowly
 * or not at all: the backlog's next page is read only once the page before has gone out, and
 * what one stream holds for a client that stopped reading is bounded (the live events handed
 * out while its backlog waits, and what was written but not read): past the bound the stream
 * ends once, logged once, and what the client got is a run from its start with no gap.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { createLogger } from '../../process/logger.ts';
import { openSqliteStore } from '../../store/sqlite.ts';
import { checkout } from '../../store/stores.test-helpers.ts';
import { createEventFeed } from '../../webhooks/event-feed.ts';
import { checkoutEvent } from '../../webhooks/events.ts';
import { DEFAULT_PAGE_SIZE } from '../request-schemas.ts';
import { heartbeats } from '../sse.ts';
import { followEvents } from './event-feed-stream.ts';

const HOUR_MS = 60 * 60_000;
const decoder = new TextDecoder();

/** A SQLite store whose event reads are counted, and a reader on it that only wakes when told. */
function feedOnStore() {
  const store = openSqliteStore(':memory:');
  const reads = { count: 0 };
  const counted = {
    ...store,
    listEvents: (query: Parameters<typeof store.listEvents>[0]) => {
      reads.count++;
      return store.listEvents(query);
    },
  };
  const lines: string[] = [];
  const log = createLogger((line) => lines.push(line));
  const feed = createEventFeed({
    store: counted,
    log,
    pageSize: DEFAULT_PAGE_SIZE,
    fallbackMs: HOUR_MS,
  });
  const write = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const made = checkout();
      await store.insertCheckout(made, {}, checkoutEvent(made));
    }
  };
  return { store, counted, reads, lines, log, feed, write };
}

/**
 * A client as the stream's sink: the ids it was sent; once it stops reading, every byte
 * written after stays held and a wait for the client never ends.
 */
function client() {
  const sent: string[] = [];
  const state = { reading: true, held: 0, ended: 0, released: 0 };
  const waits: { sent: number; held: number }[] = [];
  let goOn = () => {};
  const sink = {
    write: (bytes: Uint8Array) => {
      if (!state.reading) state.held += bytes.length;
      const id = /^id: (\S+)\ndata: /.exec(decoder.decode(bytes))?.[1];
      if (id) sent.push(id);
    },
    end: () => {
      state.ended++;
    },
    drained: () => {
      waits.push({ sent: sent.length, held: state.held });
      return new Promise<void>((resolve) => {
        if (state.reading) goOn = resolve;
      });
    },
    held: () => state.held,
  };
  return { sink, sent, state, waits, goOn: () => goOn() };
}

describe('an events stream’s backlog', () => {
  it('reads the next page only once the page before has gone out', async () => {
    const { store, counted, reads, log, feed, write } = feedOnStore();
    const total = 2 * DEFAULT_PAGE_SIZE + 20;
    await write(total);
    const [first] = await store.listEvents({ limit: 1 });
    const reader = client();
    const stop = followEvents(
      { store: counted, feed, log },
      heartbeats(HOUR_MS),
      { after: first!.id, types: undefined },
      reader.sink,
      () => {},
    );
    await eventually(() => reader.waits.length === 1, 'the wait after the first page');
    assert.equal(reads.count, 1);
    assert.equal(reader.waits[0]?.sent, DEFAULT_PAGE_SIZE);
    reader.goOn();
    await eventually(() => reader.waits.length === 2, 'the wait after the second page');
    assert.equal(reads.count, 2);
    assert.equal(reader.waits[1]?.sent, 2 * DEFAULT_PAGE_SIZE);
    reader.goOn();
    await eventually(() => reader.sent.length === total - 1, 'the whole backlog');
    stop();
    feed.closeAll();
    await store.close();
  });
});

describe('an events stream whose client stopped reading', () => {
  const MAX_HELD_BYTES = 64 << 10;

  /** The events' ids from the first after `after`, in order. */
  async function idsAfter(store: ReturnType<typeof openSqliteStore>, after: string) {
    const events = await store.listEvents({ after, limit: 10_000 });
    return events.map((event) => event.id);
  }

  it('ends once what the live events left unread passes the bound, logged once', async () => {
    const { store, log, lines, feed, write } = feedOnStore();
    await write(1);
    const [start] = await store.listEvents({ limit: 1 });
    const reader = client();
    followEvents(
      { store, feed, log, maxHeldBytes: MAX_HELD_BYTES },
      heartbeats(HOUR_MS),
      { after: start!.id, types: undefined },
      reader.sink,
      () => {
        reader.state.released++;
      },
    );
    await eventually(() => feed.size() === 1, 'the stream joined the reader');
    reader.state.reading = false;
    // Far more than the bound: a stream that never ends would hold them all.
    await write(400);
    feed.wake();
    await eventually(() => reader.state.ended === 1, 'the stream ended');
    assert.equal(reader.state.released, 1);
    assert.equal(feed.size(), 0);
    assert.ok(reader.state.held <= MAX_HELD_BYTES + 1024, `held ${reader.state.held}`);
    const all = await idsAfter(store, start!.id);
    assert.ok(reader.sent.length > 0 && reader.sent.length < all.length);
    // What it got is a run from its start: it resumes after the last one, nothing lost.
    assert.deepEqual(reader.sent, all.slice(0, reader.sent.length));
    await write(5);
    feed.wake();
    assert.equal(lines.filter((line) => line.includes('reads too slowly')).length, 1);
    assert.equal(reader.state.ended, 1);
    await store.close();
  });

  it('ends once the live events kept while its backlog waits pass the bound', async () => {
    const { store, log, lines, feed, write } = feedOnStore();
    await write(DEFAULT_PAGE_SIZE + 2);
    const [start] = await store.listEvents({ limit: 1 });
    const reader = client();
    reader.state.reading = false;
    followEvents(
      { store, feed, log, maxHeldBytes: MAX_HELD_BYTES },
      heartbeats(HOUR_MS),
      { after: start!.id, types: undefined },
      reader.sink,
      () => {
        reader.state.released++;
      },
    );
    // The first page is out (under the bound), and the backlog waits for the client.
    await eventually(() => reader.waits.length === 1, 'the wait after the first page');
    assert.equal(reader.sent.length, DEFAULT_PAGE_SIZE);
    assert.ok(reader.state.held < MAX_HELD_BYTES, `held ${reader.state.held}`);
    await write(400);
    feed.wake();
    await eventually(() => reader.state.ended === 1, 'the stream ended');
    assert.equal(reader.state.released, 1);
    assert.equal(feed.size(), 0);
    assert.equal(reader.sent.length, DEFAULT_PAGE_SIZE);
    assert.deepEqual(reader.sent, (await idsAfter(store, start!.id)).slice(0, DEFAULT_PAGE_SIZE));
    assert.equal(lines.filter((line) => line.includes('reads too slowly')).length, 1);
    await store.close();
  });
});
