/**
 * What a customer reads at the end of a checkout, in English, for the merchant's dashboard: the
 * widget's own function and catalogue, so the dashboard can never word it differently.
 */
export { sentencesOf as endingOf } from './components/crypto-pay/ending-sentences.ts';
export { default as enLater } from './localize/translations/en-later.ts';
