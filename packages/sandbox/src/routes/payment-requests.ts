/** `POST {payments_base_url}/requests`: validate with the protocol schema, apply the state rules, create. */

import { randomUUID } from 'node:crypto';
import { createPaymentRequestSchema, type PaymentRequest, validate } from '@crypto-pay/protocol';
import { Hono } from 'hono';
import type { SandboxCore } from '../core.ts';
import { currencyRef } from '../currencies.ts';
import type { SandboxEnv } from '../env.ts';
import { fail } from '../failure.ts';
import { checkPaymentRequest } from '../payment-request-rules.ts';
import type { PaymentRequestRecord } from '../store.ts';

/** Where the hosted payment page of a request lives, relative to the sandbox's origin. */
export const paymentPagePath = (id: string) => `/pay/${encodeURIComponent(id)}`;

/** The spec's payment request object: optional fields only when given, `life_time` a string. */
export function paymentRequestView(record: PaymentRequestRecord, origin: string): PaymentRequest {
  const view: PaymentRequest = {
    id: record.id,
    amount: record.amount,
    currency: currencyRef(record.currency),
    user_fee_percent: record.userFeePercent,
    status: record.status,
    life_time: String(record.lifeTime),
    payment_link: `${origin}${paymentPagePath(record.id)}`,
  };
  if (record.paymentCurrencyGiven) {
    const only = record.payWithOptions.length === 1 ? record.payWithOptions[0] : undefined;
    view.payment_currency = only ? currencyRef(only) : record.paymentCurrencyGiven;
  }
  if (record.endUserEmail !== undefined) view.end_user_email = record.endUserEmail;
  if (record.description !== undefined) view.description = record.description;
  if (record.foreignId !== undefined) view.foreign_id = record.foreignId;
  if (record.urlStore !== undefined) view.url_store = record.urlStore;
  if (record.urlSuccess !== undefined) view.url_success = record.urlSuccess;
  if (record.urlFailed !== undefined) view.url_failed = record.urlFailed;
  return view;
}

export function paymentRequestRoutes(core: SandboxCore) {
  return new Hono<SandboxEnv>().post('/requests', (c) => {
    const validated = validate(createPaymentRequestSchema, c.get('body'));
    if (!validated.success) fail(validated.failure.error);
    const body = validated.data;
    const checked = checkPaymentRequest(core, body);
    const record: PaymentRequestRecord = {
      id: randomUUID(),
      createdAt: core.clock.now(),
      amount: body.amount,
      currency: checked.currency,
      userFeePercent: body.user_fee_percent ?? 0,
      status: 'created',
      lifeTime: checked.lifeTime,
      paymentCurrencyGiven: body.payment_currency,
      payWithOptions: checked.payWithOptions,
      endUserEmail: body.end_user_email,
      endUserReference: body.end_user_reference,
      description: body.description,
      foreignId: body.foreign_id,
      urlStore: body.url_store,
      urlSuccess: body.url_success,
      urlFailed: body.url_failed,
      payment: null,
      transactionId: null,
    };
    core.store.paymentRequests.set(record.id, record);
    if (record.foreignId !== undefined) {
      core.store.paymentRequestForeignIds.set(record.foreignId, record.id);
    }
    return c.json({ data: paymentRequestView(record, new URL(c.req.url).origin) }, 200);
  });
}
