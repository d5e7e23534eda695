/**
 * The widget's checkout routes: create (priced on the proxy, idempotent with a key), read
 * (with ETag and 304) and follow (Server-Sent Events).
 */

import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { type CheckoutDeps, createCheckout, publicCheckout } from '../checkout.ts';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../errors.ts';
import type { CheckoutHub } from '../hub.ts';
import { createCheckoutSchema } from '../schemas.ts';
import type { CheckoutRecord } from '../store/store.ts';
import { jsonBody } from '../validation.ts';
import { checkoutEvents } from './events.ts';

export interface CheckoutRouteDeps extends CheckoutDeps {
  hub: CheckoutHub;
  heartbeatMs: number;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const CHECKOUT_ID = /^[A-Za-z0-9_-]{22,64}$/;

const unknownCheckout = () =>
  new ApiError(404, 'checkout_not_found', 'There is no checkout with this id.');

export function checkoutRoutes(deps: CheckoutRouteDeps) {
  const find = async (id: string): Promise<CheckoutRecord> => {
    const checkout = CHECKOUT_ID.test(id) ? await deps.store.getCheckout(id) : undefined;
    if (!checkout) throw unknownCheckout();
    return checkout;
  };

  return new Hono<AppEnv>()
    .post('/', jsonBody(createCheckoutSchema), async (c) => {
      const key = c.req.header('Idempotency-Key');
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
        throw new ApiError(
          422,
          'idempotency_key_invalid',
          'The Idempotency-Key must be 1 to 255 visible ASCII characters.',
        );
      }
      const { checkout, replayed } = await createCheckout(deps, c.req.valid('json'), key);
      c.get('log')('info', replayed ? 'checkout replayed' : 'checkout created', {
        checkout_id: checkout.id,
        pricing: checkout.pricing,
      });
      if (replayed) c.header('Idempotent-Replayed', 'true');
      c.header('Location', `/api/checkouts/${checkout.id}`);
      return c.json(publicCheckout(checkout), 201);
    })
    .get('/:id', etag(), async (c) => {
      const checkout = await find(c.req.param('id'));
      c.header('Cache-Control', 'no-cache');
      return c.json(publicCheckout(checkout), 200);
    })
    .get('/:id/events', async (c) => {
      const checkout = await find(c.req.param('id'));
      return checkoutEvents(c, deps, checkout);
    });
}
