/**
 * `GET /api/checkouts/{id}/events`: Server-Sent Events. The checkout at once, then each change
 * as the hub announces it, `: heartbeat` comments while the stream is open, and the end of the
 * stream after a final status (or when the proxy shuts down). Written by Hono's `streamSSE`,
 * except under Node with `EVENT_STREAM_WRITER=socket` (the default), where the route writes to
 * the socket itself (`event-stream-node.ts` says why). A change is serialised once and the same
 * bytes are queued on every stream of that checkout at once; one shared timer beats for all
 * open streams. Open streams are capped in all and per client (`stream-limits.ts`).
 */

import { once } from 'node:events';
import { isFinalStatus } from '@crypto-pay/protocol/checkout-status';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { type Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { describeRoute } from 'hono-openapi';
import { findCheckoutStatus } from '../../checkout/create.ts';
import type { CheckoutHub } from '../../checkout/hub.ts';
import { publicCheckout } from '../../checkout/views.ts';
import { errors, storeUnreadable } from '../../openapi/operations.ts';
import type { EventStreamWriter, StreamLimits } from '../../process/config.ts';
import type { Store, StreamedCheckout } from '../../store/store.ts';
import type { AppEnv } from '../context.ts';
import { streamCounter } from '../stream-limits.ts';
import { type EventSink, type OpenStream, streamToNode } from './event-stream-node.ts';

export interface EventStreamDeps {
  store: Store;
  hub: CheckoutHub;
  heartbeatMs: number;
  limits: StreamLimits;
  /** Who opens a stream, for the per-client cap. */
  clientOf: (c: Context<AppEnv>) => string;
  /** Under Node: the route writes to the socket (`socket`) or `streamSSE` does (`hono`). */
  writer: EventStreamWriter;
}

const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
};

const isFinal = (checkout: StreamedCheckout) => isFinalStatus(checkout.status);

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': heartbeat\n\n');

/**
 * The message of one checkout version, as bytes: the hub hands every stream the same record
 * object, so it is formatted once for all of them (`writeSSE` would format it per stream).
 */
const messages = new WeakMap<StreamedCheckout, Uint8Array>();
function messageOf(checkout: StreamedCheckout): Uint8Array {
  let message = messages.get(checkout);
  if (!message) {
    const data = JSON.stringify(publicCheckout(checkout));
    message = encoder.encode(`id: ${checkout.version}\ndata: ${data}\n\n`);
    messages.set(checkout, message);
  }
  return message;
}

/** One interval for every open stream, running only while there is one. */
function heartbeats(intervalMs: number) {
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

type Heartbeats = ReturnType<typeof heartbeats>;

export function eventRoutes(deps: EventStreamDeps) {
  const beats = heartbeats(deps.heartbeatMs);
  const streams = streamCounter(deps.limits);
  return new Hono<AppEnv>().get(
    '/:id/events',
    describeRoute({
      summary: 'Follow a checkout (Server-Sent Events; data is the checkout)',
      responses: {
        200: {
          description:
            'The checkout at once, then on every change; ends after a final status. Each message’s data is a Checkout (JSON), its id the checkout’s version.',
          content: { 'text/event-stream': { schema: { type: 'string' } } },
        },
        ...errors(404, 429),
        ...storeUnreadable,
      },
    }),
    async (c) => {
      // As the status route reads it (on PostgreSQL through the status copy, which a read from
      // the database feeds): a status read after this stream's first event is never older.
      const checkout = await findCheckoutStatus(deps.store, c.req.param('id'));
      // A HEAD asks for the head only: no stream to follow.
      if (c.req.method === 'HEAD') return c.body(null, 200, STREAM_HEADERS);
      const client = deps.clientOf(c);
      const outgoing = c.env?.outgoing;
      if (deps.writer === 'socket' && outgoing) {
        const open: OpenStream = () => {
          const release = streams.open(client);
          return (sink) => follow(deps, beats, checkout, sink, release);
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
            const sink = { write: (bytes: Uint8Array) => void stream.write(bytes), end: ended };
            const stop = follow(deps, beats, checkout, sink, release);
            // The client went away.
            stream.onAbort(() => {
              stop();
              ended();
            });
          }),
      );
      untilClosed(c, response);
      return response;
    },
  );
}

/**
 * Waits until a pipelined request (no browser sends them) has the connection: under Node its
 * answer has no socket until the answers before it are done, and a stream before them lasts
 * until its checkout ends. Its stream opens, and counts, only then, so a client that writes a
 * thousand stream requests on one connection holds one stream, not a thousand subscriptions.
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

/**
 * Follows one checkout into `sink`: `first` (its state when the request arrived) at once, each
 * newer version, heartbeats, and the end after a final status or at shutdown. Returns the
 * function that lets go of the checkout when the client leaves.
 */
function follow(
  deps: EventStreamDeps,
  beats: Heartbeats,
  first: StreamedCheckout,
  sink: EventSink,
  release: () => void,
): () => void {
  let open = true;
  let sentVersion = 0;
  const stop = () => {
    if (!open) return;
    open = false;
    unsubscribe();
    beats.delete(sink);
    release();
  };
  const end = () => {
    if (!open) return;
    stop();
    sink.end();
  };
  const send = (checkout: StreamedCheckout) => {
    if (!open || checkout.version <= sentVersion) return;
    sentVersion = checkout.version;
    sink.write(messageOf(checkout));
    if (!isFinal(checkout)) return;
    // Ended a turn later: a publish first writes the news to every stream of the checkout,
    // and only then pays for closing them (an end costs more than a write).
    stop();
    setImmediate(() => sink.end());
  };
  // Subscribe before re-reading, so a change between the two cannot be missed.
  const unsubscribe = deps.hub.subscribe(first.id, { change: send, close: () => end() });
  beats.add(sink);
  send(first);
  deps.store.readCheckout(first.id).then(
    (current) => current && send(current),
    () => end(),
  );
  return stop;
}
