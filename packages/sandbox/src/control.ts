/**
 * The control API under `/_sandbox/` (no processing auth; the sandbox binds to loopback):
 * play outcomes, move the clock, inject faults, flip the merchant's switches, and list what
 * happened. Errors are `{error, code}` with a string code. A state change takes a JSON body and
 * no other site's page (cross-site.ts).
 */

import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_OFFSET_SECONDS } from './clock.ts';
import { isCallbackUrl } from './config.ts';
import type { SandboxCore } from './core.ts';
import { controlGuard } from './cross-site.ts';
import { type Currency, currenciesByIso } from './currencies.ts';
import type { SandboxEnv } from './env.ts';
import { expireDue } from './expiry.ts';
import { ControlFailure } from './failure.ts';
import { INVOICE_OUTCOMES, type InvoiceOutcome, settleInvoice } from './invoice-lifecycle.ts';
import {
  LifecycleConflict,
  PAYMENT_OUTCOMES,
  type PaymentOutcome,
  settlePaymentRequest,
} from './payment-lifecycle.ts';
import { invoiceView } from './routes/invoices.ts';
import { paymentRequestView } from './routes/payment-requests.ts';
import { withdrawalView } from './routes/withdrawals.ts';
import { type Faults, NO_FAULTS, newestFirst, type PaymentRequestRecord } from './store.ts';
import {
  settleWithdrawal,
  WITHDRAWAL_OUTCOMES,
  type WithdrawalOutcome,
} from './withdrawal-lifecycle.ts';

/** Control bodies are a few fields; a bigger one is refused before it is read. */
const MAX_CONTROL_BODY_BYTES = 64 * 1024;

const badRequest = (message: string) => new ControlFailure(400, 'bad_request', message);
const notFound = (what: string) => new ControlFailure(404, 'not_found', `No ${what} with this id.`);

async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw badRequest('The body must be a JSON object.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

function outcomeOf<T extends string>(body: Record<string, unknown>, allowed: readonly T[]): T {
  if (!allowed.includes(body.outcome as T)) {
    throw badRequest(`outcome must be one of: ${allowed.join(', ')}.`);
  }
  return body.outcome as T;
}

/** Runs a lifecycle step, turning a refused transition into 409. */
function transition(step: () => void): void {
  try {
    step();
  } catch (error) {
    if (error instanceof LifecycleConflict)
      throw new ControlFailure(409, 'conflict', error.message);
    throw error;
  }
}

/** The `payment_currency` of a simulate body, among the currencies the request allows. */
function payWith(record: PaymentRequestRecord, given: unknown): Currency | undefined {
  if (given === undefined) return undefined;
  const ref = given as { iso?: unknown; network_name?: unknown };
  if (typeof ref !== 'object' || ref === null || typeof ref.iso !== 'string') {
    throw badRequest('payment_currency must be {iso, network_name?}.');
  }
  const matches = currenciesByIso(ref.iso).filter(
    (currency) =>
      record.payWithOptions.includes(currency) &&
      (ref.network_name === undefined || currency.network === ref.network_name),
  );
  if (matches.length > 1) {
    const networks = matches.map((currency) => currency.network).join(' or ');
    throw new ControlFailure(
      422,
      'currency_not_allowed',
      `${ref.iso} is offered on several networks: give network_name (${networks}).`,
    );
  }
  if (matches.length === 0) {
    const on = typeof ref.network_name === 'string' ? ` on ${ref.network_name}` : '';
    throw new ControlFailure(
      422,
      'currency_not_allowed',
      `This payment request cannot be paid in ${ref.iso}${on}.`,
    );
  }
  return matches[0];
}

/** A payment request as the control API lists it. */
export function paymentRequestSummary(record: PaymentRequestRecord, origin: string) {
  const view = paymentRequestView(record, origin);
  return {
    ...view,
    foreign_id: record.foreignId ?? null,
    created_at: record.createdAt,
    payment: record.payment && {
      currency: { iso: record.payment.currency.iso, network_name: record.payment.currency.network },
      amount: record.payment.amount,
      address: record.payment.address,
      sent: record.payment.sent,
    },
  };
}

function parseFaults(body: Record<string, unknown>): Faults {
  const { latency_ms, fail_next, status, drop_connection, drop_callbacks } = body;
  const count = (value: unknown, name: string, max: number) => {
    if (value === undefined) return 0;
    if (!Number.isSafeInteger(value) || (value as number) < 0 || (value as number) > max) {
      throw badRequest(`${name} must be an integer from 0 to ${max}.`);
    }
    return value as number;
  };
  if (status !== undefined && status !== 500 && status !== 502 && status !== 503) {
    throw badRequest('status must be 500, 502 or 503.');
  }
  if (drop_connection !== undefined && typeof drop_connection !== 'boolean') {
    throw badRequest('drop_connection must be true or false.');
  }
  if (drop_callbacks !== undefined && typeof drop_callbacks !== 'boolean') {
    throw badRequest('drop_callbacks must be true or false.');
  }
  const dropConnection = drop_connection === true;
  const failNext = count(fail_next, 'fail_next', 1000);
  return {
    latencyMs: count(latency_ms, 'latency_ms', 60000),
    // Dropping with no count drops the next request only.
    failNext: dropConnection && fail_next === undefined ? 1 : failNext,
    status: (status as Faults['status'] | undefined) ?? 500,
    dropConnection,
    dropCallbacks: drop_callbacks === true,
  };
}

const faultsView = (faults: Faults) => ({
  latency_ms: faults.latencyMs,
  fail_next: faults.failNext,
  status: faults.status,
  drop_connection: faults.dropConnection,
  drop_callbacks: faults.dropCallbacks,
});

export function controlRoutes(core: SandboxCore) {
  const { store } = core;
  const origin = (url: string) => new URL(url).origin;
  return new Hono<SandboxEnv>()
    .use(controlGuard())
    .use(
      bodyLimit({
        maxSize: MAX_CONTROL_BODY_BYTES,
        onError: (c) => c.json({ error: 'The body is too large.', code: 'body_too_large' }, 413),
      }),
    )
    .post('/payment-requests/:id/simulate', async (c) => {
      const body = await jsonBody(c.req.raw);
      expireDue(core);
      const record = store.paymentRequests.get(c.req.param('id'));
      if (!record) throw notFound('payment request');
      const outcome = outcomeOf<PaymentOutcome>(body, PAYMENT_OUTCOMES);
      const currency = payWith(record, body.payment_currency);
      transition(() => settlePaymentRequest(core, record, outcome, currency));
      return c.json(paymentRequestSummary(record, origin(c.req.url)));
    })
    .post('/invoices/:foreign_id/simulate', async (c) => {
      const body = await jsonBody(c.req.raw);
      expireDue(core);
      const invoice = store.invoices.get(c.req.param('foreign_id'));
      if (!invoice) throw notFound('invoice');
      const outcome = outcomeOf<InvoiceOutcome>(body, INVOICE_OUTCOMES);
      transition(() => settleInvoice(core, invoice, outcome));
      return c.json(invoiceView(invoice, origin(c.req.url), core.clock.now()));
    })
    .post('/withdrawals/:id/simulate', async (c) => {
      const body = await jsonBody(c.req.raw);
      const withdrawal = store.withdrawals.get(Number(c.req.param('id')));
      if (!withdrawal) throw notFound('withdrawal');
      const outcome = outcomeOf<WithdrawalOutcome>(body, WITHDRAWAL_OUTCOMES);
      transition(() => settleWithdrawal(core, withdrawal, outcome));
      return c.json(withdrawalView(withdrawal));
    })
    .get('/clock', (c) =>
      c.json({ now: core.clock.now(), offset_seconds: core.clock.offsetSeconds() }),
    )
    .post('/clock', async (c) => {
      const body = await jsonBody(c.req.raw);
      const seconds = body.advance_seconds;
      if (!Number.isSafeInteger(seconds) || (seconds as number) < 0) {
        throw badRequest('advance_seconds must be a non-negative integer.');
      }
      if (core.clock.offsetSeconds() + (seconds as number) > MAX_OFFSET_SECONDS) {
        throw badRequest(
          `advance_seconds would take the sandbox clock more than 100 years ahead of real time; at most ${MAX_OFFSET_SECONDS - core.clock.offsetSeconds()} more seconds are allowed.`,
        );
      }
      core.clock.advance(seconds as number);
      expireDue(core);
      return c.json({ now: core.clock.now(), offset_seconds: core.clock.offsetSeconds() });
    })
    .get('/faults', (c) => c.json(faultsView(store.faults)))
    .post('/faults', async (c) => {
      const body = await jsonBody(c.req.raw);
      store.faults = Object.keys(body).length === 0 ? { ...NO_FAULTS } : parseFaults(body);
      return c.json(faultsView(store.faults));
    })
    .post('/merchant', async (c) => {
      const body = await jsonBody(c.req.raw);
      for (const name of ['client_enabled', 'merchant_enabled'] as const) {
        if (body[name] !== undefined && typeof body[name] !== 'boolean') {
          throw badRequest(`${name} must be true or false.`);
        }
      }
      const url = body.callback_url;
      if (url !== undefined && url !== null && (typeof url !== 'string' || !isCallbackUrl(url))) {
        throw badRequest('callback_url must be an absolute http(s) URL or null.');
      }
      if (typeof body.client_enabled === 'boolean')
        store.merchant.clientEnabled = body.client_enabled;
      if (typeof body.merchant_enabled === 'boolean')
        store.merchant.merchantEnabled = body.merchant_enabled;
      if (url !== undefined) store.merchant.callbackUrl = url as string | null;
      return c.json({
        client_enabled: store.merchant.clientEnabled,
        merchant_enabled: store.merchant.merchantEnabled,
        callback_url: store.merchant.callbackUrl,
      });
    })
    .get('/callbacks', (c) => c.json(store.callbacks))
    .post('/callbacks/:delivery_id/resend', async (c) => {
      await jsonBody(c.req.raw);
      const param = c.req.param('delivery_id');
      // Digits only: Number() would read "1e3", "0x10" or " 1" as another delivery's id.
      if (!/^\d+$/.test(param)) {
        throw badRequest('delivery_id must be digits, as GET /_sandbox/callbacks lists it.');
      }
      const deliveryId = Number(param);
      const attempt = store.callbacks.find((recorded) => recorded.delivery_id === deliveryId);
      if (!attempt) throw notFound('callback delivery');
      const resentAs = core.callbacks.resend(attempt.type, attempt.body);
      if (resentAs === undefined) {
        throw new ControlFailure(503, 'closing', 'The sandbox is closing: it sends no callback.');
      }
      return c.json({ resent: deliveryId, delivery_id: resentAs }, 202);
    })
    .get('/payment-requests', (c) => {
      expireDue(core);
      return c.json(
        newestFirst(store.paymentRequests.values()).map((record) =>
          paymentRequestSummary(record, origin(c.req.url)),
        ),
      );
    })
    .get('/invoices', (c) => {
      expireDue(core);
      const now = core.clock.now();
      return c.json(
        newestFirst(store.invoices.values()).map((invoice) => ({
          ...invoiceView(invoice, origin(c.req.url), now),
          created_at: invoice.createdAt,
        })),
      );
    })
    .get('/withdrawals', (c) =>
      c.json(
        newestFirst(store.withdrawals.values()).map((withdrawal) => ({
          ...withdrawalView(withdrawal),
          created_at: withdrawal.createdAt,
        })),
      ),
    );
}
