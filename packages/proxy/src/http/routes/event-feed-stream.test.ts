/**
 * `GET /admin/events/stream` over real HTTP on a served proxy, on a SQLite file and on
 * PostgreSQL: it starts now, sends each event written after once, in order, as `GET
 * /admin/events` lists it; filters by type; resumes after Last-Event-ID or `?after=` from a
 * backlog of more than one page, then live, with no gap and no duplicate; needs the token or a
 * session; refuses bad input with the error shape; and ends when the proxy shuts down.
 */

import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { messagesOf } from '@crypto-pay/test-kit/event-streams';
import { send, sendJson } from '@crypto-pay/test-kit/http';
import { createParser } from 'eventsource-parser';
import { createLogger } from '../../process/logger.ts';
import { usePostgres } from '../../store/stores.test-helpers.ts';
import { ADMIN_TOKEN, adminHeaders, seen, useServedProxy } from '../../testing.test-helpers.ts';
import { DEFAULT_PAGE_SIZE } from '../request-schemas.ts';
import {
  addQuietEndpoint,
  assertSameEvents,
  listedAfter,
  messagesUntil,
  openReady,
  testEvent,
} from './event-feed-stream.test-helpers.ts';

const cluster = usePostgres();
/** Longer than the test runner lets a test run (`scripts/node-test.mjs`: 15 minutes). */
const LONGER_THAN_A_TEST_MS = 20 * 60_000;
let databases = 0;

// Both writers of a stream under Node (the route's own, the default, and `streamSSE`).
const runs = [
  ['SQLite', 'socket'],
  ['PostgreSQL', 'socket'],
  ['SQLite', 'hono'],
] as const;

for (const [database, writer] of runs)
  describe(`GET /admin/events/stream on ${database} (EVENT_STREAM_WRITER=${writer})`, () => {
    const served = useServedProxy(
      {
        log: createLogger((line) => seen.push(line)),
        heartbeatMs: 50,
        // Longer than the test may run: only the proxy's own end of a stream ends it in time.
        shutdownGraceMs: LONGER_THAN_A_TEST_MS,
        // No look of its own in time: an event reaches a stream because its write woke the
        // reader (`waking-store.ts`), or a notice did (PostgreSQL).
        eventFeedFallbackMs: LONGER_THAN_A_TEST_MS,
      },
      async () => ({
        eventStreamWriter: writer,
        ...(database === 'PostgreSQL'
          ? { databaseUrl: await cluster().createDatabase(`events_stream_${++databases}`) }
          : {}),
      }),
    );
    let endpoint: string;
    const url = () => served.proxy.url;
    const newEvent = () => testEvent(url(), endpoint);

    before(async () => {
      endpoint = await addQuietEndpoint(url());
    });

    it('starts now and sends each event written after, once, in order, as the list has it', async () => {
      const earlier = await newEvent();
      const stream = await openReady(url());
      try {
        assert.equal(stream.headers['content-type'], 'text/event-stream');
        assert.equal(stream.headers['cache-control'], 'no-cache');
        await createdCheckout(url());
        await newEvent();
        await newEvent();
        await messagesUntil(stream, 3);
        // One more after them: anything sent twice would be there before it.
        const last = await newEvent();
        const messages = await messagesUntil(stream, 4);
        const listed = await listedAfter(url(), earlier);
        assert.equal(listed.at(-1)?.id, last);
        assert.deepEqual(
          listed.map((event) => event.type),
          ['checkout.created', 'webhook.test', 'webhook.test', 'webhook.test'],
        );
        assertSameEvents(messages, listed);
        await stream.until((text) => text.includes(': heartbeat\n\n'));
      } finally {
        stream.close();
      }
    });

    it('sends only the types asked for', async () => {
      const earlier = await newEvent();
      const stream = await openReady(url(), '?types=checkout.created,checkout.paid');
      try {
        await newEvent();
        await createdCheckout(url());
        await newEvent();
        await createdCheckout(url());
        const messages = await messagesUntil(stream, 2);
        const listed = (await listedAfter(url(), earlier)).filter(
          (event) => event.type === 'checkout.created',
        );
        assertSameEvents(messages, listed);
      } finally {
        stream.close();
      }
    });

    it('resumes after Last-Event-ID or after=: the backlog (over a page), then live, each once', async () => {
      const start = await newEvent();
      const backlog = DEFAULT_PAGE_SIZE + 10;
      for (let i = 0; i < backlog; i++) await newEvent();
      // Events written while the streams open and page their backlog, then after.
      const [byHeader, byQuery] = await Promise.all([
        openReady(url(), '', { ...adminHeaders, 'Last-Event-ID': start }),
        openReady(url(), `?after=${start}`),
        (async () => {
          for (let i = 0; i < 3; i++) await newEvent();
        })(),
      ]);
      try {
        await messagesUntil(byHeader, backlog + 3);
        await messagesUntil(byQuery, backlog + 3);
        await newEvent();
        await newEvent();
        const listed = await listedAfter(url(), start);
        assert.equal(listed.length, backlog + 5);
        assertSameEvents(await messagesUntil(byHeader, backlog + 5), listed);
        assertSameEvents(await messagesUntil(byQuery, backlog + 5), listed);
      } finally {
        byHeader.close();
        byQuery.close();
      }
      // A reconnecting EventSource sends Last-Event-ID to the URL it first opened: it wins.
      const listed = await listedAfter(url(), start);
      const resumed = await openReady(url(), `?after=${start}`, {
        ...adminHeaders,
        'Last-Event-ID': listed.at(-2)!.id,
      });
      try {
        const next = await newEvent();
        const messages = await messagesUntil(resumed, 2);
        assert.deepEqual(
          messages.map((message) => message.id),
          [listed.at(-1)!.id, next],
        );
      } finally {
        resumed.close();
      }
    });

    it('gives its start as the last event id at ready: a client that drops before any event resumes from it', async () => {
      const newest = await newEvent();
      const stream = await openReady(url());
      // What an EventSource keeps (the parser `crypto-pay listen` reads with): an id, no event.
      let lastEventId: string | undefined;
      const parser = createParser({
        onId: (id) => {
          lastEventId = id;
        },
        onEvent: (event) => assert.fail(`no event was written: ${event.data}`),
      });
      parser.feed(stream.text);
      stream.close();
      assert.equal(lastEventId, newest);
      // Written while the client is away: the reconnect with that id gets it.
      const missed = await newEvent();
      const resumed = await openReady(url(), '', { ...adminHeaders, 'Last-Event-ID': lastEventId });
      try {
        const [message] = await messagesUntil(resumed, 1);
        assert.equal(message?.id, missed);
      } finally {
        resumed.close();
      }
    });

    it('needs the token or a session: 401 without, and a viewer may follow', async () => {
      const anonymous = await send(`${url()}/admin/events/stream`);
      assert.equal(anonymous.status, 401);
      assert.equal(typeof (anonymous.json as { error: string }).error, 'string');
      const name = `viewer${database.length}`;
      const password = 'viewer-password-2b7d';
      const account = await sendJson(
        `${url()}/admin/accounts`,
        { name, password, role: 'viewer' },
        { headers: adminHeaders },
      );
      assert.equal(account.status, 201, account.text);
      const signedIn = await sendJson(`${url()}/admin/session`, { name, password });
      assert.equal(signedIn.status, 200, signedIn.text);
      const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
      const stream = await openReady(url(), '', { Cookie: cookie });
      try {
        const id = await newEvent();
        const [message] = await messagesUntil(stream, 1);
        assert.equal(message?.id, id);
      } finally {
        stream.close();
      }
    });

    it('refuses a malformed Last-Event-ID, after or types with a clear 422', async () => {
      const refusals: [string, Record<string, string>, string, string][] = [
        ['', { 'Last-Event-ID': 'garbage' }, 'invalid_request', 'Last-Event-ID'],
        ['?after=42', {}, 'invalid_request', 'after'],
        ['?types=bogus', {}, 'invalid_request', 'types'],
        ['?types=checkout.paid,,checkout.failed', {}, 'invalid_request', 'types'],
        ['?type=checkout.paid', {}, 'unknown_field', 'type'],
      ];
      for (const [query, headers, code, field] of refusals) {
        const answer = await send(`${url()}/admin/events/stream${query}`, {
          headers: { ...adminHeaders, ...headers },
        });
        assert.equal(answer.status, 422, `${query} ${JSON.stringify(headers)}: ${answer.text}`);
        const body = answer.json as { error: string; code: string; field: string };
        assert.equal(body.code, code);
        assert.equal(body.field, field);
        assert.match(body.error, /\.$/);
      }
    });

    it('refuses a type the proxy never writes, alone or beside one it does, as the events list does', async () => {
      for (const types of ['checkout.payd', 'checkout.created,checkout.payd']) {
        const answer = await send(`${url()}/admin/events/stream?types=${types}`, {
          headers: adminHeaders,
        });
        assert.equal(answer.status, 422, `${types}: ${answer.text}`);
        assert.deepEqual(answer.json, {
          error: '"checkout.payd" is no event type the proxy writes; did you mean checkout.paid?',
          code: 'invalid_request',
          field: 'types',
        });
      }
    });

    it('refuses with 409 event_not_found a resume point the store never wrote, before any stream', async () => {
      const known = await newEvent();
      // The same number with another suffix (another database's), and a number not yet written.
      const otherDatabase = `${known.slice(0, -8)}${known.endsWith('AAAAAAAA') ? 'BBBBBBBB' : 'AAAAAAAA'}`;
      const ahead = `evt_${String(Number(known.slice(4, 16)) + 1000).padStart(12, '0')}AAAAAAAA`;
      const refusals: [string, Record<string, string>, string][] = [
        ['', { 'Last-Event-ID': otherDatabase }, 'Last-Event-ID'],
        ['', { 'Last-Event-ID': ahead }, 'Last-Event-ID'],
        [`?after=${otherDatabase}`, {}, 'after'],
        [`?after=${known}`, { 'Last-Event-ID': ahead }, 'Last-Event-ID'],
      ];
      for (const [query, headers, field] of refusals) {
        const answer = await send(`${url()}/admin/events/stream${query}`, {
          headers: { ...adminHeaders, ...headers },
        });
        assert.equal(answer.status, 409, `${query} ${JSON.stringify(headers)}: ${answer.text}`);
        assert.match(String(answer.headers['content-type']), /^application\/json/);
        const body = answer.json as { error: string; code: string; field: string };
        assert.equal(body.code, 'event_not_found');
        assert.equal(body.field, field);
        assert.match(body.error, /^The proxy has no event with this id .*GET \/admin\/events.*\.$/);
      }
    });

    // Last: the proxy is stopped.
    it('ends the stream when the proxy shuts down, for the client to resume elsewhere', async () => {
      const stream = await openReady(url(), '', adminHeaders, LONGER_THAN_A_TEST_MS);
      const id = await newEvent();
      await messagesUntil(stream, 1);
      const closed = served.proxy.close();
      // Ended by the proxy: neither its grace nor the client's wait ends it within the test.
      const text = await stream.rest();
      await closed;
      assert.deepEqual(
        messagesOf(text).map((message) => message.id),
        [id],
      );
      assert.ok(!text.includes(ADMIN_TOKEN));
    });
  });
