import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from './config.ts';

const required = {
  PROCESSING_API_KEY: 'key',
  PROCESSING_SIGNING_SECRET: 'a-secret-value',
  PROCESSING_BASE_URL: 'https://app.sandbox.cryptoprocessing.com/api/v2',
  PROCESSING_PAYMENTS_BASE_URL: 'https://app.sandbox.cryptoprocessing.com/api/payments/v1',
};

/** The one line start-up prints for `env`. */
function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    assert.ok(!error.message.includes('\n'), 'one line');
    return error.message;
  }
  return assert.fail('the configuration was accepted');
}

describe('loadConfig', () => {
  it('fills in the documented defaults', () => {
    const config = loadConfig(required);
    assert.equal(config.port, 8787);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.databaseUrl, 'sqlite:./data/crypto-pay.db');
    assert.equal(config.paymentLifetimeSeconds, 3600);
    assert.equal(config.rateLimitPerMinute, 20);
    assert.equal(config.upstreamTimeoutMs, 10_000);
    assert.deepEqual(config.allowedOrigins, []);
    assert.equal(config.adminToken, undefined);
    assert.equal(config.openAmount, undefined);
    assert.equal(config.trustProxy, false);
    assert.equal(config.logLevel, 'info');
    assert.equal(loadConfig({ ...required, LOG_LEVEL: 'debug' }).logLevel, 'debug');
    assert.equal(config.retentionDays, 90);
    assert.equal(loadConfig({ ...required, RETENTION_DAYS: '0' }).retentionDays, 0);
    assert.equal(config.staleAfterSeconds, 3600);
    assert.equal(config.staleSweepIntervalMs, 60_000);
    assert.equal(config.statusCopySize, 10_000);
    assert.equal(loadConfig({ ...required, STATUS_COPY_SIZE: '0' }).statusCopySize, 0);
    // The copy's cache sets aside its index for the whole size at start-up; a million full is about 1 GiB.
    assert.equal(
      loadConfig({ ...required, STATUS_COPY_SIZE: '1000000' }).statusCopySize,
      1_000_000,
    );
    for (const size of ['-1', '1000001']) {
      assert.equal(
        refusal({ ...required, STATUS_COPY_SIZE: size }),
        'STATUS_COPY_SIZE must be a whole number from 0 to 1000000.',
      );
    }
    const stale = loadConfig({
      ...required,
      STALE_AFTER_SECONDS: '0',
      STALE_SWEEP_INTERVAL_MS: '200',
    });
    assert.deepEqual([stale.staleAfterSeconds, stale.staleSweepIntervalMs], [0, 200]);
  });

  it('serves metrics only on a METRICS_PORT of their own', () => {
    assert.equal(loadConfig(required).metricsPort, undefined);
    assert.equal(loadConfig({ ...required, METRICS_PORT: '9464' }).metricsPort, 9464);
    assert.equal(
      refusal({ ...required, METRICS_PORT: '0' }),
      'METRICS_PORT must be a whole number from 1 to 65535.',
    );
    assert.match(refusal({ ...required, METRICS_PORT: 'on' }), /^METRICS_PORT must be a whole/);
    assert.equal(
      refusal({ ...required, METRICS_PORT: '8787' }),
      'METRICS_PORT must differ from PORT (both are 8787).',
    );
    assert.equal(
      refusal({ ...required, PORT: '9000', METRICS_PORT: '9000' }),
      'METRICS_PORT must differ from PORT (both are 9000).',
    );
  });

  it('names a missing credential, with no default secret', () => {
    assert.match(
      refusal({ ...required, PROCESSING_SIGNING_SECRET: undefined }),
      /^PROCESSING_SIGNING_SECRET is required/,
    );
    assert.match(
      refusal({ ...required, PROCESSING_SIGNING_SECRET: '' }),
      /^PROCESSING_SIGNING_SECRET /,
    );
    assert.match(refusal({ ...required, PROCESSING_API_KEY: '  ' }), /^PROCESSING_API_KEY /);
  });

  it('names a malformed value', () => {
    assert.equal(
      refusal({ ...required, PROCESSING_BASE_URL: 'https://app.cryptoprocessing.com/api/v3' }),
      'PROCESSING_BASE_URL must end in /v2.',
    );
    assert.equal(
      refusal({ ...required, PROCESSING_PAYMENTS_BASE_URL: 'not a url' }),
      'PROCESSING_PAYMENTS_BASE_URL must be an http(s) URL.',
    );
    assert.equal(
      refusal({ ...required, PROCESSING_BASE_URL: 'https://app.cryptoprocessing.com/api/v2?x=1' }),
      'PROCESSING_BASE_URL must have no query (?…) or fragment (#…).',
    );
    assert.equal(
      refusal({
        ...required,
        PROCESSING_PAYMENTS_BASE_URL: 'https://app.cryptoprocessing.com/api/payments/v1#top',
      }),
      'PROCESSING_PAYMENTS_BASE_URL must have no query (?…) or fragment (#…).',
    );
    // Empty, yet a query or fragment all the same: the client would call `…/v2?/currencies/list`.
    for (const end of ['?', '#']) {
      assert.equal(
        refusal({
          ...required,
          PROCESSING_BASE_URL: `https://app.cryptoprocessing.com/api/v2${end}`,
        }),
        'PROCESSING_BASE_URL must have no query (?…) or fragment (#…).',
      );
    }
    assert.match(refusal({ ...required, PORT: 'eighty' }), /^PORT must be a whole number/);
    assert.match(refusal({ ...required, UPSTREAM_TIMEOUT_MS: '5' }), /^UPSTREAM_TIMEOUT_MS /);
    assert.match(
      refusal({ ...required, ALLOWED_ORIGINS: 'https://shop.example/path' }),
      /^ALLOWED_ORIGINS /,
    );
    assert.equal(
      refusal({ ...required, PUBLIC_ORIGIN: 'https://pay.shop.example/dashboard' }),
      'PUBLIC_ORIGIN must be an origin such as https://pay.shop.example.',
    );
    assert.equal(
      loadConfig({ ...required, PUBLIC_ORIGIN: 'https://pay.shop.example/' }).publicOrigin,
      'https://pay.shop.example',
    );
    assert.match(
      refusal({ ...required, ADMIN_TOKEN: 'short' }),
      /^ADMIN_TOKEN must be at least 16/,
    );
    assert.match(refusal({ ...required, DATABASE_URL: 'mysql://x' }), /^DATABASE_URL /);
    // A password's own / or #, or a port that is no number: a setting to correct, said as one,
    // with the password nowhere in it.
    for (const url of [
      'postgres://cp:pa/ssSECRET@127.0.0.1:5432/cp',
      'postgres://cp:pw@127.0.0.1:notaport/cp',
    ]) {
      const said = refusal({ ...required, DATABASE_URL: url });
      assert.equal(
        said,
        'DATABASE_URL cannot be read as an address: write a password’s @ / : # ? as %40 %2F %3A %23 %3F, and the port as a number.',
      );
    }
    assert.equal(
      refusal({ ...required, DATABASE_URL: 'postgres://cp:pw@127.0.0.1:5432/cp?sslmode=bogus' }),
      'DATABASE_URL has an sslmode that is none of disable, prefer, require, verify-ca, verify-full, no-verify.',
    );
    assert.equal(
      refusal({ ...required, DATABASE_URL: 'postgres://cp:pa@ss#w0rdSECRET@127.0.0.1:5432/cp' }),
      'DATABASE_URL holds a #, which ends an address there: write a password’s # as %23.',
    );
    assert.match(refusal({ ...required, DATABASE_POOL_SIZE: '0' }), /^DATABASE_POOL_SIZE /);
    assert.equal(
      refusal({ ...required, RETENTION_DAYS: '30d' }),
      'RETENTION_DAYS must be a whole number from 0 to 36500.',
    );
    assert.equal(
      refusal({ ...required, STALE_AFTER_SECONDS: '1h' }),
      'STALE_AFTER_SECONDS must be a whole number from 0 to 31536000.',
    );
    assert.match(
      refusal({ ...required, STALE_SWEEP_INTERVAL_MS: '10' }),
      /^STALE_SWEEP_INTERVAL_MS /,
    );
    assert.match(
      refusal({ ...required, PAYMENT_LIFETIME_SECONDS: '60' }),
      /^PAYMENT_LIFETIME_SECONDS /,
    );
    assert.match(refusal({ ...required, URL_SUCCESS: 'ftp://x' }), /^URL_SUCCESS /);
    // The service refuses a store address that is not https on a domain name, at every create.
    for (const address of [
      'http://shop.example',
      'https://192.168.1.10/shop',
      'https://localhost',
    ]) {
      assert.equal(
        refusal({ ...required, URL_STORE: address }),
        'URL_STORE must be an https URL on a domain name (not an IP address).',
      );
    }
    assert.equal(
      refusal({ ...required, LOG_LEVEL: 'verbose' }),
      'LOG_LEVEL must be one of debug, info, warn, error.',
    );
    // The service gets result addresses with checkout=<id> added: that must fit in 255.
    assert.equal(
      refusal({ ...required, URL_FAILED: `https://shop.example/${'x'.repeat(220)}` }),
      'URL_FAILED is too long: with checkout=<id> added it would pass the 255 characters the processing service accepts.',
    );
  });

  it('takes HOST as an IP address or a host name, and names one that is neither', () => {
    for (const host of ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost', 'proxy.internal']) {
      assert.equal(loadConfig({ ...required, HOST: host }).host, host);
    }
    for (const host of ['999.1.1.1', '1.2.3', 'http://0.0.0.0', '[::1]', 'a b', '-bad.example']) {
      assert.equal(
        refusal({ ...required, HOST: host }),
        'HOST must be an IP address or a host name, such as 127.0.0.1, 0.0.0.0 or ::.',
      );
    }
  });

  it('takes DASHBOARD_DEMO_ACCOUNT only on a loopback HOST (it serves an owner’s password)', () => {
    const demo = { ...required, DASHBOARD_DEMO_ACCOUNT: 'demo-owner:a-long-demo-password' };
    for (const host of [undefined, '127.0.0.1', '127.0.0.2', '::1', 'localhost']) {
      assert.deepEqual(loadConfig({ ...demo, HOST: host }).dashboardDemoAccount, {
        name: 'demo-owner',
        password: 'a-long-demo-password',
      });
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'proxy.internal']) {
      const line = refusal({ ...demo, HOST: host });
      assert.equal(
        line,
        `DASHBOARD_DEMO_ACCOUNT is only for a proxy on a loopback HOST (127.0.0.1, ::1, localhost), not ${host}: it serves an owner's password to anyone who asks. Unset it (pnpm start's demo sets it).`,
      );
      assert.ok(!line.includes('a-long-demo-password'), 'no password in the line');
    }
    // On loopback behind a reverse proxy the public reaches it all the same.
    for (const [name, value] of [
      ['TRUST_PROXY', 'true'],
      ['PUBLIC_ORIGIN', 'https://pay.example.com'],
    ] as const) {
      const line = refusal({ ...demo, [name]: value });
      assert.equal(
        line,
        `DASHBOARD_DEMO_ACCOUNT is only for a proxy no other machine can reach, not one behind a reverse proxy (${name} is set): it serves an owner's password to anyone who asks. Unset it (pnpm start's demo sets it).`,
      );
      assert.ok(!line.includes('a-long-demo-password'), 'no password in the line');
    }
    assert.ok(loadConfig({ ...demo, TRUST_PROXY: 'false' }).dashboardDemoAccount);
  });

  it('enables open amounts only with all three variables, bounds in order', () => {
    const open = {
      OPEN_AMOUNT_MIN: '1.00',
      OPEN_AMOUNT_MAX: '500.00',
      OPEN_AMOUNT_CURRENCIES: 'EUR, USD',
    };
    assert.deepEqual(loadConfig({ ...required, ...open }).openAmount, {
      min: '1.00',
      max: '500.00',
      currencies: ['EUR', 'USD'],
    });
    assert.match(
      refusal({ ...required, ...open, OPEN_AMOUNT_CURRENCIES: undefined }),
      /^OPEN_AMOUNT_CURRENCIES is required/,
    );
    assert.match(
      refusal({ ...required, ...open, OPEN_AMOUNT_MIN: '600' }),
      /^OPEN_AMOUNT_MAX must not be below/,
    );
    assert.match(
      refusal({ ...required, ...open, OPEN_AMOUNT_MAX: '1e3' }),
      /^OPEN_AMOUNT_MAX must be a positive decimal/,
    );
  });

  it('publishes the widget’s preset amounts, each one the proxy would take', () => {
    const open = {
      OPEN_AMOUNT_MIN: '1.00',
      OPEN_AMOUNT_MAX: '500.00',
      OPEN_AMOUNT_CURRENCIES: 'EUR',
    };
    assert.deepEqual(
      loadConfig({ ...required, ...open, OPEN_AMOUNT_PRESETS: '5, 20.00,50.5' }).openAmount,
      { min: '1.00', max: '500.00', currencies: ['EUR'], presets: ['5', '20.00', '50.5'] },
    );
    for (const preset of ['0.50', '500.01', '12.345']) {
      assert.equal(
        refusal({ ...required, ...open, OPEN_AMOUNT_PRESETS: `5.00,${preset}` }),
        `OPEN_AMOUNT_PRESETS must be amounts from OPEN_AMOUNT_MIN to OPEN_AMOUNT_MAX with at most 2 decimal places; ${preset} is not.`,
      );
    }
    assert.match(
      refusal({ ...required, ...open, OPEN_AMOUNT_PRESETS: '5.00,20 EUR' }),
      /^OPEN_AMOUNT_PRESETS must be comma-separated decimals/,
    );
    assert.match(
      refusal({ ...required, OPEN_AMOUNT_PRESETS: '5.00' }),
      /^OPEN_AMOUNT_PRESETS needs open amounts/,
    );
  });

  it('reads PAYMENT_CURRENCIES as ISO or ISO:network entries, all currencies when unset', () => {
    assert.deepEqual(
      loadConfig({ ...required, PAYMENT_CURRENCIES: 'BTC:bitcoin, ETH ,USDT:tron' })
        .paymentCurrencies,
      [
        { iso: 'BTC', network_name: 'bitcoin' },
        { iso: 'ETH' },
        { iso: 'USDT', network_name: 'tron' },
      ],
    );
    assert.equal(loadConfig(required).paymentCurrencies, undefined);
    assert.equal(loadConfig({ ...required, PAYMENT_CURRENCIES: '' }).paymentCurrencies, undefined);
    for (const bad of ['btc', 'BTC:', 'BTC:bit coin', ',', 'BTC;ETH', 'USDT:tron:x']) {
      assert.equal(
        refusal({ ...required, PAYMENT_CURRENCIES: bad }),
        'PAYMENT_CURRENCIES must be comma-separated ISO or ISO:network entries such as BTC:bitcoin,USDT:tron.',
        bad,
      );
    }
  });

  it('takes WEBHOOK_URL (https, or http on loopback) with WEBHOOK_SECRET, never echoing the secret', () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    assert.equal(loadConfig(required).webhook, undefined);
    for (const url of [
      'https://shop.example/hooks',
      'http://127.0.0.1:3000/h',
      'http://[::1]/h',
      'http://localhost:8080/h',
    ]) {
      assert.deepEqual(
        loadConfig({ ...required, WEBHOOK_URL: url, WEBHOOK_SECRET: secret }).webhook,
        {
          url,
          secret,
        },
      );
    }
    assert.match(
      refusal({ ...required, WEBHOOK_URL: 'http://shop.example/hooks', WEBHOOK_SECRET: secret }),
      /^WEBHOOK_URL must be an https URL \(http only on a loopback host/,
    );
    // Every delivery would fail `bad port`: refused at startup, not at each webhook.
    assert.equal(
      refusal({ ...required, WEBHOOK_URL: 'http://localhost:6000/h', WEBHOOK_SECRET: secret }),
      'WEBHOOK_URL is on port 6000, which fetch never connects to (a port of another protocol, blocked as browsers block it): give the handler another port.',
    );
    // A resolver without nss-myhostname may ask DNS for it: only `localhost` itself is loopback.
    assert.match(
      refusal({ ...required, WEBHOOK_URL: 'http://shop.localhost/h', WEBHOOK_SECRET: secret }),
      /^WEBHOOK_URL must be an https URL/,
    );
    assert.match(
      refusal({ ...required, WEBHOOK_URL: 'not a url', WEBHOOK_SECRET: secret }),
      /^WEBHOOK_URL /,
    );
    assert.match(
      refusal({ ...required, WEBHOOK_URL: 'https://shop.example/hooks' }),
      /^WEBHOOK_SECRET is required when WEBHOOK_URL is set/,
    );
    assert.match(refusal({ ...required, WEBHOOK_SECRET: secret }), /^WEBHOOK_URL is required/);
    for (const bad of [
      'whsec_c2hvcnQ=',
      'secret-without-prefix-0123456789abcdef',
      'whsec_not base64!',
    ]) {
      const line = refusal({
        ...required,
        WEBHOOK_URL: 'https://shop.example/h',
        WEBHOOK_SECRET: bad,
      });
      assert.match(line, /^WEBHOOK_SECRET must be whsec_/);
      assert.ok(!line.includes(bad));
    }
    assert.deepEqual(
      loadConfig({ ...required, WEBHOOK_RETRY_SCHEDULE_MS: '100, 200,400' }).webhookRetryScheduleMs,
      [100, 200, 400],
    );
    assert.match(
      refusal({ ...required, WEBHOOK_RETRY_SCHEDULE_MS: '1s' }),
      /^WEBHOOK_RETRY_SCHEDULE_MS /,
    );
  });

  it('reads lists and numbers', () => {
    const config = loadConfig({
      ...required,
      PORT: '0',
      ALLOWED_ORIGINS: 'https://shop.example, http://localhost:5173',
      RATE_LIMIT_CHECKOUTS_PER_MINUTE: '5',
    });
    assert.equal(config.port, 0);
    assert.deepEqual(config.allowedOrigins, ['https://shop.example', 'http://localhost:5173']);
    assert.equal(config.rateLimitPerMinute, 5);
  });

  it('caps connections per client address by default, except behind a reverse proxy', () => {
    assert.deepEqual(loadConfig(required).connections, { total: undefined, perClient: 256 });
    // Behind a reverse proxy every connection has its address: a cap would be on all of them.
    assert.deepEqual(loadConfig({ ...required, TRUST_PROXY: 'true' }).connections, {
      total: undefined,
      perClient: 0,
    });
    assert.deepEqual(
      loadConfig({
        ...required,
        TRUST_PROXY: 'true',
        MAX_CONNECTIONS: '5000',
        MAX_CONNECTIONS_PER_CLIENT: '4000',
      }).connections,
      { total: 5000, perClient: 4000 },
    );
    assert.equal(
      loadConfig({ ...required, MAX_CONNECTIONS_PER_CLIENT: '0' }).connections.perClient,
      0,
    );
    assert.match(refusal({ ...required, MAX_CONNECTIONS: '0' }), /^MAX_CONNECTIONS must be/);
    assert.match(
      refusal({ ...required, MAX_CONNECTIONS_PER_CLIENT: 'many' }),
      /^MAX_CONNECTIONS_PER_CLIENT must be/,
    );
  });

  it('reads the PostgreSQL timeouts, 5 s each by default, 0 for no statement limit', () => {
    assert.deepEqual(loadConfig(required).databaseTimeouts, { connectMs: 5000, statementMs: 5000 });
    const config = loadConfig({
      ...required,
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
    });
    assert.deepEqual(config.databaseTimeouts, { connectMs: 2000, statementMs: 0 });
    assert.equal(
      refusal({ ...required, DATABASE_STATEMENT_TIMEOUT_MS: '5s' }),
      'DATABASE_STATEMENT_TIMEOUT_MS must be a whole number from 0 to 600000.',
    );
    assert.match(
      refusal({ ...required, DATABASE_CONNECT_TIMEOUT_MS: '0' }),
      /^DATABASE_CONNECT_TIMEOUT_MS /,
    );
  });
});
