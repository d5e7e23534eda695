/** `POST {base_url}/accounts/list` (balances) and `POST {base_url}/currencies/list`: body `{}`. */

import {
  type BalanceEntry,
  type CurrencyEntry,
  emptyRequestSchema,
  scaleDecimal,
  validate,
} from '@crypto-pay/protocol';
import { Hono } from 'hono';
import type { SandboxCore } from '../core.ts';
import { CURRENCIES, type Currency } from '../currencies.ts';
import type { SandboxEnv } from '../env.ts';
import { fail } from '../failure.ts';

/** The spec's currency entry: fee percents with 6 decimals. */
export function currencyEntry(currency: Currency): CurrencyEntry {
  return {
    id: currency.id,
    type: currency.type,
    currency: currency.code,
    minimum_amount: currency.minimumAmount,
    minimum_withdrawal_amount: currency.minimumWithdrawalAmount,
    deposit_confirmations: currency.depositConfirmations,
    deposit_fee_percent: scaleDecimal(currency.depositFeePercent, 6),
    withdrawal_fee_percent: scaleDecimal(currency.withdrawalFeePercent, 6),
    precision: currency.precision,
  };
}

/** One balance entry per currency, zeros included, at the currency's precision. */
export function balanceEntries(core: SandboxCore): BalanceEntry[] {
  return CURRENCIES.map((currency) => ({
    currency: currency.code,
    type: currency.type,
    balance: scaleDecimal(core.store.balances.get(currency.code) ?? '0', currency.precision),
  }));
}

export function accountRoutes(core: SandboxCore) {
  const requireEmptyBody = (body: unknown) => {
    const validated = validate(emptyRequestSchema, body);
    if (!validated.success) fail(validated.failure.error);
  };
  return new Hono<SandboxEnv>()
    .post('/accounts/list', (c) => {
      requireEmptyBody(c.get('body'));
      return c.json({ data: balanceEntries(core) }, 200);
    })
    .post('/currencies/list', (c) => {
      requireEmptyBody(c.get('body'));
      return c.json({ data: CURRENCIES.map(currencyEntry) }, 200);
    });
}
