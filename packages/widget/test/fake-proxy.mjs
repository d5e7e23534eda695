/**
 * A fake of the proxy's public API, served by the test runner's dev server so the widget's
 * tests need no real proxy. Any session token is good until a checkout uses it. Each test owns a scope (`/fake/<scope>/api/...`) with its own
 * state, and steers it through `/fake/<scope>/_control/...`: configuration, canned failures,
 * status changes pushed to open event streams, and a log of what the widget asked for.
 * Whatever it answers as the proxy would (not the canned answers a test asks for) is parsed with
 * the proxy's contract first, so the fake cannot drift from the real proxy.
 */

import { readFile } from 'node:fs/promises';
import { tsImport } from 'tsx/esm/api';

/**
 * The contract is TypeScript source in the workspace (the `@crypto-pay/source` condition, set by
 * the test script); the dev server's Node loads it by tsx.
 */
const { checkoutSchema, proxyErrorSchema, sessionPriceSchema, widgetConfigSchema } = await tsImport(
  '@crypto-pay/protocol/proxy-api',
  import.meta.url,
);

/** `value` as the contract's `schema` reads it, or an error naming what the fake got wrong. */
function fits(schema, value, what) {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const error = new Error(`The fake proxy's ${what} breaks the contract: ${problems.join('; ')}`);
  console.error(error.message);
  throw error;
}

const { FINAL_CHECKOUT_STATUSES } = await tsImport(
  '@crypto-pay/protocol/checkout-status',
  import.meta.url,
);
const FINAL = new Set(FINAL_CHECKOUT_STATUSES);

const defaultConfig = () => ({
  payment_currencies: [
    { iso: 'BTC', network_name: 'bitcoin', precision: 8 },
    { iso: 'USDT', network_name: 'ethereum', precision: 6 },
    { iso: 'USDT', network_name: 'tron', precision: 6 },
  ],
  products: { 'tea-crate': { amount: '25.00', currency: 'EUR', description: 'A crate of tea' } },
  open_amount: { min: '1.00', max: '500.00', currencies: ['EUR', 'USD'] },
  sessions: true,
});

/** @type {Map<string, ReturnType<typeof newScope>>} */
const scopes = new Map();

function newScope() {
  return {
    config: defaultConfig(),
    sse: true,
    /** Seconds until a new checkout expires. */
    lifetime: 3600,
    checkouts: new Map(),
    /** What `GET /api/sessions/{token}` answers for a session that can still be used. */
    sessionPrice: { amount: '42.50', currency: { iso: 'EUR' }, description: 'Order 1042' },
    usedSessions: new Set(),
    /** Holds `/api/config` back until a session's price was asked for (else answers 503). */
    configAfterSession: false,
    /** While set, `/api/config` waits for the `release` control (the form's skeleton meanwhile). */
    configHeld: undefined,
    idempotency: new Map(),
    /** route -> [{status, body, headers}] answered before the real handler, first in first out. */
    failures: { config: [], session: [], create: [], get: [], events: [] },
    /** Milliseconds a create waits before answering (to test a pending state). */
    createDelay: 0,
    log: [],
    streams: new Map(),
    nextId: 1,
  };
}

function scopeOf(name) {
  if (!scopes.has(name)) scopes.set(name, newScope());
  return scopes.get(name);
}

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

function send(ctx, status, body, headers = {}) {
  ctx.status = status;
  for (const [name, value] of Object.entries(headers)) ctx.set(name, value);
  if (body !== undefined) {
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(body);
  }
}

const etagOf = (checkout) => `W/"${checkout.id}-${checkout.version}"`;
const publicView = ({ version: _v, ...checkout }) => fits(checkoutSchema, checkout, 'checkout');

function pushToStreams(scope, checkout) {
  for (const res of scope.streams.get(checkout.id) ?? []) {
    res.write(`data: ${JSON.stringify(publicView(checkout))}\n\n`);
    if (FINAL.has(checkout.status)) res.end();
  }
  if (FINAL.has(checkout.status)) scope.streams.delete(checkout.id);
}

/** An error body of the proxy's own. */
const refusal = (error, code, field) =>
  fits(proxyErrorSchema, { error, code, ...(field ? { field } : {}) }, 'error body');

const sessionInvalid = (field) =>
  refusal('The checkout session is unknown, already used or expired.', 'session_invalid', field);

function createCheckout(scope, body) {
  if (scope.usedSessions.has(body.session)) {
    return [422, sessionInvalid('session')];
  }
  const pricing = body.product
    ? scope.config.products[body.product]
    : body.session
      ? { amount: scope.sessionPrice.amount, currency: scope.sessionPrice.currency.iso }
      : { amount: body.amount, currency: body.currency?.iso ?? body.currency };
  if (!pricing) return [422, refusal('Unknown product.', 'unknown_product', 'product')];
  if (body.session) scope.usedSessions.add(body.session);
  const id = `chk_${String(scope.nextId++).padStart(4, '0')}${'x'.repeat(22)}`;
  const checkout = {
    id,
    status: 'created',
    payment_link: `https://pay.example.test/p/${id}`,
    expires_at: Math.floor(Date.now() / 1000) + scope.lifetime,
    amount: pricing.amount,
    currency: { iso: pricing.currency },
    ...(body.payment_currency ? { payment_currency: body.payment_currency } : {}),
    ...(body.success_url ? { success_url: body.success_url } : {}),
    ...(body.failed_url ? { failed_url: body.failed_url } : {}),
    version: 1,
  };
  scope.checkouts.set(id, checkout);
  return [201, publicView(checkout)];
}

async function control(ctx, scope, action) {
  const body = (await readJson(ctx.req)) ?? {};
  if (action === 'setup') {
    if ('config' in body) scope.config = body.config;
    if ('openAmount' in body) scope.config = { ...scope.config, open_amount: body.openAmount };
    if ('sse' in body) scope.sse = body.sse;
    if ('lifetime' in body) scope.lifetime = body.lifetime;
    if ('createDelay' in body) scope.createDelay = body.createDelay;
    if (body.sessionPrice) scope.sessionPrice = body.sessionPrice;
    for (const token of body.usedSessions ?? []) scope.usedSessions.add(token);
    if ('configAfterSession' in body) scope.configAfterSession = body.configAfterSession;
    if (body.missingParts) scope.missingParts = body.missingParts;
    if (body.hangingParts) scope.hangingParts = body.hangingParts;
    if (body.holdConfig) scope.configHeld = Promise.withResolvers();
    if (body.checkout) scope.checkouts.set(body.checkout.id, { version: 1, ...body.checkout });
    return send(ctx, 200, { ok: true });
  }
  if (action === 'fail') {
    const { route, times = 1, status, body: errorBody, headers, stall } = body;
    for (let i = 0; i < times; i++)
      scope.failures[route].push({ status, body: errorBody, headers, stall });
    return send(ctx, 200, { ok: true });
  }
  if (action === 'release') {
    scope.configHeld?.resolve();
    return send(ctx, 200, { ok: true });
  }
  if (action === 'status') {
    const checkout = body.id ? scope.checkouts.get(body.id) : [...scope.checkouts.values()].at(-1);
    if (!checkout) return send(ctx, 404, { error: 'no checkout' });
    checkout.status = body.status;
    // What the service's callback says with the status (status_detail, refund_instructions).
    Object.assign(checkout, body.details ?? {});
    checkout.version += 1;
    pushToStreams(scope, checkout);
    return send(ctx, 200, publicView(checkout));
  }
  if (action === 'log') return send(ctx, 200, scope.log);
  return send(ctx, 404, { error: 'unknown control action' });
}

function openStream(ctx, scope, checkout) {
  ctx.respond = false;
  const res = ctx.res;
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-store',
    connection: 'keep-alive',
  });
  // As a buffering middlebox does: the stream opens and nothing (or nothing more) comes through.
  if (scope.sse === 'stall') return;
  res.write(`data: ${JSON.stringify(publicView(checkout))}\n\n`);
  if (scope.sse === 'mute') return;
  if (FINAL.has(checkout.status)) return res.end();
  const list = scope.streams.get(checkout.id) ?? [];
  list.push(res);
  scope.streams.set(checkout.id, list);
  ctx.req.on('close', () => {
    const remaining = (scope.streams.get(checkout.id) ?? []).filter((r) => r !== res);
    scope.streams.set(checkout.id, remaining);
  });
}

async function api(ctx, scope, rest) {
  const entry = { method: ctx.method, path: rest, headers: {} };
  for (const name of ['idempotency-key', 'if-none-match', 'content-type']) {
    if (ctx.get(name)) entry.headers[name] = ctx.get(name);
  }
  scope.log.push(entry);
  const route =
    rest === '/api/config'
      ? 'config'
      : rest.startsWith('/api/sessions/')
        ? 'session'
        : rest === '/api/checkouts'
          ? 'create'
          : rest.endsWith('/events')
            ? 'events'
            : 'get';
  if (route === 'create') entry.body = await readJson(ctx.req);
  // A configuration held back answers the failure set meanwhile, if any (its fetch fails late).
  if (route === 'config' && ctx.method === 'GET') await scope.configHeld?.promise;
  const failure = scope.failures[route].shift();
  if (failure) {
    entry.status = failure.status;
    if (failure.status === 0) {
      // Simulates an unreachable proxy: a redirect to a port the browser refuses to connect to,
      // so fetch fails as it does offline. (Cutting the connection instead would make the
      // browser retry the request silently on a fresh one.)
      ctx.status = 307;
      ctx.set('Location', 'http://127.0.0.1:9/unreachable');
      return;
    }
    if (failure.stall) {
      // The head and the start of a body, then nothing: a half-open connection.
      ctx.respond = false;
      ctx.res.writeHead(failure.status, { 'content-type': 'application/json' });
      ctx.res.write('{"id":');
      return;
    }
    return send(ctx, failure.status, failure.body, failure.headers);
  }
  if (route === 'config' && ctx.method === 'GET') {
    // A widget that asked for the price only after the configuration never gets it.
    for (let waited = 0; scope.configAfterSession && waited < 3000; waited += 20) {
      if (scope.log.some((logged) => logged.path.startsWith('/api/sessions/'))) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const asked = scope.log.some((logged) => logged.path.startsWith('/api/sessions/'));
    if (scope.configAfterSession && !asked) {
      return send(ctx, 503, refusal('No session asked for.', 'test_order'));
    }
    return send(ctx, 200, fits(widgetConfigSchema, scope.config, 'configuration'));
  }
  if (route === 'session' && ctx.method === 'GET') {
    const token = decodeURIComponent(rest.slice('/api/sessions/'.length));
    const used = scope.usedSessions.has(token);
    entry.status = used ? 404 : 200;
    if (used) return send(ctx, 404, sessionInvalid());
    const expires_at = Math.floor(Date.now() / 1000) + 900;
    const price = { ...scope.sessionPrice, expires_at };
    return send(ctx, 200, fits(sessionPriceSchema, price, 'session price'));
  }
  if (route === 'create' && ctx.method === 'POST') {
    const key = entry.headers['idempotency-key'];
    if (scope.createDelay) await new Promise((r) => setTimeout(r, scope.createDelay));
    if (key && scope.idempotency.has(key)) {
      entry.status = 201;
      return send(ctx, 201, publicView(scope.checkouts.get(scope.idempotency.get(key))));
    }
    const [status, body] = createCheckout(scope, entry.body ?? {});
    if (key && status === 201) scope.idempotency.set(key, body.id);
    entry.status = status;
    return send(ctx, status, body);
  }
  const match = /^\/api\/checkouts\/([^/]+)(\/events)?$/.exec(rest);
  const checkout = match && scope.checkouts.get(match[1]);
  if (!checkout) {
    entry.status = 404;
    return send(ctx, 404, refusal('This checkout does not exist.', 'checkout_not_found'));
  }
  if (route === 'events') {
    if (!scope.sse) {
      entry.status = 503;
      return send(ctx, 503, refusal('Streams are off.', 'stream_unavailable'));
    }
    entry.status = 200;
    return openStream(ctx, scope, checkout);
  }
  const etag = etagOf(checkout);
  if (ctx.get('if-none-match') === etag) {
    entry.status = 304;
    ctx.status = 304;
    ctx.set('ETag', etag);
    return;
  }
  entry.status = 200;
  return send(ctx, 200, publicView(checkout), { ETag: etag, 'Cache-Control': 'no-cache' });
}

/** Koa middleware for the dev server: everything under `/fake/<scope>/`. */
export function fakeProxyMiddleware() {
  return async (ctx, next) => {
    const match = /^\/fake\/([\w-]+)(\/.*)$/.exec(ctx.path);
    if (!match) return next();
    const [, name, rest] = match;
    const scope = scopeOf(name);
    ctx.set('Cache-Control', 'no-store');
    if (rest.startsWith('/_control/')) return control(ctx, scope, rest.slice('/_control/'.length));
    // The built script-tag widget's chunks, as the real proxy serves them (`pnpm test` builds).
    const part = /^\/widget\/[^/]+\/chunks\/([\w-]+\.bundled-[\w-]+\.js)$/.exec(rest);
    if (part) {
      if (scope.missingParts?.some((name) => part[1].startsWith(`${name}.bundled-`))) {
        ctx.status = 503;
        return;
      }
      if (scope.hangingParts?.some((name) => part[1].startsWith(`${name}.bundled-`))) {
        // Never answered: held until the page goes (a proxy that stalls on it).
        await new Promise((resolve) => ctx.req.once('close', resolve));
        return;
      }
      ctx.type = 'text/javascript';
      ctx.body = await readFile(new URL(`../dist/chunks/${part[1]}`, import.meta.url));
      return;
    }
    return api(ctx, scope, rest);
  };
}
