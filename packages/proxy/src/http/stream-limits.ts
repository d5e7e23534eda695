/**
 * Caps on open event streams, in all and per client, so that one client cannot hold the
 * proxy's memory and file handles. Each stream route has its own counter under the same caps
 * (`MAX_EVENT_STREAMS*`): the widgets' checkout streams, and the merchant's events stream, so a
 * developer's listeners never take a customer's place, nor the reverse. A stream over a cap is
 * refused with 429, `Retry-After` and what to do instead: the widget follows the checkout by
 * polling, a merchant's tool pages `GET /admin/events`.
 */

import { ApiError } from '../api-error.ts';
import type { StreamLimits } from '../process/config.ts';

const RETRY_AFTER_SECONDS = '30';

/** What a client refused a checkout's stream does instead. */
const POLL_THE_CHECKOUT = 'Poll the checkout instead.';

/**
 * `advice`: what a refused client can do instead, said after the refusal. `counted` is told the
 * open streams' count after each stream opens or is released.
 */
export function streamCounter(
  limits: StreamLimits,
  {
    advice = POLL_THE_CHECKOUT,
    counted = () => {},
  }: { advice?: string; counted?: ((open: number) => void) | undefined } = {},
) {
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
      counted(open);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open -= 1;
        const left = (byClient.get(client) ?? 1) - 1;
        if (left === 0) byClient.delete(client);
        else byClient.set(client, left);
        counted(open);
      };
    },
    /** Streams open now. */
    size: () => open,
  };
}
