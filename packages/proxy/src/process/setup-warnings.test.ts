import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CurrencyEntry } from '@crypto-pay/protocol';
import { parseCatalog } from '../checkout/catalog.ts';
import type { ProcessingClient } from '../checkout/upstream.ts';
import { CATALOG_JSON, seen, testEnv, testProxy, useTestSandbox } from '../testing.test-helpers.ts';
import { loadConfig } from './config.ts';
import { checkedCurrencyCache, currencyListWarnings, setupWarnings } from './setup-warnings.ts';

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
      'ALLOWED_ORIGINS is empty: no shop page on another origin may call /api/* from a browser (CORS hides the answers, creates get 403).',
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

  it('says when sender data would go to the service over plain http off this machine', () => {
    const warningsFor = (baseUrl: string, paymentsBaseUrl: string) =>
      setupWarnings(loadConfig(testEnv({ baseUrl, paymentsBaseUrl })), new Map());
    assert.deepEqual(
      warningsFor('http://processing.internal:8080/api/v2', 'https://pay.example/api/payments/v1'),
      [
        "PROCESSING_BASE_URL is plain http to processing.internal: the API key and customers' names and birth dates would cross the network unencrypted. Use https (plain http is for a sandbox on this machine).",
      ],
    );
    assert.equal(
      warningsFor('https://app.example/api/v2', 'http://10.0.0.7/api/payments/v1').length,
      1,
    );
    // A *.localhost name may be asked of DNS (a resolver without nss-myhostname): not loopback.
    assert.equal(
      warningsFor('http://sandbox.localhost:4000/api/v2', 'https://app.example/api/payments/v1')
        .length,
      1,
    );
    // The sandbox on this machine, and https anywhere, are fine.
    for (const host of [
      '127.0.0.1:4000',
      '127.1:4000',
      'localhost:4000',
      'LOCALHOST.:4000',
      '[::1]:4000',
      '[::ffff:127.0.0.1]:4000',
    ]) {
      assert.deepEqual(warningsFor(`http://${host}/api/v2`, `http://${host}/api/payments/v1`), []);
    }
    assert.deepEqual(
      warningsFor(
        'https://app.cryptoprocessing.com/api/v2',
        'https://app.cryptoprocessing.com/api/payments/v1',
      ),
      [],
    );
  });
});

/** A currency list entry as the service writes one. */
const listed = (currency: string, type: 'crypto' | 'fiat', precision: number): CurrencyEntry => ({
  id: 1,
  type,
  currency,
  minimum_amount: '1',
  minimum_withdrawal_amount: '1',
  deposit_confirmations: 0,
  deposit_fee_percent: '0.000000',
  withdrawal_fee_percent: '0.000000',
  precision,
});

const LIST = [
  listed('EUR', 'fiat', 2),
  listed('USD', 'fiat', 2),
  listed('BTC', 'crypto', 8),
  listed('USDTE', 'crypto', 6),
  listed('USDTT', 'crypto', 6),
];

const BAD_CATALOG = JSON.stringify({
  kettle: { amount: '25.00', currency: 'EUR' },
  lamp: { amount: '19.999', currency: 'EUR' },
  mug: { amount: '5.00', currency: 'GBP' },
  stickers: { amount: '10', currency: 'USDT' },
  poster: { amount: '10', currency: 'USDT', network_name: 'solana' },
  tee: { amount: '12.5', currency: 'USDT', network_name: 'tron' },
});

describe('currencyListWarnings', () => {
  it('names each catalogue product and PAYMENT_CURRENCIES entry the list cannot take', () => {
    const offered = loadConfig(
      testEnv(urls, { PAYMENT_CURRENCIES: 'BTC,USDT:tron,USDT:polygon,DOGE' }),
    ).paymentCurrencies;
    assert.deepEqual(currencyListWarnings(parseCatalog(BAD_CATALOG), offered, LIST), [
      'CATALOG_FILE product "lamp" (19.999 EUR) cannot be bought: the service would refuse it with "The amount for EUR cannot have more than 2 decimal places."',
      'CATALOG_FILE product "mug" (5.00 GBP) cannot be bought: the service would refuse it with "The currency.iso is incorrect."',
      'CATALOG_FILE product "stickers" (10 USDT) cannot be bought: the service would refuse it with "The currency.network_name field is mandatory for crypto currencies."',
      'CATALOG_FILE product "poster" (10 USDT on solana) cannot be bought: the service would refuse it with "The combination of currency and network is not supported."',
      "PAYMENT_CURRENCIES entry USDT on polygon matches no crypto currency in the service's currency list, so it is never offered.",
      "PAYMENT_CURRENCIES entry DOGE matches no crypto currency in the service's currency list, so it is never offered.",
    ]);
    assert.deepEqual(currencyListWarnings(parseCatalog(CATALOG_JSON), undefined, LIST), []);
  });

  it('are logged once, when the proxy first fetches the currency list', async () => {
    const lines: string[] = [];
    let fetched = 0;
    const processing = {
      listCurrencies: async () => {
        fetched++;
        return LIST;
      },
    } as unknown as ProcessingClient;
    const clock = { now: 0 };
    const currencies = checkedCurrencyCache({
      config: loadConfig(testEnv(urls, { PAYMENT_CURRENCIES: 'BTC,USDT:polygon' })),
      processing,
      catalog: parseCatalog(BAD_CATALOG),
      log: (level, message) => lines.push(`${level} ${message}`),
      monotonicNow: () => clock.now,
      ttlMs: 1000,
    });
    assert.equal(lines.length, 0, 'nothing before the list is fetched');
    await currencies.get();
    assert.equal(lines.length, 5);
    assert.ok(lines.every((line) => line.startsWith('warn ')));
    assert.ok(lines[0]!.includes('"lamp"'));
    assert.ok(lines[4]!.includes('USDT on polygon'));
    clock.now += 2000;
    await currencies.get();
    assert.equal(fetched, 2);
    assert.equal(lines.length, 5, 'a refresh does not repeat them');
  });
});

describe('a proxy', () => {
  const shared = useTestSandbox();

  it('logs the currency list warnings when it first fetches the list', async () => {
    const proxy = testProxy(shared.sandbox, { PAYMENT_CURRENCIES: 'BTC,USDT:polygon' });
    const warning =
      "PAYMENT_CURRENCIES entry USDT on polygon matches no crypto currency in the service's currency list, so it is never offered.";
    const logged = () => seen.filter((line) => line.includes(warning)).length;
    const before = logged();
    assert.equal((await proxy.request('/api/config')).status, 200);
    assert.equal(logged(), before + 1);
    assert.equal((await proxy.request('/api/config')).status, 200);
    assert.equal(logged(), before + 1, 'once');
  });
});
