/**
 * What every Server-Sent Events route of the proxy shares (a checkout's stream, the merchant's
 * events stream): the head, one heartbeat timer for all open streams, and the answer itself,
 * written to the socket by hand under Node with `EVENT_STREAM_WRITER=socket` (the default;
 * `sse-node.ts` says why) or by Hono's `streamSSE` otherwise, each stream
 * counted against the caps (`stream-limits.ts`).
 */

import { once } from 'node:events';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { EventStreamWriter } from '../process/config.ts';
import type { AppEnv } from './context.ts';
import { type EventSink, type OpenStream, streamToNode } from './sse-node.ts';
import type { streamCounter } from './stream-limits.ts';

export const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
};

export const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': heartbeat\n\n');

/** One interval for every open stream of a route, running only while there is one. */
export function heartbeats(intervalMs: number) {
  const sinks = new Set<EventSink>();
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    add(sink: EventSink) {
      sinks.add(sink);
      // Open connections keep the process alive, not this timer.
      timer ??= setInterval(() => {
        for (const open of sinks) open.write(HEARTBEAT);
      }, intervalMs).unref();
    },
    delete(sink: EventSink) {
      sinks.delete(sink);
      if (sinks.size === 0 && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    },
  };
}

export type Heartbeats = ReturnType<typeof heartbeats>;

export interface StreamOpening {
  writer: EventStreamWriter;
  streams: ReturnType<typeof streamCounter>;
  /** Who opens it, for the per-client cap. */
  client: string;
}

/**
 * Follows something into `sink` until it ends or the client leaves; `release` gives the
 * stream's place under the caps back. Returns what stops following when the client leaves.
 */
export type Follow = (sink: EventSink, release: () => void) => () => void;

/** The answer of an event stream that `follow` writes, counted under the caps (or a 429). */
export async function streamAnswer(
  c: Context<AppEnv>,
  opening: StreamOpening,
  follow: Follow,
): Promise<Response> {
  const { writer, streams, client } = opening;
  const outgoing = c.env?.outgoing;
  if (writer === 'socket' && outgoing) {
    const open: OpenStream = () => {
      const release = streams.open(client);
      return (sink) => follow(sink, release);
    };
    return streamToNode(c, outgoing, open, STREAM_HEADERS);
  }
  // Nobody is left to answer: nothing opens and nothing is written.
  if (!(await itsTurn(c))) return RESPONSE_ALREADY_SENT;
  // A refusal (429) goes to the error handler like any other answer.
  const release = streams.open(client);
  c.header('X-Accel-Buffering', 'no');
  const response = streamSSE(
    c,
    (stream) =>
      new Promise<void>((ended) => {
        // Each write resolves once the stream has taken it: the last one says all have gone.
        let written: Promise<unknown> = Promise.resolve();
        let held = 0;
        const sink = {
          write: (bytes: Uint8Array) => {
            held += bytes.length;
            written = stream.write(bytes).finally(() => {
              held -= bytes.length;
            });
          },
          end: ended,
          drained: () => written.then(() => undefined),
          held: () => held,
        };
        const stop = follow(sink, release);
        // The client went away.
        stream.onAbort(() => {
          stop();
          ended();
        });
      }),
  );
  untilClosed(c, response);
  return response;
}

/**
 * Waits until a pipelined request (no browser sends them) has the connection: under Node its
 * answer has no socket until the answers before it are done, and a stream before them lasts
 * until it ends. Its stream opens, and counts, only then, so a client that writes a thousand
 * stream requests on one connection holds one stream, not a thousand subscriptions.
 * False when the client left before then.
 */
async function itsTurn(c: Context<AppEnv>): Promise<boolean> {
  const response = c.env?.outgoing;
  const connection = c.env?.incoming?.socket;
  if (!response || response.socket || !connection) return true;
  if (connection.destroyed) return false;
  // The client may leave before its turn comes: the wait ends then too, and its listeners go.
  const waited = new AbortController();
  const { signal } = waited;
  try {
    return await Promise.race([
      once(response, 'socket', { signal }).then(() => true),
      once(connection, 'close', { signal }).then(() => false),
    ]);
  } finally {
    waited.abort();
  }
}

/**
 * The body runs until the connection closes, without chunked framing (SSE allows it; Node
 * frames a body of unknown length as chunks unless Transfer-Encoding is taken away): each
 * write then goes to the socket as it is, instead of corked, framed and flushed a tick later.
 * `streamSSE` asks for chunks and keep-alive, written for runtimes that frame by themselves.
 */
function untilClosed(c: Context<AppEnv>, response: Response): void {
  response.headers.delete('Transfer-Encoding');
  response.headers.set('Connection', 'close');
  // And on the context's own answer, should a middleware have made one before the handler:
  // Hono copies its headers onto the stream's answer once the handler returns.
  c.header('Transfer-Encoding', undefined);
  c.header('Connection', 'close');
  const outgoing = c.env?.outgoing;
  outgoing?.removeHeader('Transfer-Encoding');
  outgoing?.removeHeader('Content-Length');
}
