/**
 * The merchant API's operations of the processing service, behind `ADMIN_TOKEN`: balances,
 * currencies, invoices, withdrawals and transactions, validated with the protocol's schemas and
 * signed on to the service. Its own refusals come back with its status, code and text; a
 * refused invoice or withdrawal goes in the audit log too, with the refusal's code. Every
 * invoice and withdrawal made is kept and listed (`money-operations.ts`), a withdrawal with the
 * checkout it sends money back for, of which one at a time (claimed before the service is
 * asked). And which service it is: its addresses, never its credentials.
 */

import { ProcessingUnavailableError } from '@crypto-pay/client';
import { emptyRequestSchema, stringifyJson } from '@crypto-pay/protocol';
import type {
  MoneyOperation as MoneyOperationAnswer,
  ProcessingService,
} from '@crypto-pay/protocol/merchant-api';
import { REFUND_VOID_STATUSES } from '@crypto-pay/protocol/merchant-api';
import { type Context, Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ApiError } from '../../api-error.ts';
import { findCheckout } from '../../checkout/create.ts';
import { type ProcessingClient, passThrough } from '../../checkout/upstream.ts';
import { seconds } from '../../checkout/views.ts';
import {
  dataOf,
  errors,
  ok,
  pathParameter,
  ref,
  serviceErrors,
  storeUnreadable,
} from '../../openapi/operations.ts';
import type { Config } from '../../process/config.ts';
import type { MoneyOperation, Store, StoredMoneyOperation } from '../../store/store.ts';
import { safeUrl } from '../../tracing/private-attributes.ts';
import type { Audit } from '../audit.ts';
import type { AppEnv } from '../context.ts';
import {
  createMerchantInvoiceSchema,
  createMerchantWithdrawalSchema,
  listMoneyOperationsQuerySchema,
  noQuerySchema,
  pageAnswer,
  pageSize,
  transactionQuerySchema,
} from '../request-schemas.ts';
import { jsonBody, queryOf } from '../validation.ts';

export interface ProcessingOperationDeps {
  processing: ProcessingClient;
  /** Invoices and withdrawals go in the audit log. */
  audit: Audit;
  /** PROCESSING_BASE_URL and PROCESSING_PAYMENTS_BASE_URL. */
  service: Pick<Config, 'baseUrl' | 'paymentsBaseUrl'>;
  /** Where the invoices and withdrawals made are kept, and the checkouts a refund names. */
  store: Pick<
    Store,
    | 'recordMoneyOperation'
    | 'claimWithdrawal'
    | 'fillWithdrawal'
    | 'releaseWithdrawal'
    | 'setMoneyOperationStatus'
    | 'listMoneyOperations'
    | 'getCheckout'
  >;
  now: () => number;
}

/** The answer's view of one kept: times in Unix seconds, absent fields left out. */
const operationAnswer = (operation: StoredMoneyOperation): MoneyOperationAnswer => ({
  id: operation.id,
  kind: operation.kind,
  ...(operation.objectId === undefined ? {} : { object_id: operation.objectId }),
  foreign_id: operation.foreignId,
  amount: operation.amount,
  currency: operation.currency,
  status: operation.status,
  ...(operation.url === undefined ? {} : { url: operation.url }),
  created_by: operation.createdBy,
  ...(operation.refundOf === undefined ? {} : { refund_of: operation.refundOf }),
  created_at: seconds(operation.createdAt),
  updated_at: seconds(operation.updatedAt),
});

export function processingOperationRoutes({
  processing,
  audit,
  service,
  store,
  now,
}: ProcessingOperationDeps) {
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
  /**
   * Keeps what the service made. It is made already: a store that cannot write loses the row,
   * logged, and the caller still gets the answer, so it never makes it again.
   */
  const keep = async (
    c: Context<AppEnv>,
    operation: Omit<MoneyOperation, 'createdBy' | 'createdAt' | 'updatedAt'>,
  ) => {
    const at = now();
    try {
      await store.recordMoneyOperation({
        ...operation,
        createdBy: c.get('actor')?.name ?? 'anonymous',
        createdAt: at,
        updatedAt: at,
      });
    } catch (error) {
      c.get('log')('error', `${operation.kind} not kept`, {
        foreign_id: operation.foreignId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
  /**
   * A withdrawal's row is claimed before the service is asked: one the service never answers
   * stays listed (`requested`), and its foreign_id is not sent again. A checkout is paid back
   * once: the database refuses a second claim of its refund while one is not void (cancelled,
   * declined, failed), so two people of the staff, or two proxies, cannot both pay the
   * customer. Answers the id of the claim, to fill or release once the service answered.
   */
  const claimWithdrawal = async (
    c: Context<AppEnv>,
    checkoutId: string | undefined,
    body: { foreign_id: unknown; amount?: string | undefined; currency: string },
  ) => {
    if (checkoutId !== undefined) await findCheckout(store, checkoutId);
    const claim = await store.claimWithdrawal({
      // The service answers the foreign_id as text; a number is sent as its exact digits.
      foreignId:
        typeof body.foreign_id === 'string' ? body.foreign_id : stringifyJson(body.foreign_id),
      amount: body.amount ?? '',
      currency: body.currency,
      refundOf: checkoutId,
      createdBy: c.get('actor')?.name ?? 'anonymous',
      at: now(),
    });
    if ('claimed' in claim) return claim.claimed;
    const sent = claim.inTheWay;
    // A void refund of this checkout is in the way only by its foreign_id: nothing was sent.
    if (
      checkoutId !== undefined &&
      sent.refundOf === checkoutId &&
      !REFUND_VOID_STATUSES.includes(sent.status)
    ) {
      throw new ApiError(
        409,
        'refund_already_sent',
        `Money was already sent back for this payment (withdrawal ${sent.foreignId}, ${sent.status}).`,
        { field: 'refund_of' },
      );
    }
    throw new ApiError(
      409,
      'foreign_id_taken',
      `A withdrawal with the foreign_id ${sent.foreignId} was made already: give this one its own.`,
      { field: 'foreign_id' },
    );
  };
  /**
   * Settles a claimed withdrawal the service did not take: refused (it answered no, or the
   * request never left), nothing was sent, the row goes and a refund's checkout is free again;
   * no answer (a timeout, a 5xx, a connection lost once sent), money may have left, so the claim
   * stays `requested` until the withdrawal's callback tells, and the caller is told not to send
   * it again.
   */
  const settleUnanswered = async (
    c: Context<AppEnv>,
    claimed: number,
    refundOf: string | undefined,
    error: unknown,
  ) => {
    if (!(error instanceof ProcessingUnavailableError && error.mayHaveReachedService)) {
      await store.releaseWithdrawal(claimed).catch((failure: unknown) =>
        c.get('log')('error', 'withdrawal claim not released', {
          error: failure instanceof Error ? failure.message : String(failure),
        }),
      );
      return;
    }
    const what = refundOf === undefined ? 'withdrawal' : 'refund';
    c.get('log')('warn', `${what} outcome unknown`, { reason: error.reason });
    throw new ApiError(
      error.reason === 'timeout' ? 504 : 502,
      `${what}_outcome_unknown`,
      `The processing service did not confirm the ${what}: the money may have been sent. It is listed as requested until the service’s callback tells; do not send it again.`,
      refundOf === undefined ? {} : { field: 'refund_of' },
    );
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
      jsonBody(createMerchantInvoiceSchema, 'CreateInvoice'),
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
        await keep(c, {
          kind: 'invoice',
          objectId: String(data.id),
          foreignId: data.foreign_id,
          amount: data.amount,
          currency: data.currency,
          status: data.status,
          url: data.url,
        });
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
        // The spec does not name the status a cancel leaves; the list must stop offering it.
        await store
          .setMoneyOperationStatus('invoice', foreignId, 'cancelled', now())
          .catch((error: unknown) =>
            c.get('log')('error', 'invoice cancel not kept', {
              foreign_id: foreignId,
              error: error instanceof Error ? error.message : String(error),
            }),
          );
        await audit(c, 'invoice_cancelled', { target: foreignId });
        return c.json([], 200);
      },
    )
    .post(
      '/withdrawals',
      jsonBody(createMerchantWithdrawalSchema, 'CreateWithdrawal'),
      describeRoute({
        summary:
          'Create a withdrawal at the service; with refund_of, money sent back for that checkout: refused (409) while another is not cancelled, declined or failed. One the service did not answer (502, 504, withdrawal_outcome_unknown or refund_outcome_unknown) stays requested until its callback tells: do not send it again.',
        responses: {
          201: ok('Withdrawal', dataOf(ref('Withdrawal'))),
          ...errors(404, 409),
          ...serviceErrors(),
        },
      }),
      async (c) => {
        const { refund_of: refundOf, ...body } = c.req.valid('json');
        const claimed = await claimWithdrawal(c, refundOf, body);
        const data = await processing
          .createWithdrawal(body)
          .catch(async (error: unknown) => {
            await settleUnanswered(c, claimed, refundOf, error);
            throw error;
          })
          .catch(
            refusedAs(c, 'withdrawal_refused', {
              detail: { foreign_id: body.foreign_id, currency: body.currency, refund_of: refundOf },
            }),
          );
        c.get('log')('info', 'withdrawal created', { withdrawal_id: data.id });
        // The spec's amount is in the source currency.
        const made = {
          objectId: String(data.id),
          foreignId: data.foreign_id,
          amount: data.amount,
          currency: data.sender_currency,
          status: data.status,
        };
        await store.fillWithdrawal(claimed, { ...made, at: now() }).catch((error: unknown) =>
          c.get('log')('error', 'withdrawal answer not kept', {
            foreign_id: data.foreign_id,
            error: error instanceof Error ? error.message : String(error),
          }),
        );
        await audit(c, 'withdrawal_created', {
          target: String(data.id),
          detail: {
            foreign_id: data.foreign_id,
            amount: data.amount,
            currency: data.sender_currency,
            refund_of: refundOf,
          },
        });
        return c.json({ data }, 201);
      },
    )
    .get(
      '/money-operations',
      queryOf(listMoneyOperationsQuerySchema),
      describeRoute({
        summary:
          'The invoices and withdrawals made through this API, newest first, a page at a time, with their statuses as the service’s callbacks told',
        responses: {
          200: ok('Invoices and withdrawals', ref('MoneyOperationPage')),
          ...storeUnreadable,
        },
      }),
      async (c) => {
        const query = c.req.valid('query');
        const limit = pageSize(query.limit);
        const operations = await store.listMoneyOperations({
          limit,
          ...(query.kind === undefined ? {} : { kind: query.kind }),
          ...(query.refund_of === undefined ? {} : { refundOf: query.refund_of }),
          ...(query.before === undefined ? {} : { before: Number(query.before) }),
        });
        return c.json(pageAnswer(operations, limit, operationAnswer), 200);
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
