// Cart page: asks the shop's own back end for this cart's checkout session, then shows the
// widget in redirect mode. The amount is decided on the server; the page only carries the cart
// id and the session token. The same cart gets the same session back on a reload or on the way
// back from the payment page, so the widget resumes its checkout instead of making a second one.
const slot = document.getElementById('checkout-slot');
const status = document.getElementById('checkout-status');

// This tab's cart, as the back end named it. sessionStorage, like the widget's own memory of
// its checkout: a reload or Back keeps both, a new tab starts its own cart.
const CART_KEY = 'demo-cart';

async function cartSession() {
  const response = await fetch('/demo-api/checkout-session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cart: sessionStorage.getItem(CART_KEY) }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? 'The shop could not open a checkout.');
  sessionStorage.setItem(CART_KEY, body.cart);
  return body.session;
}

function showWidget(session) {
  const widget = document.createElement('crypto-pay');
  widget.setAttribute('proxy', slot.dataset.proxy);
  widget.setAttribute('session', session);
  widget.setAttribute('mode', 'redirect');
  // The session ended under the customer (it expired, or "Start again" after a failed
  // payment): the back end knows the order cannot be paid any more and opens a new one.
  widget.addEventListener('crypto-pay-error', async (event) => {
    if (event.detail.code !== 'session_invalid') return;
    const next = await cartSession().catch(() => session);
    if (next !== session) widget.replaceWith(showWidget(next));
  });
  // "Cancel payment": the customer gave this order up (its payment request stays open upstream
  // until it expires, so the back end would hand its used session back). The cart's next visit
  // opens a new order.
  widget.addEventListener('crypto-pay-cancel', () => sessionStorage.removeItem(CART_KEY));
  return widget;
}

cartSession()
  .then((session) => {
    status.remove();
    slot.append(showWidget(session));
  })
  .catch((error) => {
    status.textContent = `${error.message} Reload the page to try again.`;
  });
