/**
 * Creates from other sites: a page outside `ALLOWED_ORIGINS` (403), and a "simple" POST a
 * browser sends with no preflight (415), are refused before anything reaches the service. A
 * request without `Origin` (a merchant's server, curl) is not a browser's and is served, as is
 * one the browser marks `Sec-Fetch-Site: same-origin` (a page on the proxy's own origin).
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import { json, SHOP, upstreamRequests, useSandboxAndProxy } from '../../testing.test-helpers.ts';

const fixture = useSandboxAndProxy();

/** `POST /api/checkouts` with exactly these headers and a valid JSON body. */
const post = (headers: Record<string, string>, body = JSON.stringify(checkoutBody())) =>
  fixture.proxy.request('/api/checkouts', { method: 'POST', headers, body });

const upstreamCount = async () => (await upstreamRequests(fixture.sandbox)).length;

describe('POST /api/checkouts from other sites', () => {
  it('refuses an Origin outside ALLOWED_ORIGINS with 403, before the service hears of it', async () => {
    const before = await upstreamCount();
    for (const origin of ['https://evil.example', 'null', `${SHOP}:8443`, 'http://shop.example']) {
      const response = await post({ Origin: origin, 'Content-Type': 'application/json' });
      assert.equal(response.status, 403, origin);
      assert.deepEqual(await json(response), {
        error:
          'This page may not create checkouts: its origin is not one of the proxy’s ALLOWED_ORIGINS.',
        code: 'origin_not_allowed',
      });
      assert.equal(response.headers.get('Access-Control-Allow-Origin'), null);
    }
    assert.equal(await upstreamCount(), before);
  });

  it('refuses a body that is not application/json with 415: the no-preflight POST', async () => {
    const before = await upstreamCount();
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
      'application/json-seq',
      undefined,
    ]) {
      const headers: Record<string, string> = { Origin: SHOP };
      if (type !== undefined) headers['Content-Type'] = type;
      const response = await post(headers);
      assert.equal(response.status, 415, String(type));
      assert.deepEqual(await json(response), {
        error: 'The request body must be JSON, sent with Content-Type: application/json.',
        code: 'unsupported_media_type',
      });
      // The shop's own page can read why.
      assert.equal(response.headers.get('Access-Control-Allow-Origin'), SHOP);
    }
    // Without Origin too: curl -d sends a form type.
    const curl = await post({ 'Content-Type': 'application/x-www-form-urlencoded' });
    assert.equal(curl.status, 415);
    assert.equal(await upstreamCount(), before);
  });

  it('creates from an allowed Origin, or with none (a server), with JSON in any spelling', async () => {
    for (const headers of [
      { Origin: SHOP, 'Content-Type': 'application/json' },
      { Origin: SHOP, 'Content-Type': 'application/json; charset=utf-8' },
      { Origin: SHOP, 'Content-Type': 'Application/JSON' },
      { 'Content-Type': 'application/json' },
    ]) {
      const response = await post(headers, JSON.stringify(checkoutBody()));
      assert.equal(response.status, 201, JSON.stringify(headers));
    }
  });

  it('creates from a page on the proxy’s own origin, which the browser marks same-origin', async () => {
    const own = 'https://pay.shop.example';
    const json = { Origin: own, 'Content-Type': 'application/json' };
    const sameOrigin = await post({ ...json, 'Sec-Fetch-Site': 'same-origin' });
    assert.equal(sameOrigin.status, 201);
    for (const site of ['same-site', 'cross-site', 'none']) {
      const other = await post({ ...json, 'Sec-Fetch-Site': site });
      assert.equal(other.status, 403, site);
    }
  });

  it('answers the preflight of an allowed origin, and the create after it', async () => {
    const preflight = await fixture.proxy.request('/api/checkouts', {
      method: 'OPTIONS',
      headers: {
        Origin: SHOP,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,idempotency-key',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('Access-Control-Allow-Origin'), SHOP);
  });
});
