/**
 * `GET /api/checkouts/{id}/events`: Server-Sent Events. The checkout at once, then each change
 * as the hub announces it, `: heartbeat` comments while the stream is open, and the end of the
 * stream after a final status (or when the proxy shuts down). A change is serialised once and
 * the same bytes are queued on every stream of that checkout at once; one shared timer beats
 * for all open streams, so an idle stream costs no timer and no pending promise of its own.
 * Open streams are capped in all and per client (`stream-limits.ts`).
 */

import { type Context, Hono } from 'hono';
import { findCheckout, publicCheckout } from '../../checkout/create.ts';
import type { CheckoutHub } from '../../checkout/hub.ts';
import { type CheckoutRecord, isAhead, type Store } from '../../store/store.ts';
import type { AppEnv } from '../context.ts';
import { type StreamLimits, streamCounter } from '../stream-limits.ts';
import { type EventSink, type OpenStream, streamToNode } from './event-stream-node.ts';

export interface EventStreamDeps {
  store: Store;
  hub: CheckoutHub;
  heartbeatMs: number;
  limits: StreamLimits;
  /** Who opens a stream, for the per-client cap. */
  clientOf: (c: Context<AppEnv>) => string;
}

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
      ? streamToNode(c, response, open, STREAM_HEADERS)
      : c.body(webStream(open()), 200, STREAM_HEADERS);
  });
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
