// Orders page: the shop's back end's orders, read again every two seconds, so a payment shows up
// here as soon as its webhook reached the back end, whether or not the customer's tab is open.
// Each order's payment reference links to that payment in the proxy's dashboard.
import { groupReference } from '@crypto-pay/protocol/reference';
import { dashboardPaymentUrl } from './dashboard-link.js';

const body = document.getElementById('orders');
const status = document.getElementById('orders-status');
const proxyUrl = document.getElementById('orders-table').dataset.proxy;

const REFRESH_MS = 2000;

// WebKit (and so VoiceOver) drops a table's implicit roles from the parts the phone's cards
// style display: block (shop.css): they are said explicitly, here and on each row below, as
// the HTML linter calls them redundant in the markup.
document.getElementById('orders-table').setAttribute('role', 'table');
for (const group of document.querySelectorAll('#orders-table > thead, #orders-table > tbody')) {
  group.setAttribute('role', 'rowgroup');
}
for (const tr of document.querySelectorAll('#orders-table > thead > tr')) {
  tr.setAttribute('role', 'row');
}
for (const th of document.querySelectorAll('#orders-table > thead th')) {
  th.setAttribute('role', 'columnheader');
}

/** The status the last webhook gave, in the shop's words (an order exists once its checkout does). */
const STATUS_LABELS = {
  created: 'Awaiting payment',
  processing: 'Payment in progress',
  paid: 'Paid',
  failed: 'Payment failed',
  expired: 'Expired',
};

/** A cell, its role explicit: the phone's card layout would make WebKit drop it (orders.html). */
function cell(text, attributes = {}) {
  const td = document.createElement('td');
  td.setAttribute('role', 'cell');
  td.textContent = text;
  for (const [name, value] of Object.entries(attributes)) td.setAttribute(name, value);
  return td;
}

/**
 * The payment's reference as the customer's end view shows it, linked to its page in the
 * dashboard; none before the first webhook named the checkout.
 */
function paymentCell(checkoutId) {
  if (!checkoutId) return cell('—', { class: 'order-payment' });
  const link = document.createElement('a');
  link.href = dashboardPaymentUrl(proxyUrl, checkoutId);
  const reference = document.createElement('span');
  reference.className = 'reference';
  reference.textContent = groupReference(checkoutId);
  // Said to a screen reader with the link (a title is not): where it leads.
  const purpose = document.createElement('span');
  purpose.className = 'visually-hidden';
  purpose.textContent = ' (open this payment in the dashboard)';
  link.append(reference, purpose);
  const td = cell('', { class: 'order-payment' });
  td.append(link);
  return td;
}

/** The columns' names, which each cell repeats on a phone, where the rows stack as cards. */
const COLUMN_NAMES = [...document.querySelectorAll('#orders-table thead th')].map(
  (th) => th.textContent,
);

function row(order) {
  const tr = document.createElement('tr');
  tr.setAttribute('role', 'row');
  tr.dataset.order = order.foreign_id;
  tr.append(
    cell(order.foreign_id, { class: 'order-id' }),
    cell(order.description ?? ''),
    cell(`${order.amount ?? ''} ${order.currency ?? ''}`.trim()),
    cell(STATUS_LABELS[order.status] ?? order.status, {
      class: 'order-status',
      'data-status': order.status,
    }),
    paymentCell(order.checkout_id),
    cell(new Date(order.updated_at).toLocaleTimeString()),
  );
  for (const [index, td] of [...tr.cells].entries()) td.dataset.label = COLUMN_NAMES[index];
  return tr;
}

async function refresh() {
  try {
    const response = await fetch('/demo-api/orders', { cache: 'no-store' });
    if (!response.ok) throw new Error(`The shop answered ${response.status}.`);
    const { orders } = await response.json();
    body.replaceChildren(...orders.map(row));
    status.textContent = orders.length
      ? `${orders.length} order(s), newest change first; updated every few seconds.`
      : 'No orders yet: pay on the cart, product or donation page, then come back.';
  } catch (error) {
    status.textContent = `${error.message} Trying again…`;
  }
  setTimeout(refresh, REFRESH_MS);
}

refresh();
