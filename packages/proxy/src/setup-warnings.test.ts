import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCatalog } from './catalog.ts';
import { loadConfig } from './config.ts';
import { setupWarnings } from './setup-warnings.ts';
import { CATALOG_JSON, testEnv } from './testing.test-helpers.ts';

const urls = {
  baseUrl: 'http://127.0.0.1:1/api/v2',
  paymentsBaseUrl: 'http://127.0.0.1:1/api/payments/v1',
};

describe('setupWarnings', () => {
  it('says when no browser may call the proxy and no price can be named', () => {
    const bare = loadConfig(
      testEnv(urls, {
        ALLOWED_ORIGINS: undefined,
        ADMIN_TOKEN: undefined,
        OPEN_AMOUNT_MIN: undefined,
        OPEN_AMOUNT_MAX: undefined,
        OPEN_AMOUNT_CURRENCIES: undefined,
        URL_SUCCESS: undefined,
        URL_FAILED: undefined,
      }),
    );
    assert.deepEqual(setupWarnings(bare, new Map()), [
      'ALLOWED_ORIGINS is empty: no shop page may call /api/* from a browser (CORS refuses it).',
      'No price can be named: set CATALOG_FILE (products), OPEN_AMOUNT_MIN/MAX/CURRENCIES, or ADMIN_TOKEN (sessions).',
    ]);
  });

  it('is quiet once origins and any pricing mode are set', () => {
    const productsOnly = loadConfig(
      testEnv(urls, {
        ADMIN_TOKEN: undefined,
        OPEN_AMOUNT_MIN: undefined,
        OPEN_AMOUNT_MAX: undefined,
        OPEN_AMOUNT_CURRENCIES: undefined,
      }),
    );
    assert.deepEqual(setupWarnings(productsOnly, parseCatalog(CATALOG_JSON)), []);
    assert.deepEqual(setupWarnings(loadConfig(testEnv(urls)), new Map()), []);
  });
});
