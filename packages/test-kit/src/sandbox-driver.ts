/**
 * The one way tests drive a sandbox: signed processing calls and its control API (simulate
 * outcomes, move the clock, set faults, read callbacks), over whatever sends a request. The
 * sandbox's own tests build it over `app.request()` (answers are `Response`s); the conformance
 * suite over real HTTP (`send`, answers are `Answer`s with the exact bytes).
 */

import { type HeaderOverrides, signedJsonHeaders } from './http.ts';

/** `{base_url}` and `{payments_base_url}` of the spec, below the sandbox's origin. */
const GENERAL_BASE = '/api/v2';
const PAYMENTS_BASE = '/api/payments/v1';

/** What the driver hands its transport: always a method and headers, a body when there is one. */
export interface SandboxRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** A signed call's options: the method, and header overrides where `undefined` removes one. */
export interface SignedInit {
  method?: string;
  headers?: HeaderOverrides;
}

export interface SandboxDriver<A> {
  /** Signs `body` with the sandbox's secret and POSTs (or `init.method`) it to origin + path. */
  call(path: string, body: string | object, init?: SignedInit): Promise<A>;
  /** `call` below `{base_url}`. */
  general(path: string, body: string | object, init?: SignedInit): Promise<A>;
  /** `call` below `{payments_base_url}`. */
  payments(path: string, body: string | object, init?: SignedInit): Promise<A>;
  /** Control API under `/_sandbox`: GET without a body, POST with one. */
  control(path: string, body?: object): Promise<A>;
}

/** A driver for the sandbox at `origin` with these credentials, sending through `send`. */
export function sandboxDriver<A>(
  origin: string,
  credentials: { apiKey: string; signingSecret: string },
  send: (url: string, request: SandboxRequest) => Promise<A>,
): SandboxDriver<A> {
  const call = (path: string, body: string | object, init: SignedInit = {}) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const headers = signedJsonHeaders(credentials, text, init.headers);
    return send(`${origin}${path}`, { method: init.method ?? 'POST', headers, body: text });
  };
  return {
    call,
    general: (path, body, init) => call(`${GENERAL_BASE}${path}`, body, init),
    payments: (path, body, init) => call(`${PAYMENTS_BASE}${path}`, body, init),
    control: (path, body) =>
      send(`${origin}/_sandbox${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}
