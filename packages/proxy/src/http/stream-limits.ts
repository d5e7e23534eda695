/**
 * Caps on open event streams, in all and per client, so that one client cannot hold the
 * proxy's memory and file handles. A stream over a cap is refused with 429 and `Retry-After`;
 * the widget then follows the checkout by polling, which costs a request now and then (each
 * route counts its own streams, under the same caps).
 */

import { ApiError } from '../api-error.ts';
import type { StreamLimits } from '../process/config.ts';

const RETRY_AFTER_SECONDS = '30';

/** What a client refused a checkout's stream does instead. */
const POLL_THE_CHECKOUT = 'Poll the checkout instead.';

/** `advice`: what a refused client can do instead, said after the refusal. */
export function streamCounter(limits: StreamLimits, advice = POLL_THE_CHECKOUT) {
  const byClient = new Map<string, number>();
  let open = 0;
  return {
    /** Counts a new stream of `client`; returns its release (safe to call twice), or throws. */
    open(client: string): () => void {
      const mine = byClient.get(client) ?? 0;
      if (open >= limits.total || mine >= limits.perClient) {
        throw new ApiError(429, 'too_many_streams', `Too many open event streams. ${advice}`, {
          headers: { 'Retry-After': RETRY_AFTER_SECONDS },
        });
      }
      open += 1;
      byClient.set(client, mine + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open -= 1;
        const left = (byClient.get(client) ?? 1) - 1;
        if (left === 0) byClient.delete(client);
        else byClient.set(client, left);
      };
    },
    /** Streams open now. */
    size: () => open,
  };
}
