import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCatalog } from './catalog.ts';
import { ConfigError } from './config.ts';

describe('parseCatalog', () => {
  it('reads sku → amount, currency, description', () => {
    const catalog = parseCatalog(
      '{"kettle":{"amount":"25.00","currency":"EUR","description":"Kettle"},"usdt-box":{"amount":"10","currency":"USDT","network_name":"tron"}}',
    );
    assert.deepEqual(catalog.get('kettle'), {
      amount: '25.00',
      currency: 'EUR',
      description: 'Kettle',
    });
    assert.equal(catalog.get('usdt-box')?.network_name, 'tron');
  });

  it('refuses a bad file with one line naming the product', () => {
    const cases: [string, RegExp][] = [
      ['not json', /^CATALOG_FILE is not valid JSON\.$/],
      ['[]', /must be a JSON object from sku to product/],
      [
        '{"kettle":{"amount":25,"currency":"EUR"}}',
        /product "kettle".*amount must be a decimal string/,
      ],
      ['{"kettle":{"amount":"-1","currency":"EUR"}}', /positive decimal/],
      ['{"kettle":{"amount":"1.00","currency":"euro"}}', /currency must be a currency code/],
      ['{"kettle":{"amount":"1.00","currency":"EUR","price":3}}', /product "kettle"/],
    ];
    for (const [json, message] of cases) {
      assert.throws(
        () => parseCatalog(json),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError);
          assert.match(error.message, message);
          return true;
        },
      );
    }
  });
});
