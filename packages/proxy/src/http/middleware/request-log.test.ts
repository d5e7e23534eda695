/**
 * The request log never holds a session token: whatever a client makes of the path (its case,
 * doubled or trailing slashes, encoded slashes, a token where no route takes one), the line
 * shows `{token}` in its place. Sent as raw request lines to a real server, as a review did.
 */

import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { rawConnection } from '@crypto-pay/test-kit/http';
import { createLogger } from '../../process/logger.ts';
import { seen, useServedProxy } from '../../testing.test-helpers.ts';
import { redactedPath } from './request-log.ts';

/** Sends `target` as the request line's target, exactly as written; resolves with the status. */
async function requestLine(url: string, target: string, method = 'GET'): Promise<number> {
  const { socket, ended } = rawConnection(url);
  socket.write(`${method} ${target} HTTP/1.1\r\nHost: proxy\r\nConnection: close\r\n\r\n`);
  const received = await ended();
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
}

const TOKEN = `cps_${'Ab3-_x'.repeat(7)}Q`;

describe('redactedPath', () => {
  it('puts {token} in place of whatever follows a sessions segment, or of a cps_ token', () => {
    const cases: [string, string][] = [
      [`/api/sessions/${TOKEN}`, '/api/sessions/{token}'],
      [`/api/sessions/${TOKEN}/`, '/api/sessions/{token}'],
      [`/API/sessions/${TOKEN}`, '/API/sessions/{token}'],
      [`/Api/SESSIONS/${TOKEN}`, '/Api/SESSIONS/{token}'],
      [`//api/sessions/${TOKEN}`, '//api/sessions/{token}'],
      [`/api//sessions//${TOKEN}`, '/api//sessions/{token}'],
      [`/api/sessions%2F${TOKEN}`, '/api/sessions/{token}'],
      [`/api/sessions%2f${TOKEN}`, '/api/sessions/{token}'],
      [`/api/sessions%252F${TOKEN}`, '/api/sessions/{token}'],
      [`/api/sessions%5C${TOKEN}`, '/api/sessions/{token}'],
      [`/api/sessions/${TOKEN};x=1`, '/api/sessions/{token}'],
      ['/api/sessions/not-a-token-but-in-its-place', '/api/sessions/{token}'],
      [`/api/checkouts/${TOKEN}`, '/api/checkouts/{token}'],
      [`/api/checkouts/${TOKEN}/events`, '/api/checkouts/{token}/events'],
      [`/api/checkouts/%63ps_${TOKEN.slice(4)}`, '/api/checkouts/{token}'],
      [`/x/CPS_${TOKEN.slice(4)}`, '/x/{token}'],
    ];
    for (const [path, logged] of cases) assert.equal(redactedPath(path), logged, path);
  });

  it('leaves every other path as it came', () => {
    for (const path of [
      '/api/config',
      '/api/checkouts',
      '/api/checkouts/q1w2e3r4t5y6u7i8o9p0aa',
      '/api/checkouts/q1w2e3r4t5y6u7i8o9p0aa/events',
      '/api/sessions',
      '/admin/checkout-sessions',
      '/admin/transactions/a%20b',
      '/nothing%zz-here',
    ]) {
      assert.equal(redactedPath(path), path);
    }
  });
});

describe('request log over HTTP', () => {
  const served = useServedProxy({ log: createLogger((line) => seen.push(line)) });
  let token = '';
  before(async () => {
    const response = await fetch(`${served.proxy.url}/admin/checkout-sessions`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer admin-token-0123456789abcdef',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ amount: '42.00', currency: 'EUR' }),
    });
    assert.equal(response.status, 201);
    token = (await response.json()).session;
  });

  const logLines = () => seen.filter((line) => line.includes('"message":"request"'));

  it('never writes the token, however the path is written, and logs the 404s redacted', async () => {
    const forms = (t: string): [string, number, string][] => [
      [`/api/sessions/${t}`, 200, '/api/sessions/{token}'],
      [`/api/sessions/${t}?x=1`, 200, '/api/sessions/{token}'],
      [`/api/sessions/%63ps_${t.slice(4)}`, 200, '/api/sessions/{token}'],
      [`/api/%73essions/${t}`, 200, '/api/sessions/{token}'],
      [`http://proxy/api/sessions/${t}`, 200, '/api/sessions/{token}'],
      // The three, answered 404 and logged with the token before.
      [`/api/sessions/${t}/`, 404, '/api/sessions/{token}'],
      [`/API/sessions/${t}`, 404, '/API/sessions/{token}'],
      [`//api/sessions/${t}`, 404, '//api/sessions/{token}'],
      [`/api//sessions/${t}`, 404, '/api//sessions/{token}'],
      [`/api/SESSIONS/${t}/`, 404, '/api/SESSIONS/{token}'],
      [`/api/sessions%2F${t}`, 404, '/api/sessions/{token}'],
      [`/api/sessions%252F${t}`, 404, '/api/sessions/{token}'],
      [`/api/sessions/${t}%2F`, 404, '/api/sessions/{token}'],
      [`/api/sessions/${t}/x?y=${t}`, 404, '/api/sessions/{token}'],
      [`/api/checkouts/${t}`, 404, '/api/checkouts/{token}'],
      // A create's address read with GET: the 405 that names POST.
      [`/api/checkouts?session=${t}`, 405, '/api/checkouts'],
    ];
    for (const [target, status, logged] of forms(token)) {
      const before = logLines().length;
      assert.equal(await requestLine(served.proxy.url, target), status, target);
      const lines = logLines().slice(before);
      assert.equal(lines.length, 1, target);
      assert.equal(JSON.parse(lines[0]!).path, logged, target);
    }
    assert.equal(await requestLine(served.proxy.url, `/api/sessions/${token}`, 'POST'), 405);
    // Not even the token's random part, anywhere in the log.
    const secret = token.slice(4);
    const leaked = seen.filter((line) => line.includes(secret));
    assert.deepEqual(leaked, []);
  });
});
