/**
 * Verifies a callback from the processing service: the key header must be the merchant's API
 * key and the signature must cover the exact bytes received, both checked every time in
 * constant time; only then is the body parsed and checked against the callback shapes.
 * Anything else is refused with a reason.
 */

import {
  type Callback,
  callbackSchema,
  KEY_HEADER,
  parseJson,
  SIGNATURE_HEADER,
} from '@crypto-pay/protocol';
import { secretsEqualSync, verifySignatureSync } from '@crypto-pay/protocol/node';
import type { Credentials } from './call.ts';
import { CallbackVerificationError } from './errors.ts';

/** Request headers as a `Headers` object (fetch, Hono) or a plain record (`node:http`). */
export type CallbackHeaders =
  | Headers
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The raw request body: never a re-serialised object, whose bytes would differ. */
export type RawBody = string | Uint8Array | ArrayBuffer;

const decoder = new TextDecoder('utf-8', { fatal: true });

function header(headers: CallbackHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    // A repeated header is joined, as fetch does; it then fails the comparison.
    return typeof value === 'string' ? value : value.join(', ');
  }
  return undefined;
}

/** Returns the callback when it is authentic and well formed; throws `CallbackVerificationError`. */
export async function verifyCallback(
  credentials: Credentials,
  rawBody: RawBody,
  headers: CallbackHeaders,
): Promise<Callback> {
  const key = header(headers, KEY_HEADER);
  const signature = header(headers, SIGNATURE_HEADER);
  const bytes = rawBody instanceof ArrayBuffer ? new Uint8Array(rawBody) : rawBody;
  // Both checks every time, then the verdict: stopping at a wrong key would skip the HMAC over
  // the body, and the time it saves would tell a guesser which key is right.
  const keyRight = secretsEqualSync(key ?? '', credentials.apiKey);
  const signatureRight = verifySignatureSync(credentials.signingSecret, bytes, signature);
  if (!key) throw new CallbackVerificationError('missing_key', `No ${KEY_HEADER} header.`);
  if (!keyRight) {
    throw new CallbackVerificationError(
      'bad_key',
      `The ${KEY_HEADER} header is not this merchant's key.`,
    );
  }
  if (!signature) {
    throw new CallbackVerificationError('missing_signature', `No ${SIGNATURE_HEADER} header.`);
  }
  if (!signatureRight) {
    throw new CallbackVerificationError(
      'bad_signature',
      `The ${SIGNATURE_HEADER} header does not match the body.`,
    );
  }
  let json: unknown;
  try {
    // Signed, so the service's: what it tells is kept, a lone surrogate written U+FFFD.
    json = parseJson(typeof bytes === 'string' ? bytes : decoder.decode(bytes), {
      loneSurrogates: 'replace',
    });
  } catch {
    throw new CallbackVerificationError('malformed_body', 'The callback body is not JSON.');
  }
  const parsed = callbackSchema.safeParse(json);
  if (!parsed.success) {
    throw new CallbackVerificationError(
      'unknown_shape',
      'The callback body is not a callback this client knows.',
    );
  }
  return parsed.data;
}
