/**
 * A chunked body is counted only where a route reads it: a request refused before (no admin
 * token, no route) gets that answer at once, while its client is still sending, or never ends.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '../../../../tests/support/eventually.ts';
import { rawConnection } from '../../../../tests/support/http.ts';
import { useServedProxy } from '../testing.test-helpers.ts';

/** Sends a chunked POST whose body breaks off mid-chunk; resolves with the answer's first line. */
async function cutOffChunked(url: string, path: string): Promise<string> {
  const { socket, received } = rawConnection(url);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: proxy\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n40\r\n{"half":`,
  );
  const head = await eventually(
    () => received.text.includes('\r\n') && received.text.split('\r\n')[0],
    `an answer to the cut-off POST ${path}`,
  );
  socket.destroy();
  return head;
}

describe('a chunked body its route never reads', () => {
  const served = useServedProxy({}, { adminToken: 'a'.repeat(32) });

  it('answers 401 to an admin request without a token', { timeout: 5000 }, async () => {
    assert.match(
      await cutOffChunked(served.proxy.url, '/admin/checkout-sessions'),
      /^HTTP\/1\.1 401 /,
    );
  });

  it('answers 404 on an unknown path', { timeout: 5000 }, async () => {
    assert.match(await cutOffChunked(served.proxy.url, '/no-such-path'), /^HTTP\/1\.1 404 /);
  });
});
