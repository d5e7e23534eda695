/**
 * An event stream under Node (`@hono/node-server`), written by hand rather than through
 * `streamSSE` and the adapter: the one place the proxy keeps a second path, for a measured
 * reason. Through the adapter each client costs a web `TransformStream`, the `ReadableStream`
 * Hono wraps around it and a read loop of the adapter's own, and one change then wakes
 * thousands of them. With 5,000 streams on one checkout (`pnpm bench push-fanout`, which runs
 * both writers in the same run, `EVENT_STREAM_WRITER=socket` and `=hono`), `streamSSE` took
 * more memory, over the target, and more time for a payment to reach every stream
 * (BENCHMARKS.md, "Hand-written paths").
 *
 * The body runs until the connection closes (no chunked framing, as SSE allows), so a change
 * is the same bytes for every stream and goes straight to each socket. `app.request()` and
 * `EVENT_STREAM_WRITER=hono` use `streamSSE` (`sse.ts`), with the same head and body.
 */

import type { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import { ApiError } from '../api-error.ts';
import type { AppEnv } from './context.ts';

/** Where a stream's bytes go: the socket here, `streamSSE`'s stream elsewhere. */
export interface EventSink {
  write(bytes: Uint8Array): void;
  end(): void;
  /**
   * Resolves once what was written has gone out to the client (or it left): a writer of many
   * messages at once (a backlog) waits for it between pages, so a client that reads slowly is
   * not buffered in the proxy's memory.
   */
  drained?(): Promise<void>;
  /** Bytes written that have not gone out to the client yet (what a slow client costs). */
  held?(): number;
}

/** Counts one stream of the client (or throws 429) and returns what follows (a checkout, the events). */
export type OpenStream = () => (sink: EventSink) => () => void;

/**
 * Opens the stream and hands the adapter a response that says it was sent. A pipelined
 * request (no browser sends them) has no socket until the answers before it are done: its
 * stream opens, and counts, only then, so a client that writes a thousand stream requests on
 * one connection holds one stream, not a thousand subscriptions.
 */
export function streamToNode(
  c: Context<AppEnv>,
  response: ServerResponse,
  open: OpenStream,
  streamHeaders: Record<string, string>,
): Response {
  // What the middleware set (request id, CORS, security headers), taken now: once the handler
  // has returned, the context no longer has them to give.
  const base = headList(c.newResponse(null, 200).headers);
  // Here a refusal (429) goes to the error handler like any other.
  if (response.socket) pipeToSocket(response, base, streamHeaders, open());
  else {
    response.once('socket', () => {
      let start: ReturnType<OpenStream>;
      try {
        start = open();
      } catch (error) {
        if (error instanceof ApiError) writeError(response, base, error);
        else response.destroy();
        return;
      }
      pipeToSocket(response, base, streamHeaders, start);
    });
  }
  return RESPONSE_ALREADY_SENT;
}

function pipeToSocket(
  response: ServerResponse,
  base: string[],
  streamHeaders: Record<string, string>,
  start: ReturnType<OpenStream>,
): void {
  // Node frames a body without a length as chunks unless both headers are taken away.
  response.removeHeader('Transfer-Encoding');
  response.removeHeader('Content-Length');
  response.writeHead(200, [
    ...base,
    ...headList(new Headers(streamHeaders)),
    'connection',
    'close',
  ]);
  response.flushHeaders();
  const socket = response.socket!;
  const write = (bytes: Uint8Array) => {
    // Ended under the stream (the adapter's `destroySoon`) with bytes its client has not read:
    // no 'close' comes until a write, and one after the end is an error. Close it instead.
    if (socket.writable) socket.write(bytes);
    else socket.destroy();
  };
  const drained = () =>
    new Promise<void>((resolve) => {
      if (!socket.writableNeedDrain || socket.destroyed) return resolve();
      const done = () => {
        socket.off('drain', done);
        socket.off('close', done);
        resolve();
      };
      socket.on('drain', done);
      socket.on('close', done);
    });
  const held = () => socket.writableLength;
  const stop = start({ write, end: () => response.end(), drained, held });
  // Ended by us or the client gone (perhaps already).
  if (socket.destroyed) stop();
  else socket.once('close', stop);
}

/** A refusal in the error handler's shape, written by hand: Hono has returned long ago. */
function writeError(response: ServerResponse, base: string[], error: ApiError): void {
  const body = JSON.stringify(error.body());
  const own = new Headers(error.headers);
  own.set('Content-Type', 'application/json');
  own.set('Content-Length', String(Buffer.byteLength(body)));
  response.writeHead(error.status, [...base, ...headList(own)]);
  response.end(body);
}

/** Headers as the flat name, value list `writeHead` takes. */
function headList(headers: Headers): string[] {
  return [...headers].flat();
}
