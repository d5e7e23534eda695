/**
 * The sandbox fuzzer's request generators, one or more per registered route: processing calls
 * signed right (so validation runs) or wrong, other API versions, the hosted pages (a share on a
 * real payment request and invoice), the dashboard and the control API, with random and
 * mutated bodies, headers and encodings.
 */

import { randomBytes } from 'node:crypto';
import { signBodySync } from '@crypto-pay/protocol/node';
import {
  encodedBody,
  type FuzzRequest,
  fuzzHeaders,
  idOrNear,
  mutatedOrAnyJson,
  pathSegment,
} from '@crypto-pay/test-kit/fuzz';
import fc from 'fast-check';

import type { FuzzRoute } from './fuzz-routes.ts';
import { invoice, paymentRequest, withdrawal } from './fuzz-sandbox-bodies.ts';

export const KEY = 'sandbox-key';
/** Unique per run (the sandbox is started with it), so a search of its logs finds only leaks. */
export const SECRET = `sandbox-fuzz-secret-${randomBytes(16).toString('hex')}`;

/** What a processing call was generated to be, so the answer can be held to it. */
export interface Intent {
  /** The right key and signature and `Content-Type: application/json` (or a wrong key or signature). */
  signed?: boolean;
  /** The body is a JSON object in UTF-8 and the path is under an enabled API version. */
  wellFormed?: boolean;
}

export type SandboxRequest = FuzzRequest & Intent;

/** A payment request and an invoice that exist, for the hosted pages and the cancel route. */
export interface Target {
  paymentRequestId: string;
  invoiceForeignId: string;
}

const emptyOrAny = fc.oneof(fc.constant({}), fc.jsonValue({ maxDepth: 2 }));
const ENABLED_BASES = ['/api/v2/', '/api/payments/v1/'];

/** Whether the sandbox's parser sees a JSON object: UTF-8 (strictly) and an object at the top. */
function isJsonObject(bytes: Buffer | undefined): boolean {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The path the server routes: `..` and `%2e%2e` segments resolved, as the URL parser does. */
const resolved = (path: string) => new URL(path, 'http://sandbox.invalid').pathname;

type Auth = 'signed' | 'odd-headers' | 'bad-signature' | 'no-key' | 'no-signature' | 'none';

/** A processing call: signed right over the exact bytes three times in five. */
function processing(
  method: fc.Arbitrary<string>,
  path: fc.Arbitrary<string>,
  body: fc.Arbitrary<unknown>,
): fc.Arbitrary<SandboxRequest> {
  return fc
    .record({
      method,
      path,
      body: encodedBody(body),
      headers: fuzzHeaders(),
      auth: fc.oneof(
        { weight: 3, arbitrary: fc.constant<Auth>('signed') },
        fc.constantFrom<Auth>('odd-headers', 'bad-signature', 'no-key', 'no-signature', 'none'),
      ),
    })
    .map(({ method, path, body, headers, auth }): SandboxRequest => {
      const bytes = body ?? Buffer.alloc(0);
      // Only 'odd-headers' keeps the fuzzed content type, so most calls reach validation.
      const all: Record<string, string> =
        auth === 'odd-headers'
          ? { 'Content-Type': 'application/json', ...headers }
          : { ...headers, 'Content-Type': 'application/json' };
      if (auth !== 'none' && auth !== 'no-key') all['X-Processing-Key'] = KEY;
      if (auth === 'signed' || auth === 'odd-headers' || auth === 'no-key')
        all['X-Processing-Signature'] = signBodySync(SECRET, bytes);
      if (auth === 'bad-signature') all['X-Processing-Signature'] = signBodySync('guess', bytes);
      // A path whose dot segments climb out of /api/ never meets the pipeline.
      const intent: Intent =
        auth === 'odd-headers' || !resolved(path).startsWith('/api/')
          ? {}
          : {
              signed: auth === 'signed',
              wellFormed:
                isJsonObject(body) && ENABLED_BASES.some((base) => resolved(path).startsWith(base)),
            };
      return { method, path, headers: all, ...intent, ...(body ? { body } : {}) };
    });
}

function plain(
  method: fc.Arbitrary<string>,
  path: fc.Arbitrary<string>,
  body: fc.Arbitrary<Buffer | undefined>,
): fc.Arbitrary<SandboxRequest> {
  return fc
    .record({ method, path, body, headers: fuzzHeaders() })
    .map(({ body, ...rest }): SandboxRequest => (body ? { ...rest, body } : rest));
}

/** Every generator of requests to the sandbox; `endpoints` names the routes each one reaches. */
export function sandboxRoutes(target: Target): FuzzRoute<Intent>[] {
  const route = (
    name: string,
    weight: number,
    request: fc.Arbitrary<SandboxRequest>,
    endpoints = [name],
  ): FuzzRoute<Intent> => ({ name, endpoints, weight, request });
  const post = fc.constant('POST');
  const get = fc.constant('GET');
  const at = (path: string) => fc.constant(path);
  const control = (path: string, body: fc.Arbitrary<unknown>) =>
    route(`POST ${path}`, 1, plain(post, at(path), encodedBody(body)));
  const invoiceId = idOrNear(target.invoiceForeignId);
  return [
    route(
      'POST /api/payments/v1/requests',
      3,
      processing(post, at('/api/payments/v1/requests'), mutatedOrAnyJson(paymentRequest)),
    ),
    route(
      'POST /api/v2/accounts/list',
      1,
      processing(post, at('/api/v2/accounts/list'), emptyOrAny),
    ),
    route(
      'POST /api/v2/currencies/list',
      1,
      processing(post, at('/api/v2/currencies/list'), emptyOrAny),
    ),
    route(
      'POST /api/v2/invoices/create',
      3,
      processing(post, at('/api/v2/invoices/create'), mutatedOrAnyJson(invoice)),
    ),
    route(
      'POST /api/v2/invoices/:foreign_id/cancel/',
      1,
      processing(
        post,
        invoiceId.map((id) => `/api/v2/invoices/${id}/cancel/`),
        emptyOrAny,
      ),
    ),
    route(
      'POST /api/v2/invoices/:foreign_id/cancel',
      1,
      processing(
        post,
        invoiceId.map((id) => `/api/v2/invoices/${id}/cancel`),
        emptyOrAny,
      ),
    ),
    route(
      'POST /api/v2/withdrawal/crypto',
      2,
      processing(post, at('/api/v2/withdrawal/crypto'), mutatedOrAnyJson(withdrawal)),
    ),
    route(
      'GET /api/v2/transactions/info',
      2,
      processing(
        get,
        at('/api/v2/transactions/info'),
        mutatedOrAnyJson({ id: 1, foreign_id: 'x' }),
      ),
    ),
    route(
      'ALL /api/*',
      2,
      processing(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc
          .tuple(
            fc.constantFrom('/api/v1/', '/api/v3/', '/api/v2/', '/api/payments/v2/', '/api/'),
            fc.array(pathSegment, { maxLength: 3 }),
          )
          .map(([base, parts]) => `${base}${parts.join('/')}`),
        fc.jsonValue({ maxDepth: 2 }),
      ),
    ),
    route(
      'GET /pay/:id',
      1,
      plain(
        get,
        idOrNear(target.paymentRequestId).map((id) => `/pay/${id}`),
        fc.constant(undefined),
      ),
    ),
    route(
      'POST /pay/:id',
      1,
      plain(
        post,
        pathSegment.map((id) => `/pay/${id}`),
        encodedBody(fc.jsonValue({ maxDepth: 1 })),
      ),
    ),
    route(
      'GET /invoice/:foreign_id',
      1,
      plain(
        get,
        invoiceId.map((id) => `/invoice/${id}`),
        fc.constant(undefined),
      ),
    ),
    route(
      'POST /invoice/:foreign_id',
      1,
      plain(
        post,
        pathSegment.map((id) => `/invoice/${id}`),
        encodedBody(fc.jsonValue({ maxDepth: 1 })),
      ),
    ),
    route('GET /', 1, plain(get, at('/'), fc.constant(undefined))),
    route('GET /_sandbox', 1, plain(get, at('/_sandbox'), fc.constant(undefined))),
    route('GET /_sandbox/', 1, plain(get, at('/_sandbox/'), fc.constant(undefined))),
    ...(['payment-requests', 'invoices', 'withdrawals'] as const).map((kind) =>
      route(
        `POST /_sandbox/${kind}/${kind === 'invoices' ? ':foreign_id' : ':id'}/simulate`,
        1,
        plain(
          post,
          pathSegment.map((id) => `/_sandbox/${kind}/${id}/simulate`),
          encodedBody(
            fc.oneof(
              fc.record({
                outcome: fc.constantFrom('paid', 'failed', 'confirmed', 'cancelled', 'x'),
              }),
              fc.jsonValue({ maxDepth: 2 }),
            ),
          ),
        ),
      ),
    ),
    ...['clock', 'faults', 'callbacks', 'payment-requests', 'invoices', 'withdrawals'].map((name) =>
      route(
        `GET /_sandbox/${name}`,
        1,
        plain(get, at(`/_sandbox/${name}`), fc.constant(undefined)),
      ),
    ),
    route(
      'POST /_sandbox/callbacks/:delivery_id/resend',
      1,
      plain(
        post,
        fc
          .oneof(fc.constantFrom('1', '2', '0', '-1', '1e3'), pathSegment)
          .map((id) => `/_sandbox/callbacks/${id}/resend`),
        encodedBody(fc.jsonValue({ maxDepth: 1 })),
      ),
    ),
    control('/_sandbox/clock', mutatedOrAnyJson({ advance_seconds: 60 })),
    control(
      '/_sandbox/faults',
      mutatedOrAnyJson({
        latency_ms: 0,
        fail_next: 1,
        status: 503,
        drop_connection: false,
        drop_callbacks: false,
      }),
    ),
    control(
      '/_sandbox/merchant',
      mutatedOrAnyJson({ client_enabled: true, merchant_enabled: true, callback_url: null }),
    ),
    route(
      'any method on the control API and pages',
      2,
      plain(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
        fc.constantFrom(
          '/_sandbox',
          '/_sandbox/',
          '/_sandbox/clock',
          '/_sandbox/faults',
          '/_sandbox/merchant',
          '/_sandbox/callbacks',
          '/_sandbox/payment-requests',
          '/_sandbox/x',
          '/',
          '/pay/x',
          '/invoice/x',
        ),
        encodedBody(fc.jsonValue({ maxDepth: 2 })),
      ),
      [],
    ),
  ];
}
