/**
 * Requests tried again as their senders try them: a widget's create with its Idempotency-Key
 * and its status read while proxies restart behind a balancer, and the processing service's
 * signed callback, each after a refused, reset or unavailable answer, at an EventSource's own
 * pace. Every try that failed is noted, for a test's messages.
 */

import { type Checkout, checkoutSchema } from '@crypto-pay/protocol/proxy-api';
import { createCheckout, readCheckout, sendCallback } from './checkouts.ts';
import { type Answer, connectionErrorCode } from './http.ts';
import type { Stack } from './stack.ts';

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
export const reconnectDelay = (failures: number) => Math.min(50 * 2 ** failures, 1000);
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Tries `attempt` until it gives an answer that `done` accepts; a thrown connection error or a
 * `retried` status (by default RETRIED_STATUSES) is noted in `failures` and tried again;
 * anything else throws.
 */
async function untilAnswered(
  what: string,
  attempt: () => Promise<Answer>,
  done: (answer: Answer) => boolean,
  failures: Failure[],
  retried: ReadonlySet<number> = RETRIED_STATUSES,
): Promise<Answer> {
  for (let tries = 0; ; tries++) {
    let note: string;
    try {
      const answer = await attempt();
      if (done(answer)) return answer;
      if (!retried.has(answer.status) && !isKeyInUse(answer)) {
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

/**
 * A signed callback sent as a processing service does, until it has its 200: tried again after
 * a reset connection or a 408, a proxy too busy to read it in time (neither reached the
 * proxy's log). A 5xx is an answer the test must see: it throws.
 */
export function deliveredCallback(
  stack: Stack,
  body: string,
  failures: Failure[],
): Promise<Answer> {
  return untilAnswered(
    'callback',
    () => sendCallback(stack, body),
    (answer) => answer.status === 200,
    failures,
    new Set([408]),
  );
}
