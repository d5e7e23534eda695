/**
 * `@crypto-pay/widget`: importing this module registers `<crypto-pay>` (and its sub-views) and
 * gives the element's class, its typed events and the types of what it talks about.
 */
export type { Checkout, CheckoutStatus, WidgetConfig } from './api/proxy-api.ts';
export { CryptoPay } from './components/crypto-pay/crypto-pay.ts';
export * from './events/index.ts';
export type {
  CryptoPayAttributes,
  CryptoPayEventMap,
  CryptoPayProperties,
} from './frameworks/element-types.ts';
export { registerMessages } from './localize/localize.ts';
export type { Plural, Translation } from './localize/translation.ts';
