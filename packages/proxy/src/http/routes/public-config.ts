/**
 * `GET /api/config`: what the widget may offer. The payment currencies from the service's list
 * (cached), the catalogue's products, the open-amount bounds, and whether sessions are on.
 */

import type { OpenAmount, WidgetConfig } from '@crypto-pay/protocol/proxy-api';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { Catalog } from '../../checkout/catalog.ts';
import { type CurrencyCache, paymentCurrencies } from '../../checkout/currency-list.ts';
import { forCustomer } from '../../checkout/upstream.ts';
import { customerServiceErrors, ok, ref } from '../../openapi/operations.ts';
import type { CurrencyRef } from '../../store/store.ts';
import type { AppEnv } from '../context.ts';

export interface PublicConfigDeps {
  catalog: Catalog;
  openAmount: OpenAmount | undefined;
  sessionsEnabled: boolean;
  currencies: CurrencyCache;
  /** `PAYMENT_CURRENCIES`: only these are offered (when the service lists them too). */
  offered: readonly CurrencyRef[] | undefined;
}

export function publicConfigRoutes(deps: PublicConfigDeps) {
  const products = Object.fromEntries(deps.catalog);
  return new Hono<AppEnv>().get(
    '/',
    describeRoute({
      summary: 'What the widget may offer',
      responses: {
        200: ok('Config', ref('WidgetConfig')),
        403: ok(
          'origin_not_allowed: a page whose Origin is not one of ALLOWED_ORIGINS; readable by that page (its origin in Access-Control-Allow-Origin, unless null), so the widget can name the setup mistake.',
          ref('Error'),
        ),
        ...customerServiceErrors,
      },
    }),
    async (c) => {
      const entries = await deps.currencies.get().catch(forCustomer);
      c.header('Cache-Control', 'public, max-age=60');
      return c.json(
        {
          payment_currencies: paymentCurrencies(entries, deps.offered, deps.currencies.disabled()),
          products,
          open_amount: deps.openAmount ?? null,
          sessions: deps.sessionsEnabled,
        } satisfies WidgetConfig,
        200,
      );
    },
  );
}
