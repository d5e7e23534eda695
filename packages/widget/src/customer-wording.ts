/**
 * What a customer reads, in English, for the merchant's dashboard: the end of a checkout, the
 * name of a network (`Bitcoin`) and an amount (`12,500.00`), the widget's own functions and
 * catalogue, so the dashboard can never word or write them differently.
 */

import en from './localize/translations/en.ts';
import { formatAmount } from './utilities/format.ts';

export { sentencesOf as endingOf } from './components/crypto-pay/ending-sentences.ts';
export { default as enLater } from './localize/translations/en-later.ts';
export { networkName } from './utilities/format.ts';

/** `12500.00` as the widget shows it in English: `12,500.00`, every digit kept. */
export const englishAmount = (amount: string): string => formatAmount(amount, en);
