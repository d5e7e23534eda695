/**
 * `GET /api/sessions/{token}`: the price a checkout session pins, so the widget can show what
 * the customer is about to pay before they fill in the form. The token is the merchant's
 * single-use secret the page already holds; the answer has the price and nothing else the
 * session pins (no foreign_id, reference or addresses), and looking does not use it up.
 */

import type { SessionPrice } from '@crypto-pay/protocol/proxy-api';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ApiError } from '../../api-error.ts';
import { hashToken } from '../../checkout/identity.ts';
import { SESSION_INVALID } from '../../checkout/pricing.ts';
import { seconds } from '../../checkout/views.ts';
import { errors, ok, ref, storeUnreadable } from '../../openapi/operations.ts';
import type { Store } from '../../store/store.ts';
import type { AppEnv } from '../context.ts';

export interface SessionRouteDeps {
  store: Store;
  /** Unix milliseconds. */
  now: () => number;
}

export function sessionRoutes(deps: SessionRouteDeps) {
  return new Hono<AppEnv>().get(
    '/:token',
    describeRoute({
      summary: 'The price a checkout session pins (amount, currency, description, expires_at)',
      responses: {
        200: ok('Session price', ref('SessionPrice')),
        ...errors(404),
        ...storeUnreadable,
      },
    }),
    async (c) => {
      const session = await deps.store.openSession(hashToken(c.req.param('token')), deps.now());
      // A look at its price finds nothing.
      if (!session) throw new ApiError(404, 'session_invalid', SESSION_INVALID);
      // The price may not outlive the session, and belongs to this customer only.
      c.header('Cache-Control', 'no-store');
      return c.json(
        {
          amount: session.amount,
          currency: session.currency,
          ...(session.description === undefined ? {} : { description: session.description }),
          expires_at: seconds(session.expiresAt),
        } satisfies SessionPrice,
        200,
      );
    },
  );
}
