import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { START_ADMIN_TOKEN, START_PROXY_URL, targetOf } from './target.ts';

describe('targetOf: the demo token goes only to a proxy on this machine', () => {
  it("falls back to pnpm start's demo token for its address and any loopback one", () => {
    for (const proxy of [START_PROXY_URL, 'http://localhost:9999', 'http://[::1]:8787']) {
      const target = targetOf({ proxy }, {});
      assert.equal(target.token, START_ADMIN_TOKEN, proxy);
      assert.equal(target.tokenFrom, "pnpm start's demo token");
    }
    assert.equal(targetOf({}, {}).token, START_ADMIN_TOKEN);
  });

  it('has no token for any other proxy unless one is given', () => {
    for (const proxy of ['https://pay.example.com', 'http://192.0.2.10:8787']) {
      assert.equal(targetOf({ proxy }, {}).token, undefined, proxy);
      assert.equal(targetOf({}, { CRYPTO_PAY_PROXY_URL: proxy }).token, undefined, proxy);
      assert.equal(targetOf({ proxy, token: 'given' }, {}).token, 'given');
      assert.equal(targetOf({ proxy }, { CRYPTO_PAY_ADMIN_TOKEN: 'env' }).token, 'env');
    }
  });
});
