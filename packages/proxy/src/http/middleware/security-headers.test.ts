import assert from 'node:assert/strict';
import { request } from 'node:http';
import { describe, it } from 'node:test';
import { checkoutBody } from '../../../../../tests/support/checkouts.ts';
import { createLogger } from '../../process/logger.ts';
import { SHOP, useServedProxy } from '../../testing.test-helpers.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

interface Head {
  status: number;
  /** Lowercased name → every value sent under it, in order. */
  headers: Map<string, string[]>;
}

/** Sends one request and resolves with the head as written on the wire (then closes). */
function headOf(
  base: string,
  path: string,
  method: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Head> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${base}${path}`, { method, headers, agent: false }, (incoming) => {
      const seen = new Map<string, string[]>();
      for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
        const name = incoming.rawHeaders[i]!.toLowerCase();
        seen.set(name, [...(seen.get(name) ?? []), incoming.rawHeaders[i + 1]!]);
      }
      resolve({ status: incoming.statusCode!, headers: seen });
      incoming.destroy();
    });
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}

describe('security headers', () => {
  let id: string;
  const served = useServedProxy({ log: createLogger(() => {}) });

  /** Each security header sent exactly once, with its value. */
  function assertSecure(head: Head, what: string) {
    for (const [name, value] of SECURITY_HEADERS)
      assert.deepEqual(head.headers.get(name.toLowerCase()), [value], `${name} on ${what}`);
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
    const answer = await fetch(`${served.proxy.url}${created.headers.get('location')?.[0] ?? ''}`);
    id = (await answer.json()).id;
    assert.equal(typeof id, 'string');
  });

  it('are on reads, 304s, HEADs and preflights', async () => {
    const read = await headOf(served.proxy.url, `/api/checkouts/${id}`, 'GET', { Origin: SHOP });
    assert.equal(read.status, 200);
    assertSecure(read, 'a read');
    const tag = read.headers.get('etag')?.[0] ?? '';
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
    const cases: [string, Promise<Head>, number][] = [
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
    assert.deepEqual(stream.headers.get('content-type'), ['text/event-stream']);
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
