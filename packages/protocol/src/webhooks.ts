/**
 * One Standard Webhooks delivery attempt, the one way this project posts a webhook: the proxy's
 * deliveries and `crypto-pay listen`'s forwarding both send through it. Signed by the
 * `standardwebhooks` library with every secret in force (`webhook-signature` holds one `v1,…`
 * per secret, space-separated, for a rotation's grace period), POSTed without following a
 * redirect (a signed body goes only where it was sent).
 */

import { Webhook } from 'standardwebhooks';

export interface WebhookPost {
  url: string;
  /** The event's id: `webhook-id`, the receiver's key for telling a retry from a new event. */
  id: string;
  /** The event as JSON, the same bytes at every attempt. */
  body: string;
  /** The attempt's time: `webhook-timestamp`, signed with the body. */
  at: Date;
  secrets: readonly string[];
  userAgent: string;
  /** Ends the attempt: its timeout, the sender stopping. */
  signal: AbortSignal;
}

/** `webhook-signature` of a body: one `v1,…` per secret. */
export function webhookSignature(
  secrets: readonly string[],
  id: string,
  at: Date,
  body: string,
): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' ');
}

/** Sends the attempt; the answer as it came (read or cancel its body), or fetch's error. */
export function postWebhook(post: WebhookPost): Promise<Response> {
  return fetch(post.url, {
    method: 'POST',
    redirect: 'manual',
    signal: post.signal,
    headers: {
      'content-type': 'application/json',
      'user-agent': post.userAgent,
      'webhook-id': post.id,
      'webhook-timestamp': String(Math.floor(post.at.getTime() / 1000)),
      'webhook-signature': webhookSignature(post.secrets, post.id, post.at, post.body),
    },
    body: post.body,
  });
}

/**
 * Why an answer is not a delivery, in a few words, or undefined for a 2xx: a redirect is the
 * receiver's mistake to see (its Location, bounded: a receiver's could be long), any other
 * status is said as it came.
 */
export function webhookRefusal(response: Response): string | undefined {
  const { status } = response;
  if (status >= 200 && status < 300) return undefined;
  if (status >= 300 && status < 400) {
    const location = response.headers.get('location')?.slice(0, 256) ?? 'no Location';
    return `redirect not followed (${location})`;
  }
  return `answered ${status}`;
}
