/**
 * One signed call: sign the exact body bytes, send those bytes with the key and signature
 * headers, then turn the answer into data (2xx, checked by a protocol schema) or a typed
 * error (4xx with the service's error body, 5xx, or anything the spec does not allow).
 */

import {
  type ProcessingErrorBody,
  parseJson,
  processingErrorBodySchema,
  type Validated,
} from '@crypto-pay/protocol';
import { signedHeadersSync } from '@crypto-pay/protocol/node';
import { ProcessingApiError, ProcessingUnavailableError } from './errors.ts';
import type { Transport, WireResponse } from './transport.ts';

export interface Credentials {
  apiKey: string;
  signingSecret: string;
}

export interface SignedRequest {
  method: 'GET' | 'POST';
  url: URL;
  /** JSON text; it is signed and sent as its UTF-8 bytes. */
  body: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export async function signedCall<T>(
  credentials: Credentials,
  transport: Transport,
  request: SignedRequest,
  parse: (json: unknown) => Validated<T>,
): Promise<T> {
  const bytes = encoder.encode(request.body);
  const response = await transport({
    method: request.method,
    url: request.url,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...signedHeadersSync(credentials.apiKey, credentials.signingSecret, bytes),
    },
    body: bytes,
    timeoutMs: request.timeoutMs,
    signal: request.signal,
  });
  return readAnswer(response, parse);
}

function malformed(status: number, what: string): ProcessingUnavailableError {
  return new ProcessingUnavailableError(`The processing service answered ${status} with ${what}.`, {
    reason: 'malformed_response',
    mayHaveReachedService: true,
    status,
  });
}

/** The body as JSON, or `undefined` when it is not UTF-8 JSON text. */
function jsonOf(body: Uint8Array): unknown {
  try {
    // What the service made is kept, a lone surrogate in its text written U+FFFD.
    return parseJson(decoder.decode(body), { loneSurrogates: 'replace' });
  } catch {
    return undefined;
  }
}

// `parseJson` reads a number as an integer or a `JsonNumber`, so a code that is a number is an
// integer here, as the schema asks; the body is kept as it came, unknown fields too.
const isErrorBody = (json: unknown): json is ProcessingErrorBody =>
  processingErrorBodySchema.safeParse(json).success;

export function readAnswer<T>(response: WireResponse, parse: (json: unknown) => Validated<T>): T {
  const { status } = response;
  if (status >= 500 && status <= 599) {
    const json = jsonOf(response.body);
    const text = isErrorBody(json) ? `: ${json.error}` : '.';
    throw new ProcessingUnavailableError(`The processing service failed with ${status}${text}`, {
      reason: 'server_error',
      mayHaveReachedService: true,
      status,
    });
  }
  const json = jsonOf(response.body);
  if (status >= 400 && status <= 499) {
    if (!isErrorBody(json)) throw malformed(status, 'a body that is not an {error, code} object');
    throw new ProcessingApiError(status, json);
  }
  if (status < 200 || status > 299) throw malformed(status, 'a status this API never uses');
  if (json === undefined) throw malformed(status, 'a body that is not JSON');
  const result = parse(json);
  if (result.success) return result.data;
  // Name the place, never the content: answers can carry personal data.
  const where = result.failure.field || 'the top level';
  throw malformed(status, `a body that does not match the spec (at ${where})`);
}
