/**
 * What a webhook endpoint's secret must look like: a Standard Webhooks secret (`whsec_` + base64
 * of 24 to 64 random bytes). Its address's rule is the protocol's `webhookUrlProblem`.
 */

const SECRET = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

export function isWebhookSecret(value: string): boolean {
  const base64 = SECRET.exec(value)?.[1];
  if (base64 === undefined || base64.length % 4 !== 0) return false;
  const bytes = Buffer.from(base64, 'base64').length;
  return bytes >= 24 && bytes <= 64;
}

// Made where the test kit and the dev stack make it too, which must not depend on the proxy.
export { newWebhookSecret } from '@crypto-pay/protocol/node';
