/**
 * The merchant API's routes in /openapi.json (`/admin/…`, behind the bearer token): checkout
 * sessions, the checkout and callback logs, and the processing service's calls it passes on.
 */

import {
  DEFAULT_PAGE_SIZE,
  listCallbacksQuerySchema,
  listCheckoutsQuerySchema,
} from '../http/request-schemas.ts';
import { callbackListSchema, checkoutListSchema, createdSessionSchema } from './answers.ts';
import { queryParameters } from './json-schema.ts';
import {
  admin,
  dataOf,
  errors,
  json,
  ok,
  pathParameter,
  ref,
  serviceErrors,
  storeUnavailable,
  storeUnreadable,
} from './operations.ts';

export function merchantPaths() {
  return {
    '/admin/checkout-sessions': {
      post: {
        ...admin,
        requestBody: json(ref('CreateSession')),
        responses: {
          201: ok('Session', createdSessionSchema),
          ...serviceErrors(400, 401, 413),
          ...storeUnavailable,
          409: ok(
            'foreign_id_taken: a stored checkout or an open session already holds the foreign_id.',
            ref('Error'),
          ),
        },
      },
    },
    '/admin/checkouts': {
      get: {
        ...admin,
        summary: 'Checkouts, newest first, a page at a time',
        parameters: queryParameters(listCheckoutsQuerySchema, {
          status: 'Only checkouts in this status.',
          foreign_id:
            'Only the checkout made with this foreign_id (the session’s, or cp_… chosen by the proxy).',
          before: 'The next_before of the previous page: only checkouts created before that one.',
          limit: `Page size, a whole number from 1 to 200 (default ${DEFAULT_PAGE_SIZE}).`,
        }),
        responses: {
          200: ok('Checkouts', checkoutListSchema),
          ...errors(401, 422),
          ...storeUnreadable,
        },
      },
    },
    '/admin/checkouts/{id}': {
      get: {
        ...admin,
        summary: 'One checkout as the list shows it (the id of the return page’s ?checkout=)',
        parameters: [pathParameter('id')],
        responses: {
          200: ok('Checkout', ref('MerchantCheckout')),
          ...errors(401, 404, 422),
          ...storeUnreadable,
        },
      },
    },
    '/admin/callbacks': {
      get: {
        ...admin,
        summary: 'The callback log, newest first, kept for RETENTION_DAYS',
        parameters: queryParameters(listCallbacksQuerySchema, {
          type: 'Only callbacks of this type, e.g. invoice or withdrawal.',
          foreign_id: 'Only callbacks about the object with this foreign_id.',
          limit: `At most this many, a whole number from 1 to 200 (default ${DEFAULT_PAGE_SIZE}).`,
        }),
        responses: {
          200: ok('Callbacks', callbackListSchema),
          ...errors(401, 422),
          ...storeUnreadable,
        },
      },
    },
    '/admin/balances': {
      get: {
        ...admin,
        responses: {
          200: ok('Balances', dataOf({ type: 'array', items: ref('BalanceEntry') })),
          ...serviceErrors(401),
        },
      },
    },
    '/admin/currencies': {
      get: {
        ...admin,
        responses: {
          200: ok('Currencies', dataOf({ type: 'array', items: ref('CurrencyEntry') })),
          ...serviceErrors(401),
        },
      },
    },
    '/admin/invoices': {
      post: {
        ...admin,
        requestBody: json(ref('CreateInvoice')),
        responses: {
          201: ok('Invoice', dataOf(ref('Invoice'))),
          ...serviceErrors(400, 401, 413),
        },
      },
    },
    '/admin/invoices/{foreign_id}/cancel': {
      post: {
        ...admin,
        parameters: [pathParameter('foreign_id')],
        responses: {
          200: ok('Cancelled', { type: 'array', maxItems: 0 }),
          ...serviceErrors(400, 401, 413),
        },
      },
    },
    '/admin/withdrawals': {
      post: {
        ...admin,
        requestBody: json(ref('CreateWithdrawal')),
        responses: {
          201: ok('Withdrawal', dataOf(ref('Withdrawal'))),
          ...serviceErrors(400, 401, 413),
        },
      },
    },
    '/admin/transactions/{id}': {
      get: {
        ...admin,
        parameters: [pathParameter('id', { type: 'integer', minimum: 1 })],
        responses: {
          200: ok('Transaction', ref('Transaction')),
          ...serviceErrors(401),
        },
      },
    },
    '/admin/transactions': {
      get: {
        ...admin,
        parameters: [
          { name: 'foreign_id', in: 'query', required: true, schema: { type: 'string' } },
        ],
        responses: {
          200: ok('Transaction', ref('Transaction')),
          ...serviceErrors(401),
        },
      },
    },
  };
}
