/** Registers `<crypto-pay>`, once the configuration of those already in the page is on its way. */
import { prefetchConfigs } from '../../api/proxy-api.ts';
import CryptoPay from './crypto-pay.component.ts';

export { CryptoPay };

if (!customElements.get('crypto-pay')) {
  // Not where there is no DOM (a server-rendering framework importing the module).
  if (globalThis.document) prefetchConfigs(document);
  customElements.define('crypto-pay', CryptoPay);
}

declare global {
  interface HTMLElementTagNameMap {
    'crypto-pay': CryptoPay;
  }
}
