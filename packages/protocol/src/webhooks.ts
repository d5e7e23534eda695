/**
 * One Standard Webhooks delivery attempt as a request, the one way this project makes one: the
 * proxy's deliveries and `crypto-pay listen`'s forwarding both send it with their own `fetch`
 * (this package does no I/O). Signed by the `standardwebhooks` library with every secret in
 * force (`webhook-signature` holds one `v1,…` per secret, space-separated, for a rotation's grace
 * period), POSTed without following a redirect (a signed body goes only where it was sent).
 */

import { Webhook } from 'standardwebhooks';
import { isLoopback } from './hosts.ts';
import { blockedPortProblem } from './ports.ts';

/**
 * Why `value` cannot be a webhook endpoint, or undefined when it can: https, or http on a
 * loopback host for development, on a port fetch connects to. The proxy's rule, checked by the
 * command line before it sends.
 */
export function webhookUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'cannot be read as a URL (give it whole, such as https://shop.example/webhooks)';
  }
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  const secure =
    url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
  if (!secure)
    return 'must be an https URL (http only on a loopback host: 127.0.0.1, ::1, localhost)';
  // The proxy's deliveries and listen's forwarding are fetch's: they would all fail `bad port`.
  const blocked = blockedPortProblem(url);
  return blocked && `${blocked}: give the handler another port`;
}

export interface WebhookPost {
  /** The event's id: `webhook-id`, the receiver's key for telling a retry from a new event. */
  id: string;
  /** The event as JSON, the same bytes at every attempt. */
  body: string;
  /** The attempt's time: `webhook-timestamp`, signed with the body. */
  at: Date;
  secrets: readonly string[];
  userAgent: string;
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

/** The attempt's request, for `fetch(url, { ...webhookRequest(post), signal })`. */
export function webhookRequest(post: WebhookPost): RequestInit {
  return {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/json',
      'user-agent': post.userAgent,
      'webhook-id': post.id,
      'webhook-timestamp': String(Math.floor(post.at.getTime() / 1000)),
      'webhook-signature': webhookSignature(post.secrets, post.id, post.at, post.body),
    },
    body: post.body,
  };
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
