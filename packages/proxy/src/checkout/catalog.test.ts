import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError } from '../process/config.ts';
import { loadCatalog, parseCatalog } from './catalog.ts';

describe('loadCatalog', () => {
  it('names the file absolute and why it cannot be read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crypto-pay-catalog-'));
    try {
      const missing = join(dir, 'catalog.json');
      // Given relative, as a service's environment often does: named from where it was looked.
      assert.throws(() => loadCatalog(relative(process.cwd(), missing)), {
        name: 'ConfigError',
        message: `CATALOG_FILE cannot be read: ${missing} (no such file).`,
      });
      assert.throws(() => loadCatalog(dir), {
        message: `CATALOG_FILE cannot be read: ${dir} (a directory, not a file).`,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

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

  it('says exactly what is wrong with each product, never "Invalid input"', () => {
    const source = 'CATALOG_FILE ./cat.json';
    const cases: [string, string][] = [
      [
        '{"kettle":{"amount":"25.00","currency":"EUR","price":1}}',
        'CATALOG_FILE ./cat.json (product "kettle"): unknown field "price" (a product has amount, currency, network_name, description).',
      ],
      [
        '{"kettle":{"amount":"25.00","currency":"EUR","price":1,"sku":"k"}}',
        'CATALOG_FILE ./cat.json (product "kettle"): unknown fields "price", "sku" (a product has amount, currency, network_name, description).',
      ],
      [
        '{"bad sku":{"amount":"25.00","currency":"EUR"}}',
        'CATALOG_FILE ./cat.json (product "bad sku"): sku must be 1-64 letters, digits, . _ -.',
      ],
      [
        `{"${'k'.repeat(65)}":{"amount":"25.00","currency":"EUR"}}`,
        `CATALOG_FILE ./cat.json (product "${'k'.repeat(65)}"): sku must be 1-64 letters, digits, . _ -.`,
      ],
      [
        '{"kettle":{"currency":"EUR"}}',
        'CATALOG_FILE ./cat.json (product "kettle"): amount is required.',
      ],
      [
        '{"kettle":{"amount":"25.00"}}',
        'CATALOG_FILE ./cat.json (product "kettle"): currency is required.',
      ],
      [
        '{"kettle":{"amount":"25,00","currency":"EUR"}}',
        'CATALOG_FILE ./cat.json (product "kettle"): amount must be a positive decimal string such as "25.00", at most 30 digits each side of its point.',
      ],
      [
        `{"kettle":{"amount":"1${'0'.repeat(30)}","currency":"EUR"}}`,
        'CATALOG_FILE ./cat.json (product "kettle"): amount must be a positive decimal string such as "25.00", at most 30 digits each side of its point.',
      ],
      [
        '{"kettle":{"amount":"25.00","currency":"eur"}}',
        'CATALOG_FILE ./cat.json (product "kettle"): currency must be a currency code such as "EUR".',
      ],
      [
        '{"kettle":{"amount":"25.00","currency":"USDT","network_name":5}}',
        'CATALOG_FILE ./cat.json (product "kettle"): network_name must be a string such as "tron".',
      ],
      [
        '{"kettle":"25.00"}',
        'CATALOG_FILE ./cat.json (product "kettle"): must be an object such as {"amount": "25.00", "currency": "EUR"}.',
      ],
    ];
    for (const [json, message] of cases) {
      assert.throws(() => parseCatalog(json, source), { name: 'ConfigError', message });
    }
  });
});
