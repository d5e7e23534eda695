/**
 * The widget's checkout routes: create (priced on the proxy, idempotent with a key) and read
 * (with ETag and 304, its answer built on the edge headers' record: `edge-headers.ts`).
 * Following a checkout is `event-stream.ts`.
 */

import { createCheckoutSchema } from '@crypto-pay/protocol/proxy-api';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ApiError } from '../../api-error.ts';
import { type CheckoutDeps, createCheckout, findCheckoutStatus } from '../../checkout/create.ts';
import { publicCheckout } from '../../checkout/views.ts';
import {
  customerServiceErrors,
  errors,
  ok,
  ref,
  storeUnavailable,
  storeUnreadable,
  withHeaders,
} from '../../openapi/operations.ts';
import type { Store } from '../../store/store.ts';
import type { AppEnv } from '../context.ts';
import { readAnswer } from '../edge-headers.ts';
import { jsonBody } from '../validation.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export function checkoutRoutes(deps: CheckoutDeps) {
  return new Hono<AppEnv>().post(
    '/',
    jsonBody(createCheckoutSchema, 'CreateCheckout'),
    describeRoute({
      summary: 'Create a checkout',
      parameters: [
        {
          name: 'Idempotency-Key',
          in: 'header',
          description: 'The same create sent again answers the first one’s checkout.',
          schema: { type: 'string', pattern: IDEMPOTENCY_KEY.source },
        },
      ],
      responses: {
        201: withHeaders(ok('Created', ref('Checkout')), {
          Location: {
            description: 'The checkout’s address: /api/checkouts/{id}.',
            schema: { type: 'string' },
          },
          'Idempotent-Replayed': {
            description:
              'true when this is the first create’s answer, sent again for its Idempotency-Key.',
            schema: { type: 'string', enum: ['true'] },
          },
        }),
        ...errors(404, 409, 422),
        ...customerServiceErrors,
        ...storeUnavailable,
      },
    }),
    async (c) => {
      const key = c.req.header('Idempotency-Key');
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
        throw new ApiError(
          422,
          'idempotency_key_invalid',
          'The Idempotency-Key must be 1 to 255 visible ASCII characters.',
        );
      }
      const { checkout, replayed } = await createCheckout(
        deps,
        c.req.valid('json'),
        key,
        c.get('log'),
      );
      c.get('log')('info', replayed ? 'checkout replayed' : 'checkout created', {
        checkout_id: checkout.id,
        pricing: checkout.pricing,
      });
      if (replayed) c.header('Idempotent-Replayed', 'true');
      c.header('Location', `/api/checkouts/${checkout.id}`);
      return c.json(publicCheckout(checkout), 201);
    },
  );
}

/** The status read: mounted before `edgeHeadersOnAnswers`, as it answers with the record. */
export function checkoutReadRoutes(store: Store) {
  return new Hono<AppEnv>().get(
    '/:id',
    describeRoute({
      summary: 'Read a checkout (ETag, 304)',
      responses: {
        200: withHeaders(ok('Checkout', ref('Checkout')), {
          ETag: {
            description:
              'The checkout’s version: sent back as If-None-Match, answered 304 while it holds.',
            schema: { type: 'string' },
          },
        }),
        304: { description: 'Not modified' },
        ...errors(404),
        ...storeUnreadable,
      },
    }),
    async (c) => {
      const checkout = await findCheckoutStatus(store, c.req.param('id'));
      c.set('routine', true);
      // The version grows with every change, so it is the validator: no body to hash.
      const tag = `"v${checkout.version}"`;
      if (matchesETag(c.req.header('If-None-Match'), tag)) {
        return readAnswer(c, null, 304, { ETag: tag, 'Cache-Control': 'no-cache' });
      }
      return readAnswer(c, JSON.stringify(publicCheckout(checkout)), 200, {
        ETag: tag,
        'Cache-Control': 'no-cache',
        'Content-Type': 'application/json',
      });
    },
  );
}

/** `If-None-Match` (a list of tags, weak or strong, or `*`) against the current tag. */
function matchesETag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((given) => given.trim().replace(/^W\//, '') === tag);
}
