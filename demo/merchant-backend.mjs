// The demo shop's own back end, reduced to what a merchant needs for `session` mode: it prices
// the cart on the server and asks the proxy's merchant API for a single-use checkout session.
// Used by Vite's dev server (vite.config.ts) and by the built demo's server (server.mjs).

/** What the cart of the checkout page costs: decided here, on the server, never in the page. */
const CART = { amount: '42.00', currency: 'EUR', description: 'Desk lamp and two bulbs' };

/** Handles `POST /demo-api/checkout-session`; answers `{session}` or the proxy's error. */
export async function createCheckoutSession({ proxyUrl, adminToken }) {
  const response = await fetch(`${proxyUrl}/admin/checkout-sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ ...CART, foreign_id: `demo-order-${Date.now().toString(36)}` }),
  });
  const body = await response.json().catch(() => ({ error: 'The proxy answered no JSON.' }));
  return { status: response.status, body };
}

/** Mounts the demo's back-end routes on a Node/Connect request handler chain. */
export function demoBackend(options) {
  return async (request, response, next) => {
    if (request.method !== 'POST' || request.url !== '/demo-api/checkout-session') return next();
    try {
      const { status, body } = await createCheckoutSession(options);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    } catch {
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'The payment proxy cannot be reached.' }));
    }
  };
}
