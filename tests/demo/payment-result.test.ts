/**
 * The demo shop's back end reading a payment's status for its result pages
 * (`GET /demo-api/payment-result`) says what went wrong with the proxy as it happened: an
 * answer with an error is not "cannot be reached", and no answer at all is.
 */

import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
// @ts-expect-error: plain ES module without types, the demo's own back end
import { demoBackend } from '@crypto-pay/demo/merchant-backend';
import { send } from '@crypto-pay/test-kit/http';

const servers: Server[] = [];
after(() => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))));

/** A server on a free port answering every request with `handler`; answers its URL. */
async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The demo's back end over the proxy at `proxyUrl`, as demo/server.mjs mounts it. */
function shopOver(proxyUrl: string): Promise<string> {
  const backend = demoBackend({ proxyUrl, adminToken: '', webhookSecret: undefined });
  return serve((request, response) =>
    backend(request, response, () => response.writeHead(404).end()),
  );
}

describe("the demo shop's payment result, when the proxy fails", () => {
  it('says the proxy answered an error, not that it cannot be reached', async () => {
    const proxy = await serve((_request, response) =>
      response
        .writeHead(503, { 'content-type': 'application/json' })
        .end('{"error":"Busy.","code":"unavailable"}'),
    );
    const answer = await send(`${await shopOver(proxy)}/demo-api/payment-result?checkout=abc`);
    assert.equal(answer.status, 502);
    assert.deepEqual(answer.json, {
      error: 'The payment proxy answered with an error (HTTP 503); try again in a moment.',
      code: 'proxy_error',
    });
  });

  it('says the proxy cannot be reached when nothing answers', async () => {
    // A port just freed: nothing listens there.
    const gone = await serve(() => {});
    await new Promise((done) => servers.pop()?.close(done));
    const answer = await send(`${await shopOver(gone)}/demo-api/payment-result?checkout=abc`);
    assert.equal(answer.status, 502);
    assert.deepEqual(answer.json, {
      error: 'The payment proxy cannot be reached.',
      code: 'proxy_unreachable',
    });
  });
});
