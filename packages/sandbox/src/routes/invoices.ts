/**
 * `POST {base_url}/invoices/create` (201) and `POST {base_url}/invoices/{foreign_id}/cancel/`
 * (200 `[]`). Create applies, after the schema: currency, amount, sender_currency,
 * foreign_id uniqueness, in that order.
 */

import {
  createInvoiceSchema,
  emptyRequestSchema,
  type Invoice,
  scaleDecimal,
  validate,
} from '@crypto-pay/protocol';
import { Hono } from 'hono';
import { amountField, atLeast, currencyField, requireRate } from '../amount-rules.ts';
import type { SandboxCore } from '../core.ts';
import type { SandboxEnv } from '../env.ts';
import { fail } from '../failure.ts';
import { fixInvoicePayment, INVOICE_TIMER_SECONDS, isInvoiceOpen } from '../invoice-lifecycle.ts';
import { sandboxErrors } from '../sandbox-errors.ts';
import type { InvoiceRecord } from '../store.ts';

export const invoicePagePath = (foreignId: string) => `/invoice/${encodeURIComponent(foreignId)}`;

/** The spec's invoice object; `seconds_left` counts down by the sandbox clock. */
export function invoiceView(invoice: InvoiceRecord, origin: string, now: number): Invoice {
  return {
    id: invoice.id,
    url: `${origin}${invoicePagePath(invoice.foreignId)}`,
    foreign_id: invoice.foreignId,
    end_user_reference: invoice.endUserReference,
    address: invoice.address,
    title: invoice.title,
    status: invoice.status,
    currency: invoice.currency.code,
    amount: invoice.amount,
    sender_currency: invoice.senderCurrency?.code ?? null,
    sender_amount: invoice.senderAmount,
    fixed_at: invoice.fixedAt,
    release_at: invoice.releaseAt,
    seconds_left: invoice.releaseAt === null ? null : Math.max(0, invoice.releaseAt - now),
  };
}

export function invoiceRoutes(core: SandboxCore) {
  const cancel = (foreignId: string, body: unknown) => {
    const validated = validate(emptyRequestSchema, body);
    if (!validated.success) fail(validated.failure.error);
    const invoice = core.store.invoices.get(foreignId);
    if (!invoice) fail(sandboxErrors.invoiceNotFound);
    if (!isInvoiceOpen(invoice)) fail(sandboxErrors.invoiceNotCancellable(invoice.status));
    invoice.status = 'cancelled';
  };
  return new Hono<SandboxEnv>()
    .post('/invoices/create', (c) => {
      const validated = validate(createInvoiceSchema, c.get('body'));
      if (!validated.success) fail(validated.failure.error);
      const body = validated.data;
      const currency = currencyField(body.currency, 'currency');
      amountField(body.amount, 'amount', currency);
      atLeast(
        body.amount,
        currency.minimumAmount,
        sandboxErrors.amountBelowCurrencyMinimum(currency.minimumAmount, currency.code),
      );
      const senderCurrency =
        body.sender_currency === undefined
          ? undefined
          : currencyField(body.sender_currency, 'sender_currency', true);
      if (senderCurrency) requireRate(currency, senderCurrency);
      if (core.store.invoices.has(body.foreign_id)) fail(sandboxErrors.invoiceForeignIdTaken);

      const now = core.clock.now();
      const invoice: InvoiceRecord = {
        id: core.store.nextId('invoice'),
        createdAt: now,
        foreignId: body.foreign_id,
        endUserReference: body.end_user_reference,
        title: body.title,
        status: 'created',
        currency,
        amount: scaleDecimal(body.amount, 8),
        timer: body.timer,
        type: body.type ?? 'fill_or_kill',
        description: body.description,
        urlSuccess: body.url_success,
        urlFailed: body.url_failed,
        emailUser: body.email_user,
        requestedSenderCurrency: senderCurrency ?? null,
        senderCurrency: null,
        senderAmount: null,
        address: null,
        fixedAt: null,
        releaseAt: null,
        transactionId: null,
      };
      if (body.timer) {
        invoice.fixedAt = now;
        invoice.releaseAt = now + INVOICE_TIMER_SECONDS;
        if (senderCurrency) fixInvoicePayment(core, invoice, senderCurrency);
      }
      core.store.invoices.set(invoice.foreignId, invoice);
      return c.json({ data: invoiceView(invoice, new URL(c.req.url).origin, now) }, 201);
    })
    .post('/invoices/:foreign_id/cancel/', (c) => {
      cancel(c.req.param('foreign_id'), c.get('body'));
      return c.json([], 200);
    })
    .post('/invoices/:foreign_id/cancel', (c) => {
      cancel(c.req.param('foreign_id'), c.get('body'));
      return c.json([], 200);
    });
}
