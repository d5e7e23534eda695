/**
 * The proxy fuzzer's request generators, one or more per registered route: random and mutated
 * bodies, headers and encodings, a share of them aimed at a real checkout (its id, payment
 * request id, foreign_id, Idempotency-Key) and a real checkout session, never with a callback
 * that could legitimately change that checkout.
 */

import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import {
  encodedBody,
  type FuzzRequest,
  fuzzHeaders,
  idOrNear,
  mutated,
  mutatedOrAnyJson,
  pathSegment,
  queryString,
} from '@crypto-pay/test-kit/fuzz';
import { LEGAL_SENDER } from '@crypto-pay/test-kit/senders';
import type { Credentials } from '@crypto-pay/test-kit/servers';
import widgetManifest from '@crypto-pay/widget/package.json' with { type: 'json' };
import fc from 'fast-check';
import { invoice, session, webhookEndpoint, withdrawal } from './fuzz-proxy-bodies.ts';
import { callbackRoutes } from './fuzz-proxy-callbacks.ts';
import type { FuzzRoute } from './fuzz-routes.ts';

/** The widget version whose chunks the proxy serves: the only folder that is there. */
const WIDGET_VERSION: string = widgetManifest.version;

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
  /** A create carrying the real checkout's Idempotency-Key. */
  realKey?: boolean;
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

const none = fc.constant(undefined);
const anyMethod = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD');
const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 80,
});

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

/** A query string with random keys, or the real foreign_id under its key. */
function queryOrReal(keys: string[], foreignId: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: queryString(keys) },
    fc.constant(`?foreign_id=${encodeURIComponent(foreignId)}`),
  );
}

const plainHeaders = (extra: Record<string, fc.Arbitrary<string>> = {}) =>
  fuzzHeaders(extra).map((headers) => ({ headers }));

/** The stack's ALLOWED_ORIGINS. */
const SHOP = 'https://shop.example';

/**
 * A create's headers: three in four as the shop's page (or the merchant's server) sends them,
 * JSON with the shop's Origin or none, so most creates reach the body's validation; the rest
 * as `fuzzHeaders` makes them, which the cross-site guard mostly refuses (403, 415).
 */
function createHeaders(extra: Record<string, fc.Arbitrary<string>> = {}) {
  const shopPage = fc.record({
    type: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON',
    ),
    origin: fc.constantFrom(SHOP, undefined),
  });
  return fc
    .tuple(fuzzHeaders(extra), fc.oneof({ weight: 3, arbitrary: shopPage }, fc.constant(undefined)))
    .map(([headers, edge]) => {
      if (edge === undefined) return headers;
      const { Origin: _, ...rest } = headers;
      return {
        ...rest,
        'Content-Type': edge.type,
        ...(edge.origin === undefined ? {} : { Origin: edge.origin }),
      };
    });
}

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
      encodedBody(mutatedOrAnyJson(checkoutBody())),
      createHeaders({ 'Idempotency-Key': printable }).map((headers) => ({ headers })),
    ),
    {
      // Another body under the real checkout's key is a conflict; its own body, a replay.
      name: "POST /api/checkouts with the real checkout's Idempotency-Key",
      endpoints: ['POST /api/checkouts'],
      weight: 2,
      request: fc
        .record({
          body: fc.oneof(
            {
              weight: 3,
              arbitrary: fc
                .constantFrom(
                  checkoutBody(),
                  checkoutBody({ product: 'grinder' }),
                  checkoutBody(undefined, { end_user_email: undefined }),
                  checkoutBody(undefined, LEGAL_SENDER),
                )
                .map((body) => Buffer.from(JSON.stringify(body))),
            },
            encodedBody(mutated(checkoutBody())),
          ),
          headers: createHeaders(),
        })
        .map(({ body, headers }) => ({
          method: 'POST',
          path: '/api/checkouts',
          headers: { ...headers, 'Idempotency-Key': target.idempotencyKey },
          realKey: true,
          ...(body ? { body } : {}),
        })),
    },
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
      encodedBody(mutatedOrAnyJson(checkoutBody())),
      plainHeaders(),
      [],
    ),
    ...callbackRoutes(credentials, target),
    adminRoute(
      'POST /admin/checkout-sessions',
      2,
      '/admin/checkout-sessions',
      encodedBody(mutatedOrAnyJson(session)),
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
      queryOrReal(
        ['type', 'foreign_id', 'object_id', 'status', 'before', 'limit'],
        target.foreignId,
      ).map((query) => `/admin/callbacks${query}`),
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
    adminRoute(
      'POST /admin/invoices',
      2,
      '/admin/invoices',
      encodedBody(mutatedOrAnyJson(invoice)),
    ),
    adminRoute(
      'POST /admin/invoices/:foreign_id/cancel',
      1,
      pathSegment.map((id) => `/admin/invoices/${id}/cancel`),
      encodedBody(fc.jsonValue({ maxDepth: 2 })),
    ),
    adminRoute(
      'POST /admin/withdrawals',
      2,
      '/admin/withdrawals',
      encodedBody(mutatedOrAnyJson(withdrawal)),
    ),
    adminRoute(
      'GET /admin/money-operations',
      1,
      queryOrReal(['kind', 'refund_of', 'before', 'limit'], target.foreignId).map(
        (query) => `/admin/money-operations${query}`,
      ),
    ),
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
    adminRoute(
      'POST /admin/webhook-endpoints',
      2,
      '/admin/webhook-endpoints',
      encodedBody(mutatedOrAnyJson(webhookEndpoint)),
    ),
    adminRoute(
      'GET /admin/webhook-endpoints',
      1,
      queryString(['x']).map((q) => `/admin/webhook-endpoints${q}`),
    ),
    adminRoute(
      'DELETE /admin/webhook-endpoints/:id',
      1,
      pathSegment.map((id) => `/admin/webhook-endpoints/${id}`),
    ),
    adminRoute(
      'POST /admin/webhook-endpoints/:id/rotate-secret',
      1,
      pathSegment.map((id) => `/admin/webhook-endpoints/${id}/rotate-secret`),
      encodedBody(mutatedOrAnyJson({ grace_seconds: 60 })),
    ),
    adminRoute(
      'GET /admin/events',
      1,
      queryString(['after', 'type', 'limit']).map((q) => `/admin/events${q}`),
    ),
    adminRoute(
      'GET /admin/events/stream',
      1,
      queryString(['after', 'types']).map((q) => `/admin/events/stream${q}`),
    ),
    // Where a stream resumes: the start before every event, an id no store wrote, not an id.
    route(
      'GET /admin/events/stream with a Last-Event-ID',
      1,
      'GET',
      '/admin/events/stream',
      none,
      fc
        .tuple(
          admin,
          fc.constantFrom(
            '0',
            'evt_000000000001AAAAAAAA',
            'evt_999999999999zzzzzzzz',
            'evt_',
            ' 1 ',
          ),
        )
        .map(([headed, last]) => ({
          ...headed,
          headers: { ...headed.headers, 'Last-Event-ID': last },
        })),
      ['GET /admin/events/stream'],
    ),
    adminRoute('GET /admin/processing', 1, '/admin/processing'),
    adminRoute(
      'POST /admin/events/:id/redeliver',
      1,
      pathSegment.map((id) => `/admin/events/${id}/redeliver`),
      encodedBody(fc.jsonValue({ maxDepth: 2 })),
    ),
    adminRoute(
      'GET /admin/webhook-deliveries',
      1,
      queryString(['event_id', 'endpoint_id', 'failed', 'before', 'limit']).map(
        (q) => `/admin/webhook-deliveries${q}`,
      ),
    ),
    adminRoute(
      'GET /admin/webhook-deliveries/dropped',
      1,
      queryString(['before', 'limit']).map((q) => `/admin/webhook-deliveries/dropped${q}`),
    ),
    adminRoute(
      'GET /admin/webhook-backlog',
      1,
      queryString(['x']).map((q) => `/admin/webhook-backlog${q}`),
    ),
    adminRoute(
      'PATCH /admin/webhook-endpoints/:id',
      1,
      pathSegment.map((id) => `/admin/webhook-endpoints/${id}`),
      encodedBody(mutatedOrAnyJson({ disabled: true, event_types: ['checkout.paid'] })),
    ),
    adminRoute(
      'POST /admin/webhook-endpoints/:id/test',
      1,
      pathSegment.map((id) => `/admin/webhook-endpoints/${id}/test`),
      encodedBody(fc.jsonValue({ maxDepth: 2 })),
    ),
    adminRoute(
      'POST /admin/webhook-endpoints/:id/redeliver',
      1,
      pathSegment.map((id) => `/admin/webhook-endpoints/${id}/redeliver`),
      encodedBody(mutatedOrAnyJson({ event_id: 'evt_000000000001AAAAAAAA' })),
    ),
    // The back office's payments: the list's filters for the export, the daily figures, a
    // checkout's timeline (the real one or a near miss).
    adminRoute(
      'GET /admin/checkouts/export',
      1,
      queryString([
        'q',
        'status',
        'detail',
        'pricing',
        'currency',
        'created_from',
        'created_to',
        'amount_min',
        'amount_max',
      ]).map((q) => `/admin/checkouts/export${q}`),
    ),
    adminRoute(
      'GET /admin/checkouts/daily',
      1,
      queryString(['from', 'to']).map((q) => `/admin/checkouts/daily${q}`),
    ),
    adminRoute(
      'GET /admin/checkouts/:id/timeline',
      1,
      checkoutId.map((id) => `/admin/checkouts/${id}/timeline`),
    ),
    // The dashboard's pages and assets: public files, any path under it.
    route('GET /dashboard', 1, 'GET', '/dashboard', none),
    route('GET /dashboard/', 1, 'GET', '/dashboard/', none),
    route(
      'GET /dashboard/:page',
      1,
      'GET',
      fc
        .oneof(fc.constantFrom('webhooks', 'money', 'sign-in', 'accounts'), pathSegment)
        .map((page) => `/dashboard/${page}`),
      none,
    ),
    route(
      'GET /dashboard/:page/',
      1,
      'GET',
      fc
        .oneof(fc.constantFrom('webhooks', 'money', 'sign-in', 'accounts'), pathSegment)
        .map((page) => `/dashboard/${page}/`),
      none,
    ),
    route(
      'GET /dashboard/payments/:id',
      1,
      'GET',
      checkoutId.map((id) => `/dashboard/payments/${id}`),
      none,
    ),
    route(
      'GET /dashboard/payments/:id/',
      1,
      'GET',
      checkoutId.map((id) => `/dashboard/payments/${id}/`),
      none,
    ),
    route(
      'GET /dashboard/assets/:file',
      1,
      'GET',
      pathSegment.map((file) => `/dashboard/assets/${file}`),
      none,
    ),
    // The dashboard's accounts and audit log, with the bearer token (an owner).
    adminRoute(
      'GET /admin/accounts',
      1,
      queryString(['x']).map((q) => `/admin/accounts${q}`),
    ),
    adminRoute(
      'POST /admin/accounts',
      1,
      '/admin/accounts',
      encodedBody(
        mutatedOrAnyJson({ name: 'fuzz-vic', password: 'a fuzzed pass phrase', role: 'viewer' }),
      ),
    ),
    adminRoute(
      'PATCH /admin/accounts/:name',
      1,
      pathSegment.map((name) => `/admin/accounts/${name}`),
      encodedBody(mutatedOrAnyJson({ role: 'operator', disabled: false })),
    ),
    adminRoute(
      'DELETE /admin/accounts/:name',
      1,
      pathSegment.map((name) => `/admin/accounts/${name}`),
    ),
    adminRoute(
      'GET /admin/audit-log',
      1,
      queryString(['actor', 'action', 'before', 'limit']).map((q) => `/admin/audit-log${q}`),
    ),
    // Signing in to the dashboard takes no bearer token: plain headers, any body.
    route(
      'POST /admin/session',
      1,
      'POST',
      '/admin/session',
      encodedBody(mutatedOrAnyJson({ name: 'fuzz-vic', password: 'not the pass phrase' })),
    ),
    route('GET /admin/session', 1, 'GET', '/admin/session', none),
    route('DELETE /admin/session', 1, 'DELETE', '/admin/session', none),
    // One's own password: the bearer token has none, so bodies meet validation, then a refusal.
    adminRoute(
      'POST /admin/session/password',
      1,
      '/admin/session/password',
      encodedBody(
        mutatedOrAnyJson({
          current_password: 'not the pass phrase',
          password: 'a fuzzed pass phrase',
        }),
      ),
    ),
    // The widget's chunks: its version or another, a chunk's name or anything.
    route(
      'GET /widget/:version/chunks/:file',
      1,
      'GET',
      fc
        .tuple(
          fc.oneof(fc.constant(WIDGET_VERSION), pathSegment),
          fc.oneof(fc.constant('de.bundled-BMzh5goG.js'), pathSegment),
        )
        .map(([version, file]) => `/widget/${version}/chunks/${file}`),
      none,
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
