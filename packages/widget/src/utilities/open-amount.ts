/**
 * The page's own amount (`amount` + `currency`) as the proxy's open-amount rules take it,
 * checked before the form shows so a customer never types details for a refusal.
 */
import { compareDecimal, decimalPlaces, isDecimal, scaleDecimal } from '@crypto-pay/protocol/money';
import type { WidgetConfig } from '../api/proxy-api.ts';
import { wholeOf } from '../localize/localize.ts';
import type { EarlyTranslation } from '../localize/translation.ts';
import { formatAmount } from './format.ts';

/**
 * What the rules say of an amount: the amount as the proxy will charge it, in its bounds'
 * places (`12.5` is `12.50`), or why they refuse it. `setup`: a currency the proxy takes no
 * open amount in (the page's to fix); `format`: not written as a decimal in those places
 * (`20,50`, `12.505`), with the places and the lower bound as an example; `range`: outside
 * the bounds. `message` is the page developer's (`crypto-pay-error`), here rather than in the
 * first paint's bundle.
 */
export type OpenAmountCheck =
  | { accepted: string }
  | { refused: 'setup'; message: string }
  | { refused: 'format'; places: number; example: string; message: string }
  | { refused: 'range'; message: string };

/**
 * The page's amount in ASCII digits: an Arabic-speaking customer's field may hold Arabic-Indic
 * or Persian digits and the Arabic decimal separator (`٢٠٫٥٠` is `20.50`), which say one number
 * only, unlike a comma. Spaces around it (a text field's value) are dropped.
 */
function asciiAmount(text: string): string {
  return text
    .trim()
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.');
}

/** Holds the page's amount to the proxy's open-amount rules. */
export function checkOpenAmount(
  open: WidgetConfig['open_amount'] | undefined,
  text: string,
  currency: string,
): OpenAmountCheck {
  if (!open?.currencies.includes(currency)) {
    return { refused: 'setup', message: 'The proxy takes no open amount in this currency.' };
  }
  // The proxy is sent the accepted amount, scaled, never the page's text.
  const amount = asciiAmount(text);
  const places = Math.max(decimalPlaces(open.min), decimalPlaces(open.max));
  if (!isDecimal(amount) || decimalPlaces(amount) > places) {
    const message =
      places === 0
        ? 'The amount is not a whole number written in digits.'
        : `The amount is not a decimal string with at most ${places} decimal places.`;
    return { refused: 'format', places, example: scaleDecimal(open.min, places, 'down'), message };
  }
  if (compareDecimal(amount, open.min) < 0 || compareDecimal(amount, open.max) > 0) {
    return { refused: 'range', message: 'The amount is outside open_amount.' };
  }
  return { accepted: scaleDecimal(amount, places, 'down') };
}

/**
 * Why the rules refuse an amount, for the customer: how to write it (the bounds would not say
 * what is wrong with `20,50`), or the bounds, in the customer's number format. Empty without the
 * words (English's, should their chunk fail to load).
 */
export function refusalSentence(
  check: OpenAmountCheck,
  open: NonNullable<WidgetConfig['open_amount']>,
  currency: string,
  translation: EarlyTranslation,
): string {
  const t = wholeOf(translation);
  if (!t) return '';
  if ('refused' in check && check.refused === 'format') {
    return t.amountFormat(check.example, check.places === 0);
  }
  const max = t.amountWithCurrency(formatAmount(open.max, t), currency);
  return t.amountOutOfRange(formatAmount(open.min, t), max);
}
