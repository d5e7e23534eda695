/**
 * The event streams of the rolling-restart test, as widgets follow them through a balancer:
 * reconnecting like an EventSource (with `Last-Event-ID`) until their checkout is final, each
 * keeping a log of what it saw for the test's assertions. Creates and reads are retried by
 * support/retried-requests.ts.
 */

import { FINAL_CHECKOUT_STATUSES } from '@crypto-pay/protocol/checkout-status';
import { type EventStream, messagesOf, openEventStream } from '@crypto-pay/test-kit/event-streams';
import { connectionErrorCode } from '@crypto-pay/test-kit/http';
import { type Failure, pause, reconnectDelay } from '@crypto-pay/test-kit/retried-requests';

/** Statuses after which a checkout never changes (the proxy ends its stream then). */
export const FINAL: ReadonlySet<string> = new Set(FINAL_CHECKOUT_STATUSES);

/** What one followed checkout's stream showed, over all its connections. */
export interface Followed {
  id: string;
  /** Every message's `id:` (the checkout's version) and status, in arrival order. */
  messages: { version: number; status: string }[];
  /** Connections opened, the first included. */
  connections: number;
  failures: Failure[];
  /** Resolves once a connection ended after a final status. */
  done: Promise<void>;
  /** True once `done` has resolved. */
  finished: boolean;
  /** Stops following (the test is over): closes the stream, reconnects no more. */
  stop(): void;
}

/**
 * Follows checkout `id` through the balancer as the widget's EventSource does: when a stream is
 * cut or ended before a final status, it reconnects with the last event's id and reads on.
 */
export function follow(balancerUrl: string, id: string): Followed {
  let stopped = false;
  let current: EventStream | undefined;
  const followed: Followed = {
    id,
    messages: [],
    connections: 0,
    failures: [],
    done: Promise.resolve(),
    finished: false,
    stop() {
      stopped = true;
      current?.close();
    },
  };
  const url = `${balancerUrl}/api/checkouts/${id}/events`;
  followed.done = (async () => {
    for (let inARow = 0; !stopped; ) {
      const last = followed.messages.at(-1);
      if (last && FINAL.has(last.status)) {
        followed.finished = true;
        return;
      }
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (last) headers['Last-Event-ID'] = String(last.version);
      let text = '';
      try {
        followed.connections++;
        // Open as long as the test runs: the checkout's end or a cut ends it.
        current = await openEventStream(url, { headers, timeoutMs: 600_000 });
        if (stopped) current.close();
        inARow = 0;
        const stream = current;
        text = await stream.rest().catch(() => stream.text);
      } catch (error) {
        followed.failures.push({
          what: `stream ${id}: ${connectionErrorCode(error) ?? (error as Error).message}`,
          at: performance.now(),
        });
        await pause(reconnectDelay(inARow++));
      }
      followed.messages.push(
        ...messagesOf(text).map((message) => ({
          version: Number(message.id),
          status: message.data.status,
        })),
      );
    }
  })();
  return followed;
}
