/**
 * Webhooks as the proxy sends them, made in a test for a receiver under test (the demo shop's):
 * events read by the contract's schemas (`@crypto-pay/protocol/proxy-api`), so a fixture is a
 * valid event, and the Standard Webhooks headers that sign them, by the `standardwebhooks`
 * library.
 */

import { randomBytes, randomUUID } from 'node:crypto';
import type { InvoiceCallback } from '@crypto-pay/protocol';
import {
  type CheckoutEvent,
  type CheckoutStatus,
  checkoutEventSchema,
  type RelayedEvent,
  relayedEventSchema,
} from '@crypto-pay/protocol/proxy-api';
import { Webhook } from 'standardwebhooks';

/** A unique event id, `evt_…` as the proxy's. */
const eventId = () => `evt_${randomUUID()}`;

/**
 * A `checkout.<status>` event of the checkout with `foreignId` at `version`, as the proxy sends
 * it: 42.00 EUR, a shop's checkout session, made and changed now.
 */
export function checkoutEvent(
  foreignId: string,
  status: CheckoutStatus,
  version: number,
): CheckoutEvent {
  const now = new Date();
  const seconds = Math.floor(now.getTime() / 1000);
  const paymentRequestId = randomUUID();
  return checkoutEventSchema.parse({
    id: eventId(),
    type: `checkout.${status}`,
    timestamp: now.toISOString(),
    data: {
      id: randomBytes(16).toString('base64url'),
      status,
      payment_link: `https://pay.example/pay/${paymentRequestId}`,
      expires_at: seconds + 3600,
      amount: '42.00',
      currency: { iso: 'EUR' },
      foreign_id: foreignId,
      payment_request_id: paymentRequestId,
      pricing: 'session',
      created_at: seconds,
      updated_at: seconds,
      version,
    },
  });
}

/** An `invoice.<status>` event: the service's callback on invoice 7, relayed by the proxy. */
export function invoiceEvent(foreignId: string, status: InvoiceCallback['status']): RelayedEvent {
  const callback: InvoiceCallback = {
    type: 'invoice',
    id: 7,
    foreign_id: foreignId,
    status,
    currency: 'EUR',
    amount: '42.00',
  };
  return relayedEventSchema.parse({
    id: eventId(),
    type: `invoice.${status}`,
    timestamp: new Date().toISOString(),
    data: callback,
  });
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
