import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  ConfigError,
  MAX_CLOCK_SKEW_SECONDS,
  optionsFromEnvironment,
  resolveOptions,
} from './config.ts';

describe('options from the environment', () => {
  test('defaults to port 8790 and reads every SANDBOX_ variable', () => {
    assert.deepEqual(optionsFromEnvironment({}, []), { port: 8790 });
    assert.deepEqual(
      optionsFromEnvironment(
        {
          SANDBOX_PORT: '9000',
          SANDBOX_HOST: '0.0.0.0',
          SANDBOX_API_KEY: 'k',
          SANDBOX_SIGNING_SECRET: 's',
          SANDBOX_CALLBACK_URL: 'http://127.0.0.1:8787/callbacks/processing',
          SANDBOX_BLOCKED_HOSTS: 'bad.example, worse.example',
          SANDBOX_ALLOWED_HOSTS: 'sandbox, host.containers.internal',
          SANDBOX_CALLBACK_RETRY_DELAYS_MS: '10,20',
          SANDBOX_CLOCK_SKEW_SECONDS: '-600',
        },
        [],
      ),
      {
        port: 9000,
        host: '0.0.0.0',
        apiKey: 'k',
        signingSecret: 's',
        callbackUrl: 'http://127.0.0.1:8787/callbacks/processing',
        blockedHosts: ['bad.example', 'worse.example'],
        allowedHosts: ['sandbox', 'host.containers.internal'],
        callbackRetryDelaysMs: [10, 20],
        clockSkewSeconds: -600,
      },
    );
  });

  test('flags win over variables', () => {
    const options = optionsFromEnvironment({ SANDBOX_PORT: '9000' }, ['--port', '0', '--host=::1']);
    assert.equal(options.port, 0);
    assert.equal(options.host, '::1');
  });

  test('names the bad flag or variable', () => {
    assert.throws(
      () => optionsFromEnvironment({ SANDBOX_PORT: 'eighty' }, []),
      (error) => error instanceof ConfigError && /SANDBOX_PORT/.test(error.message),
    );
    assert.throws(() => optionsFromEnvironment({}, ['--port']), /--port needs a value/);
    assert.throws(() => optionsFromEnvironment({}, ['--verbose']), /Unknown argument "--verbose"/);
    assert.throws(
      () => optionsFromEnvironment({ SANDBOX_ALLOWED_HOSTS: 'sandbox,sandbox:8790' }, []),
      /SANDBOX_ALLOWED_HOSTS must be comma-separated host names without a port, got "sandbox:8790"/,
    );
    const range = `whole seconds from -${MAX_CLOCK_SKEW_SECONDS} to ${MAX_CLOCK_SKEW_SECONDS}`;
    for (const skew of ['ten', '1.5', '1e3', '0x10', '-99999999']) {
      assert.throws(
        () => optionsFromEnvironment({ SANDBOX_CLOCK_SKEW_SECONDS: skew }, []),
        (error) =>
          error instanceof ConfigError &&
          error.message ===
            `SANDBOX_CLOCK_SKEW_SECONDS must be ${range}, e.g. "-600", got "${skew}"`,
      );
    }
    // The option is held to the same rule, and said the same way.
    for (const skew of [1.5, -99999999, MAX_CLOCK_SKEW_SECONDS + 1]) {
      assert.throws(
        () => resolveOptions({ clockSkewSeconds: skew }),
        (error) =>
          error instanceof RangeError &&
          error.message === `clockSkewSeconds must be ${range}, e.g. "-600", got "${skew}"`,
      );
    }
    assert.equal(
      resolveOptions({ clockSkewSeconds: -MAX_CLOCK_SKEW_SECONDS }).clockSkewSeconds,
      -MAX_CLOCK_SKEW_SECONDS,
    );
    for (const url of ['nope', 'javascript:alert(1)', 'file:///etc/passwd']) {
      assert.throws(
        () => optionsFromEnvironment({ SANDBOX_CALLBACK_URL: url }, []),
        /SANDBOX_CALLBACK_URL is not an http\(s\) URL/,
      );
    }
  });
});
