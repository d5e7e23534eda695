/**
 * What a webhook endpoint and its secret must look like: https, or http on a loopback host for
 * development; a Standard Webhooks secret (`whsec_` + base64 of 24 to 64 random bytes).
 */

import { isLoopback } from '@crypto-pay/protocol';

/** Why `value` cannot be a webhook endpoint, or undefined when it can. */
export function webhookUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an https URL';
  }
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return undefined;
  return 'must be an https URL (http only on a loopback host: 127.0.0.1, ::1, localhost)';
}

const SECRET = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

export function isWebhookSecret(value: string): boolean {
  const base64 = SECRET.exec(value)?.[1];
  if (base64 === undefined || base64.length % 4 !== 0) return false;
  const bytes = Buffer.from(base64, 'base64').length;
  return bytes >= 24 && bytes <= 64;
}

// Made where the test kit and the dev stack make it too, which must not depend on the proxy.
export { newWebhookSecret } from '@crypto-pay/protocol/node';
