/**
 * The hosted payment page behind each `payment_link`, and the invoice page behind each
 * invoice `url`. Plain HTML forms, no JavaScript: the customer picks the currency to pay
 * with (unless the payment request already names one), then a button plays an outcome, and
 * the page sends them to `url_success` / `url_failed` (or shows the result when not set).
 * Only the page itself (or a client that is no page) may post its form.
 */

import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { SandboxCore } from './core.ts';
import { fromAnotherSite } from './cross-site.ts';
import { type Currency, currencyByCode } from './currencies.ts';
import type { SandboxEnv } from './env.ts';
import { expireDue } from './expiry.ts';
import { html, page, type RawHtml } from './html.ts';
import {
  INVOICE_OUTCOMES,
  type InvoiceOutcome,
  isInvoiceOpen,
  settleInvoice,
} from './invoice-lifecycle.ts';
import {
  amountToPay,
  choosePaymentCurrency,
  type FinalPaymentStatus,
  isFinal,
  LifecycleConflict,
  PAYMENT_OUTCOMES,
  type PaymentOutcome,
  settlePaymentRequest,
} from './payment-lifecycle.ts';
import type { InvoiceRecord, PaymentRequestRecord } from './store.ts';

const currencyLabel = (currency: Currency) =>
  currency.network ? `${currency.iso} (${currency.network})` : currency.iso;

const OUTCOME_LABELS: Record<PaymentOutcome, string> = {
  paid: 'Pay the exact amount',
  underpaid: 'Pay too little',
  overpaid: 'Pay too much',
  failed: 'Payment fails',
  expired: 'Let it expire',
};

/** A closed payment request's status in plain words: one for each final status, by type. */
const CLOSED_PAYMENT_WORDS: Record<FinalPaymentStatus, string> = {
  paid: 'This payment request has been paid.',
  failed: 'This payment request has failed.',
  expired: 'This payment request has expired.',
};

function paymentBody(record: PaymentRequestRecord, notice: string | undefined): RawHtml {
  const header = html`<h1>Payment request</h1>
<p class="amount">${record.amount} ${record.currency.iso}</p>
${record.description ? html`<p>${record.description}</p>` : ''}
<p>Status: <span class="status" id="status">${record.status}</span></p>
${notice ? html`<p role="alert">${notice}</p>` : ''}`;
  if (isFinal(record)) {
    const next = record.status === 'paid' ? record.urlSuccess : record.urlFailed;
    // Without a return address the store's own tab (where the customer started) shows the
    // result: this page says so, as a real payment page would.
    const back = next
      ? html`<p><a href="${next}">Back to the store</a></p>`
      : html`<p>You can close this page and go back to the store's tab.</p>`;
    return html`${header}<p>${CLOSED_PAYMENT_WORDS[record.status]}</p>
${back}`;
  }
  const payment = record.payment;
  // The currency the merchant or the widget already chose: nothing left to choose, the
  // customer goes straight to paying in it (the buttons below fix it and pay).
  const only = record.payWithOptions.length === 1 ? record.payWithOptions[0] : undefined;
  const choice = payment
    ? html`<p>Pay <strong>${payment.amount} ${currencyLabel(payment.currency)}</strong> to
<code>${payment.address}</code></p>`
    : only
      ? html`<p>Pay <strong>${amountToPay(record, only)} ${currencyLabel(only)}</strong></p>
<input type="hidden" name="currency" value="${only.code}">`
      : html`<fieldset><legend>Pay with</legend>${record.payWithOptions.map(
          (option, index) =>
            html`<label><input type="radio" name="currency" value="${option.code}"${index === 0 ? html` checked` : ''}> ${currencyLabel(option)}</label><br>`,
        )}</fieldset>`;
  return html`${header}
<form method="post">
${choice}
${payment || only ? '' : html`<button type="submit" name="outcome" value="choose">Choose this currency</button>`}
<fieldset><legend>Play the customer's part</legend>
${PAYMENT_OUTCOMES.map(
  (outcome) =>
    html`<button type="submit" name="outcome" value="${outcome}"${outcome === 'paid' ? html` class="primary"` : ''}>${OUTCOME_LABELS[outcome]}</button>`,
)}
</fieldset>
</form>`;
}

/** What each invoice button plays, in the customer's words. */
const INVOICE_OUTCOME_LABELS: Record<InvoiceOutcome, string> = {
  pending: 'Send the payment (seen, not confirmed yet)',
  processing: 'Payment is confirming',
  confirmed: 'Payment confirmed',
  failed: 'Payment fails',
};

/** A closed invoice's status in words. */
const CLOSED_INVOICE_WORDS: Record<string, string> = {
  confirmed: 'This invoice is paid.',
  failed: 'This invoice failed: no payment was confirmed.',
  cancelled: 'This invoice was cancelled by the store.',
};

function invoiceBody(invoice: InvoiceRecord, notice: string | undefined): RawHtml {
  const header = html`<h1>${invoice.title}</h1>
<p class="amount">${invoice.amount} ${invoice.currency.code}</p>
${invoice.description ? html`<p>${invoice.description}</p>` : ''}
<p>Status: <span class="status" id="status">${invoice.status}</span></p>
${notice ? html`<p role="alert">${notice}</p>` : ''}`;
  if (!isInvoiceOpen(invoice)) {
    const next = invoice.status === 'confirmed' ? invoice.urlSuccess : invoice.urlFailed;
    return html`${header}<p>${CLOSED_INVOICE_WORDS[invoice.status] ?? `This invoice is ${invoice.status}.`}</p>
<p><a href="${next}">Back to the store</a></p>`;
  }
  return html`${header}
${invoice.senderAmount ? html`<p>Pay <strong>${invoice.senderAmount} ${invoice.senderCurrency!.code}</strong> to <code>${invoice.address}</code></p>` : ''}
<form method="post"><fieldset><legend>Play the customer's part</legend>${INVOICE_OUTCOMES.map(
    (outcome) =>
      html`<button type="submit" name="outcome" value="${outcome}"${outcome === 'confirmed' ? html` class="primary"` : ''}>${INVOICE_OUTCOME_LABELS[outcome]}</button>`,
  )}</fieldset></form>`;
}

/** Forms are tiny; anything bigger is not one of these pages' forms. */
const MAX_FORM_BYTES = 16 * 1024;

/** The posted form's text fields, or undefined when the body is not a form that can be read. */
async function readForm(c: Context<SandboxEnv>): Promise<Record<string, string> | undefined> {
  try {
    const form = await c.req.parseBody();
    return Object.fromEntries(
      Object.entries(form).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return undefined;
  }
}

export function hostedPageRoutes(core: SandboxCore) {
  const notFound = (c: Context<SandboxEnv>) =>
    c.html(page('Not found', html`<h1>Not found</h1><p>No such payment.</p>`), 404);
  const tooLarge = bodyLimit({
    maxSize: MAX_FORM_BYTES,
    onError: (c) =>
      c.html(page('Too large', html`<h1>Too large</h1><p>That form is too large.</p>`), 413),
  });
  // The buttons post this page's own form: another site's page may not press them for its
  // visitor (cross-site.ts).
  const ownPagesOnly = createMiddleware<SandboxEnv>(async (c, next) => {
    if (!fromAnotherSite(c)) return next();
    const refusal = html`<h1>Refused</h1><p>Another site’s page may not press this page’s buttons.</p>`;
    return c.html(page('Refused', refusal), 403);
  });
  return new Hono<SandboxEnv>()
    .post('/pay/:id', ownPagesOnly, tooLarge)
    .post('/invoice/:foreign_id', ownPagesOnly, tooLarge)
    .get('/pay/:id', (c) => {
      expireDue(core);
      const record = core.store.paymentRequests.get(c.req.param('id'));
      if (!record) return notFound(c);
      return c.html(page('Sandbox payment', paymentBody(record, undefined)));
    })
    .post('/pay/:id', async (c) => {
      expireDue(core);
      const record = core.store.paymentRequests.get(c.req.param('id'));
      if (!record) return notFound(c);
      const form = await readForm(c);
      const outcome = form?.outcome ?? '';
      const currency = form?.currency ? currencyByCode(form.currency) : undefined;
      if (form?.currency && !currency) {
        const notice = 'Pick one of the currencies offered.';
        return c.html(page('Sandbox payment', paymentBody(record, notice)), 400);
      }
      if (currency && !record.payWithOptions.includes(currency)) {
        // A bad form, like an unknown code: not a conflict with the request's state.
        const notice = `This payment request cannot be paid in ${currencyLabel(currency)}. Pick one of the currencies offered.`;
        return c.html(page('Sandbox payment', paymentBody(record, notice)), 400);
      }
      try {
        if (outcome === 'choose') {
          choosePaymentCurrency(core, record, currency ?? record.payWithOptions[0]!);
          return c.redirect(c.req.path, 303);
        }
        if (!(PAYMENT_OUTCOMES as readonly string[]).includes(outcome)) {
          return c.html(
            page('Sandbox payment', paymentBody(record, 'Pick one of the buttons.')),
            400,
          );
        }
        settlePaymentRequest(core, record, outcome as PaymentOutcome, currency);
      } catch (error) {
        if (!(error instanceof LifecycleConflict)) throw error;
        return c.html(page('Sandbox payment', paymentBody(record, error.message)), 409);
      }
      const next = record.status === 'paid' ? record.urlSuccess : record.urlFailed;
      return c.redirect(next ?? c.req.path, 303);
    })
    .get('/invoice/:foreign_id', (c) => {
      expireDue(core);
      const invoice = core.store.invoices.get(c.req.param('foreign_id'));
      if (!invoice) return notFound(c);
      return c.html(page(invoice.title, invoiceBody(invoice, undefined)));
    })
    .post('/invoice/:foreign_id', async (c) => {
      expireDue(core);
      const invoice = core.store.invoices.get(c.req.param('foreign_id'));
      if (!invoice) return notFound(c);
      const outcome = (await readForm(c))?.outcome ?? '';
      if (!(INVOICE_OUTCOMES as readonly string[]).includes(outcome)) {
        return c.html(page(invoice.title, invoiceBody(invoice, 'Pick one of the buttons.')), 400);
      }
      try {
        settleInvoice(core, invoice, outcome as InvoiceOutcome);
      } catch (error) {
        if (!(error instanceof LifecycleConflict)) throw error;
        return c.html(page(invoice.title, invoiceBody(invoice, error.message)), 409);
      }
      const next = { confirmed: invoice.urlSuccess, failed: invoice.urlFailed }[outcome as string];
      return c.redirect(next ?? c.req.path, 303);
    });
}
