/**
 * The price an element names (a product, a session, or an open amount and its currency): whether
 * it names one, how a create states it, what the proxy's rules say of an open amount, and the
 * sessionStorage slot of its checkout.
 */
import type { CheckoutRequest, SessionPrice, WidgetConfig } from '../../api/proxy-api.ts';
import type { checkOpenAmount, OpenAmountCheck } from '../../utilities/open-amount.ts';

/** The element's attributes that name its price. */
export interface PriceHost {
  proxy: string;
  product: string | undefined;
  session: string | undefined;
  amount: string | undefined;
  currency: string | undefined;
  network: string | undefined;
}

/** The configuration, with the price of the element's session when it could be read. */
export type LoadedConfig = WidgetConfig & {
  sessionPrice?: SessionPrice | undefined;
  /** Loaded with the configuration when the price is an open amount. */
  checkOpenAmount?: typeof checkOpenAmount | undefined;
};

/** Whether the element names a price to create a checkout with. */
export function isPriced({ product, session, amount, currency }: PriceHost): boolean {
  return Boolean(product || session || (amount && currency));
}

/** The price as a create states it. */
export function requestPrice(
  host: PriceHost,
): Pick<CheckoutRequest, 'product' | 'session' | 'amount' | 'currency'> {
  const { session, product, amount, currency = '', network } = host;
  if (session) return { session };
  if (product) return { product };
  return {
    ...(amount ? { amount } : {}),
    currency: network ? { iso: currency, network_name: network } : currency,
  };
}

/** The proxy's rules on the page's open amount, once loaded with the configuration. */
export function openAmountCheckOf(
  { amount = '', currency = '' }: PriceHost,
  config: LoadedConfig | undefined,
): OpenAmountCheck | undefined {
  // Only an open amount's configuration comes with its check.
  return config?.checkOpenAmount?.(config.open_amount, amount, currency);
}

/** The sessionStorage slot of the element's checkout: one per proxy and price. */
export function storageKeyOf(host: PriceHost): string {
  const { proxy, session, product, amount, currency, network } = host;
  const price = session
    ? `session=${session}`
    : product
      ? `product=${product}`
      : `amount=${amount}:${currency}:${network ?? ''}`;
  return `${proxy}#${price}`;
}
