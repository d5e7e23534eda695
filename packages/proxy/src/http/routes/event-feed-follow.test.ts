/**
 * An events stream's backlog on a real store, written into a sink whose client reads slowly:
 * the next page is read only once the page before has gone out, so a long backlog is not held
 * in the proxy's memory.
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

describe('an events stream’s backlog', () => {
  it('reads the next page only once the page before has gone out', async () => {
    const store = openSqliteStore(':memory:');
    const total = 2 * DEFAULT_PAGE_SIZE + 20;
    for (let i = 0; i < total; i++) {
      const made = checkout();
      await store.insertCheckout(made, {}, checkoutEvent(made));
    }
    const [first] = await store.listEvents({ limit: 1 });
    const reads = { count: 0 };
    const counted = {
      ...store,
      listEvents: (query: Parameters<typeof store.listEvents>[0]) => {
        reads.count++;
        return store.listEvents(query);
      },
    };
    const feed = createEventFeed({
      store: counted,
      log: createLogger(() => {}),
      pageSize: DEFAULT_PAGE_SIZE,
      fallbackMs: HOUR_MS,
    });
    const decoder = new TextDecoder();
    const sent: string[] = [];
    /** At each wait for the client: the reads so far, and the messages sent. */
    const waits: { reads: number; sent: number }[] = [];
    let goOn = () => {};
    const sink = {
      write: (bytes: Uint8Array) => {
        const text = decoder.decode(bytes);
        if (text.startsWith('id: ')) sent.push(text);
      },
      end: () => {},
      drained: () => {
        waits.push({ reads: reads.count, sent: sent.length });
        return new Promise<void>((resolve) => {
          goOn = resolve;
        });
      },
    };
    const stop = followEvents(
      { store: counted, feed },
      heartbeats(HOUR_MS),
      { after: first!.id, types: undefined },
      sink,
      () => {},
    );
    await eventually(() => waits.length === 1, 'the wait after the first page');
    assert.deepEqual(waits[0], { reads: 1, sent: DEFAULT_PAGE_SIZE });
    goOn();
    await eventually(() => waits.length === 2, 'the wait after the second page');
    assert.deepEqual(waits[1], { reads: 2, sent: 2 * DEFAULT_PAGE_SIZE });
    goOn();
    await eventually(() => sent.length === total - 1, 'the whole backlog');
    stop();
    feed.closeAll();
    await store.close();
  });
});
