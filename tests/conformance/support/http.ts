/**
 * Signed requests to a running processing API over real HTTP, signed here with node:crypto
 * (independently of the protocol package), through node:http so a GET can carry a body.
 */

import { createHmac } from 'node:crypto';
import { request } from 'node:http';

export interface Credentials {
  apiKey: string;
  signingSecret: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

/** Lowercase hex HMAC-SHA512 of the exact bytes. */
export function hmacHex(secret: string, body: string | Buffer): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

/** Sends raw bytes; answers whatever came back. Rejects when the connection drops. */
export function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const outgoing = request(
      url,
      {
        method: init.method ?? 'POST',
        headers: { ...init.headers, ...(body ? { 'Content-Length': String(body.length) } : {}) },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text, json });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export interface SignedOptions {
  method?: string;
  /** Header overrides; `undefined` removes a header. */
  headers?: Record<string, string | undefined>;
}

/** A request as a merchant sends it: JSON content type, key, signature of the exact body. */
export function signedCall(
  credentials: Credentials,
  url: string,
  body: string,
  options: SignedOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Processing-Key': credentials.apiKey,
    'X-Processing-Signature': hmacHex(credentials.signingSecret, body),
  };
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  return send(url, { method: options.method ?? 'POST', headers, body });
}
