import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import { type Answer, headerValues, send } from '@crypto-pay/test-kit/http';
import { createLogger } from '../../process/logger.ts';
import { SHOP, useServedProxy } from '../../testing.test-helpers.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/** Sends one request; an event stream is closed at its first message. */
const headOf = (
  base: string,
  path: string,
  method: string,
  headers: Record<string, string> = {},
  body?: string,
) =>
  send(`${base}${path}`, {
    method,
    headers,
    firstEventOnly: true,
    ...(body === undefined ? {} : { body }),
  });

describe('security headers', () => {
  let id: string;
  const served = useServedProxy({ log: createLogger(() => {}) });

  /** Each security header sent exactly once, with its value. */
  function assertSecure(head: Answer, what: string) {
    for (const [name, value] of SECURITY_HEADERS)
      assert.deepEqual(headerValues(head, name), [value], `${name} on ${what}`);
  }

  const json = { 'Content-Type': 'application/json' };

  it('are on a create, once each', async () => {
    const created = await headOf(
      served.proxy.url,
      '/api/checkouts',
      'POST',
      json,
      JSON.stringify(checkoutBody()),
    );
    assert.equal(created.status, 201);
    assertSecure(created, 'a create');
    const answer = await fetch(`${served.proxy.url}${headerValues(created, 'location')[0] ?? ''}`);
    id = (await answer.json()).id;
    assert.equal(typeof id, 'string');
  });

  it('are on reads, 304s, HEADs and preflights', async () => {
    const read = await headOf(served.proxy.url, `/api/checkouts/${id}`, 'GET', { Origin: SHOP });
    assert.equal(read.status, 200);
    assertSecure(read, 'a read');
    const tag = headerValues(read, 'etag')[0] ?? '';
    const notModified = await headOf(served.proxy.url, `/api/checkouts/${id}`, 'GET', {
      'If-None-Match': tag,
    });
    assert.equal(notModified.status, 304);
    assertSecure(notModified, 'a 304');
    const head = await headOf(served.proxy.url, `/api/checkouts/${id}`, 'HEAD');
    assert.equal(head.status, 200);
    assertSecure(head, 'a HEAD');
    const preflight = await headOf(served.proxy.url, '/api/checkouts', 'OPTIONS', {
      Origin: SHOP,
      'Access-Control-Request-Method': 'POST',
    });
    assert.equal(preflight.status, 204);
    assertSecure(preflight, 'a preflight');
  });

  it('are on every error the error handler or the not-found handler writes', async () => {
    const cases: [string, Promise<Answer>, number][] = [
      ['bad JSON', headOf(served.proxy.url, '/api/checkouts', 'POST', json, '{"product":'), 400],
      ['a validation error', headOf(served.proxy.url, '/api/checkouts', 'POST', json, '{}'), 422],
      [
        'a body too large',
        headOf(served.proxy.url, '/api/checkouts', 'POST', json, `"${'x'.repeat(40_000)}"`),
        413,
      ],
      [
        'an unknown checkout',
        headOf(served.proxy.url, `/api/checkouts/${'x'.repeat(22)}`, 'GET'),
        404,
      ],
      ['an unknown address', headOf(served.proxy.url, '/nowhere', 'GET'), 404],
      [
        'a dot segment',
        send(served.proxy.url, { path: '/api/%2e%2e/admin/checkouts', firstEventOnly: true }),
        400,
      ],
      [
        'an unauthorised admin call',
        headOf(served.proxy.url, '/admin/sessions', 'POST', json, '{}'),
        401,
      ],
    ];
    for (const [what, answer, status] of cases) {
      const head = await answer;
      assert.equal(head.status, status, what);
      assertSecure(head, what);
    }
  });

  it('are on event streams once each, and on their errors', async () => {
    const stream = await headOf(served.proxy.url, `/api/checkouts/${id}/events`, 'GET', {
      Origin: SHOP,
    });
    assert.equal(stream.status, 200);
    assert.deepEqual(headerValues(stream, 'content-type'), ['text/event-stream']);
    assertSecure(stream, 'an event stream');
    const unknown = await headOf(
      served.proxy.url,
      `/api/checkouts/${'x'.repeat(22)}/events`,
      'GET',
    );
    assert.equal(unknown.status, 404);
    assertSecure(unknown, 'an unknown stream');
  });
});
