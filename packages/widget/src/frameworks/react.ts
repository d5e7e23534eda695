/**
 * `@crypto-pay/widget/react`: registers `<crypto-pay>` as the package's main entry does, and types
 * it in React 19's JSX: its attributes, its properties and its events.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { CryptoPay } from '../crypto-pay.ts';
import type {
  CryptoPayAttributes,
  CryptoPayEventMap,
  CryptoPayProperties,
} from './element-types.ts';

export * from '../crypto-pay.ts';

/**
 * React 19 adds a listener for a custom element's prop named `on` + the event's exact name
 * (`oncrypto-pay-success`); a camel-cased `onCryptoPaySuccess` would listen for another name.
 */
export type CryptoPayReactEventProps = {
  [Name in keyof CryptoPayEventMap as `on${Name}`]?: (event: CryptoPayEventMap[Name]) => void;
};

/**
 * The props of `<crypto-pay>` in React: the attributes (what server rendering writes, so the safe
 * choice there), the properties (React 19 sets a prop the element has as a property in the
 * browser) and the events.
 */
export type CryptoPayReactProps = DetailedHTMLProps<HTMLAttributes<CryptoPay>, CryptoPay> &
  CryptoPayAttributes &
  CryptoPayProperties &
  CryptoPayReactEventProps;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'crypto-pay': CryptoPayReactProps;
    }
  }
}
