/**
 * Caps on open event streams, in all and per client, so that one client cannot hold the
 * proxy's memory and file handles. A stream over a cap is refused with 429 and `Retry-After`;
 * the widget then follows the checkout by polling, which costs a request now and then.
 */

import { ApiError } from '../api-error.ts';
import type { StreamLimits } from '../process/config.ts';

const RETRY_AFTER_SECONDS = '30';

export function streamCounter(limits: StreamLimits) {
  const byClient = new Map<string, number>();
  let open = 0;
  return {
    /** Counts a new stream of `client`; returns its release (safe to call twice), or throws. */
    open(client: string): () => void {
      const mine = byClient.get(client) ?? 0;
      if (open >= limits.total || mine >= limits.perClient) {
        throw new ApiError(
          429,
          'too_many_streams',
          'Too many open event streams. Poll the checkout instead.',
          { headers: { 'Retry-After': RETRY_AFTER_SECONDS } },
        );
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
