/**
 * The built `crypto-pay` bin as a developer runs it: a process of its own, its environment only
 * what the test gives (with PATH and HOME), its exit code and both streams whole; and what the
 * command line's tests read of the stack beside it.
 */

import assert from 'node:assert/strict';
import type { Checkout, WebhookEvent } from '@crypto-pay/protocol/proxy-api';
import { createdCheckout, paymentRequestOf } from '@crypto-pay/test-kit/checkouts';
import { send } from '@crypto-pay/test-kit/http';
import { runToExit } from '@crypto-pay/test-kit/process';
import type { Stack } from '@crypto-pay/test-kit/stack';

export const CLI_BIN = 'packages/cli/bin/crypto-pay.mjs';

export function runBin(
  args: string[],
  options: { env?: Record<string, string | undefined>; cwd?: string; stopWhen?: RegExp } = {},
) {
  return runToExit({
    bin: CLI_BIN,
    args,
    env: options.env ?? {},
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.stopWhen ? { stopWhen: options.stopWhen } : {}),
  });
}

/** The environment that points the command line at the stack's proxy, with its token. */
export const cliEnv = (stack: Stack) => ({
  CRYPTO_PAY_PROXY_URL: stack.proxy.url,
  CRYPTO_PAY_ADMIN_TOKEN: stack.adminToken,
});

/** A merchant API read of the stack's proxy, which must answer 200. */
export async function adminGet<T>(stack: Stack, path: string): Promise<T> {
  const answer = await send(`${stack.proxy.url}${path}`, {
    headers: { Authorization: `Bearer ${stack.adminToken}` },
  });
  assert.equal(answer.status, 200, answer.text);
  return answer.json as T;
}

/** Every event the proxy wrote (`GET /admin/events` pages oldest first: followed to the end). */
export async function adminEvents(stack: Stack): Promise<WebhookEvent[]> {
  const events: WebhookEvent[] = [];
  let after: string | undefined;
  do {
    const page = await adminGet<{ data: WebhookEvent[]; next_after?: string }>(
      stack,
      `/admin/events?limit=100${after ? `&after=${after}` : ''}`,
    );
    events.push(...page.data);
    after = page.next_after;
  } while (after);
  return events;
}

/** A checkout created through the stack's proxy and played to `outcome` in its sandbox. */
export async function playedCheckout(
  stack: Stack,
  outcome: 'paid' | 'failed' | 'expired',
): Promise<Checkout> {
  const checkout = await createdCheckout(stack.proxy.url);
  const request = await paymentRequestOf(stack, checkout);
  const simulated = await stack.control(`/payment-requests/${request.id}/simulate`, { outcome });
  assert.equal(simulated.status, 200, simulated.text);
  return checkout;
}
