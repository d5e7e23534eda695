/**
 * `GET /admin/events/stream` on a proxy whose store has no event yet: `: ready` carries `id: 0`,
 * the start before every event, so a client that loses the stream before the first event comes
 * and reconnects with `Last-Event-ID: 0` is given every event written while it was away.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createParser } from 'eventsource-parser';
import { adminHeaders, useServedProxy } from '../../testing.test-helpers.ts';
import {
  addQuietEndpoint,
  messagesUntil,
  openReady,
  testEvent,
} from './event-feed-stream.test-helpers.ts';

describe('GET /admin/events/stream on a store with no event yet', () => {
  const served = useServedProxy({});
  const url = () => served.proxy.url;

  it('starts before every event, and a client back with that id misses none', async () => {
    const stream = await openReady(url());
    let lastEventId: string | undefined;
    createParser({
      onId: (id) => {
        lastEventId = id;
      },
      onEvent: (event) => assert.fail(`no event was written: ${event.data}`),
    }).feed(stream.text);
    stream.close();
    assert.equal(lastEventId, '0');

    // Written while the client is away, the first events of this store.
    const endpoint = await addQuietEndpoint(url());
    const first = await testEvent(url(), endpoint);
    const second = await testEvent(url(), endpoint);
    const resumed = await openReady(url(), '', { ...adminHeaders, 'Last-Event-ID': lastEventId });
    try {
      const messages = await messagesUntil(resumed, 2);
      assert.deepEqual(
        messages.map((message) => message.id),
        [first, second],
      );
    } finally {
      resumed.close();
    }
  });
});
