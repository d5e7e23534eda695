// Donation page: the customer picks an amount; the page passes it to the widget, which checks
// it against the bounds the merchant configured (OPEN_AMOUNT_MIN / _MAX, from /api/config)
// before showing its form; the proxy enforces them again at create.
const widget = document.getElementById('donation');
const input = document.getElementById('amount');
const currency = document.getElementById('currency');
const presets = document.querySelectorAll('[data-amount]');

function choose(amount) {
  input.value = amount;
  widget.setAttribute('amount', amount);
  for (const button of presets)
    button.setAttribute('aria-pressed', String(button.dataset.amount === amount));
}

for (const button of presets) button.addEventListener('click', () => choose(button.dataset.amount));
input.addEventListener('change', () => choose(input.value.trim()));
currency.addEventListener('change', () => widget.setAttribute('currency', currency.value));
