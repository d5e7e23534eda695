/**
 * `@crypto-pay/widget/vue`: registers `<crypto-pay>` as the package's main entry does, and types it
 * in Vue's templates (vue-tsc, Vue's editor tools) as Vue's guide types a custom element.
 */
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
import type { CryptoPay } from '../crypto-pay.ts';
import type {
  CryptoPayAttributeOf,
  CryptoPayEventMap,
  CryptoPayProperties,
} from './element-types.ts';

export * from '../crypto-pay.ts';

type Camelize<Name extends string> = Name extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<Camelize<Tail>>}`
  : Name;

/**
 * Each property under its attribute's camel-cased name: Vue's tools read `success-url` in a
 * template as `successUrl`, and Vue itself sets it as the attribute, which the element reads
 * (`checkout-id` would be neither its attribute nor its property).
 */
export type CryptoPayVueProps = {
  [Name in keyof CryptoPayProperties as Camelize<
    CryptoPayAttributeOf<Name>
  >]?: CryptoPayProperties[Name];
};

/** `<crypto-pay>` as a Vue component type: `$props` and `$emit` are read by the template checker only. */
export type CryptoPayVueComponent = new () => CryptoPay & {
  /** @deprecated For template type checking only: the element has no `$props`. */
  $props: HTMLAttributes & PublicProps & CryptoPayVueProps;
  /** @deprecated For template type checking only: the element has no `$emit`. */
  $emit: EmitFn<{
    [Name in keyof CryptoPayEventMap]: (event: CryptoPayEventMap[Name]) => void;
  }>;
};

declare module 'vue' {
  interface GlobalComponents {
    'crypto-pay': CryptoPayVueComponent;
  }
}
