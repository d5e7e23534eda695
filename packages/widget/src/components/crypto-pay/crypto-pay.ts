/** Registers `<crypto-pay>`, once the configuration of those already in the page is on its way. */
import { forgetEarlyConfigs, prefetchConfigs } from '../../api/proxy-api.ts';
import CryptoPay from './crypto-pay.component.ts';

export { CryptoPay };

if (!customElements.get('crypto-pay')) {
  // Not where there is no DOM (a server-rendering framework importing the module).
  if (globalThis.document) prefetchConfigs(document);
  customElements.define('crypto-pay', CryptoPay);
  // The elements upgraded above render in microtasks: what none of them took by now is stale.
  setTimeout(forgetEarlyConfigs);
}

declare global {
  interface HTMLElementTagNameMap {
    'crypto-pay': CryptoPay;
  }
}
