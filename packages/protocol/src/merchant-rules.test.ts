import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codeOfCurrency, currencyOfCode } from './merchant-rules.ts';

describe('currency codes of the list and the balances', () => {
  it('name one asset on one network, both ways', () => {
    assert.deepEqual(currencyOfCode('USDTT'), { iso: 'USDT', network_name: 'tron' });
    assert.deepEqual(currencyOfCode('USDTE'), { iso: 'USDT', network_name: 'ethereum' });
    assert.deepEqual(currencyOfCode('BTC'), { iso: 'BTC', network_name: 'bitcoin' });
    assert.equal(codeOfCurrency({ iso: 'USDT', network_name: 'tron' }), 'USDTT');
    assert.equal(codeOfCurrency({ iso: 'USDT', network_name: 'ethereum' }), 'USDTE');
    assert.equal(codeOfCurrency({ iso: 'BTC', network_name: 'bitcoin' }), 'BTC');
  });

  it('take a code or a currency they do not know as its own iso', () => {
    assert.deepEqual(currencyOfCode('EUR'), { iso: 'EUR' });
    assert.equal(codeOfCurrency({ iso: 'EUR' }), 'EUR');
    assert.equal(codeOfCurrency({ iso: 'USDT', network_name: null }), 'USDT');
    // Not guessed: USDT alone is no code of the service's.
    assert.equal(codeOfCurrency({ iso: 'USDT', network_name: 'solana' }), undefined);
  });
});
