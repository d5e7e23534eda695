/**
 * What a page or a framework sets on `<crypto-pay>` and hears from it, derived from the
 * element's class and its event classes, so that no framework's typing can drift from them.
 */
import type { LitElement } from 'lit';
import type CryptoPay from '../components/crypto-pay/crypto-pay.component.ts';
import type {} from '../events/index.ts';

/** Public fields of the class that are not for pages (marked internal in their JSDoc). */
type InternalField = 'timing';

type OwnField = Exclude<keyof CryptoPay, keyof LitElement | InternalField>;

/** The element's own properties (its methods aside), each as the class types it. */
export type CryptoPayProperties = {
  [Name in OwnField as CryptoPay[Name] extends (...args: never[]) => unknown
    ? never
    : Name]?: CryptoPay[Name];
};

/**
 * The properties whose attribute is not their name in lower case (Lit's `attribute` option).
 * The widget's tests hold this list to the element's declarations.
 */
export interface CryptoPayRenamedAttributes {
  checkoutId: 'checkout';
  successUrl: 'success-url';
  failedUrl: 'failed-url';
}

/** The attribute of a property: Lit's default (the name in lower case) unless renamed. */
export type CryptoPayAttributeOf<Name extends keyof CryptoPayProperties> =
  Name extends keyof CryptoPayRenamedAttributes
    ? CryptoPayRenamedAttributes[Name]
    : Lowercase<Name & string>;

/** The element's attributes, each typed as its property (`mode="link"`, `success-url="/paid"`). */
export type CryptoPayAttributes = {
  [Name in keyof CryptoPayProperties as CryptoPayAttributeOf<Name>]?: CryptoPayProperties[Name];
};

/**
 * Every event the element dispatches, by name: the `crypto-pay-*` entries that its event modules
 * add to `GlobalEventHandlersEventMap`, each with its class (and so its `detail`).
 */
export type CryptoPayEventMap = {
  [Name in keyof GlobalEventHandlersEventMap as Name extends `crypto-pay-${string}`
    ? Name
    : never]: GlobalEventHandlersEventMap[Name];
};
