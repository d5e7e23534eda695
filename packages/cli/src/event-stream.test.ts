import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { invoiceEvent } from '@crypto-pay/test-kit/webhook-events';
import { followEvents } from './event-stream.ts';
import { CommandFailed } from './failures.ts';
import { proxyApi } from './proxy-api.ts';
import { STREAM_HEAD, standIn } from './testing.test-helpers.ts';

/** A message of the stream: an invoice event with the id given (ids sort in order). */
const message = (id: string) =>
  `id: ${id}\ndata: ${JSON.stringify({ ...invoiceEvent('invoice-7', 'confirmed'), id })}\n\n`;

const apiOf = (proxyUrl: string) =>
  proxyApi({ proxyUrl, token: 't', proxyFrom: '', tokenFrom: '' });

describe('the event stream follower', () => {
  it('resumes from the start the proxy named before `: ready`, though no event came', async () => {
    const proxy = await standIn((_, response, index) => {
      response.writeHead(200, STREAM_HEAD);
      // The proxy names its start, then is lost before any event.
      if (index === 0) response.end('id: evt_000000000001abcdefgh\n\n: ready\n\n');
      else response.write(': ready\n\n');
    });
    const stop = new AbortController();
    const said: string[] = [];
    try {
      const following = followEvents(apiOf(proxy.url), {
        signal: stop.signal,
        reconnectDelaysMs: [0],
        handlers: {
          ready: (after, again) => {
            said.push(`ready ${after} ${again}`);
          },
          lost: (reason) => said.push(`lost ${reason}`),
          message: async () => {},
        },
      });
      await eventually(() => said.length === 3, 'the second connection');
      stop.abort();
      await following;
      assert.deepEqual(said, [
        'ready evt_000000000001abcdefgh false',
        'lost the proxy closed it',
        'ready evt_000000000001abcdefgh true',
      ]);
      assert.equal(proxy.requests[1]!.headers['last-event-id'], 'evt_000000000001abcdefgh');
    } finally {
      stop.abort();
      await proxy.close();
    }
  });

  it('ends, once and plainly, when the proxy refuses the resume point (409)', async () => {
    const proxy = await standIn((_, response, index) => {
      if (index === 0) {
        response.writeHead(200, STREAM_HEAD);
        response.end('id: evt_000000000002abcdefgh\n\n: ready\n\n');
        return;
      }
      response.writeHead(409, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: 'Unknown event id.', code: 'unknown_event' }));
    });
    const stop = new AbortController();
    try {
      await assert.rejects(
        followEvents(apiOf(proxy.url), {
          signal: stop.signal,
          reconnectDelaysMs: [0],
          handlers: { ready: () => {}, lost: () => {}, message: async () => {} },
        }),
        (error: Error) =>
          error instanceof CommandFailed &&
          /does not know the event evt_000000000002abcdefgh this stream was to resume after \(409\).*Run the command again/.test(
            error.message,
          ),
      );
      assert.equal(proxy.requests.length, 2, 'no loop after the 409');
    } finally {
      stop.abort();
      await proxy.close();
    }
  });

  it('refuses at once an answer that is not an event stream', async () => {
    const proxy = await standIn((_, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>Sign in</h1>');
    });
    try {
      await assert.rejects(
        followEvents(apiOf(proxy.url), {
          signal: new AbortController().signal,
          handlers: { ready: () => {}, lost: () => {}, message: async () => {} },
        }),
        /answered 200 with text\/html, not an event stream/,
      );
    } finally {
      await proxy.close();
    }
  });

  it('replaces a stream that goes silent, breaks or ends, resuming each time where it stopped', async () => {
    const proxy = await standIn((_, response, index) => {
      response.writeHead(200, STREAM_HEAD);
      if (index === 0) {
        // Ready, then nothing: no heartbeat, no end (a network that dropped without a reset).
        response.write(`: ready\n\n${message('evt_000000000004abcdefgh')}`);
      } else if (index === 1) {
        // Cut in the middle of the answer.
        response.write(`: ready\n\n${message('evt_000000000005abcdefgh')}`, () =>
          response.socket?.destroy(),
        );
      } else if (index === 2) {
        // An id alone (no data) moves the start too.
        response.end(': ready\n\nid: evt_000000000006abcdefgh\n\n');
      } else {
        response.write(': ready\n\n');
      }
    });
    const stop = new AbortController();
    const said: string[] = [];
    try {
      const following = followEvents(apiOf(proxy.url), {
        signal: stop.signal,
        silenceMs: 300,
        reconnectDelaysMs: [0],
        handlers: {
          ready: (after, again) => {
            said.push(`ready ${after} ${again}`);
          },
          lost: (reason) => said.push(`lost ${reason}`),
          message: async ({ id }) => {
            said.push(`event ${id}`);
          },
        },
      });
      await eventually(
        () => said.includes('ready evt_000000000006abcdefgh true'),
        'the fourth connection',
      );
      stop.abort();
      await following;
      // The last stream goes silent too, in time: only what came before is looked at.
      assert.deepEqual(said.slice(0, 9), [
        'ready undefined false',
        'event evt_000000000004abcdefgh',
        'lost nothing came for 0.3 s',
        'ready evt_000000000004abcdefgh true',
        'event evt_000000000005abcdefgh',
        'lost the connection broke (UND_ERR_SOCKET)',
        'ready evt_000000000005abcdefgh true',
        'lost the proxy closed it',
        'ready evt_000000000006abcdefgh true',
      ]);
      assert.deepEqual(
        proxy.requests.slice(0, 4).map((request) => request.headers['last-event-id']),
        [
          undefined,
          'evt_000000000004abcdefgh',
          'evt_000000000005abcdefgh',
          'evt_000000000006abcdefgh',
        ],
      );
    } finally {
      stop.abort();
      await proxy.close();
    }
  });
});
