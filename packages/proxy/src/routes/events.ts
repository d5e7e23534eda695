/**
 * `GET /api/checkouts/{id}/events`: Server-Sent Events. The checkout at once, then each change
 * as the hub announces it, `: heartbeat` comments while the stream is open, and the end of the
 * stream after a final status (or when the proxy shuts down). A change is serialised once and
 * the same bytes are queued on every stream of that checkout at once; one shared timer beats
 * for all open streams, so an idle stream costs no timer and no pending promise of its own.
 */

import { Hono } from 'hono';
import { findCheckout, publicCheckout } from '../checkout.ts';
import type { AppEnv } from '../context.ts';
import type { CheckoutHub } from '../hub.ts';
import { type CheckoutRecord, isAhead, type Store } from '../store/store.ts';

type Stream = ReadableStreamDefaultController<Uint8Array>;

export interface EventStreamDeps {
  store: Store;
  hub: CheckoutHub;
  heartbeatMs: number;
}

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
  const streams = new Set<Stream>();
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    add(stream: Stream) {
      streams.add(stream);
      // Open connections keep the process alive, not this timer.
      timer ??= setInterval(() => {
        for (const open of streams) open.enqueue(HEARTBEAT);
      }, intervalMs).unref();
    },
    delete(stream: Stream) {
      streams.delete(stream);
      if (streams.size === 0 && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    },
  };
}

export function eventRoutes(deps: EventStreamDeps) {
  const beats = heartbeats(deps.heartbeatMs);
  return new Hono<AppEnv>().get('/:id/events', async (c) => {
    const checkout = await findCheckout(deps.store, c.req.param('id'));
    return c.body(checkoutEvents(deps, beats, checkout), 200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      'X-Accel-Buffering': 'no',
    });
  });
}

/** The event stream of one checkout; `first` is its state when the request arrived. */
function checkoutEvents(
  deps: EventStreamDeps,
  beats: ReturnType<typeof heartbeats>,
  first: CheckoutRecord,
): ReadableStream<Uint8Array> {
  let stop = () => {};
  return new ReadableStream<Uint8Array>({
    start(stream) {
      let open = true;
      let sentVersion = 0;
      stop = () => {
        if (!open) return;
        open = false;
        unsubscribe();
        beats.delete(stream);
      };
      const end = () => {
        if (!open) return;
        stop();
        stream.close();
      };
      const send = (checkout: CheckoutRecord) => {
        if (!open || checkout.version <= sentVersion) return;
        sentVersion = checkout.version;
        stream.enqueue(messageOf(checkout));
        if (isFinal(checkout)) end();
      };
      // Subscribe before re-reading, so a change between the two cannot be missed.
      const unsubscribe = deps.hub.subscribe(first.id, { change: send, close: end });
      beats.add(stream);
      send(first);
      return deps.store.getCheckout(first.id).then(
        (current) => current && send(current),
        () => end(),
      );
    },
    // The client went away.
    cancel() {
      stop();
    },
  });
}
