/**
 * The back office's payments in the merchant API (behind `ADMIN_TOKEN` or a dashboard session,
 * every one a read): the checkout list's filters and reference search, its CSV export streamed
 * page by page, the figures per UTC day, and a checkout's timeline. Mounted before
 * `admin.ts`, whose `/checkouts/:id` would otherwise take `/checkouts/export` and `/daily`.
 */

import type { Timeline } from '@crypto-pay/protocol/merchant-api';
import { compareDecimal } from '@crypto-pay/protocol/money';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ApiError } from '../../api-error.ts';
import { findCheckout } from '../../checkout/create.ts';
import { dailyFigures } from '../../checkout/daily.ts';
import { timelineOf } from '../../checkout/timeline.ts';
import { merchantCheckout, seconds } from '../../checkout/views.ts';
import { errors, listOf, ok, ref, storeUnreadable } from '../../openapi/operations.ts';
import type { CheckoutFilter } from '../../store/payments.ts';
import { type CheckoutRecord, DAY_MS, type Store } from '../../store/store.ts';
import type { AppEnv } from '../context.ts';
import { csvRow } from '../csv.ts';
import {
  type CheckoutFilterQuery,
  dailyCheckoutsQuerySchema,
  exportCheckoutsQuerySchema,
  noQuerySchema,
} from '../request-schemas.ts';
import { queryOf } from '../validation.ts';

export interface PaymentsDeps {
  store: Store;
  now: () => number;
}

/** 422 `invalid_range`: a range whose end is not after its start, or too long. */
const invalidRange = (message: string, field: string) =>
  new ApiError(422, 'invalid_range', message, { field });

/** The list's 422s beyond a refused parameter. */
export const searchRefusals = {
  422: ok(
    'A query parameter not known here or a value it refuses, with the field; ambiguous_prefix: more than one checkout id begins with q; or invalid_range: created_to not after created_from, or amount_max below amount_min.',
    ref('Error'),
  ),
};

/**
 * The store's filter of a list query; `q` is looked up first (`matchCheckouts`), and a prefix
 * that begins several ids is refused rather than guessed. A range that holds nothing (from
 * after to) is refused too, as `daily` refuses one: it is a mistake, not an empty answer.
 */
export async function checkoutFilterOf(
  store: Store,
  query: CheckoutFilterQuery,
): Promise<CheckoutFilter> {
  const filter: CheckoutFilter = {};
  if (query.status !== undefined) filter.status = query.status;
  if (query.stale !== undefined) filter.stale = query.stale === 'true';
  if (query.foreign_id !== undefined) filter.foreignId = query.foreign_id;
  if (query.detail !== undefined) filter.statusDetail = query.detail;
  if (query.pricing !== undefined) filter.pricing = query.pricing;
  if (query.currency !== undefined) filter.currency = query.currency;
  if (query.created_from !== undefined) filter.createdFrom = Number(query.created_from) * 1000;
  if (query.created_to !== undefined) filter.createdTo = Number(query.created_to) * 1000;
  if (query.amount_min !== undefined) filter.amountMin = query.amount_min;
  if (query.amount_max !== undefined) filter.amountMax = query.amount_max;
  if (
    filter.createdFrom !== undefined &&
    filter.createdTo !== undefined &&
    filter.createdFrom >= filter.createdTo
  ) {
    throw invalidRange('The created_to must be after created_from.', 'created_to');
  }
  if (
    filter.amountMin !== undefined &&
    filter.amountMax !== undefined &&
    compareDecimal(filter.amountMin, filter.amountMax) > 0
  ) {
    throw invalidRange('The amount_max must not be below amount_min.', 'amount_max');
  }
  if (query.q !== undefined) {
    const match = await store.matchCheckouts(query.q);
    if (match.ambiguous) {
      throw new ApiError(
        422,
        'ambiguous_prefix',
        'More than one checkout id begins with these characters; give more of them.',
        { field: 'q' },
      );
    }
    filter.ids = match.ids;
  }
  return filter;
}

/** The export's columns, and each one's value of a checkout (times in ISO 8601, UTC). */
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
const COLUMNS: [string, (checkout: CheckoutRecord) => string | undefined][] = [
  ['id', (checkout) => checkout.id],
  ['created_at', (checkout) => iso(checkout.createdAt)],
  ['status', (checkout) => checkout.status],
  ['detail', (checkout) => checkout.statusDetail],
  ['amount', (checkout) => checkout.amount],
  ['currency', (checkout) => checkout.currency.iso],
  ['network', (checkout) => checkout.currency.network_name],
  ['paid_in', (checkout) => checkout.paymentCurrency?.iso],
  ['paid_in_network', (checkout) => checkout.paymentCurrency?.network_name],
  ['pricing', (checkout) => checkout.pricing],
  ['product', (checkout) => checkout.product],
  ['foreign_id', (checkout) => checkout.foreignId],
  ['payment_request_id', (checkout) => checkout.paymentRequestId],
  ['updated_at', (checkout) => iso(checkout.updatedAt)],
  ['expires_at', (checkout) => iso(checkout.expiresAt * 1000)],
  ['stale_since', (checkout) => iso(checkout.staleAt)],
];

/** Checkouts the export reads from the store at a time: what it holds in memory at most. */
const EXPORT_PAGE = 200;

/** The longest range of `daily`, in seconds. */
const DAY_SECONDS = DAY_MS / 1000;
const MAX_DAILY_SECONDS = 366 * DAY_SECONDS;
/** Days `daily` gives without `from`: the one `to` falls in and those before it. */
const DEFAULT_DAYS = 30;

export function paymentRoutes({ store, now }: PaymentsDeps) {
  return new Hono<AppEnv>()
    .get(
      '/checkouts/export',
      queryOf(exportCheckoutsQuerySchema),
      describeRoute({
        summary: 'Every checkout the list’s filters match, newest first, as a CSV file',
        responses: {
          200: {
            description: `A header row (${COLUMNS.map(([name]) => name).join(', ')}), then a row per checkout; times in ISO 8601 UTC. A cell that begins with = + - @, a tab or a carriage return is written with a leading ' (no spreadsheet formula).`,
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...searchRefusals,
          ...storeUnreadable,
        },
      }),
      async (c) => {
        const filter = await checkoutFilterOf(store, c.req.valid('query'));
        // The first page read before answering: a store that cannot be read is then a 503.
        let page: CheckoutRecord[] | undefined = await store.listCheckouts({
          ...filter,
          limit: EXPORT_PAGE,
        });
        const log = c.get('log');
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(csvRow(COLUMNS.map(([name]) => name))));
          },
          // One page per pull, as the client reads: a slow reader holds one page, not the list.
          async pull(controller) {
            if (!page) {
              controller.close();
              return;
            }
            const rows = page.map((checkout) =>
              csvRow(COLUMNS.map(([, value]) => value(checkout))),
            );
            controller.enqueue(encoder.encode(rows.join('')));
            const last = page.length === EXPORT_PAGE ? page.at(-1)?.id : undefined;
            try {
              page = last
                ? await store.listCheckouts({ ...filter, before: last, limit: EXPORT_PAGE })
                : undefined;
            } catch (error) {
              // Cut off, not ended: a file that stops short must not look whole.
              log('warn', 'checkout export failed', { reason: (error as Error).name });
              controller.error(error);
            }
          },
        });
        const date = new Date(now()).toISOString().slice(0, 10);
        return c.body(body, 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="payments-${date}.csv"`,
        });
      },
    )
    .get(
      '/checkouts/daily',
      queryOf(dailyCheckoutsQuerySchema),
      describeRoute({
        summary:
          'Checkouts created per UTC day, by outcome, and the share paid of those finished (paid_share null on a day when none finished)',
        responses: {
          200: ok('Days, oldest first', listOf(ref('DailyFigure'))),
          422: ok(
            'A query parameter not known here or a value it refuses; or invalid_range: to is not after from, or more than 366 days after it.',
            ref('Error'),
          ),
          ...storeUnreadable,
        },
      }),
      async (c) => {
        const query = c.req.valid('query');
        const to = query.to === undefined ? seconds(now()) : Number(query.to);
        // Whole UTC days by default: the chart's first bar is no part of a day.
        const lastDay = Math.floor((to - 1) / DAY_SECONDS);
        const from =
          query.from === undefined
            ? (lastDay - DEFAULT_DAYS + 1) * DAY_SECONDS
            : Number(query.from);
        if (to <= from || to - from > MAX_DAILY_SECONDS) {
          throw invalidRange(
            'The to must be after from, and at most 366 days after it.',
            query.to === undefined ? 'from' : 'to',
          );
        }
        const counts = await store.dailyCheckouts(from * 1000, to * 1000);
        return c.json({ data: dailyFigures(from * 1000, to * 1000, counts) }, 200);
      },
    )
    .get(
      '/checkouts/:id/timeline',
      queryOf(noQuerySchema),
      describeRoute({
        summary: 'Everything that happened to a checkout, oldest first',
        responses: {
          200: ok('The checkout and its timeline', ref('Timeline')),
          ...errors(404),
          ...storeUnreadable,
        },
      }),
      async (c) => {
        const checkout = await findCheckout(store, c.req.param('id'));
        const history = await store.checkoutHistory(checkout);
        const timeline: Timeline = {
          checkout: merchantCheckout(checkout),
          data: timelineOf(checkout, history),
        };
        return c.json(timeline, 200);
      },
    );
}
