/**
 * Signed requests to a running processing API over real HTTP, signed with node:crypto
 * (independently of the protocol package), through node:http so a GET can carry a body.
 */

import { type Answer, hmacHex, send } from '../../support/http.ts';

export { type Answer, hmacHex, send };

export interface Credentials {
  apiKey: string;
  signingSecret: string;
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
