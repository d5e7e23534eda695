/**
 * Whether the page's own amount (`amount` + `currency`) is one the proxy's open-amount rules
 * accept, checked before the form shows so a customer never types details for a refusal.
 */
import { compareDecimal, decimalPlaces, isDecimal } from '@crypto-pay/protocol/money';
import type { WidgetConfig } from '../api/proxy-api.ts';

/** The proxy's rule: a decimal with no more places than its bounds, within them, in its list. */
export function acceptsOpenAmount(
  open: WidgetConfig['open_amount'] | undefined,
  amount: string,
  currency: string,
): boolean {
  if (!open?.currencies.includes(currency) || !isDecimal(amount)) return false;
  const places = Math.max(decimalPlaces(open.min), decimalPlaces(open.max));
  return (
    decimalPlaces(amount) <= places &&
    compareDecimal(amount, open.min) >= 0 &&
    compareDecimal(amount, open.max) <= 0
  );
}
