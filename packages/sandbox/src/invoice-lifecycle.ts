/**
 * What happens to an invoice after creation: the customer's payment is seen (`pending`),
 * confirms (`processing`, then `confirmed`, crediting the balance) or fails; a `timer`
 * invoice nobody paid fails when its 15 minutes run out. Each change sends an invoice callback.
 */

import { addDecimal, scaleDecimal, subtractDecimal } from '@crypto-pay/protocol';
import { type SandboxCore, sandboxAddress } from './core.ts';
import { CURRENCIES, type Currency, convert, hasRate } from './currencies.ts';
import { LifecycleConflict } from './payment-lifecycle.ts';
import type { InvoiceRecord } from './store.ts';
import { feeOf, recordDeposit } from './transactions.ts';

export const INVOICE_OUTCOMES = ['pending', 'processing', 'confirmed', 'failed'] as const;
export type InvoiceOutcome = (typeof INVOICE_OUTCOMES)[number];

/** Length of the fix a `timer: true` invoice gets. */
export const INVOICE_TIMER_SECONDS = 15 * 60;

const OPEN = new Set(['created', 'pending', 'processing']);

export const isInvoiceOpen = (invoice: InvoiceRecord) => OPEN.has(invoice.status);

/** Fixes the currency, address and amount the customer pays with. */
export function fixInvoicePayment(core: SandboxCore, invoice: InvoiceRecord, currency: Currency) {
  invoice.senderCurrency = currency;
  invoice.senderAmount = scaleDecimal(convert(invoice.amount, invoice.currency, currency), 8);
  invoice.address = sandboxAddress(currency);
  invoice.fixedAt ??= core.clock.now();
}

/** The currency an unfixed invoice is paid in when an outcome is played: the first that fits. */
function defaultSenderCurrency(invoice: InvoiceRecord): Currency {
  const fits = (currency: Currency) =>
    currency.type === 'crypto' && currency.enabled && hasRate(invoice.currency, currency);
  return invoice.currency.type === 'crypto' ? invoice.currency : CURRENCIES.find(fits)!;
}

export function invoiceCallback(invoice: InvoiceRecord) {
  return {
    type: 'invoice',
    id: invoice.id,
    foreign_id: invoice.foreignId,
    status: invoice.status,
    currency: invoice.currency.code,
    amount: invoice.amount,
    sender_currency: invoice.senderCurrency?.code ?? null,
    sender_amount: invoice.senderAmount,
    address: invoice.address,
    end_user_reference: invoice.endUserReference,
    fixed_at: invoice.fixedAt,
    release_at: invoice.releaseAt,
  };
}

const INTERNAL_STATUS: Record<InvoiceOutcome, string> = {
  pending: 'pending',
  processing: 'processing',
  confirmed: 'confirmed',
  failed: 'error',
};

/**
 * What the customer's payment comes to: sent in the sender currency, the deposit fee taken
 * from it, and the rest credited in the invoice currency (converted when they differ).
 */
function invoicePayment(invoice: InvoiceRecord) {
  const paid = invoice.senderCurrency!;
  const sent = scaleDecimal(invoice.senderAmount!, paid.precision);
  const fee = feeOf(sent, paid.depositFeePercent, paid);
  const net = subtractDecimal(sent, fee);
  const credited = paid === invoice.currency ? net : convert(net, paid, invoice.currency);
  return { paid, sent, fee, credited };
}

/** Plays an outcome on an open invoice. */
export function settleInvoice(core: SandboxCore, invoice: InvoiceRecord, outcome: InvoiceOutcome) {
  if (!isInvoiceOpen(invoice)) {
    throw new LifecycleConflict(`The invoice is already ${invoice.status}.`);
  }
  if (outcome !== 'failed' && invoice.senderAmount === null) {
    fixInvoicePayment(
      core,
      invoice,
      invoice.requestedSenderCurrency ?? defaultSenderCurrency(invoice),
    );
  }
  invoice.status = outcome;
  const transaction =
    invoice.transactionId === null ? undefined : core.store.transactions.get(invoice.transactionId);
  if (transaction) {
    transaction.internalStatus = INTERNAL_STATUS[outcome];
  } else if (outcome !== 'failed') {
    const { paid, sent, fee, credited } = invoicePayment(invoice);
    invoice.transactionId = recordDeposit(core, {
      status: INTERNAL_STATUS[outcome],
      foreignId: invoice.foreignId,
      endUserReference: invoice.endUserReference,
      paid,
      address: invoice.address!,
      sent,
      fee,
      ...(paid === invoice.currency
        ? {}
        : { exchange: { to: invoice.currency, amount: credited } }),
    });
  }
  if (outcome === 'confirmed') {
    // The merchant pays the deposit fee, as with a payment request of user_fee_percent 0.
    const code = invoice.currency.code;
    const { credited } = invoicePayment(invoice);
    core.store.balances.set(code, addDecimal(core.store.balances.get(code) ?? '0', credited));
  }
  core.callbacks.send(invoiceCallback(invoice));
}

/** Fails every `timer` invoice still `created` once its fix has run out. */
export function expireDueInvoices(core: SandboxCore): void {
  const now = core.clock.now();
  for (const invoice of core.store.invoices.values()) {
    if (invoice.status === 'created' && invoice.releaseAt !== null && invoice.releaseAt <= now) {
      settleInvoice(core, invoice, 'failed');
    }
  }
}
