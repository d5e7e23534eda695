/**
 * What `crypto-pay trigger` creates through the proxy, as a shop would: a checkout (for a
 * catalogue product, an open amount, or a checkout session), an invoice, a withdrawal; each with
 * a fixed test sender the sandbox accepts, never anyone real.
 */

import { randomUUID } from 'node:crypto';
import {
  type DecimalString,
  type Invoice,
  jsonNumber,
  type Withdrawal,
} from '@crypto-pay/protocol';
import { invoice, withdrawal } from '@crypto-pay/protocol/examples';
import type {
  Checkout,
  CheckoutRequest,
  MerchantCheckout,
  WidgetConfig,
} from '@crypto-pay/protocol/proxy-api';
import { CommandFailed, UsageError } from '../../failures.ts';
import { currencyOnNetwork } from '../../io.ts';
import type { ProxyApi } from '../../proxy-api.ts';

/** The sender of every trigger: a test person, plainly so. */
export const TRIGGER_SENDER = {
  sender_type: 'natural',
  sender_data: { first_name: 'Trigger', last_name: 'Test', date_of_birth: '1990-01-01' },
} as const;
const TRIGGER_EMAIL = 'trigger@example.com';
const TRIGGER_REFERENCE = 'crypto-pay-trigger';

/** The price when no flag gives one. */
export const DEFAULT_AMOUNT = '12.50';
export const DEFAULT_CURRENCY = 'EUR';
/** A withdrawal's, within the sandbox's seeded balance. */
export const DEFAULT_WITHDRAWAL = { amount: '0.001', currency: 'BTC' } as const;

/** The flags that say what is created. */
export interface ObjectFlags {
  amount?: DecimalString;
  currency?: string;
  product?: string;
  session?: boolean;
  foreignId?: string;
  paymentCurrency?: string;
  paymentNetwork?: string;
}

/** A foreign_id of our own when none is given: plainly a trigger's, unique. */
const newForeignId = () => `trigger-${randomUUID()}`;

/** How the checkout is priced, as the flags say; contradictions are usage errors. */
export type Pricing =
  | { mode: 'product'; product: string }
  | { mode: 'session'; amount: DecimalString; currency: string; foreignId?: string }
  | { mode: 'amount'; amount: DecimalString; currency: string };

export function pricingOf(flags: ObjectFlags): Pricing {
  if (flags.product !== undefined) {
    const extra = (
      [
        ['--amount', flags.amount],
        ['--currency', flags.currency],
        ['--session', flags.session],
        ['--foreign-id', flags.foreignId],
      ] as const
    ).filter(([, value]) => value !== undefined && value !== false);
    if (extra.length > 0) {
      throw new UsageError(
        `--product takes its price from the catalogue: leave out ${extra.map(([name]) => name).join(', ')} (or leave out --product to set them).`,
      );
    }
    return { mode: 'product', product: flags.product };
  }
  const amount = flags.amount ?? DEFAULT_AMOUNT;
  const currency = flags.currency ?? DEFAULT_CURRENCY;
  const open = flags.amount !== undefined || flags.currency !== undefined;
  // The proxy sets a checkout's foreign_id itself (cp_…) unless a session pins one.
  if (flags.session || flags.foreignId !== undefined || !open) {
    return {
      mode: 'session',
      amount,
      currency,
      ...(flags.foreignId === undefined ? {} : { foreignId: flags.foreignId }),
    };
  }
  return { mode: 'amount', amount, currency };
}

/**
 * The customer's `payment_currency`: the one asked for among those offered (on `network` when
 * given, else the first network it is offered on), else BTC or the first.
 */
function paymentCurrencyOf(
  config: WidgetConfig,
  asked: string | undefined,
  network: string | undefined,
) {
  const offered = config.payment_currencies;
  const iso = (asked ?? 'BTC').toUpperCase();
  const found = offered.find(
    (currency) =>
      currency.iso.toUpperCase() === iso &&
      (network === undefined || currency.network_name?.toLowerCase() === network.toLowerCase()),
  );
  const chosen = found ?? (asked === undefined && network === undefined ? offered[0] : undefined);
  if (!chosen) {
    const wanted = network === undefined ? iso : `${iso} on ${network}`;
    throw new CommandFailed(
      offered.length === 0
        ? 'The proxy offers no payment currency (GET /api/config): is the processing service reachable, and PROCESSING_API_KEY accepted?'
        : `The proxy does not offer ${wanted} to pay with; it offers ${offered.map(currencyOnNetwork).join(', ')}.`,
    );
  }
  return {
    iso: chosen.iso,
    ...(chosen.network_name === undefined ? {} : { network_name: chosen.network_name }),
  };
}

/** Creates the checkout through the proxy as the flags say, and answers it as the merchant API shows it. */
export async function createCheckout(api: ProxyApi, flags: ObjectFlags): Promise<MerchantCheckout> {
  const pricing = pricingOf(flags);
  const config = await api.get<WidgetConfig>('/api/config');
  let priced: Partial<CheckoutRequest>;
  if (pricing.mode === 'product') {
    if (!Object.hasOwn(config.products, pricing.product)) {
      const skus = Object.keys(config.products);
      throw new CommandFailed(
        `The proxy's catalogue has no product "${pricing.product}"; ${skus.length === 0 ? 'it has none (CATALOG_FILE): leave out --product' : `it has ${skus.join(', ')}`}.`,
      );
    }
    priced = { product: pricing.product };
  } else if (pricing.mode === 'amount') {
    if (config.open_amount === null) {
      throw new CommandFailed(
        'This proxy takes no open amounts (OPEN_AMOUNT_MIN, OPEN_AMOUNT_MAX unset): add --session to pin the amount in a checkout session instead.',
      );
    }
    priced = { amount: pricing.amount, currency: pricing.currency };
  } else {
    const { session } = await api.send<{ session: string }>('POST', '/admin/checkout-sessions', {
      amount: pricing.amount,
      currency: pricing.currency,
      ...(pricing.foreignId === undefined ? {} : { foreign_id: pricing.foreignId }),
    });
    priced = { session };
  }
  const created = await api.send<Checkout>('POST', '/api/checkouts', {
    ...priced,
    payment_currency: paymentCurrencyOf(config, flags.paymentCurrency, flags.paymentNetwork),
    ...TRIGGER_SENDER,
  } satisfies CheckoutRequest);
  return api.get<MerchantCheckout>(`/admin/checkouts/${encodeURIComponent(created.id)}`);
}

/** Refuses flags that contradict each other or the object, before anything is sent. */
export function checkFlags(
  object: 'checkout' | 'invoice' | 'withdrawal',
  flags: ObjectFlags,
): void {
  if (object === 'checkout') {
    pricingOf(flags);
    return;
  }
  const given = (
    [
      ['--product', flags.product],
      ['--session', flags.session],
      ['--payment-currency', flags.paymentCurrency],
      ['--payment-network', flags.paymentNetwork],
    ] as const
  ).filter(([, value]) => value !== undefined && value !== false);
  if (given.length > 0) {
    const names = given.map(([name]) => name);
    throw new UsageError(
      `${names.join(', ')} ${names.length === 1 ? 'goes' : 'go'} with checkout events only, not with ${object === 'invoice' ? 'an' : 'a'} ${object}.`,
    );
  }
}

/** Creates an invoice through the proxy (`POST /admin/invoices`): the spec's example, our sender. */
export async function createInvoice(api: ProxyApi, flags: ObjectFlags): Promise<Invoice> {
  const body = invoice({
    end_user_reference: TRIGGER_REFERENCE,
    title: 'crypto-pay trigger',
    foreign_id: flags.foreignId ?? newForeignId(),
    currency: flags.currency ?? DEFAULT_CURRENCY,
    // The service takes a JSON number: written digit for digit, never through a float.
    amount: jsonNumber(flags.amount ?? DEFAULT_AMOUNT),
    url_success: 'https://example.com/paid',
    url_failed: 'https://example.com/failed',
    email_user: TRIGGER_EMAIL,
    ...TRIGGER_SENDER,
  });
  const { data } = await api.send<{ data: Invoice }>('POST', '/admin/invoices', body);
  return data;
}

/**
 * Creates a withdrawal to the merchant's own address through the proxy (`POST
 * /admin/withdrawals`): the spec's example (the sandbox's destination), our sender.
 */
export async function createWithdrawal(api: ProxyApi, flags: ObjectFlags): Promise<Withdrawal> {
  const body = withdrawal({
    currency: flags.currency ?? DEFAULT_WITHDRAWAL.currency,
    amount: jsonNumber(flags.amount ?? DEFAULT_WITHDRAWAL.amount),
    foreign_id: flags.foreignId ?? newForeignId(),
    end_user_reference: TRIGGER_REFERENCE,
    ...TRIGGER_SENDER,
  });
  const { data } = await api.send<{ data: Withdrawal }>('POST', '/admin/withdrawals', body);
  return data;
}
