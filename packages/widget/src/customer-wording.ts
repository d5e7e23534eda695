/**
 * What a customer reads, in English, for the merchant's dashboard: the end of a checkout and the
 * name of a network (`Bitcoin`), the widget's own functions and catalogue, so the dashboard can
 * never word them differently.
 */
export { sentencesOf as endingOf } from './components/crypto-pay/ending-sentences.ts';
export { default as enLater } from './localize/translations/en-later.ts';
export { networkName } from './utilities/format.ts';
