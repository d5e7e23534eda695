import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addressKey } from './client-ip.ts';

describe('addressKey', () => {
  it('keeps IPv4 addresses, also IPv6-mapped ones', () => {
    assert.equal(addressKey('203.0.113.7'), '203.0.113.7');
    assert.equal(addressKey('::ffff:203.0.113.7'), '203.0.113.7');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2::8',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:0:0:0:1',
      '2001:db8:1:2::9%eth0',
    ]) {
      assert.equal(addressKey(address), key, address);
    }
    assert.equal(addressKey('2001:db8:1:3::1'), '2001:db8:1:3::/64');
    assert.equal(addressKey('::1'), '0:0:0:0::/64');
  });
});
