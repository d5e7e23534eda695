/**
 * The traffic of the rolling-restart test, as widgets send it through a balancer: creates that
 * retry with their Idempotency-Key after a refused, reset or unavailable answer, status reads,
 * and event streams that reconnect like an EventSource (with `Last-Event-ID`) until their
 * checkout is final. Each keeps a log of what it saw, for the test's assertions.
 */

import { type Checkout, checkoutSchema } from '@crypto-pay/protocol/proxy-api';
import { createCheckout, readCheckout } from '../support/checkouts.ts';
import {
  type Answer,
  connectionErrorCode,
  type EventStream,
  openEventStream,
} from '../support/http.ts';

/** Statuses after which a checkout never changes (the proxy ends its stream then). */
export const FINAL = new Set(['paid', 'failed', 'expired']);

/** Answers a widget tries again: the balancer or proxy had nobody (or no time) for it. */
const RETRIED_STATUSES = new Set([502, 503, 504]);

/** What went wrong on one try, in words for the failure message. */
export interface Failure {
  what: string;
  at: number;
}

/**
 * An EventSource's wait before it reconnects, grown on each failure in a row: the client's own
 * pace (a browser's is seconds), not a test's guess at when something happens.
 */
const reconnectDelay = (failures: number) => Math.min(50 * 2 ** failures, 1000);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Tries `attempt` until it gives an answer that `done` accepts; a thrown connection error or a
 * retried status is noted in `failures` and tried again; anything else throws.
 */
async function untilAnswered(
  what: string,
  attempt: () => Promise<Answer>,
  done: (answer: Answer) => boolean,
  failures: Failure[],
): Promise<Answer> {
  for (let tries = 0; ; tries++) {
    let note: string;
    try {
      const answer = await attempt();
      if (done(answer)) return answer;
      if (!RETRIED_STATUSES.has(answer.status) && !isKeyInUse(answer)) {
        throw new Error(`${what} answered ${answer.status}: ${answer.text}`);
      }
      note = `${what}: ${answer.status}`;
    } catch (error) {
      const code = connectionErrorCode(error);
      if (code === undefined) throw error;
      note = `${what}: ${code}`;
    }
    failures.push({ what: note, at: performance.now() });
    if (tries > 100) throw new Error(`${what} never answered: ${note}`);
    await pause(reconnectDelay(tries));
  }
}

/** The proxy's 409 for a key whose first create is still under way (elsewhere, perhaps). */
const isKeyInUse = (answer: Answer) =>
  answer.status === 409 &&
  (answer.json as { code?: string } | undefined)?.code === 'idempotency_in_progress';

/** A create with its key, retried until the proxy answers 201; every 201 must name one checkout. */
export async function createWithKey(
  balancerUrl: string,
  key: string,
  failures: Failure[],
  /** What the create's body changes (`checkoutBody`'s overrides): a price the shop takes. */
  overrides: Record<string, unknown> = {},
): Promise<{ checkout: Checkout; replayed: boolean }> {
  const answer = await untilAnswered(
    `create ${key}`,
    () => createCheckout(balancerUrl, overrides, { 'Idempotency-Key': key }),
    (answer) => answer.status === 201,
    failures,
  );
  return {
    checkout: checkoutSchema.parse(answer.json),
    replayed: answer.headers['idempotent-replayed'] === 'true',
  };
}

/** One status read, retried like a widget's poll; resolves with the status it read. */
export async function readStatus(
  balancerUrl: string,
  id: string,
  failures: Failure[],
): Promise<string> {
  const answer = await untilAnswered(
    `read ${id}`,
    () => readCheckout(balancerUrl, id),
    (answer) => answer.status === 200,
    failures,
  );
  return checkoutSchema.parse(answer.json).status;
}

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
 * The whole messages of an event-stream text (a cut may leave half of one, which an EventSource
 * drops too): each one's `id:` and the status in its `data:`.
 */
function messagesOf(text: string): { version: number; status: string }[] {
  return text
    .slice(0, text.lastIndexOf('\n\n') + 1)
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const version = Number(/^id: (\d+)$/m.exec(block)?.[1]);
      const data = JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as { status: string };
      return { version, status: data.status };
    });
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
      followed.messages.push(...messagesOf(text));
    }
  })();
  return followed;
}
