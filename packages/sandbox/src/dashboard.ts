/** The dashboard at `GET /_sandbox/`: what the sandbox holds, as one server-rendered page. */

import type { SandboxCore } from './core.ts';
import { expireDue } from './expiry.ts';
import { html, page, type RawHtml } from './html.ts';
import { balanceEntries } from './routes/accounts.ts';
import { invoicePagePath } from './routes/invoices.ts';
import { paymentPagePath } from './routes/payment-requests.ts';
import { newestFirst } from './store.ts';

/** A table in its own sideways-scrolling region, so a phone-wide page never scrolls sideways. */
function table(caption: string, headings: string[], rows: unknown[][]): RawHtml {
  if (rows.length === 0) return html`<p>None yet.</p>`;
  // tabindex lets a keyboard user scroll the region; the label names it for screen readers.
  return html`<div class="scroll" role="region" aria-label="${caption}" tabindex="0"><table><thead><tr>${headings.map((heading) => html`<th scope="col">${heading}</th>`)}</tr></thead>
<tbody>${rows.map((row) => html`<tr>${row.map((cell) => html`<td>${cell}</td>`)}</tr>`)}</tbody></table></div>`;
}

/** A Unix time as ISO 8601; a value no `Date` can hold is shown as the bare number, never a 500. */
function when(seconds: number): string {
  const date = new Date(seconds * 1000);
  if (Number.isNaN(date.getTime())) return `${seconds} (Unix seconds)`;
  return date.toISOString().replace('.000Z', 'Z');
}

/**
 * How far the sandbox clock is from this machine's: the configured skew plus what the control
 * API advanced, said as ahead or behind.
 */
function clockLead(core: SandboxCore): string {
  const skew = core.options.clockSkewSeconds;
  const lead = skew + core.clock.offsetSeconds();
  const side = lead < 0 ? `${-lead} s behind` : `${lead} s ahead of`;
  const parts = skew === 0 ? '' : `: skew ${skew} s, advanced ${core.clock.offsetSeconds()} s`;
  return `${side} real time${parts}`;
}

export function dashboardPage(core: SandboxCore): string {
  expireDue(core);
  const { store } = core;
  const paymentRequests = newestFirst(store.paymentRequests.values()).map((record) => [
    html`<a href="${paymentPagePath(record.id)}">${record.id}</a>`,
    record.foreignId ?? '',
    record.status,
    `${record.amount} ${record.currency.iso}`,
    record.payment ? `${record.payment.amount} ${record.payment.currency.code}` : '',
    when(record.lifeTime),
  ]);
  const invoices = newestFirst(store.invoices.values()).map((invoice) => [
    html`<a href="${invoicePagePath(invoice.foreignId)}">${invoice.id}</a>`,
    invoice.foreignId,
    invoice.status,
    `${invoice.amount} ${invoice.currency.code}`,
    invoice.title,
  ]);
  const withdrawals = newestFirst(store.withdrawals.values()).map((withdrawal) => [
    withdrawal.id,
    withdrawal.foreignId,
    withdrawal.status,
    `${withdrawal.senderAmount} ${withdrawal.sender.code}`,
    `${withdrawal.receiverAmount} ${withdrawal.receiver.code}`,
    withdrawal.address,
  ]);
  const callbacks = [...store.callbacks]
    .reverse()
    .slice(0, 100)
    .map((attempt) => [
      attempt.at,
      `${attempt.delivery_id}#${attempt.attempt}`,
      attempt.type,
      attempt.dropped ? 'DROPPED (not sent)' : (attempt.response_status ?? attempt.error ?? ''),
      html`<code>${attempt.body}</code>`,
    ]);
  // Plainly, above everything: a developer wondering why no payment moves on sees it first.
  const dropping = store.faults.dropCallbacks
    ? html`<p role="alert"><strong>Callbacks are being dropped:</strong> the <code>drop_callbacks</code> fault is set, so no callback reaches the merchant. Clear it with <code>POST /_sandbox/faults {"drop_callbacks": false}</code>.</p>`
    : '';
  return page(
    'crypto-pay sandbox',
    html`<h1>crypto-pay sandbox</h1>
${dropping}
<p>Sandbox clock: ${when(core.clock.now())} (${clockLead(core)}).
Callbacks go to: <code>${store.merchant.callbackUrl ?? 'nowhere (none set)'}</code>.
Client ${store.merchant.clientEnabled ? 'enabled' : 'disabled'}, merchant ${store.merchant.merchantEnabled ? 'enabled' : 'disabled'}.</p>
<h2>Payment requests</h2>
${table('Payment requests', ['id', 'foreign_id', 'status', 'amount', 'to pay', 'expires'], paymentRequests)}
<h2>Invoices</h2>
${table('Invoices', ['id', 'foreign_id', 'status', 'amount', 'title'], invoices)}
<h2>Withdrawals</h2>
${table('Withdrawals', ['id', 'foreign_id', 'status', 'debited', 'sent', 'address'], withdrawals)}
<h2>Balances</h2>
${table(
  'Balances',
  ['currency', 'type', 'balance'],
  balanceEntries(core).map((entry) => [entry.currency, entry.type, entry.balance]),
)}
<h2>Callbacks (latest first)</h2>
${table('Callbacks', ['at', 'delivery#attempt', 'type', 'answer', 'body'], callbacks)}`,
  );
}
