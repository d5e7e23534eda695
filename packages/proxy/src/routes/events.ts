/**
 * `GET /api/checkouts/{id}/events`: Server-Sent Events. The checkout at once, then each change
 * as the hub announces it, `: heartbeat` comments while nothing happens, and the end of the
 * stream after a final status (or when the proxy shuts down).
 */

import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { findCheckout, publicCheckout } from '../checkout.ts';
import type { AppEnv } from '../context.ts';
import type { CheckoutHub } from '../hub.ts';
import { type CheckoutRecord, isAhead, type Store } from '../store/store.ts';

const isFinal = (checkout: CheckoutRecord) => !isAhead(checkout.status, 'paid');

export interface EventStreamDeps {
  store: Store;
  hub: CheckoutHub;
  heartbeatMs: number;
}

export function eventRoutes(deps: EventStreamDeps) {
  return new Hono<AppEnv>().get('/:id/events', async (c) => {
    const checkout = await findCheckout(deps.store, c.req.param('id'));
    return checkoutEvents(c, deps, checkout);
  });
}

/** Streams one checkout; `first` is its state when the request arrived. */
function checkoutEvents(
  c: Parameters<typeof streamSSE>[0],
  deps: EventStreamDeps,
  first: CheckoutRecord,
) {
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const queue: CheckoutRecord[] = [first];
    let ended = false;
    let wake: (() => void) | undefined;
    const nudge = () => wake?.();
    // Subscribe before re-reading, so a change between the two cannot be missed.
    const unsubscribe = deps.hub.subscribe(first.id, {
      change(checkout) {
        queue.push(checkout);
        nudge();
      },
      close() {
        ended = true;
        nudge();
      },
    });
    stream.onAbort(() => {
      ended = true;
      nudge();
    });
    try {
      const current = await deps.store.getCheckout(first.id);
      if (current) queue.push(current);
      let sentVersion = 0;
      while (!ended && !stream.aborted) {
        const next = queue.shift();
        if (next) {
          if (next.version <= sentVersion) continue;
          await stream.writeSSE({
            id: String(next.version),
            data: JSON.stringify(publicCheckout(next)),
          });
          sentVersion = next.version;
          if (isFinal(next)) break;
          continue;
        }
        const beat = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), deps.heartbeatMs);
          wake = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
        wake = undefined;
        if (beat && !ended) await stream.write(': heartbeat\n\n');
      }
    } finally {
      unsubscribe();
    }
  });
}
