// Cart page: asks the shop's own back end for a checkout session, then shows the widget in
// redirect mode. The amount is decided on the server; the page only carries the session token.
const slot = document.getElementById('checkout-slot');
const status = document.getElementById('checkout-status');

async function openCheckout() {
  const response = await fetch('/demo-api/checkout-session', { method: 'POST' });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? 'The shop could not open a checkout.');
  const widget = document.createElement('crypto-pay');
  widget.setAttribute('proxy', slot.dataset.proxy);
  widget.setAttribute('session', body.session);
  widget.setAttribute('mode', 'redirect');
  status.remove();
  slot.append(widget);
}

openCheckout().catch((error) => {
  status.textContent = `${error.message} Reload the page to try again.`;
});
