import { expect } from '@open-wc/testing';
import CryptoPay from '../components/crypto-pay/crypto-pay.component.ts';
import type { CryptoPayRenamedAttributes } from './element-types.ts';

// Typed as the interface, so an entry the typings lack or do not have fails the typecheck.
const typed: CryptoPayRenamedAttributes = {
  checkoutId: 'checkout',
  successUrl: 'success-url',
  failedUrl: 'failed-url',
};

describe('the typings of <crypto-pay> for frameworks', () => {
  it('rename the attributes the element renames, and no others', () => {
    // Static properties are read into elementProperties when the class is finalised, which
    // asking for its observed attributes does (as customElements.define would).
    expect(CryptoPay.observedAttributes).to.include('success-url');
    const renamed = Object.fromEntries(
      [...CryptoPay.elementProperties]
        .filter(
          ([name, { attribute }]) =>
            typeof attribute === 'string' && attribute !== String(name).toLowerCase(),
        )
        .map(([name, { attribute }]) => [name, attribute]),
    );
    expect(renamed, 'CryptoPayRenamedAttributes in src/frameworks/element-types.ts').to.deep.equal(
      typed,
    );
  });
});
