import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { rawConnection, sendSigned } from '@crypto-pay/test-kit/http';
import { withdrawalRequest } from '@crypto-pay/test-kit/processing-requests';

import { startSandbox } from './server.ts';

const credentials = { apiKey: 'sandbox-key', signingSecret: 'sandbox-secret' };

/** A signed request through node:http, which (unlike fetch) lets a GET carry a body. */
const signed = (url: string, method: string, body: string, framing?: Record<string, string>) =>
  sendSigned(url, credentials, body, { method, ...(framing ? { headers: framing } : {}) });

describe('startSandbox', () => {
  test('listens on 127.0.0.1 with a free port and reports its base URLs', async (t) => {
    const running = await startSandbox();
    t.after(() => running.close());
    assert.match(running.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(running.baseUrl, `${running.url}/api/v2`);
    assert.equal(running.paymentsBaseUrl, `${running.url}/api/payments/v1`);
    assert.equal(running.apiKey, 'sandbox-key');
    assert.equal(running.signingSecret, 'sandbox-secret');
  });

  test('reads the JSON body of a GET transaction lookup from the socket', async (t) => {
    const running = await startSandbox();
    t.after(() => running.close());
    const withdrawal = withdrawalRequest(
      { currency: 'ETH', address: '0xabc', foreign_id: 'payout-9' },
      '0.5',
    );
    const created = await signed(`${running.baseUrl}/withdrawal/crypto`, 'POST', withdrawal);
    assert.equal(created.status, 201);
    const lookup = await signed(
      `${running.baseUrl}/transactions/info`,
      'GET',
      '{"foreign_id":"payout-9"}',
    );
    assert.equal(lookup.status, 200);
    assert.equal((lookup.json as { foreign_id: string }).foreign_id, 'payout-9');
    assert.equal(
      (lookup.json as { id: number }).id,
      (created.json as { data: { id: number } }).data.id,
    );
  });

  test('answers a GET body over 1 MiB with 403, declared or streamed, and keeps serving', async (t) => {
    const running = await startSandbox();
    t.after(() => running.close());
    const huge = `{"foreign_id":"${'x'.repeat(1024 * 1024)}"}`;
    const url = `${running.baseUrl}/transactions/info`;
    for (const framing of [undefined, { 'Transfer-Encoding': 'chunked' }]) {
      const answer = await signed(url, 'GET', huge, framing);
      assert.equal(answer.status, 403);
      assert.deepEqual(answer.json, { error: 'Bad content format', code: 'bad_content_format' });
    }
    assert.equal((await signed(url, 'GET', '{"id":1}')).status, 404);
  });

  test('reads a refused body to its end before answering, so a client still sending hears it', async (t) => {
    const running = await startSandbox();
    t.after(() => running.close());
    // Refused before its body (no key, another API version, a control body over its limit): each
    // sent in pieces, the next after the last was taken, so the answer is ready long before
    // the last piece. Answered then, the connection is closed on bytes still coming, the kernel
    // resets it, and the client's next write fails instead of it hearing the answer.
    const piece = 'x'.repeat(64 * 1024);
    const pieces = 48;
    for (const [path, status] of [
      ['/api/v2/accounts/list', 403],
      ['/api/v9/nothing', 403],
      ['/_sandbox/clock', 413],
    ] as const) {
      const connection = rawConnection(running.url);
      const { host } = new URL(running.url);
      const head = `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${piece.length * pieces}\r\nConnection: close\r\n\r\n`;
      const write = (text: string) =>
        new Promise<void>((resolve, reject) =>
          connection.socket.write(text, (error) => (error ? reject(error) : resolve())),
        );
      await write(head);
      for (let i = 0; i < pieces; i += 1) {
        await write(piece);
        await new Promise(setImmediate);
      }
      const answer = await connection.ended();
      assert.match(answer, new RegExp(`^HTTP/1\\.1 ${status} `), `${path}: ${answer}`);
    }
  });

  test('a client that goes away mid-body is no error of the sandbox: nothing logged, still serving', async (t) => {
    const running = await startSandbox();
    t.after(() => running.close());
    const logged = t.mock.method(console, 'error', () => {});
    const { host } = new URL(running.url);
    // A processing call and a control call, each cut after a part of its body.
    for (const [path, headers] of [
      [
        '/api/v2/accounts/list',
        `X-Processing-Key: sandbox-key\r\nX-Processing-Signature: 00\r\nContent-Type: application/json`,
      ],
      ['/_sandbox/clock', 'Content-Type: application/json'],
    ] as const) {
      const connection = rawConnection(running.url);
      connection.socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${host}\r\n${headers}\r\nContent-Length: 1000\r\n\r\n{"adv`,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      connection.socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(
      logged.mock.calls.map((call) => call.arguments),
      [],
    );
    assert.equal((await signed(`${running.baseUrl}/accounts/list`, 'POST', '{}')).status, 200);
  });

  test('close() frees the port', async () => {
    const running = await startSandbox();
    await running.close();
    await assert.rejects(fetch(`${running.url}/_sandbox/clock`));
  });
});
