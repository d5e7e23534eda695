// The demo shop's own back end, reduced to what a merchant needs for `session` mode: it prices
// the cart on the server and keeps one order (foreign_id) with one checkout session per cart.
// Used by Vite's dev server (vite.config.ts) and by the built demo's server (server.mjs).
import { randomUUID } from 'node:crypto';

/** What the cart of the checkout page costs: decided here, on the server, never in the page. */
const CART = { amount: '42.00', currency: 'EUR', description: 'Desk lamp and two bulbs' };

/** A checkout the customer can still pay: the widget resumes it instead of a new form. */
const OPEN_STATUSES = ['created', 'processing'];

/**
 * Each cart's current order: `{foreignId, session}`. Kept in memory for the demo; a real shop
 * keeps it with its carts and orders in its database. Capped so stray visits cannot fill it.
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
  carts.delete(id); // re-added last, so the cap drops the carts untouched the longest
  carts.set(id, { foreignId, session: body.session });
  if (carts.size > MAX_CARTS) carts.delete(carts.keys().next().value);
  return { status: 200, body: { cart: id, session: body.session } };
}

/** Whether the cart's session should be handed out again: unused, or its checkout still open. */
async function canResume(options, { foreignId, session }) {
  // Looking at a session does not use it up; 404 means used or expired.
  const unused = await fetch(`${options.proxyUrl}/api/sessions/${encodeURIComponent(session)}`);
  if (unused.ok) return true;
  if (unused.status !== 404) throw new Error(`The proxy answered ${unused.status}.`);
  // Used: by this order's checkout, unless the create never got through (no checkout then).
  const query = new URLSearchParams({ foreign_id: foreignId, limit: '200' });
  const { status, body } = await admin(options, 'GET', `/admin/checkouts?${query}`);
  if (status !== 200) throw new Error(body.error ?? `The proxy answered ${status}.`);
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

/** The cart id the page sent (`{"cart": "…"}`), or undefined for a first visit. */
async function cartIdOf(request) {
  let text = '';
  for await (const chunk of request) {
    text += chunk;
    if (text.length > 1024) return undefined;
  }
  try {
    const { cart } = JSON.parse(text || '{}');
    return typeof cart === 'string' ? cart : undefined;
  } catch {
    return undefined;
  }
}

/** Mounts the demo's back-end routes on a Node/Connect request handler chain. */
export function demoBackend(options) {
  return async (request, response, next) => {
    if (request.method !== 'POST' || request.url !== '/demo-api/checkout-session') return next();
    try {
      const { status, body } = await checkoutSessionFor(options, await cartIdOf(request));
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    } catch {
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'The payment proxy cannot be reached.' }));
    }
  };
}
