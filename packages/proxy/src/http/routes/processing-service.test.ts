/**
 * `GET /admin/processing`: which processing service the proxy talks to, as a developer's tool
 * reads it to find the sandbox's control API; its addresses, never its credentials.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ADMIN_TOKEN,
  API_KEY,
  adminHeaders,
  json,
  SIGNING_SECRET,
  testProxy,
  useTestSandbox,
} from '../../testing.test-helpers.ts';
import { createAccount, sessionOf, withSession } from './dashboard.test-helpers.ts';

const shared = useTestSandbox();

describe('GET /admin/processing', () => {
  it('answers the configured addresses of the service and no credential', async () => {
    const { sandbox } = shared;
    const proxy = testProxy(sandbox);
    const response = await proxy.request('/admin/processing', { headers: adminHeaders });
    assert.equal(response.status, 200);
    const text = await response.text();
    assert.deepEqual(JSON.parse(text), {
      base_url: sandbox.baseUrl,
      payments_base_url: sandbox.paymentsBaseUrl,
    });
    for (const secret of [API_KEY, SIGNING_SECRET, ADMIN_TOKEN]) {
      assert.ok(!text.includes(secret), 'no credential in the answer');
    }
  });

  it('leaves out a user and password written into an address', async () => {
    const { sandbox } = shared;
    const withUser = (address: string) => address.replace('://', '://deploy:pa55word@');
    const proxy = testProxy(sandbox, {
      PROCESSING_BASE_URL: withUser(sandbox.baseUrl),
      PROCESSING_PAYMENTS_BASE_URL: withUser(sandbox.paymentsBaseUrl),
    });
    const response = await proxy.request('/admin/processing', { headers: adminHeaders });
    const answer = await json(response);
    assert.equal(answer.base_url, sandbox.baseUrl);
    assert.equal(answer.payments_base_url, sandbox.paymentsBaseUrl);
  });

  it('needs the token or a session: a viewer may read it', async () => {
    const proxy = testProxy(shared.sandbox);
    const anonymous = await proxy.request('/admin/processing');
    assert.equal(anonymous.status, 401);
    assert.equal(typeof (await json(anonymous)).error, 'string');
    await createAccount(proxy, 'viewer1', 'viewer');
    const cookie = await sessionOf(proxy, 'viewer1', 'viewer');
    const viewed = await withSession(proxy, cookie, '/admin/processing');
    assert.equal(viewed.status, 200);
    assert.equal((await json(viewed)).base_url, shared.sandbox.baseUrl);
  });

  it('refuses a query parameter it does not take', async () => {
    const proxy = testProxy(shared.sandbox);
    const response = await proxy.request('/admin/processing?key=1', { headers: adminHeaders });
    assert.equal(response.status, 422);
    assert.equal((await json(response)).code, 'unknown_field');
  });
});
