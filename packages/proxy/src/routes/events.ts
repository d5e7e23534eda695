/**
 * `GET /api/checkouts/{id}/events`: Server-Sent Events. The checkout at once, then each change
 * as the hub announces it, `: heartbeat` comments while the stream is open, and the end of the
 * stream after a final status (or when the proxy shuts down). A change is serialised once and
 * the same bytes are queued on every stream of that checkout at once; one shared timer beats
 * for all open streams, so an idle stream costs no timer and no pending promise of its own.
 * Open streams are capped in all and per client (`stream-limits.ts`).
 */

import type { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { type Context, Hono } from 'hono';
import { findCheckout, publicCheckout } from '../checkout.ts';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../errors.ts';
import type { CheckoutHub } from '../hub.ts';
import { type CheckoutRecord, isAhead, type Store } from '../store/store.ts';
import { type StreamLimits, streamCounter } from '../stream-limits.ts';

/**
 * Where a stream's bytes go. Under Node, the `ServerResponse` itself: a web `ReadableStream`
 * per client costs a read loop of its own in the adapter, and one change then wakes thousands
 * of them. Elsewhere (other runtimes, `app.request` in tests), a web stream.
 */
interface EventSink {
  write(bytes: Uint8Array): void;
  end(): void;
}

export interface EventStreamDeps {
  store: Store;
  hub: CheckoutHub;
  heartbeatMs: number;
  limits: StreamLimits;
  /** Who opens a stream, for the per-client cap. */
  clientOf: (c: Context<AppEnv>) => string;
}

/** Counts one stream of the client (or throws 429) and follows the checkout into a sink. */
type OpenStream = () => (sink: EventSink) => () => void;

const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
};

const isFinal = (checkout: CheckoutRecord) => !isAhead(checkout.status, 'paid');

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': heartbeat\n\n');

/** The message of one checkout version; the hub hands every stream the same record object. */
const messages = new WeakMap<CheckoutRecord, Uint8Array>();
function messageOf(checkout: CheckoutRecord): Uint8Array {
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
  return new Hono<AppEnv>().get('/:id/events', async (c) => {
    const checkout = await findCheckout(deps.store, c.req.param('id'));
    // A HEAD asks for the head only: no stream to follow.
    if (c.req.method === 'HEAD') return c.body(null, 200, STREAM_HEADERS);
    const client = deps.clientOf(c);
    const open: OpenStream = () => {
      const release = streams.open(client);
      return (sink) => follow(deps, beats, checkout, sink, release);
    };
    // Node's response under @hono/node-server; `app.request()` passes no bindings.
    const response = c.env?.outgoing;
    return response
      ? streamToNode(c, response, open)
      : c.body(webStream(open()), 200, STREAM_HEADERS);
  });
}

/**
 * Writes the head itself, with the headers the middleware set on the context (request id,
 * CORS, security headers), then hands the adapter a response that says it was sent.
 *
 * The body runs until the connection closes (no chunked framing, as SSE allows), so a change
 * is the same bytes for every stream and goes straight to each socket. Through the response,
 * every write would be corked, framed and flushed a tick later: with 5,000 streams that was
 * most of the cost of a publish.
 *
 * A pipelined request (no browser sends them) has no socket until the answers before it are
 * done. Its stream opens, and counts, only then: a client that writes a thousand stream
 * requests on one connection holds one stream, not a thousand subscriptions.
 */
function streamToNode(c: Context<AppEnv>, response: ServerResponse, open: OpenStream): Response {
  // A refusal (429) goes to the error handler like any other.
  if (response.socket) pipeToSocket(c, response, open());
  else {
    response.once('socket', () => {
      let start: ReturnType<OpenStream>;
      try {
        start = open();
      } catch (error) {
        // Hono has returned for this request long ago: the refusal is written by hand.
        if (error instanceof ApiError) writeError(c, response, error);
        return;
      }
      pipeToSocket(c, response, start);
    });
  }
  return RESPONSE_ALREADY_SENT;
}

/** The head, with the headers the middleware set on the context, then the stream itself. */
function pipeToSocket(
  c: Context<AppEnv>,
  response: ServerResponse,
  start: ReturnType<OpenStream>,
): void {
  const head = [
    ...headList(c.newResponse(null, 200, STREAM_HEADERS).headers),
    'Connection',
    'close',
  ];
  // Node frames a body without a length as chunks unless both headers are taken away.
  response.removeHeader('Transfer-Encoding');
  response.removeHeader('Content-Length');
  response.writeHead(200, head);
  response.flushHeaders();
  const socket = response.socket!;
  const stop = start({ write: (bytes) => socket.write(bytes), end: () => response.end() });
  // Ended by us or the client gone.
  socket.once('close', stop);
}

/** The error shape the error handler answers, with the context's headers. */
function writeError(c: Context<AppEnv>, response: ServerResponse, error: ApiError): void {
  const body = JSON.stringify(error.body());
  const answer = c.newResponse(body, error.status, {
    ...error.headers,
    'Content-Type': 'application/json',
  });
  response.writeHead(error.status, headList(answer.headers));
  response.end(body);
}

/** Headers as the flat name, value list `writeHead` takes (repeated names kept). */
function headList(headers: Headers): string[] {
  return [...headers].flat();
}

function webStream(start: (sink: EventSink) => () => void): ReadableStream<Uint8Array> {
  let stop = () => {};
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(stream) {
      stop = start({
        write: (bytes) => stream.enqueue(bytes),
        // A cancelled stream refuses close(); the client is gone anyway.
        end: () => cancelled || stream.close(),
      });
    },
    // The client went away.
    cancel() {
      cancelled = true;
      stop();
    },
  });
}

/**
 * Follows one checkout into `sink`: `first` (its state when the request arrived) at once, each
 * newer version, heartbeats, and the end after a final status or at shutdown. Returns the
 * function that lets go of the checkout when the client leaves.
 */
function follow(
  deps: EventStreamDeps,
  beats: Heartbeats,
  first: CheckoutRecord,
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
  const send = (checkout: CheckoutRecord) => {
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
  deps.store.getCheckout(first.id).then(
    (current) => current && send(current),
    () => end(),
  );
  return stop;
}
