/**
 * Slow clients over real connections: headers or a body sent a byte at a time lose their
 * connection once their time is up, while an event stream, whose request arrived whole,
 * stays open however long it runs.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { rawConnection } from '@crypto-pay/test-kit/http';
import { seen, useServedProxy } from '../testing.test-helpers.ts';
import { createLogger } from './logger.ts';

/** Writes `text` on a new connection; `closed` resolves with all it received once it closed. */
function slowly(url: string, text: string) {
  const { socket, ended } = rawConnection(url);
  socket.write(text);
  return { socket, closed: ended() };
}

describe('slow clients', () => {
  const served = useServedProxy({
    log: createLogger((line) => seen.push(line)),
    slowClientMs: { headers: 300, request: 600 },
  });

  // Without the short times a slow client would hold on for minutes: fail instead of waiting.
  it('answers 408 and closes a connection whose headers never end', { timeout: 5000 }, async () => {
    const { closed } = slowly(served.proxy.url, 'GET /healthz HTTP/1.1\r\nHost: proxy\r\n');
    assert.match(await closed, /^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes a connection whose body never ends', { timeout: 5000 }, async () => {
    const { closed } = slowly(
      served.proxy.url,
      'POST /api/checkouts HTTP/1.1\r\nHost: proxy\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"product"',
    );
    assert.match(await closed, /^HTTP\/1\.1 408 /);
  });

  it('keeps an event stream open past those times', async () => {
    const { id } = await createdCheckout(served.proxy.url);
    const { socket, closed } = slowly(
      served.proxy.url,
      `GET /api/checkouts/${id}/events HTTP/1.1\r\nHost: proxy\r\n\r\n`,
    );
    let open = true;
    void closed.then(() => {
      open = false;
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    assert.equal(open, true);
    socket.destroy();
  });
});
