/**
 * What the amount choice offers, from the element's attributes and the proxy's rules: in the
 * choice's own chunk, since only a page that offers it needs it.
 */
import type { WidgetConfig } from '../../api/proxy-api.ts';
import type { checkOpenAmount, refusalSentence } from '../../utilities/open-amount.ts';
import type { LoadedConfig, PriceHost } from '../crypto-pay/checkout-price.ts';

/**
 * What the element needs to offer a choice: the proxy's rules and the functions that apply them
 * (from the rules' chunk, which the element loads with the configuration anyway), the currency
 * and the presets.
 */
export interface AmountChoiceSetup {
  open: NonNullable<WidgetConfig['open_amount']>;
  check: typeof checkOpenAmount;
  sentence: typeof refusalSentence;
  currency: string;
  /** The merchant's presets as written (`amounts`, else the proxy's `open_amount.presets`). */
  presets: readonly string[];
  /** The page's `amount`, if any: chosen at first (a preset's button, else the field). */
  initial: string;
}

/** The choice's setup: the page's presets (`amounts`), else the proxy's. */
export function amountChoiceOf(
  { amounts, amount = '', currency = '' }: PriceHost,
  config: LoadedConfig,
): AmountChoiceSetup | undefined {
  const { open_amount: open, checkOpenAmount: check, refusalSentence: sentence } = config;
  if (!open || !check || !sentence) return undefined;
  const presets = amounts?.split(/\s+/).filter(Boolean) ?? [];
  return {
    open,
    check,
    sentence,
    currency,
    presets: presets.length > 0 ? presets : (open.presets ?? []),
    initial: amount,
  };
}
