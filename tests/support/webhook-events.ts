/**
 * Webhooks as the proxy sends them, made in a test for a receiver under test (the demo shop's):
 * a `checkout.<status>` event and the Standard Webhooks headers that sign it, by the
 * `standardwebhooks` library.
 */

import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A `checkout.<status>` event of the checkout with `foreignId`, as the proxy sends it. */
export function checkoutEvent(foreignId: string, status: string, version: number) {
  return {
    id: `evt_${randomUUID()}`,
    type: `checkout.${status}`,
    timestamp: new Date().toISOString(),
    data: {
      id: randomUUID(),
      status,
      amount: '42.00',
      currency: { iso: 'EUR' },
      foreign_id: foreignId,
      version,
    },
  };
}

/** The Standard Webhooks headers of `body`, signed with `signingSecret`. */
export function signedWebhookHeaders(
  signingSecret: string,
  id: string,
  body: string,
  at = new Date(),
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(signingSecret).sign(id, at, body),
  };
}
