/**
 * The merchant API's operations of the processing service, behind `ADMIN_TOKEN`: balances,
 * currencies, invoices, withdrawals and transactions, validated with the protocol's schemas and
 * signed on to the service. Its own refusals come back with its status, code and text; a
 * refused invoice or withdrawal goes in the audit log too, with the refusal's code. And which
 * service it is: its addresses, never its credentials.
 */

import {
  createInvoiceSchema,
  createWithdrawalSchema,
  emptyRequestSchema,
} from '@crypto-pay/protocol';
import type { ProcessingService } from '@crypto-pay/protocol/merchant-api';
import { type Context, Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ApiError } from '../../api-error.ts';
import { type ProcessingClient, passThrough } from '../../checkout/upstream.ts';
import { dataOf, ok, pathParameter, ref, serviceErrors } from '../../openapi/operations.ts';
import type { Config } from '../../process/config.ts';
import { safeUrl } from '../../tracing/private-attributes.ts';
import type { Audit } from '../audit.ts';
import type { AppEnv } from '../context.ts';
import { noQuerySchema, transactionQuerySchema } from '../request-schemas.ts';
import { jsonBody, queryOf } from '../validation.ts';

export interface ProcessingOperationDeps {
  processing: ProcessingClient;
  /** Invoices and withdrawals go in the audit log. */
  audit: Audit;
  /** PROCESSING_BASE_URL and PROCESSING_PAYMENTS_BASE_URL. */
  service: Pick<Config, 'baseUrl' | 'paymentsBaseUrl'>;
}

export function processingOperationRoutes({ processing, audit, service }: ProcessingOperationDeps) {
  const serviceAnswer: ProcessingService = {
    // Both parsed as URLs by the configuration: never undefined here.
    base_url: safeUrl(service.baseUrl)!,
    payments_base_url: safeUrl(service.paymentsBaseUrl)!,
  };
  /** Writes the refused attempt in the audit log (its code, never its text), then answers it. */
  const refusedAs =
    (
      c: Context<AppEnv>,
      action: 'invoice_refused' | 'withdrawal_refused',
      entry: { target?: string; detail: Record<string, unknown> },
    ) =>
    async (error: unknown): Promise<never> => {
      try {
        passThrough(error);
      } catch (answer) {
        const code = answer instanceof ApiError ? answer.code : 'error';
        await audit(c, action, { ...entry, detail: { ...entry.detail, code } });
        throw answer;
      }
    };
  return new Hono<AppEnv>()
    .get(
      '/processing',
      queryOf(noQuerySchema),
      describeRoute({
        summary:
          'The processing service the proxy talks to: its addresses (never its key or secret)',
        responses: { 200: ok('Processing service', ref('ProcessingService')) },
      }),
      (c) => c.json(serviceAnswer, 200),
    )
    .get(
      '/balances',
      queryOf(noQuerySchema),
      describeRoute({
        summary: 'The merchant’s balances at the service',
        responses: {
          200: ok('Balances', dataOf({ type: 'array', items: ref('BalanceEntry') })),
          ...serviceErrors(),
        },
      }),
      async (c) => {
        const data = await processing.listBalances().catch(passThrough);
        return c.json({ data }, 200);
      },
    )
    .get(
      '/currencies',
      queryOf(noQuerySchema),
      describeRoute({
        summary: 'The currencies the service offers',
        responses: {
          200: ok('Currencies', dataOf({ type: 'array', items: ref('CurrencyEntry') })),
          ...serviceErrors(),
        },
      }),
      async (c) => {
        const data = await processing.listCurrencies().catch(passThrough);
        return c.json({ data }, 200);
      },
    )
    .post(
      '/invoices',
      jsonBody(createInvoiceSchema, 'CreateInvoice'),
      describeRoute({
        summary: 'Create an invoice at the service',
        responses: { 201: ok('Invoice', dataOf(ref('Invoice'))), ...serviceErrors() },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const data = await processing.createInvoice(body).catch(
          refusedAs(c, 'invoice_refused', {
            detail: { operation: 'create', foreign_id: body.foreign_id, currency: body.currency },
          }),
        );
        c.get('log')('info', 'invoice created', { invoice_id: data.id });
        await audit(c, 'invoice_created', {
          target: String(data.id),
          detail: { foreign_id: data.foreign_id, amount: data.amount, currency: data.currency },
        });
        return c.json({ data }, 201);
      },
    )
    .post(
      '/invoices/:foreign_id/cancel',
      jsonBody(emptyRequestSchema),
      describeRoute({
        summary: 'Cancel an invoice',
        responses: {
          200: ok('Cancelled', { type: 'array', maxItems: 0, items: {} }),
          ...serviceErrors(),
        },
      }),
      async (c) => {
        const foreignId = c.req.param('foreign_id');
        await processing.cancelInvoice(foreignId).catch(
          refusedAs(c, 'invoice_refused', {
            target: foreignId,
            detail: { operation: 'cancel' },
          }),
        );
        await audit(c, 'invoice_cancelled', { target: foreignId });
        return c.json([], 200);
      },
    )
    .post(
      '/withdrawals',
      jsonBody(createWithdrawalSchema, 'CreateWithdrawal'),
      describeRoute({
        summary: 'Create a withdrawal at the service',
        responses: { 201: ok('Withdrawal', dataOf(ref('Withdrawal'))), ...serviceErrors() },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const data = await processing.createWithdrawal(body).catch(
          refusedAs(c, 'withdrawal_refused', {
            detail: { foreign_id: body.foreign_id, currency: body.currency },
          }),
        );
        c.get('log')('info', 'withdrawal created', { withdrawal_id: data.id });
        await audit(c, 'withdrawal_created', {
          target: String(data.id),
          detail: {
            foreign_id: data.foreign_id,
            amount: data.amount,
            currency: data.receiver_currency,
          },
        });
        return c.json({ data }, 201);
      },
    )
    .get(
      '/transactions',
      queryOf(transactionQuerySchema),
      describeRoute({
        summary: 'A transaction by the merchant’s foreign_id',
        responses: { 200: ok('Transaction', ref('Transaction')), ...serviceErrors() },
      }),
      async (c) => {
        const { foreign_id } = c.req.valid('query');
        const transaction = await processing.getTransaction({ foreign_id }).catch(passThrough);
        return c.json(transaction, 200);
      },
    )
    .get(
      '/transactions/:id',
      queryOf(noQuerySchema),
      describeRoute({
        summary: 'A transaction by the service’s id',
        parameters: [pathParameter('id', { type: 'integer', minimum: 1, maximum: 2_147_483_647 })],
        responses: { 200: ok('Transaction', ref('Transaction')), ...serviceErrors() },
      }),
      async (c) => {
        const id = c.req.param('id');
        if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) {
          throw new ApiError(422, 'invalid_request', 'The id must be a positive integer.', {
            field: 'id',
          });
        }
        const transaction = await processing.getTransaction({ id: Number(id) }).catch(passThrough);
        return c.json(transaction, 200);
      },
    );
}
