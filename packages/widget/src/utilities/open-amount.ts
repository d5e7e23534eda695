/**
 * The page's own amount (`amount` + `currency`) as the proxy's open-amount rules take it,
 * checked before the form shows so a customer never types details for a refusal.
 */
import { compareDecimal, decimalPlaces, isDecimal, scaleDecimal } from '@crypto-pay/protocol/money';
import type { WidgetConfig } from '../api/proxy-api.ts';

/**
 * The amount as the proxy will charge it, in its bounds' places (`12.5` is `12.50`), or
 * `undefined` when its rule refuses it: a decimal with no more places than the bounds, within
 * them, in a currency it lists.
 */
export function acceptedOpenAmount(
  open: WidgetConfig['open_amount'] | undefined,
  amount: string,
  currency: string,
): string | undefined {
  if (!open?.currencies.includes(currency) || !isDecimal(amount)) return undefined;
  const places = Math.max(decimalPlaces(open.min), decimalPlaces(open.max));
  const accepted =
    decimalPlaces(amount) <= places &&
    compareDecimal(amount, open.min) >= 0 &&
    compareDecimal(amount, open.max) <= 0;
  return accepted ? scaleDecimal(amount, places, 'down') : undefined;
}
