/**
 * The merchant API's own records, behind `ADMIN_TOKEN`: checkout sessions, the checkout list
 * (its filters and search are `payments.ts`'s) and the callback log. The processing
 * service's operations are `processing-operations.ts`.
 */

import { decimalPlaces, scaleDecimal } from '@crypto-pay/protocol';
import type { StoredCallback as CallbackAnswer } from '@crypto-pay/protocol/merchant-api';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ApiError } from '../../api-error.ts';
import { findCheckout } from '../../checkout/create.ts';
import type { CurrencyCache } from '../../checkout/currency-list.ts';
import { checkPrice } from '../../checkout/currency-rules.ts';
import { hashToken, newSessionToken } from '../../checkout/identity.ts';
import { passThrough } from '../../checkout/upstream.ts';
import { merchantCheckout, seconds } from '../../checkout/views.ts';
import { createdSessionSchema } from '../../openapi/answers.ts';
import {
  errors,
  ok,
  ref,
  serviceErrors,
  storeUnavailable,
  storeUnreadable,
} from '../../openapi/operations.ts';
import type { CheckoutSession, CurrencyRef, Store, StoredCallback } from '../../store/store.ts';
import type { AppEnv } from '../context.ts';
import {
  createSessionSchema,
  listCallbacksQuerySchema,
  listCheckoutsQuerySchema,
  noQuerySchema,
  pageAnswer,
  pageSize,
} from '../request-schemas.ts';
import { jsonBody, queryOf } from '../validation.ts';
import { checkoutFilterOf, searchRefusals } from './payments.ts';

export interface AdminDeps {
  store: Store;
  currencies: CurrencyCache;
  now: () => number;
}

const DEFAULT_SESSION_SECONDS = 3600;

/** The session body's names of the payment request fields a price refusal concerns. */
const SESSION_FIELDS: Readonly<Record<string, string>> = {
  amount: 'amount',
  'currency.iso': 'currency',
  'currency.network_name': 'network_name',
};

/** A logged callback in the merchant API's names (snake_case, Unix seconds, as checkouts). */
function merchantCallback(entry: StoredCallback): CallbackAnswer {
  return {
    id: entry.id,
    received_at: seconds(entry.receivedAt),
    type: entry.type,
    ...(entry.objectId === undefined ? {} : { object_id: entry.objectId }),
    ...(entry.foreignId === undefined ? {} : { foreign_id: entry.foreignId }),
    ...(entry.status === undefined ? {} : { status: entry.status }),
    outcome: entry.outcome,
    body: entry.body,
  };
}

export function adminRoutes({ store, currencies, now }: AdminDeps) {
  return new Hono<AppEnv>()
    .post(
      '/checkout-sessions',
      jsonBody(createSessionSchema, 'CreateSession'),
      describeRoute({
        summary: 'Pin a price (and order, addresses) for one customer: a single-use token',
        responses: {
          201: ok('Session', createdSessionSchema),
          ...serviceErrors(),
          ...storeUnavailable,
          409: ok(
            'foreign_id_taken: a stored checkout or an open session already holds the foreign_id.',
            ref('Error'),
          ),
        },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const token = newSessionToken();
        const currency: CurrencyRef = { iso: body.currency };
        if (body.network_name !== undefined) currency.network_name = body.network_name;
        // Written without leading zeros, its decimals kept: "0042.00" is pinned as "42.00".
        const amount = scaleDecimal(body.amount, decimalPlaces(body.amount), 'down');
        await checkPrice(amount, currency, currencies, {
          listFailed: passThrough,
          fields: SESSION_FIELDS,
        });
        const createdAt = now();
        const session: CheckoutSession = {
          tokenHash: hashToken(token),
          amount,
          currency,
          expiresAt: createdAt + (body.expires_in ?? DEFAULT_SESSION_SECONDS) * 1000,
          createdAt,
        };
        if (body.foreign_id !== undefined) session.foreignId = body.foreign_id;
        if (body.end_user_reference !== undefined)
          session.endUserReference = body.end_user_reference;
        if (body.description !== undefined) session.description = body.description;
        if (body.url_store !== undefined) session.urlStore = body.url_store;
        if (body.url_success !== undefined) session.urlSuccess = body.url_success;
        if (body.url_failed !== undefined) session.urlFailed = body.url_failed;
        if ((await store.createSession(session)) === 'foreign_id_taken') {
          // The service takes a foreign_id once: the customer's create would fail and spend the token.
          throw new ApiError(
            409,
            'foreign_id_taken',
            'The foreign_id is already used by a checkout or by an open checkout session; give each payment attempt its own foreign_id.',
            { field: 'foreign_id' },
          );
        }
        c.get('log')('info', 'checkout session created');
        return c.json(
          {
            session: token,
            expires_at: seconds(session.expiresAt),
            amount: session.amount,
            currency,
          },
          201,
        );
      },
    )
    .get(
      '/checkouts',
      queryOf(listCheckoutsQuerySchema),
      describeRoute({
        summary: 'Checkouts, newest first, a page at a time, filtered or searched',
        responses: {
          200: ok('Checkouts', ref('CheckoutPage')),
          ...searchRefusals,
          ...storeUnreadable,
        },
      }),
      async (c) => {
        const query = c.req.valid('query');
        const limit = pageSize(query.limit);
        // Paged by a checkout's place: an id no checkout has would page nothing, and a script
        // reading the empty page would stop early as though it had read them all.
        if (query.before !== undefined && !(await store.getCheckout(query.before))) {
          throw new ApiError(
            422,
            'invalid_request',
            'The before must be the next_before of an earlier page: no checkout has this id.',
            { field: 'before' },
          );
        }
        const checkouts = await store.listCheckouts({
          ...(await checkoutFilterOf(store, query)),
          limit,
          ...(query.before === undefined ? {} : { before: query.before }),
        });
        return c.json(pageAnswer(checkouts, limit, merchantCheckout), 200);
      },
    )
    .get(
      '/checkouts/:id',
      queryOf(noQuerySchema),
      describeRoute({
        summary: 'One checkout as the list shows it (the id of the return page’s ?checkout=)',
        responses: {
          200: ok('Checkout', ref('MerchantCheckout')),
          ...errors(404),
          ...storeUnreadable,
        },
      }),
      async (c) => {
        const checkout = await findCheckout(store, c.req.param('id'));
        return c.json(merchantCheckout(checkout), 200);
      },
    )
    .get(
      '/callbacks',
      queryOf(listCallbacksQuerySchema),
      describeRoute({
        summary:
          'The callback log, newest first, a page at a time, searched by type, object, foreign_id and status; kept for RETENTION_DAYS',
        responses: { 200: ok('Callbacks', ref('CallbackPage')), ...storeUnreadable },
      }),
      async (c) => {
        const query = c.req.valid('query');
        const limit = pageSize(query.limit);
        const callbacks = await store.listCallbacks({
          limit,
          ...(query.type === undefined ? {} : { type: query.type }),
          ...(query.foreign_id === undefined ? {} : { foreignId: query.foreign_id }),
          ...(query.object_id === undefined ? {} : { objectId: query.object_id }),
          ...(query.status === undefined ? {} : { status: query.status }),
          ...(query.before === undefined ? {} : { before: Number(query.before) }),
        });
        return c.json(pageAnswer(callbacks, limit, merchantCallback), 200);
      },
    );
}
