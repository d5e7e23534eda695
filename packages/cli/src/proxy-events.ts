/**
 * The proxy's own event stream (`GET /admin/events/stream`, Server-Sent Events) as a command
 * follows it: opened with no cursor, ready once the proxy says its start is fixed (`: ready`:
 * every event committed from then on comes), then each event handed on as it comes, until the
 * command closes it or the proxy ends it.
 */

import type { WebhookEvent } from '@crypto-pay/protocol/proxy-api';
import { createParser } from 'eventsource-parser';
import { CommandFailed } from './failures.ts';
import { type ProxyApi, refusalOf, unreachable } from './proxy-api.ts';

/** How long the proxy may take to answer the stream's head and fix its start. */
const READY_TIMEOUT_MS = 15_000;
const PATH = '/admin/events/stream';

export interface EventFollower {
  /** Closes the connection; the stream ends. */
  close(): void;
  /** Settles when the stream ended: closed here, by the proxy, or on an error. */
  readonly ended: Promise<void>;
}

/**
 * Opens the stream and resolves once every event committed from now on will be handed to
 * `onEvent` (the proxy's `: ready`), so a command may act after it without missing the events
 * its action makes.
 */
export async function followEvents(
  api: ProxyApi,
  onEvent: (event: WebhookEvent) => void,
  signal?: AbortSignal,
): Promise<EventFollower> {
  const stop = new AbortController();
  // Until ready only: a stream that follows for long is no timeout.
  const timer = setTimeout(
    () => stop.abort(new DOMException('not ready in time', 'TimeoutError')),
    READY_TIMEOUT_MS,
  );
  try {
    const response = await api.fetch(PATH, {
      headers: { Accept: 'text/event-stream' },
      signal: AbortSignal.any([stop.signal, ...(signal ? [signal] : [])]),
    });
    if (response.status === 404) {
      await response.body?.cancel();
      throw new CommandFailed(
        `The proxy at ${api.target.proxyUrl} has no event stream (GET ${PATH} answered 404): it is older than this command line; update the proxy.`,
      );
    }
    if (!response.ok || !response.body) throw await refusalOf(response, api.target);
    const ended = follow(api, response.body, onEvent, stop.signal);
    await ended.ready;
    return { close: () => stop.abort(), ended: ended.done };
  } catch (error) {
    stop.abort();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Reads the stream's messages into `onEvent`; `ready` settles at `: ready` or the end. */
function follow(
  api: ProxyApi,
  body: ReadableStream<Uint8Array>,
  onEvent: (event: WebhookEvent) => void,
  stopped: AbortSignal,
) {
  const ready = { resolve: () => {}, reject: (_error: unknown) => {} };
  const readyPromise = new Promise<void>((resolve, reject) => {
    ready.resolve = resolve;
    ready.reject = reject;
  });
  const parser = createParser({
    onComment: (comment) => {
      if (comment.trim() === 'ready') ready.resolve();
    },
    onEvent: (message) => {
      // A message that is not JSON is not an event of the contract: not ours to guess at.
      let event: WebhookEvent;
      try {
        event = JSON.parse(message.data) as WebhookEvent;
      } catch {
        return;
      }
      onEvent(event);
    },
  });
  const done = (async () => {
    try {
      for await (const text of body.pipeThrough(new TextDecoderStream())) parser.feed(text);
      ready.reject(
        new CommandFailed(`The proxy at ${api.target.proxyUrl} ended the event stream at once.`),
      );
    } catch (error) {
      ready.reject(
        stopped.aborted && stopped.reason?.name !== 'TimeoutError'
          ? error
          : unreachable(api.target.proxyUrl, stopped.reason ?? error),
      );
    }
  })();
  // Read by the caller only until ready: a later end is no failure.
  readyPromise.catch(() => {});
  return { ready: readyPromise, done };
}
