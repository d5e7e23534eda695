/**
 * Pricing: the browser never decides what the merchant is paid. A checkout is priced by a
 * catalogue product, by a single-use session the merchant's back end created, or (where the
 * merchant enabled it) by an amount the customer chose within configured bounds.
 */

import { compareDecimal, decimalPlaces, errors, scaleDecimal } from '@crypto-pay/protocol';
import type { CreateCheckout, OpenAmount } from '@crypto-pay/protocol/proxy-api';
import { ApiError } from '../api-error.ts';
import type { CheckoutSession, CurrencyRef, PricingMode, Store } from '../store/store.ts';
import type { Catalog, Product } from './catalog.ts';
import { hashToken } from './identity.ts';

/**
 * What the customer asked to pay for, as the checkout request says it: exactly one of the three
 * modes; the currency a code (`EUR`) or `{iso, network_name}` for a token on a network.
 */
export type PriceRequest = Pick<CreateCheckout, 'product' | 'session' | 'amount' | 'currency'>;

export interface Price {
  pricing: PricingMode;
  amount: string;
  currency: CurrencyRef;
  description?: string;
  product?: string;
  /** The claimed session: consumed when the checkout is saved, released if the create fails. */
  session?: CheckoutSession;
}

export interface PricingRules {
  catalog: Catalog;
  openAmount: OpenAmount | undefined;
  store: Store;
}

const invalid = (code: string, message: string, field: string) =>
  new ApiError(422, code, message, { field });

/** Decides the price of a checkout, or refuses with a 422 naming the field. */
export async function resolvePrice(
  request: PriceRequest,
  rules: PricingRules,
  now: number,
): Promise<Price> {
  const modes = [
    request.product !== undefined,
    request.session !== undefined,
    request.amount !== undefined || request.currency !== undefined,
  ].filter(Boolean).length;
  if (modes !== 1) {
    throw invalid(
      'pricing_required',
      'Give exactly one of product, session, or amount with currency.',
      request.product !== undefined ? 'product' : 'session',
    );
  }
  if (request.product !== undefined) return productPrice(request.product, rules.catalog);
  if (request.session !== undefined) return sessionPrice(request.session, rules.store, now);
  return openPrice(request.amount, request.currency, rules.openAmount);
}

/** The currency a catalogue product is priced in: its code, and its network for a crypto token. */
export function productCurrency(product: Product): CurrencyRef {
  return product.network_name === undefined
    ? { iso: product.currency }
    : { iso: product.currency, network_name: product.network_name };
}

function productPrice(sku: string, catalog: Catalog): Price {
  const product = catalog.get(sku);
  if (!product) throw invalid('unknown_product', 'The product is not in the catalogue.', 'product');
  const currency = productCurrency(product);
  const price: Price = { pricing: 'product', amount: product.amount, currency, product: sku };
  if (product.description !== undefined) price.description = product.description;
  return price;
}

/** Why a session cannot make a checkout (any more): the shop must create a new one. */
export const SESSION_INVALID = 'The checkout session is unknown, already used or expired.';

/** A create that names such a session made a mistake in its `session` field. */
export const sessionInvalid = () => invalid('session_invalid', SESSION_INVALID, 'session');

async function sessionPrice(token: string, store: Store, now: number): Promise<Price> {
  const session = await store.claimSession(hashToken(token), now);
  if (!session) throw sessionInvalid();
  const price: Price = {
    pricing: 'session',
    amount: session.amount,
    currency: session.currency,
    session,
  };
  if (session.description !== undefined) price.description = session.description;
  return price;
}

function openPrice(
  amount: string | undefined,
  requested: PriceRequest['currency'],
  open: OpenAmount | undefined,
): Price {
  if (!open) {
    throw invalid(
      'open_amount_disabled',
      'This merchant does not accept customer-chosen amounts.',
      'amount',
    );
  }
  if (amount === undefined) throw invalid('amount_missing', errors.amountMissing.message, 'amount');
  if (requested === undefined) {
    throw invalid('currency_missing', 'The currency is a mandatory field.', 'currency');
  }
  const currency = typeof requested === 'string' ? requested : requested.iso;
  const network = typeof requested === 'string' ? undefined : requested.network_name;
  if (!open.currencies.includes(currency)) {
    throw invalid(
      'currency_not_allowed',
      `The currency must be one of ${open.currencies.join(', ')}.`,
      'currency',
    );
  }
  const places = Math.max(decimalPlaces(open.min), decimalPlaces(open.max));
  if (decimalPlaces(amount) > places) {
    const error = errors.amountTooManyDecimals(currency, places);
    throw invalid(error.name, error.message, 'amount');
  }
  if (compareDecimal(amount, open.min) < 0) {
    throw invalid(
      'amount_below_minimum',
      `The minimum amount is ${open.min} ${currency}.`,
      'amount',
    );
  }
  if (compareDecimal(amount, open.max) > 0) {
    throw invalid(
      'amount_above_maximum',
      `The maximum amount is ${open.max} ${currency}.`,
      'amount',
    );
  }
  const priced: CurrencyRef =
    network === undefined ? { iso: currency } : { iso: currency, network_name: network };
  return { pricing: 'amount', amount: scaleDecimal(amount, places, 'down'), currency: priced };
}
