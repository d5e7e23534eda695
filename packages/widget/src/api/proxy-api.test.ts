import { expect } from '@open-wc/testing';
import { aCheckout } from '../../test/helpers.ts';
import { checkedCheckout, ProxyError } from './proxy-api.ts';

describe('checkedCheckout', () => {
  it('takes a checkout with what the element reads', () => {
    const checkout = aCheckout();
    expect(checkedCheckout(checkout)).to.equal(checkout);
    const withCurrency = aCheckout({ payment_currency: { iso: 'BTC', network_name: 'bitcoin' } });
    expect(checkedCheckout(withCurrency)).to.equal(withCurrency);
  });

  it('refuses one it could not show or that would run script on the page', () => {
    for (const [why, value] of [
      ['no object', null],
      ['no currency', { ...aCheckout(), currency: null }],
      ['an amount that is no text', { ...aCheckout(), amount: {} }],
      ['an expiry that is no number', { ...aCheckout(), expires_at: 'soon' }],
      ['an unknown status', { ...aCheckout(), status: 'refunded' }],
      ['a script link', aCheckout({ payment_link: 'javascript:alert(1)' })],
      ['a data link', aCheckout({ payment_link: 'data:text/html,<b>hi</b>' })],
    ] as const) {
      expect(() => checkedCheckout(value), why).to.throw(ProxyError, 'malformed checkout');
    }
  });
});
