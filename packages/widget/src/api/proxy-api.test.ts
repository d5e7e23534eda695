import { expect } from '@open-wc/testing';
import { aCheckout, fakeProxy, waitUntil } from '../../test/helpers.ts';
import {
  checkedCheckout,
  fetchConfig,
  forgetEarlyConfigs,
  ProxyError,
  prefetchConfigs,
} from './proxy-api.ts';

describe('prefetchConfigs', () => {
  const options = () => ({ signal: new AbortController().signal, timeoutMs: 5000 });
  /** Elements as a page holds them before the module runs (in a template: not upgraded). */
  const page = (markup: string) => {
    const template = document.createElement('template');
    template.innerHTML = markup;
    return template.content;
  };

  it('starts the configuration’s fetch as the module runs, and the element’s call takes it', async () => {
    const proxy = await fakeProxy({ holdConfig: true });
    prefetchConfigs(page(`<crypto-pay proxy="${proxy.url}" product="tea-crate"></crypto-pay>`));
    // Asked before any element rendered, held back by the fake until released.
    await waitUntil(async () => (await proxy.requests('/api/config', 'GET')).length === 1);
    const config = fetchConfig(proxy.url, options());
    await proxy.releaseConfig();
    expect((await config).products['tea-crate']?.amount).to.equal('25.00');
    expect(await proxy.requests('/api/config', 'GET')).to.have.length(1);
    // Taken once: a later call asks again.
    await fetchConfig(proxy.url, options());
    expect(await proxy.requests('/api/config', 'GET')).to.have.length(2);
  });

  it('asks nothing for an element that shows a checkout (a return page)', async () => {
    const proxy = await fakeProxy();
    const other = await fakeProxy();
    // The return page's element first: its fetch, were there one, would be asked for first.
    prefetchConfigs(
      page(`<crypto-pay proxy="${proxy.url}" product="tea-crate" checkout="chk_1"></crypto-pay>
        <crypto-pay proxy="${other.url}" product="tea-crate"></crypto-pay>`),
    );
    await waitUntil(async () => (await other.requests('/api/config', 'GET')).length === 1);
    expect(await proxy.requests('/api/config', 'GET')).to.have.length(0);
    await fetchConfig(other.url, options());
    await fetchConfig(proxy.url, options());
    expect(await proxy.requests('/api/config', 'GET')).to.have.length(1);
  });

  it('hands an early fetch no element took in its first render to no later call', async () => {
    const proxy = await fakeProxy();
    prefetchConfigs(page(`<crypto-pay proxy="${proxy.url}" product="tea-crate"></crypto-pay>`));
    await waitUntil(async () => (await proxy.requests('/api/config', 'GET')).length === 1);
    // What the module does once the elements in the page rendered (one showed a saved checkout).
    forgetEarlyConfigs();
    await fetchConfig(proxy.url, options());
    expect(await proxy.requests('/api/config', 'GET')).to.have.length(2);
  });

  it('still times out a fetch started early', async () => {
    const proxy = await fakeProxy({ holdConfig: true });
    prefetchConfigs(page(`<crypto-pay proxy="${proxy.url}" currency="EUR"></crypto-pay>`));
    const error = await fetchConfig(proxy.url, { ...options(), timeoutMs: 50 }).catch((e) => e);
    expect(error).to.be.instanceOf(ProxyError);
    expect((error as ProxyError).code).to.equal('timeout');
    await proxy.releaseConfig();
  });
});

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
