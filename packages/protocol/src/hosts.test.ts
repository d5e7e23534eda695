import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isLoopback } from './hosts.ts';

describe('isLoopback', () => {
  it('takes the names of this machine, as a URL or a HOST setting writes them', () => {
    for (const host of ['localhost', 'LOCALHOST.', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) {
      assert.equal(isLoopback(host), true, host);
    }
    // URL normalises ::ffff:127.0.0.1 and 127.1.
    for (const url of ['http://[::ffff:127.0.0.1]/', 'http://127.1/']) {
      assert.equal(isLoopback(new URL(url).hostname), true, url);
    }
  });

  it('refuses every other name, *.localhost included (DNS may be asked for it)', () => {
    for (const host of [
      'sandbox.localhost',
      '10.0.0.7',
      '128.0.0.1',
      '127.0.0.256',
      '::2',
      'example.com',
      '[::ffff:10.0.0.1]',
      '',
    ]) {
      assert.equal(isLoopback(host), false, host);
    }
  });
});
