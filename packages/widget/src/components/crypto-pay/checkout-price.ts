/**
 * The price an element names (a product, a session, or an open amount and its currency): whether
 * it names one (how a create states it: `checkout-request.ts`), what the proxy's rules say of an
 * open amount, whether the customer chooses that amount, the sessionStorage slot of its
 * checkout, and the form field a refusal of its create names.
 */
import { ProxyError, type SessionPrice, type WidgetConfig } from '../../api/proxy-api.ts';
import type {
  checkOpenAmount,
  OpenAmountCheck,
  refusalSentence,
} from '../../utilities/open-amount.ts';
import type { amountChoiceOf } from '../amount-choice/amount-choice.ts';
import { formFieldOf } from '../sender-form/form-fields.ts';

/** The element's attributes that name its price. */
export interface PriceHost {
  proxy: string;
  product: string | undefined;
  session: string | undefined;
  amount: string | undefined;
  /** The merchant's preset amounts, whitespace-separated (`5.00 20.00 50.00`). */
  amounts: string | undefined;
  currency: string | undefined;
  network: string | undefined;
}

/** The configuration, with the price of the element's session when it could be read. */
export type LoadedConfig = WidgetConfig & {
  sessionPrice?: SessionPrice | undefined;
  /** Loaded with the configuration when the price is an open amount. */
  checkOpenAmount?: typeof checkOpenAmount | undefined;
  refusalSentence?: typeof refusalSentence | undefined;
  /** Loaded with the configuration where the customer chooses the amount. */
  amountChoiceOf?: typeof amountChoiceOf | undefined;
};

/**
 * Whether the customer chooses the open amount in the element (presets and an "other amount"
 * field): a currency with no amount of the page's, or with `amounts` to choose from too.
 */
export function offersAmountChoice({ product, session, amount, amounts, currency }: PriceHost) {
  return Boolean(!product && !session && currency && (!amount || amounts !== undefined));
}

/**
 * Whether the element names a price to create a checkout with: a currency alone is an open
 * amount the customer chooses.
 */
export function isPriced({ product, session, currency }: PriceHost): boolean {
  return Boolean(product || session || currency);
}

/** The proxy's rules on the page's open amount, once loaded with the configuration. */
export function openAmountCheckOf(
  { amount = '', currency = '' }: PriceHost,
  config: LoadedConfig | undefined,
): OpenAmountCheck | undefined {
  // Only an open amount's configuration comes with its check.
  return config?.checkOpenAmount?.(config.open_amount, amount, currency);
}

/**
 * The page's open amount as the proxy will charge it (`12.5` as `12.50`), or `undefined` when
 * its rules refuse it or the customer chooses it (no total beside the choice). Until the rules
 * are loaded (or for another price), the page's text.
 */
export function chargedOpenAmount(host: PriceHost, config: LoadedConfig | undefined) {
  if (offersAmountChoice(host)) return undefined;
  const check = openAmountCheckOf(host, config);
  if (!check) return host.amount;
  return 'accepted' in check ? check.accepted : undefined;
}

/** Why the proxy would refuse the open amount, so that no form shows (see `OpenAmountCheck`). */
export function openAmountRefusalOf(host: PriceHost, config: LoadedConfig | undefined) {
  const check = openAmountCheckOf(host, config);
  if (!check || !('refused' in check)) return undefined;
  // The customer's own amount is checked at its field: only a currency the proxy does not take
  // in open amounts stops the element.
  return offersAmountChoice(host) && check.refused !== 'setup' ? undefined : check.refused;
}

/** The sessionStorage slot of the element's checkout: one per proxy and price. */
export function storageKeyOf(host: PriceHost): string {
  const { proxy, session, product, amount, currency, network } = host;
  const price = session
    ? `session=${session}`
    : product
      ? `product=${product}`
      : `amount=${amount ?? ''}:${currency}:${network ?? ''}`;
  return `${proxy}#${price}`;
}

/** The form field a proxy's refusal of a create names, if any (the amount where the form offers it). */
export function refusedField(host: PriceHost, error: unknown) {
  const field = error instanceof ProxyError ? error.field : undefined;
  return formFieldOf(field, offersAmountChoice(host));
}
