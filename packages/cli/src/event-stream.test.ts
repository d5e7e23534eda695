import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { followEvents } from './event-stream.ts';
import { CommandFailed } from './failures.ts';
import { proxyApi } from './proxy-api.ts';
import { STREAM_HEAD, standIn } from './testing.test-helpers.ts';

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
          ready: (after, again) => said.push(`ready ${after} ${again}`),
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
});
