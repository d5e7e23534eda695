/**
 * Request and callback signatures: lowercase hex HMAC-SHA512 of the exact body bytes, keyed
 * with the merchant's signing secret. Web Crypto, so it runs in Node and browsers alike;
 * verification goes through `crypto.subtle.verify`, which compares in constant time.
 */

/** Header carrying the merchant's API key. */
export const KEY_HEADER = 'X-Processing-Key';
/** Header carrying the body's signature. */
export const SIGNATURE_HEADER = 'X-Processing-Signature';

const encoder = new TextEncoder();
// Typed through the global `crypto` so packages without the DOM lib can typecheck this file.
type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const keys = new Map<string, Promise<HmacKey>>();

function hmacKey(secret: string): Promise<HmacKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-512' },
      false,
      ['sign', 'verify'],
    );
    // A process holds one or two secrets; the cap only guards against misuse.
    if (keys.size > 16) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

function bytesOf(body: string | Uint8Array): Uint8Array<ArrayBuffer> {
  return typeof body === 'string' ? encoder.encode(body) : new Uint8Array(body);
}

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What a signature header must look like to be checked at all: 128 hex digits, either case. */
export const SIGNATURE_FORMAT = /^[0-9a-fA-F]{128}$/;

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** The signature of `body` (a string is signed as its UTF-8 bytes). */
export async function signBody(secret: string, body: string | Uint8Array): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), bytesOf(body));
  return toHex(signature);
}

/**
 * The two headers that authenticate a body: the merchant's API key and the body's signature.
 * A type literal, not an interface, so it fits wherever a header record is taken.
 */
export type SignedHeaders = {
  'X-Processing-Key': string;
  'X-Processing-Signature': string;
};

/** The headers a signed request (or callback) carries for exactly these body bytes. */
export async function signedHeaders(
  apiKey: string,
  secret: string,
  body: string | Uint8Array,
): Promise<SignedHeaders> {
  return {
    [KEY_HEADER]: apiKey,
    [SIGNATURE_HEADER]: await signBody(secret, body),
  } as SignedHeaders;
}

/**
 * True when `signature` is the signature of exactly these bytes. Hex case is not significant;
 * anything that is not 128 hex digits is simply false.
 */
export async function verifySignature(
  secret: string,
  body: string | Uint8Array,
  signature: string | null | undefined,
): Promise<boolean> {
  if (typeof signature !== 'string' || !SIGNATURE_FORMAT.test(signature)) return false;
  return crypto.subtle.verify('HMAC', await hmacKey(secret), fromHex(signature), bytesOf(body));
}

/**
 * Compares two secrets (an API key, a bearer token) without leaking where they differ.
 * Both are hashed first so the comparison does not depend on their lengths either.
 */
export async function secretsEqual(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all(
    [given, expected].map((text) => crypto.subtle.digest('SHA-256', encoder.encode(text))),
  );
  const x = new Uint8Array(a!);
  const y = new Uint8Array(b!);
  let difference = 0;
  for (let i = 0; i < x.length; i++) difference |= x[i]! ^ y[i]!;
  return difference === 0;
}
