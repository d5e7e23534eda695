// The demo shop's orders, one notion for the whole back end: the cart prepares an order (its
// foreign_id pins the checkout session), which becomes an order only when the customer pays (the
// proxy's `checkout.created` webhook); from then on only the proxy's webhooks move its status. A
// checkout the shop did not prepare itself (the product and donation pages, priced by the proxy)
// becomes an order at its first webhook too, so the orders page shows every sale.

/** A webhook's checkout status that no later event can change (the proxy's final ones). */
export const FINAL_STATUSES = ['paid', 'failed', 'expired'];

/**
 * Orders by foreign_id, oldest first. Kept in memory for the demo; a real shop keeps them in
 * its database. Capped so stray visits cannot fill it: the longest untouched go first.
 */
const orders = new Map();
const MAX_ORDERS = 10_000;

function remember(order) {
  orders.delete(order.foreignId);
  orders.set(order.foreignId, order);
  if (orders.size > MAX_ORDERS) orders.delete(orders.keys().next().value);
  return order;
}

/**
 * What the cart's order will be, by foreign_id, until its checkout exists: a cart page opened
 * and left is no order. Capped like the orders.
 */
const prepared = new Map();

/** Remembers the cart's order-to-be; its checkout's first webhook makes it an order. */
export function prepareOrder({ foreignId, amount, currency, description }) {
  prepared.set(foreignId, { amount, currency, description });
  if (prepared.size > MAX_ORDERS) prepared.delete(prepared.keys().next().value);
}

export const orderOf = (foreignId) => orders.get(foreignId);

/**
 * Applies one verified webhook event. `checkout.*` events move the order of `data.foreign_id`
 * to the checkout's status unless the order already holds that version or a newer one
 * (webhooks are delivered at least once and may arrive out of order). Other event types
 * (invoices, withdrawals…) concern no order of this shop. Answers what happened, for the log.
 */
export function applyEvent(event) {
  const data = event?.data;
  if (typeof event?.type !== 'string' || !event.type.startsWith('checkout.')) return 'ignored';
  if (typeof data?.foreign_id !== 'string' || !Number.isInteger(data.version)) return 'ignored';
  const order = orders.get(data.foreign_id) ?? fromCheckout(data);
  prepared.delete(data.foreign_id);
  if (data.version <= order.version) return 'stale';
  remember({
    ...order,
    status: data.status,
    version: data.version,
    checkoutId: data.id,
    updatedAt: new Date().toISOString(),
  });
  return 'applied';
}

/** What an order the shop did not open is, from how its checkout was priced. */
const PRICED_BY = {
  product: (data) => `Product ${data.product}`,
  amount: () => 'Donation',
  // A cart of an earlier run of the shop (it keeps its orders in memory only).
  session: () => 'Cart',
};

/**
 * The order of a checkout's first webhook: the cart's as prepared, or for a checkout the shop
 * did not prepare, a catalogue product or an open amount (the donation page) at the price the
 * proxy set. No status of its own: applyEvent gives it the event's before remembering it.
 */
function fromCheckout(data) {
  const cart = prepared.get(data.foreign_id);
  return {
    foreignId: data.foreign_id,
    amount: cart?.amount ?? data.amount,
    currency: cart?.currency ?? data.currency?.iso,
    description: cart?.description ?? PRICED_BY[data.pricing]?.(data) ?? 'Checkout',
    version: 0,
    checkoutId: undefined,
    updatedAt: new Date().toISOString(),
  };
}

/** Every order as the orders page shows it, newest change first. */
export function listOrders() {
  return [...orders.values()].reverse().map((order) => ({
    foreign_id: order.foreignId,
    description: order.description,
    amount: order.amount,
    currency: order.currency,
    status: order.status,
    version: order.version,
    checkout_id: order.checkoutId ?? null,
    updated_at: order.updatedAt,
  }));
}
