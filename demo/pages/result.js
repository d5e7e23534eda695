// Return page after the payment page: resumes the checkout the widget started (its id comes
// back in the address, or from the widget's own session storage) and shows the verified status.
const slot = document.getElementById('result-slot');
const widget = document.createElement('crypto-pay');
widget.setAttribute('proxy', slot.dataset.proxy);
const checkout = new URLSearchParams(location.search).get('checkout');
if (checkout) widget.setAttribute('checkout', checkout);
// Already on a result page: stay here whatever the outcome.
widget.addEventListener('crypto-pay-success', (event) => event.preventDefault());
widget.addEventListener('crypto-pay-failure', (event) => event.preventDefault());
slot.append(widget);
