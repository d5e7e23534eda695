/**
 * The same signatures as `signing.ts`, synchronous through node:crypto, for servers. Web Crypto
 * answers every call through a thread-pool round trip, which costs far more than the HMAC
 * itself and is paid on each signed request a server checks (BENCHMARKS.md, "Hand-written
 * paths"). Also a new secret for the proxy's webhooks, which its tests and dev stack make too.
 */

import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { KEY_HEADER, SIGNATURE_FORMAT, SIGNATURE_HEADER, type SignedHeaders } from './signing.ts';

/**
 * The keys of the secrets signed with lately: an HMAC given the secret as text makes a key of it
 * at each call, which costs several times the HMAC of a request's body (BENCHMARKS.md, "Issue
 * 32"). A server signs and checks with one secret or two (a rotation, the sandbox's merchants),
 * so a few are kept, the oldest dropped first.
 */
const keys = new Map<string, KeyObject>();
const KEYS_KEPT = 4;

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= KEYS_KEPT) keys.delete(keys.keys().next().value!);
    key = createSecretKey(secret, 'utf8');
    keys.set(secret, key);
  }
  return key;
}

function digestOf(secret: string, body: string | Uint8Array): Buffer {
  return createHmac('sha512', keyOf(secret)).update(body).digest();
}

/** The signature of `body` (a string is signed as its UTF-8 bytes). */
export function signBodySync(secret: string, body: string | Uint8Array): string {
  return digestOf(secret, body).toString('hex');
}

/** The headers a signed request (or callback) carries for exactly these body bytes. */
export function signedHeadersSync(
  apiKey: string,
  secret: string,
  body: string | Uint8Array,
): SignedHeaders {
  return { [KEY_HEADER]: apiKey, [SIGNATURE_HEADER]: signBodySync(secret, body) } as SignedHeaders;
}

/** True when `signature` is the signature of exactly these bytes; compared in constant time. */
export function verifySignatureSync(
  secret: string,
  body: string | Uint8Array,
  signature: string | null | undefined,
): boolean {
  if (typeof signature !== 'string' || !SIGNATURE_FORMAT.test(signature)) return false;
  return timingSafeEqual(digestOf(secret, body), Buffer.from(signature, 'hex'));
}

/** Compares two secrets without leaking where they differ, or whether their lengths do. */
export function secretsEqualSync(given: string, expected: string): boolean {
  const hash = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(hash(given), hash(expected));
}

/**
 * A new Standard Webhooks secret (`whsec_` + base64 of 32 random bytes, the length the Standard
 * Webhooks libraries generate) for the proxy's webhook endpoints.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
