/**
 * The one way tests drive a sandbox: signed processing calls and its control API (simulate
 * outcomes, move the clock, set faults, read callbacks), and the suite's valid creates sent as
 * they are, over whatever sends a request. The
 * sandbox's own tests build it over `app.request()` (answers are `Response`s); the conformance
 * suite over real HTTP (`send`, answers are `Answer`s with the exact bytes).
 */

import { type HeaderOverrides, signedJsonHeaders } from './http.ts';
import { invoiceRequest, paymentRequest, withdrawalRequest } from './processing-requests.ts';

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
  /** Creates the suite's valid payment request with `overrides` (undefined removes a field). */
  createPaymentRequest(overrides?: Record<string, unknown>): Promise<A>;
  /** Creates the suite's valid invoice, its amount the JSON number `amount`, with `overrides`. */
  createInvoice(overrides?: Record<string, unknown>, amount?: string): Promise<A>;
  /** Creates the suite's valid crypto withdrawal, its amount the JSON number `amount`. */
  createWithdrawal(overrides?: Record<string, unknown>, amount?: string): Promise<A>;
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
  const general = (path: string, body: string | object, init?: SignedInit) =>
    call(`${GENERAL_BASE}${path}`, body, init);
  const payments = (path: string, body: string | object, init?: SignedInit) =>
    call(`${PAYMENTS_BASE}${path}`, body, init);
  return {
    call,
    general,
    payments,
    createPaymentRequest: (overrides) => payments('/requests', paymentRequest(overrides)),
    createInvoice: (overrides, amount) =>
      general('/invoices/create', invoiceRequest(overrides, amount)),
    createWithdrawal: (overrides, amount) =>
      general('/withdrawal/crypto', withdrawalRequest(overrides, amount)),
    control: (path, body) =>
      send(`${origin}/_sandbox${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}
