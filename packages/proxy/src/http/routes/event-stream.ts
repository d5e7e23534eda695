/**
 * `GET /api/checkouts/{id}/events`: Server-Sent Events. The checkout at once, then each change
 * as the hub announces it, `: heartbeat` comments while the stream is open, and the end of the
 * stream after a final status (or when the proxy shuts down), written as every stream of the
 * proxy is (`../sse.ts`: the socket by hand under Node, or Hono's `streamSSE`; one heartbeat
 * timer; the caps of `stream-limits.ts`). A change is serialised once and the same bytes are
 * queued on every stream of that checkout at once.
 */

import { isFinalStatus } from '@crypto-pay/protocol/checkout-status';
import { type Context, Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { findCheckoutStatus } from '../../checkout/create.ts';
import type { CheckoutHub } from '../../checkout/hub.ts';
import { publicCheckout } from '../../checkout/views.ts';
import { errors, storeUnreadable } from '../../openapi/operations.ts';
import type { EventStreamWriter, StreamLimits } from '../../process/config.ts';
import type { Store, StreamedCheckout } from '../../store/store.ts';
import type { AppEnv } from '../context.ts';
import { encoder, type Heartbeats, heartbeats, STREAM_HEADERS, streamAnswer } from '../sse.ts';
import type { EventSink } from '../sse-node.ts';
import { streamCounter } from '../stream-limits.ts';

export interface EventStreamDeps {
  store: Store;
  hub: CheckoutHub;
  heartbeatMs: number;
  limits: StreamLimits;
  /** Who opens a stream, for the per-client cap. */
  clientOf: (c: Context<AppEnv>) => string;
  /** Under Node: the route writes to the socket (`socket`) or `streamSSE` does (`hono`). */
  writer: EventStreamWriter;
  /** Told the open streams' count after each change (the process's memory reducer). */
  counted?: ((open: number) => void) | undefined;
}

const isFinal = (checkout: StreamedCheckout) => isFinalStatus(checkout.status);

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

export function eventRoutes(deps: EventStreamDeps) {
  const beats = heartbeats(deps.heartbeatMs);
  const streams = streamCounter(deps.limits, { counted: deps.counted });
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
      const opening = { writer: deps.writer, streams, client: deps.clientOf(c) };
      return streamAnswer(c, opening, (sink, release) =>
        follow(deps, beats, checkout, sink, release),
      );
    },
  );
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
