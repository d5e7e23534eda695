// Return page after the payment page: the widget sends the customer here with the checkout's
// id in the address (`?checkout=<id>`). The page's heading and words come from the status the
// shop's back end read from the proxy for that id, never from which page this is or from the
// address, and the widget below shows the same checkout. An id the proxy does not know, or none
// (a bookmark, a typed address), is no payment: no widget then (it would have nothing to offer).
// A read that fails says so and is tried again, with backoff, until one answers. When the tab
// that started the checkout shows its result (`crypto-pay-elsewhere`), this one's heading goes
// back to a plain "Your payment" under which the widget says to continue there: a tab the
// customer opened with the copied link stays open.
import { CANNOT_CHECK, ELSEWHERE, NOT_FOUND, resultWords } from './result-words.js';

const slot = document.getElementById('result-slot');
const heading = document.getElementById('result-heading');
const note = document.getElementById('result-note');
const checkout = new URLSearchParams(location.search).get('checkout');
const shopName = document.title.slice(document.title.indexOf(' · '));

/** The widget gave way to the tab that started the checkout: its result is said there. */
let elsewhere = false;

function show(words) {
  if (elsewhere && words !== ELSEWHERE) return;
  heading.textContent = words.heading;
  note.textContent = words.note;
  document.title = `${words.heading}${shopName}`;
}

/** The checkout's verified status, or undefined when there is no such checkout. */
async function verifiedResult() {
  const query = new URLSearchParams({ checkout });
  const response = await fetch(`/demo-api/payment-result?${query}`, { cache: 'no-store' });
  // 400 (not an id at all) and 404 (no such checkout) alike: there is no payment to show.
  if (response.status === 400 || response.status === 404) return undefined;
  if (!response.ok) throw new Error(`The shop answered ${response.status}.`);
  return response.json();
}

/** The latest read: an earlier one answering after it must not put older words back. */
let reads = 0;

/**
 * Reading again after a failed read: the first wait, the longest, and how many in all (about a
 * quarter of an hour), so a page left open does not ask forever.
 */
const RETRY = { firstMs: 1000, maxMs: 60_000, times: 20 };
let retries = 0;
let retryTimer;

/** Reads again later, each wait twice the last; an answer resets the count. */
function retryLater() {
  clearTimeout(retryTimer);
  if (retries >= RETRY.times || elsewhere) return;
  const wait = Math.min(RETRY.firstMs * 2 ** retries, RETRY.maxMs);
  retries += 1;
  retryTimer = setTimeout(
    () => refresh().then((found) => found && !widgetShown && showWidget()),
    wait,
  );
}

/** Reads the status again and says it; the widget's events only tell when to. */
async function refresh() {
  const read = ++reads;
  try {
    const result = await verifiedResult();
    if (read !== reads) return true;
    // An answer: no more retries.
    clearTimeout(retryTimer);
    retries = 0;
    if (!result) {
      show(NOT_FOUND);
      slot.remove();
      return false;
    }
    show(resultWords(result));
  } catch {
    if (read !== reads) return true;
    show(CANNOT_CHECK);
    retryLater();
  }
  return true;
}

let widgetShown = false;

function showWidget() {
  widgetShown = true;
  const widget = document.createElement('crypto-pay');
  widget.setAttribute('proxy', slot.dataset.proxy);
  widget.setAttribute('checkout', checkout);
  // Already on a result page: stay here whatever the outcome.
  widget.addEventListener('crypto-pay-success', (event) => event.preventDefault());
  widget.addEventListener('crypto-pay-failure', (event) => event.preventDefault());
  // The widget saw the checkout change (e.g. paid after the customer came back): read it again.
  for (const type of ['crypto-pay-status', 'crypto-pay-success', 'crypto-pay-failure']) {
    widget.addEventListener(type, () => refresh());
  }
  widget.addEventListener('crypto-pay-elsewhere', () => {
    elsewhere = true;
    clearTimeout(retryTimer);
    show(ELSEWHERE);
  });
  slot.append(widget);
}

if (!checkout) {
  show(NOT_FOUND);
  slot.remove();
} else {
  refresh().then((found) => found && showWidget());
}
