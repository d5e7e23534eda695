// The demo shop's own back end, reduced to what a merchant needs: it prices the cart on the
// server and keeps one order-to-be (foreign_id) with one checkout session per cart (`session`
// mode), hears of every payment from the proxy's webhooks (verified with the `standardwebhooks`
// package, as any merchant would), lists its orders for the orders page and tells the result
// pages the status the proxy verified.
// Used by Vite's dev server (vite.config.ts) and by the built demo's server (server.mjs).
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { applyEvent, FINAL_STATUSES, listOrders, orderOf, prepareOrder } from './orders.mjs';

/** What the cart of the checkout page costs: decided here, on the server, never in the page. */
const CART = { amount: '42.00', currency: 'EUR', description: 'Desk lamp and two bulbs' };

/** A checkout the customer can still pay: the widget resumes it instead of a new form. */
const OPEN_STATUSES = ['created', 'processing'];

/**
 * Each cart's current order-to-be: its foreign_id (the order itself in orders.mjs, once the
 * customer pays) and its checkout session token. Kept in memory
 * for the demo; a real shop keeps it with its carts and orders in its database. Capped so stray
 * visits cannot fill it.
 */
const carts = new Map();
const MAX_CARTS = 10_000;

/**
 * Handles `POST /demo-api/checkout-session` with `{cart?}`; answers `{cart, session}` or the
 * proxy's error. The same cart gets the same session back on every page load (a reload, the
 * Back button from the payment page) while it is unused or its checkout is still open: the
 * widget keeps its checkout under the session token, so it resumes that checkout, and no
 * second payment request exists for one cart. A new order only once the last one cannot be
 * paid any more (failed, expired, or its session expired unused) or was paid.
 */
export async function checkoutSessionFor(options, cartId) {
  const cart = carts.get(cartId);
  if (cart && (await canResume(options, cart))) {
    return { status: 200, body: { cart: cartId, session: cart.session } };
  }
  const foreignId = `demo-order-${randomUUID()}`;
  const { status, body } = await admin(options, 'POST', '/admin/checkout-sessions', {
    ...CART,
    foreign_id: foreignId,
  });
  if (status !== 201) return { status, body };
  // The shop decides cart ids, never the page: an unknown one just starts a new cart.
  const id = cart ? cartId : randomUUID();
  // No order yet: the customer only looked at the cart. Its checkout's webhook makes it one.
  prepareOrder({ foreignId, ...CART });
  carts.delete(id); // re-added last, so the cap drops the carts untouched the longest
  carts.set(id, { foreignId, session: body.session });
  if (carts.size > MAX_CARTS) carts.delete(carts.keys().next().value);
  return { status: 200, body: { cart: id, session: body.session } };
}

/** Whether the cart's session should be handed out again: unused, or its checkout still open. */
async function canResume(options, { foreignId, session }) {
  // A webhook already said the payment ended: no need to ask the proxy.
  if (FINAL_STATUSES.includes(orderOf(foreignId)?.status)) return false;
  // Looking at a session does not use it up; 404 means used or expired.
  const unused = await fetch(`${options.proxyUrl}/api/sessions/${encodeURIComponent(session)}`);
  if (unused.ok) return true;
  if (unused.status !== 404) throw new ProxyFailed(unused.status);
  // Used: by this order's checkout, unless the create never got through (no checkout then).
  const query = new URLSearchParams({ foreign_id: foreignId, limit: '200' });
  const { status, body } = await admin(options, 'GET', `/admin/checkouts?${query}`);
  if (status !== 200) throw new ProxyFailed(status);
  const checkout = body.data.find((entry) => entry.foreign_id === foreignId);
  return OPEN_STATUSES.includes(checkout?.status);
}

/** One call to the proxy's merchant API (server side only: the admin token stays here). */
async function admin({ proxyUrl, adminToken }, method, path, json) {
  const response = await fetch(`${proxyUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const body = await response.json().catch(() => ({ error: 'The proxy answered no JSON.' }));
  return { status: response.status, body };
}

/** A request the back end refuses: answered with its status and `{error, code, field?}`. */
class Refused extends Error {
  constructor(status, code, message, field) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/** The proxy answered, with an error: not the same as no answer at all. */
class ProxyFailed extends Error {
  constructor(status) {
    super(`The payment proxy answered with an error (HTTP ${status}); try again in a moment.`);
  }
}

/** Far longer than any checkout id (22 characters): not worth asking the proxy about. */
const MAX_CHECKOUT_ID = 64;

/**
 * Handles `GET /demo-api/payment-result?checkout=<id>`: the checkout's status as the proxy
 * reports it, for the result pages, whose address (where the customer came back to, and its
 * id) proves nothing by itself. Answers `{checkout, status, status_detail?,
 * refund_instructions?}`, or 404 when the proxy knows no such checkout.
 */
async function paymentResult({ proxyUrl }, request) {
  const id = new URL(request.url ?? '/', 'http://demo').searchParams.get('checkout');
  if (!id) {
    throw new Refused(400, 'bad_request', 'Name the payment: ?checkout=<its id>.', 'checkout');
  }
  if (id.length > MAX_CHECKOUT_ID) {
    throw new Refused(400, 'bad_request', 'checkout is too long to be a payment id.', 'checkout');
  }
  const response = await fetch(`${proxyUrl}/api/checkouts/${encodeURIComponent(id)}`);
  if (response.status === 404) {
    return [
      404,
      { error: 'There is no payment with this id.', code: 'not_found', field: 'checkout' },
    ];
  }
  if (!response.ok) throw new ProxyFailed(response.status);
  const { status, status_detail, refund_instructions } = await response.json();
  return [200, { checkout: id, status, status_detail, refund_instructions }];
}

/** Refuses bytes that are not UTF-8, where a lenient decoding would put U+FFFD in their place. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The request's body, or undefined when it passes `limit` bytes. */
async function bodyOf(request, limit) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    // Read on to the end all the same: leaving the loop early destroys the request, and with
    // it the connection its answer (413) goes out on.
    if (size <= limit) chunks.push(chunk);
  }
  if (size > limit) return undefined;
  try {
    return utf8.decode(Buffer.concat(chunks));
  } catch {
    throw new Refused(400, 'bad_encoding', 'The body is not UTF-8 text.');
  }
}

/** The cart id the page sent (`{"cart": "…"}`), or undefined for a first visit (`null`, `{}`). */
async function cartIdOf(request) {
  const text = await bodyOf(request, 1024);
  if (text === undefined) throw new Refused(413, 'body_too_large', 'The body is too large.');
  let body;
  try {
    body = JSON.parse(text || '{}');
  } catch {
    throw new Refused(400, 'bad_json', 'The body is not JSON: send {"cart": "…"} or {}.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Refused(400, 'bad_request', 'The body must be a JSON object: {"cart": "…"} or {}.');
  }
  if (body.cart !== undefined && body.cart !== null && typeof body.cart !== 'string') {
    throw new Refused(400, 'bad_request', 'cart must be a string or null.');
  }
  return body.cart ?? undefined;
}

/** A checkout as the proxy's events carry it is a few hundred bytes; relayed callbacks a few KiB. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/**
 * Handles `POST /demo-api/webhooks`: verifies the Standard Webhooks signature over the exact
 * bytes received (400 when it does not verify, so a forged or replayed event changes nothing),
 * applies the event to its order and answers 204 at once. A stale or repeated event is
 * acknowledged too: the sender must stop retrying it, the order just keeps its newer status.
 */
async function receiveWebhook(receiver, request) {
  if (!receiver)
    return [
      503,
      { error: 'The demo shop has no WEBHOOK_SECRET to verify webhooks.', code: 'webhooks_off' },
    ];
  const body = await bodyOf(request, MAX_WEBHOOK_BYTES);
  if (body === undefined)
    return [413, { error: 'The webhook is too large.', code: 'body_too_large' }];
  let event;
  try {
    event = receiver.verify(body, request.headers);
  } catch {
    return [400, { error: 'The webhook signature does not verify.', code: 'bad_signature' }];
  }
  const outcome = applyEvent(event);
  console.log(
    `webhook ${event.id ?? '?'} ${event.type ?? '?'} ${event.data?.foreign_id ?? ''}: ${outcome}`,
  );
  return [204];
}

/**
 * Mounts the demo's back-end routes on a Node/Connect request handler chain. `webhookSecret`
 * (the proxy's WEBHOOK_SECRET, `whsec_…`) enables `POST /demo-api/webhooks`.
 */
export function demoBackend(options) {
  const receiver = options.webhookSecret ? new Webhook(options.webhookSecret) : undefined;
  const routes = {
    'POST /demo-api/checkout-session': async (request) => {
      const { status, body } = await checkoutSessionFor(options, await cartIdOf(request));
      return [status, body];
    },
    'POST /demo-api/webhooks': (request) => receiveWebhook(receiver, request),
    'GET /demo-api/orders': async () => [200, { orders: listOrders() }],
    'GET /demo-api/payment-result': (request) => paymentResult(options, request),
  };
  return async (request, response, next) => {
    const route = routes[`${request.method} ${request.url?.split('?')[0]}`];
    if (!route) return next();
    try {
      const [status, body] = await route(request);
      response.writeHead(status, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
      });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    } catch (error) {
      if (error instanceof Refused) {
        response.writeHead(error.status, { 'content-type': 'application/json' });
        const { message, code, field } = error;
        response.end(JSON.stringify({ error: message, code, ...(field ? { field } : {}) }));
        return;
      }
      response.writeHead(502, { 'content-type': 'application/json' });
      // Said as it happened: the proxy answered an error, or gave no answer at all.
      response.end(
        JSON.stringify(
          error instanceof ProxyFailed
            ? { error: error.message, code: 'proxy_error' }
            : { error: 'The payment proxy cannot be reached.', code: 'proxy_unreachable' },
        ),
      );
    }
  };
}
