// Return page after the payment page: the widget sends the customer here with the checkout's
// id in the address (`?checkout=<id>`), and shows the status the proxy verified for it. Without
// an id (a bookmark, a typed address) there is no payment to show: the page's own text stands
// alone, with no widget (an element without a price or a checkout has nothing to offer).
const slot = document.getElementById('result-slot');
const checkout = new URLSearchParams(location.search).get('checkout');
if (checkout) {
  const widget = document.createElement('crypto-pay');
  widget.setAttribute('proxy', slot.dataset.proxy);
  widget.setAttribute('checkout', checkout);
  // Already on a result page: stay here whatever the outcome.
  widget.addEventListener('crypto-pay-success', (event) => event.preventDefault());
  widget.addEventListener('crypto-pay-failure', (event) => event.preventDefault());
  slot.append(widget);
} else {
  slot.remove();
  for (const note of document.querySelectorAll('[data-status-note]')) note.remove();
}
