/**
 * The proxy fuzzer's request generators, one or more per registered route: random and mutated
 * bodies, headers and encodings, a share of them aimed at a real checkout (its id, payment
 * request id, foreign_id, Idempotency-Key) and a real checkout session, never with a callback
 * that could legitimately change that checkout.
 */

import {
  PAYMENT_REQUEST_STATUSES,
  parseJson,
  paymentRequestCallbackSchema,
} from '@crypto-pay/protocol';
import fc from 'fast-check';
import { checkoutBody, paymentRequestCallback } from '../support/checkouts.ts';
import {
  encodedBody,
  type FuzzRequest,
  fuzzHeaders,
  mutated,
  pathSegment,
  queryString,
} from '../support/fuzz.ts';
import { hmacHex } from '../support/http.ts';
import type { FuzzRoute } from './fuzz-routes.ts';

/** What a request was generated to be, so the answer can be held to it. */
export interface Intent {
  /** Admin request with the right bearer token (or not). */
  authorized?: boolean;
  /** Callback with the right key and a signature over its exact bytes (or not). */
  signed?: boolean;
  /** A well-formed, signed callback for a payment request the proxy does not know. */
  unknownPaymentRequest?: boolean;
  /** A callback naming the real checkout's payment request and foreign_id. */
  realCheckout?: boolean;
}

export type ProxyRequest = FuzzRequest & Intent;

/** The existing objects a share of the requests aims at. */
export interface Target {
  checkoutId: string;
  paymentRequestId: string;
  foreignId: string;
  idempotencyKey: string;
  sessionToken: string;
}

export interface Credentials {
  apiKey: string;
  signingSecret: string;
}

export const CALLBACK_PATH = '/callbacks/processing';

const session = {
  amount: '10.00',
  currency: 'EUR',
  description: 'Order 7',
  foreign_id: 'order-7',
  expires_in: 600,
};
const invoice = {
  end_user_reference: 'customer-7',
  timer: false,
  title: 'Order 7',
  foreign_id: 'invoice-7',
  currency: 'EUR',
  amount: 12.5,
  url_success: 'https://shop.example/ok',
  url_failed: 'https://shop.example/ko',
  email_user: 'zebulonia.quixotewright@example.org',
  ...checkoutBody(),
};
const withdrawal = {
  currency: 'BTC',
  amount: 0.001,
  address: 'tb1qdestination',
  foreign_id: 'payout-7',
  end_user_reference: 'customer-7',
  sender_type: 'natural',
  sender_data: checkoutBody().sender_data,
  receiver_type: 'self',
};

const none = fc.constant(undefined);
const anyMethod = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD');
const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 80,
});
const json = (valid: Record<string, unknown>) =>
  fc.oneof({ weight: 3, arbitrary: mutated(valid) }, fc.jsonValue({ maxDepth: 4 }));
const bytesOf = (value: unknown) => Buffer.from(JSON.stringify(value));

/** Headers, and for the merchant API whether they carry the right token. */
type Headed = { headers: Record<string, string>; authorized?: boolean };

function request(
  method: fc.Arbitrary<string>,
  path: fc.Arbitrary<string>,
  body: fc.Arbitrary<Buffer | undefined>,
  headers: fc.Arbitrary<Headed>,
): fc.Arbitrary<ProxyRequest> {
  return fc
    .record({ method, path, body, headers })
    .map(({ body, headers: { headers, authorized }, ...rest }) => ({
      ...rest,
      headers,
      ...(authorized === undefined ? {} : { authorized }),
      ...(body ? { body } : {}),
    }));
}

/** An id in a path: random, the real one, or one character away from it. */
function idOrNear(real: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: pathSegment },
    { weight: 2, arbitrary: fc.constant(real) },
    fc.constantFrom(
      `${real}x`,
      real.slice(0, -1),
      `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`,
      real.toUpperCase(),
      `${real}%20`,
      `${real}%2F`,
      `${real};v=1`,
    ),
  );
}

/** A query string with random keys, or the real foreign_id under its key. */
function queryOrReal(keys: string[], foreignId: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: queryString(keys) },
    fc.constant(`?foreign_id=${encodeURIComponent(foreignId)}`),
  );
}

const plainHeaders = (extra: Record<string, fc.Arbitrary<string>> = {}) =>
  fuzzHeaders(extra).map((headers) => ({ headers }));

/** Admin headers: the right bearer token four times in five, else a wrong, odd or no one. */
function adminHeaders(token: string) {
  return fc
    .tuple(
      fuzzHeaders(),
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(`Bearer ${token}`, `bearer ${token}`) },
        fc.constantFrom(
          undefined,
          '',
          'Bearer',
          'Bearer wrong-token-0123456789',
          'Basic YWRtaW46YWRtaW4=',
          token,
          `Bearer ${token}x`,
          `Bearer ${token.slice(0, -1)}`,
        ),
      ),
    )
    .map(([headers, auth]) => ({
      headers: auth === undefined ? headers : { ...headers, Authorization: auth },
      authorized: auth?.toLowerCase() === `bearer ${token.toLowerCase()}`,
    }));
}

type Auth = 'right' | 'right-uppercase' | 'wrong' | 'missing' | 'other-body' | 'other-secret';
type KeyHeader = 'right' | 'wrong' | 'missing';

const rightAuth = fc.record({
  signature: fc.constantFrom<Auth>('right', 'right-uppercase'),
  key: fc.constant<KeyHeader>('right'),
});
/** Anything but the right key with a right signature. */
const badAuth = fc.oneof(
  fc.record({
    signature: fc.constantFrom<Auth>('wrong', 'missing', 'other-body', 'other-secret'),
    key: fc.constantFrom<KeyHeader>('right', 'wrong', 'missing'),
  }),
  fc.record({
    signature: fc.constantFrom<Auth>('right', 'right-uppercase'),
    key: fc.constantFrom<KeyHeader>('wrong', 'missing'),
  }),
);

function callback(
  credentials: Credentials,
  body: fc.Arbitrary<Buffer | undefined>,
  auth: fc.Arbitrary<{ signature: Auth; key: KeyHeader }>,
  intent: Intent,
): fc.Arbitrary<ProxyRequest> {
  return fc
    .record({ body, auth, headers: fuzzHeaders() })
    .map(({ body, auth: { signature, key }, headers }) => {
      const bytes = body ?? Buffer.alloc(0);
      const all: Record<string, string> = { ...headers };
      const right = hmacHex(credentials.signingSecret, bytes);
      if (signature === 'right') all['X-Processing-Signature'] = right;
      if (signature === 'right-uppercase') all['X-Processing-Signature'] = right.toUpperCase();
      if (signature === 'wrong') all['X-Processing-Signature'] = 'ab'.repeat(64);
      if (signature === 'other-body')
        all['X-Processing-Signature'] = hmacHex(credentials.signingSecret, '{}');
      if (signature === 'other-secret') all['X-Processing-Signature'] = hmacHex('guess', bytes);
      if (key === 'right') all['X-Processing-Key'] = credentials.apiKey;
      if (key === 'wrong') all['X-Processing-Key'] = 'not-the-key';
      const signed = key === 'right' && signature.startsWith('right');
      return {
        method: 'POST',
        path: CALLBACK_PATH,
        headers: all,
        ...intent,
        signed,
        ...(body ? { body } : {}),
      };
    });
}

const STATUSES: readonly string[] = PAYMENT_REQUEST_STATUSES;

/**
 * A payment-request callback that no schema accepts, whatever else it says: a status, type or
 * payment request id of the wrong kind, cut-off JSON, UTF-16, or no object at all.
 */
function brokenCallback(valid: Record<string, unknown>): fc.Arbitrary<Buffer> {
  const text = JSON.stringify(valid);
  const odd = fc.constantFrom(null, true, [], {}, 1.5);
  return fc.oneof(
    fc
      .oneof(
        fc.string({ maxLength: 20 }).filter((status) => !STATUSES.includes(status)),
        fc.constantFrom('PAID', 'Paid', ' paid', 'paid ', 'cancelled', 'confirmed', ''),
        fc.integer(),
        odd,
      )
      .map((status) => bytesOf({ ...valid, status })),
    // `invoice`, `deposit` and `withdrawal` callbacks need an integer `id`, which this one lacks.
    fc
      .oneof(
        fc.constantFrom('Payment_request', 'payment-request', 'payment_request ', '', 'invoice'),
        fc.constantFrom('deposit', 'withdrawal', 'refund', 'exchange-rate'),
        fc.integer(),
        odd,
      )
      .map((type) => bytesOf({ ...valid, type })),
    fc.oneof(fc.integer(), odd).map((id) => bytesOf({ ...valid, payment_request_id: id })),
    fc.integer({ min: 1, max: text.length - 1 }).map((cut) => Buffer.from(text.slice(0, cut))),
    fc.constantFrom(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      Buffer.from(`[${text}]`),
      bytesOf(text),
      Buffer.alloc(0),
    ),
  );
}

/**
 * Whether the proxy would act on this callback: the right key, a signature over its bytes, and
 * a payment-request callback its schema accepts. The real checkout must never get one.
 */
export function isGenuineCallback(request: FuzzRequest, credentials: Credentials): boolean {
  const header = (name: string) =>
    Object.entries(request.headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const bytes = request.body ?? Buffer.alloc(0);
  if (header('x-processing-key') !== credentials.apiKey) return false;
  const signature = header('x-processing-signature')?.toLowerCase();
  if (signature !== hmacHex(credentials.signingSecret, bytes)) return false;
  try {
    const body = parseJson(new TextDecoder().decode(bytes));
    return paymentRequestCallbackSchema.safeParse(body).success;
  } catch {
    return false;
  }
}

function callbackRoutes(credentials: Credentials, target: Target): FuzzRoute<Intent>[] {
  const endpoints = [`POST ${CALLBACK_PATH}`];
  const unknown = JSON.parse(
    paymentRequestCallback({ id: 'pr-unknown', foreign_id: 'fid-unknown' }, 'paid'),
  ) as Record<string, unknown>;
  const real = JSON.parse(
    paymentRequestCallback({ id: target.paymentRequestId, foreign_id: target.foreignId }, 'paid'),
  ) as Record<string, unknown>;
  const wellFormedUnknown = fc
    .record({ id: fc.uuid(), foreign_id: fc.uuid(), status: fc.constantFrom(...STATUSES) })
    .map(({ status, ...ids }) => Buffer.from(paymentRequestCallback(ids, status)));
  const anyBody = encodedBody(
    fc.oneof({ weight: 3, arbitrary: mutated(unknown) }, fc.jsonValue({ maxDepth: 3 })),
  );
  return [
    {
      name: 'callback: signed, well-formed, unknown payment request',
      endpoints,
      weight: 2,
      request: callback(credentials, wellFormedUnknown, rightAuth, { unknownPaymentRequest: true }),
    },
    {
      name: 'callback: signed, mutated or random body',
      endpoints,
      weight: 3,
      request: callback(credentials, anyBody, rightAuth, {}),
    },
    {
      name: 'callback: mutated or random body, not signed right',
      endpoints,
      weight: 2,
      request: callback(credentials, anyBody, badAuth, {}),
    },
    {
      // The most dangerous body there is (a real, final status for the real checkout): refused.
      name: 'callback: real checkout, genuine or mutated body, not signed right',
      endpoints,
      weight: 3,
      request: callback(
        credentials,
        encodedBody(
          fc.oneof(
            fc.constantFrom(...STATUSES).map((status) => ({ ...real, status })),
            mutated(real),
          ),
        ),
        badAuth,
        { realCheckout: true },
      ),
    },
    {
      // Signed right, so each must reach (and fail) the body's validation: never a change.
      name: 'callback: real checkout, signed, broken body',
      endpoints,
      weight: 3,
      request: callback(credentials, brokenCallback(real), rightAuth, { realCheckout: true }),
    },
  ];
}

/** Every generator of requests to the proxy; `endpoints` names the routes each one reaches. */
export function proxyRoutes(
  credentials: Credentials,
  adminToken: string,
  target: Target,
): FuzzRoute<Intent>[] {
  const admin = adminHeaders(adminToken);
  const route = (
    name: string,
    weight: number,
    method: string | fc.Arbitrary<string>,
    path: string | fc.Arbitrary<string>,
    body: fc.Arbitrary<Buffer | undefined>,
    headers: fc.Arbitrary<Headed> = plainHeaders(),
    endpoints = [name],
  ): FuzzRoute<Intent> => ({
    name,
    endpoints,
    weight,
    request: request(
      typeof method === 'string' ? fc.constant(method) : method,
      typeof path === 'string' ? fc.constant(path) : path,
      body,
      headers,
    ),
  });
  const adminRoute = (
    name: string,
    weight: number,
    path: string | fc.Arbitrary<string>,
    body: fc.Arbitrary<Buffer | undefined> = none,
  ) => route(name, weight, name.split(' ')[0]!, path, body, admin);
  const checkoutId = idOrNear(target.checkoutId);
  return [
    route('GET /api/config', 1, 'GET', '/api/config', none),
    route(
      'POST /api/checkouts',
      4,
      'POST',
      '/api/checkouts',
      encodedBody(json(checkoutBody())),
      // A share reuse the real checkout's key with another body: a conflict, never a change.
      plainHeaders({
        'Idempotency-Key': fc.oneof(printable, fc.constant(target.idempotencyKey)),
      }),
    ),
    route(
      'GET /api/checkouts/:id',
      2,
      'GET',
      checkoutId.map((id) => `/api/checkouts/${id}`),
      none,
    ),
    route(
      'GET /api/checkouts/:id/events',
      2,
      'GET',
      checkoutId.map((id) => `/api/checkouts/${id}/events`),
      none,
    ),
    route(
      'GET /api/sessions/:token',
      2,
      'GET',
      idOrNear(target.sessionToken).map((token) => `/api/sessions/${token}`),
      none,
    ),
    route(
      'any method on the public API',
      2,
      anyMethod,
      fc.constantFrom('/api/config', '/api/checkouts', '/api/checkouts/x', '/api/sessions/x'),
      encodedBody(json(checkoutBody())),
      plainHeaders(),
      [],
    ),
    ...callbackRoutes(credentials, target),
    adminRoute(
      'POST /admin/checkout-sessions',
      2,
      '/admin/checkout-sessions',
      encodedBody(json(session)),
    ),
    adminRoute(
      'GET /admin/checkouts',
      2,
      queryOrReal(['status', 'before', 'limit', 'foreign_id'], target.foreignId).map(
        (query) => `/admin/checkouts${query}`,
      ),
    ),
    adminRoute(
      'GET /admin/checkouts/:id',
      2,
      checkoutId.map((id) => `/admin/checkouts/${id}`),
    ),
    adminRoute(
      'GET /admin/callbacks',
      1,
      queryOrReal(['type', 'foreign_id', 'limit'], target.foreignId).map(
        (query) => `/admin/callbacks${query}`,
      ),
    ),
    adminRoute(
      'GET /admin/balances',
      1,
      queryString(['x']).map((q) => `/admin/balances${q}`),
    ),
    adminRoute(
      'GET /admin/currencies',
      1,
      queryString(['x']).map((q) => `/admin/currencies${q}`),
    ),
    adminRoute('POST /admin/invoices', 2, '/admin/invoices', encodedBody(json(invoice))),
    adminRoute(
      'POST /admin/invoices/:foreign_id/cancel',
      1,
      pathSegment.map((id) => `/admin/invoices/${id}/cancel`),
      encodedBody(fc.jsonValue({ maxDepth: 2 })),
    ),
    adminRoute('POST /admin/withdrawals', 2, '/admin/withdrawals', encodedBody(json(withdrawal))),
    adminRoute(
      'GET /admin/transactions',
      1,
      queryOrReal(['foreign_id'], target.foreignId).map((query) => `/admin/transactions${query}`),
    ),
    adminRoute(
      'GET /admin/transactions/:id',
      1,
      pathSegment.map((id) => `/admin/transactions/${id}`),
    ),
    route('GET /healthz', 1, 'GET', '/healthz', none),
    route('GET /readyz', 1, 'GET', '/readyz', none),
    route('GET /openapi.json', 1, 'GET', '/openapi.json', none),
    route(
      'any method on operations',
      1,
      anyMethod,
      fc.constantFrom('/healthz', '/readyz', '/openapi.json'),
      encodedBody(fc.jsonValue({ maxDepth: 2 })),
      plainHeaders(),
      [],
    ),
    route(
      'anything else',
      2,
      anyMethod,
      fc.array(pathSegment, { maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
      encodedBody(fc.jsonValue({ maxDepth: 2 })),
      plainHeaders(),
      [],
    ),
  ];
}
